#ifndef CSHEATH_RUNTIME_H
#define CSHEATH_RUNTIME_H

// What Sheath needs below Swift: pointer-sized atomics with explicit ordering (Swift's
// `Synchronization.Atomic` needs macOS 15 / iOS 18), the calling thread's resolution state, the
// bounds of the calling thread's stack, and a thread to stop the program on when that stack is short.

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// MARK: Atomics (inlined into Swift callers by the Clang importer)

/// Loads `*slot` with acquire ordering: everything written before the matching release store is visible.
static inline void *_Nullable sheath_load_acquire(void *_Nullable const *_Nonnull slot) {
  return atomic_load_explicit((_Atomic(void *) const *)slot, memory_order_acquire);
}

/// Stores `value` into `*slot` with release ordering.
static inline void sheath_store_release(void *_Nullable *_Nonnull slot, void *_Nullable value) {
  atomic_store_explicit((_Atomic(void *) *)slot, value, memory_order_release);
}

/// Loads `*slot` with acquire ordering.
static inline intptr_t sheath_load_acquire_int(intptr_t const *_Nonnull slot) {
  return atomic_load_explicit((_Atomic(intptr_t) const *)slot, memory_order_acquire);
}

/// Stores `value` into `*slot` with release ordering.
static inline void sheath_store_release_int(intptr_t *_Nonnull slot, intptr_t value) {
  atomic_store_explicit((_Atomic(intptr_t) *)slot, value, memory_order_release);
}

/// Sets `bits` in `*slot`, keeping the bits other threads set.
static inline void sheath_fetch_or_int(intptr_t *_Nonnull slot, intptr_t bits) {
  atomic_fetch_or_explicit((_Atomic(intptr_t) *)slot, bits, memory_order_release);
}

/// Replaces `*slot` with `desired` if it still holds `expected`; returns whether it did.
static inline bool sheath_compare_exchange(
    void *_Nullable *_Nonnull slot, void *_Nullable expected, void *_Nullable desired) {
  return atomic_compare_exchange_strong_explicit(
      (_Atomic(void *) *)slot, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

/// Replaces `*slot` with `desired` if it still holds `expected`; returns whether it did.
static inline bool sheath_compare_exchange_int(intptr_t *_Nonnull slot, intptr_t expected, intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(
      (_Atomic(intptr_t) *)slot, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

// MARK: The resolution in progress on this thread

/// One key the thread is resolving: the key (unretained; whoever asked for it holds it) and the
/// code of the lifetime it is resolved with.
typedef struct {
  const void *_Nonnull key;
  intptr_t lifetime;
} SheathFrame;

/// The keys the calling thread is resolving, outermost first, and when to look closer.
///
/// Every way into a graph — a factory's resolver, a captured graph, `@Inject`, a provider called
/// later — pushes onto the same per-thread stack, so cycle and depth checks see the whole resolution.
typedef struct {
  SheathFrame *_Nullable frames;
  /// How many frames are in use: the resolution's depth.
  intptr_t count;
  /// Pushing at this depth or deeper takes the slow path (growth, a cycle check, a trace).
  intptr_t slowDepth;
  intptr_t capacity;
  /// The depth of the next scan for a repeated key.
  intptr_t nextCycleCheck;
  /// A resolution whose frame is below this address stops before the stack runs out; 0 until known.
  uintptr_t stackLimit;
  /// The trace recording what this thread's resolutions build (a `ResolutionTrace.Recorder`,
  /// unretained), or NULL: while one records, every push takes the slow path.
  void *_Nullable tracer;
  /// The graph (a `Graph`, unretained) a request made on it runs in on this thread, innermost, and
  /// the address of its anchor (a `GraphAnchor`), or NULL and 0: that graph is alive until the request
  /// returns, so a resolver that refers to it through the anchor resolves from it without a retain.
  const void *_Nullable lentGraph;
  uintptr_t lentAnchor;
} SheathResolutionState;

/// The path of the image (executable or library) `address` lies in, or NULL when it cannot be told.
const char *_Nullable sheath_image_path(const void *_Nonnull address);

/// Every thread's resolution state; use `sheath_resolution_state()`.
extern _Thread_local SheathResolutionState sheath_thread_state;

/// The calling thread's resolution state. Inline, so that entering a key on the hot path costs no call.
static inline SheathResolutionState *_Nonnull sheath_resolution_state(void) {
  return &sheath_thread_state;
}

/// Makes room for `capacity` frames; returns false when memory is exhausted. Frees them when the
/// thread exits.
bool sheath_resolution_state_reserve(SheathResolutionState *_Nonnull state, intptr_t capacity);

/// An address in the caller's stack frame.
static inline uintptr_t sheath_stack_address(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

/// The lowest and highest addresses of the calling thread's stack; false when they cannot be known.
bool sheath_thread_stack_bounds(uintptr_t *_Nonnull low, uintptr_t *_Nonnull high);

/// Runs `body(context)` on a new thread with a stack of `stack_size` bytes and waits for it to end;
/// false when no thread could be started. Costs the calling thread little stack: a stop uses it when
/// the caller's stack is nearly used up.
bool sheath_run_on_new_thread(
    size_t stack_size, void (*_Nonnull body)(void *_Nullable), void *_Nullable context);

#endif
