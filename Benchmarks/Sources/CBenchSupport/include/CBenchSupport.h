#ifndef CBENCH_SUPPORT_H
#define CBENCH_SUPPORT_H

#include <stdint.h>

/// Bytes the C allocator has handed out and not yet freed (glibc: mallinfo2's uordblks + hblkhd);
/// -1 where the platform has no such counter.
int64_t bench_heap_in_use(void);

/// Resets the process's peak resident set size to its current size (Linux: writes 5 to
/// /proc/self/clear_refs); returns 0 on success, -1 where that is not possible.
int bench_reset_peak_rss(void);

/// The process's resident set size now, in bytes (Linux: VmRSS); -1 if unknown.
int64_t bench_current_rss(void);

/// The process's peak resident set size since it started or since the last reset, in bytes (Linux:
/// VmHWM, which unlike getrusage's ru_maxrss is not inherited across fork and exec); -1 if unknown.
int64_t bench_peak_rss(void);

/// Nanoseconds from a monotonic clock.
uint64_t bench_now_ns(void);

#endif
