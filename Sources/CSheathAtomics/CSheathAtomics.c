// The atomics are header-only `static inline` functions; SwiftPM needs one source file per C target.
#include "CSheathAtomics.h"
