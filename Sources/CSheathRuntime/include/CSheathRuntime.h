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

/// The path of the image (executable or library) `address` lies in, or NULL when it cannot be told.
const char *_Nullable sheath_image_path(const void *_Nonnull address);

// MARK: Keys by declaration site

/// One key, found by where it was declared: the `#fileID` text, the line and column of the
/// initializer's call, the key's type (its metadata) and the `name:` it was given, if any. `key` is
/// written last, with release ordering, so a reader that sees it sees the rest.
typedef struct {
  const char *_Nullable file;
  uintptr_t line;
  uintptr_t column;
  const void *_Nullable type;
  const char *_Nullable name;
  void *_Nullable key;
} SheathKeySite;

/// An open-addressed table of sites: `mask + 1` entries, a power of two, at most half full. A table
/// that grew keeps the one it replaced, which readers may still be probing.
typedef struct SheathKeySiteTable {
  uintptr_t mask;
  struct SheathKeySiteTable *_Nullable previous;
  SheathKeySite entries[];
} SheathKeySiteTable;

/// The current table, or null before the first key; replaced (never freed) when it grows.
extern SheathKeySiteTable *_Nullable sheath_key_site_table;

/// Where a site's probe starts: one multiplication of the line, column and type, and a name's bytes
/// when it has one, so that many keys named at one site spread out.
static inline uintptr_t sheath_key_site_hash(
    uintptr_t line, uintptr_t column, const void *_Nonnull type, const char *_Nullable name) {
  uintptr_t hash = (line << 16) ^ column ^ ((uintptr_t)type >> 4);
  if (name != NULL) {
    for (const unsigned char *byte = (const unsigned char *)name; *byte != 0; byte++) {
      hash = (hash ^ *byte) * 0x100000001B3ull;
    }
  }
  hash *= 0x9E3779B97F4A7C15ull;
  return hash >> 32;
}

/// Whether two texts are the same: the same pointer (both null, or one literal), or the same bytes.
static inline bool sheath_key_site_same_text(const char *_Nullable a, const char *_Nullable b) {
  if (a == b) return true;
  if (a == NULL || b == NULL) return false;
  while (*a != 0 && *a == *b) {
    a++;
    b++;
  }
  return *a == *b;
}

/// The key declared at the site with `name` (null: none), or null if none was made there yet. Takes
/// no lock.
static inline void *_Nullable sheath_key_site_find(
    const char *_Nonnull file, uintptr_t line, uintptr_t column, const void *_Nonnull type,
    const char *_Nullable name) {
  SheathKeySiteTable *table =
      atomic_load_explicit((_Atomic(SheathKeySiteTable *) *)&sheath_key_site_table, memory_order_acquire);
  if (table == NULL) return NULL;
  for (uintptr_t index = sheath_key_site_hash(line, column, type, name);; index++) {
    SheathKeySite *site = &table->entries[index & table->mask];
    void *key = atomic_load_explicit((_Atomic(void *) *)&site->key, memory_order_acquire);
    if (key == NULL) return NULL;
    if (site->line == line && site->column == column && site->type == type &&
        sheath_key_site_same_text(site->name, name) && sheath_key_site_same_text(site->file, file))
      return key;
  }
}

/// Records `key` as the key declared at the site with `name`, unless another thread recorded one
/// first: returns the key the site has now. `file` must live as long as the process (a `#fileID`
/// literal does); the table keeps a copy of `name`.
void *_Nonnull sheath_key_site_insert(
    const char *_Nonnull file, uintptr_t line, uintptr_t column, const void *_Nonnull type,
    const char *_Nullable name, void *_Nonnull key);

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
  /// What the resolution in progress built of its per-resolution keys (a `ResolutionInstances`,
  /// retained), or NULL: made by the first such key, released when the resolution's outermost key
  /// returns.
  void *_Nullable resolutionInstances;
} SheathResolutionState;

/// Every thread's resolution state; use `sheath_resolution_state()`.
extern _Thread_local SheathResolutionState sheath_thread_state;

/// The calling thread's resolution state. Inline, so that entering a key on the hot path costs no call.
static inline SheathResolutionState *_Nonnull sheath_resolution_state(void) {
  return &sheath_thread_state;
}

/// Makes room for `capacity` frames; returns false when memory is exhausted. Frees them when the
/// thread exits.
bool sheath_resolution_state_reserve(SheathResolutionState *_Nonnull state, intptr_t capacity);

/// How many threads' frame buffers are allocated now: a thread's is allocated on its first
/// resolution and freed when it exits. For tests of the thread-exit path.
intptr_t sheath_frame_buffers_live(void);

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
