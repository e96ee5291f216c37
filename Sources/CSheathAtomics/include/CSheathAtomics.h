#ifndef CSHEATH_ATOMICS_H
#define CSHEATH_ATOMICS_H

// Pointer-sized atomics with explicit memory ordering, for Sheath's lock-free read paths.
// Swift's `Synchronization.Atomic` needs macOS 15 / iOS 18; these work on every OS Sheath supports and
// are inlined into Swift callers by the Clang importer.

#include <stdatomic.h>
#include <stdbool.h>

/// Loads `*slot` with acquire ordering: everything written before the matching release store is visible.
static inline void *_Nullable sheath_load_acquire(void *_Nullable const *_Nonnull slot) {
  return atomic_load_explicit((_Atomic(void *) const *)slot, memory_order_acquire);
}

/// Stores `value` into `*slot` with release ordering.
static inline void sheath_store_release(void *_Nullable *_Nonnull slot, void *_Nullable value) {
  atomic_store_explicit((_Atomic(void *) *)slot, value, memory_order_release);
}

/// Replaces `*slot` with `desired` if it still holds `expected`; returns whether it did.
static inline bool sheath_compare_exchange(
    void *_Nullable *_Nonnull slot, void *_Nullable expected, void *_Nullable desired) {
  return atomic_compare_exchange_strong_explicit(
      (_Atomic(void *) *)slot, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

#endif
