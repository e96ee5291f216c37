#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // pthread_getattr_np, dladdr
#endif

#include "CSheathRuntime.h"

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

// dladdr is in C because Swift's Glibc module leaves it out (it needs _GNU_SOURCE).
const char *_Nullable sheath_image_path(const void *_Nonnull address) {
  Dl_info info;
  if (dladdr(address, &info) == 0) return NULL;
  return info.dli_fname;
}

// MARK: Keys by declaration site

SheathKeySiteTable *sheath_key_site_table = NULL;
static pthread_mutex_t sheath_key_site_lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t sheath_key_site_count = 0;

/// Puts `entry` into `table`, which has room for it and does not hold its site.
static void sheath_key_site_place(SheathKeySiteTable *table, SheathKeySite entry) {
  for (uintptr_t index = sheath_key_site_hash(entry.line, entry.column, entry.type, entry.name);; index++) {
    SheathKeySite *site = &table->entries[index & table->mask];
    if (site->key != NULL) continue;
    site->file = entry.file;
    site->line = entry.line;
    site->column = entry.column;
    site->type = entry.type;
    site->name = entry.name;
    atomic_store_explicit((_Atomic(void *) *)&site->key, entry.key, memory_order_release);
    return;
  }
}

void *sheath_key_site_insert(
    const char *file, uintptr_t line, uintptr_t column, const void *type, const char *name, void *key) {
  pthread_mutex_lock(&sheath_key_site_lock);
  void *found = sheath_key_site_find(file, line, column, type, name);
  if (found != NULL) {
    pthread_mutex_unlock(&sheath_key_site_lock);
    return found;
  }
  SheathKeySiteTable *table = sheath_key_site_table;
  uintptr_t capacity = table == NULL ? 0 : table->mask + 1;
  if ((sheath_key_site_count + 1) * 2 > capacity) {
    // A bigger table, published whole: readers still probing the old one finish there, so it is
    // never freed, but kept by the new one (tables double, so all of them together take twice the
    // last one's memory).
    uintptr_t bigger = capacity == 0 ? 256 : capacity * 2;
    SheathKeySiteTable *grown = calloc(1, sizeof(SheathKeySiteTable) + bigger * sizeof(SheathKeySite));
    if (grown == NULL) abort();
    grown->mask = bigger - 1;
    grown->previous = table;
    for (uintptr_t index = 0; index < capacity; index++) {
      if (table->entries[index].key != NULL) sheath_key_site_place(grown, table->entries[index]);
    }
    atomic_store_explicit((_Atomic(SheathKeySiteTable *) *)&sheath_key_site_table, grown, memory_order_release);
    table = grown;
  }
  const char *kept = NULL;
  if (name != NULL) {
    kept = strdup(name);
    if (kept == NULL) abort();
  }
  SheathKeySite entry = {file, line, column, type, kept, key};
  sheath_key_site_place(table, entry);
  sheath_key_site_count += 1;
  pthread_mutex_unlock(&sheath_key_site_lock);
  return key;
}

// MARK: The resolution in progress on this thread

_Thread_local SheathResolutionState sheath_thread_state;

// A thread's frames are freed when it exits, through a pthread key whose value is the buffer.
static pthread_key_t sheath_frames_key;
static pthread_once_t sheath_frames_key_once = PTHREAD_ONCE_INIT;

/// How many threads' frame buffers are allocated: one per thread that resolved, until it exits.
static _Atomic(intptr_t) sheath_frame_buffers = 0;

intptr_t sheath_frame_buffers_live(void) {
  return atomic_load_explicit(&sheath_frame_buffers, memory_order_relaxed);
}

static void sheath_free_frames(void *frames) {
  free(frames);
  atomic_fetch_sub_explicit(&sheath_frame_buffers, 1, memory_order_relaxed);
}

static void sheath_make_frames_key(void) {
  pthread_key_create(&sheath_frames_key, sheath_free_frames);
}

bool sheath_resolution_state_reserve(SheathResolutionState *state, intptr_t capacity) {
  if (capacity <= state->capacity) return true;
  SheathFrame *frames = realloc(state->frames, (size_t)capacity * sizeof(SheathFrame));
  if (frames == NULL) return false;
  if (state->frames == NULL) atomic_fetch_add_explicit(&sheath_frame_buffers, 1, memory_order_relaxed);
  pthread_once(&sheath_frames_key_once, sheath_make_frames_key);
  pthread_setspecific(sheath_frames_key, frames);
  state->frames = frames;
  state->capacity = capacity;
  return true;
}

bool sheath_thread_stack_bounds(uintptr_t *low, uintptr_t *high) {
#if defined(__APPLE__)
  pthread_t self = pthread_self();
  uintptr_t top = (uintptr_t)pthread_get_stackaddr_np(self);
  size_t size = pthread_get_stacksize_np(self);
  if (top == 0 || size == 0) return false;
  *high = top;
  *low = top - size;
  return true;
#elif defined(__linux__)
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return false;
  void *address = NULL;
  size_t size = 0;
  int status = pthread_attr_getstack(&attributes, &address, &size);
  pthread_attr_destroy(&attributes);
  if (status != 0 || address == NULL || size == 0) return false;
  *low = (uintptr_t)address;
  *high = (uintptr_t)address + size;
  return true;
#else
  (void)low;
  (void)high;
  return false;
#endif
}

typedef struct {
  void (*body)(void *);
  void *context;
} SheathThreadStart;

static void *sheath_thread_main(void *argument) {
  SheathThreadStart *start = argument;
  start->body(start->context);
  return NULL;
}

// NB: called through pointers that the dynamic linker fills in when it loads the library, not
// through stubs bound on their first call: binding a symbol takes kilobytes of stack, and a stop
// calls these when its thread's stack is nearly used up. `volatile` keeps the compiler from calling
// the functions directly.
static int (*volatile sheath_attr_init)(pthread_attr_t *) = pthread_attr_init;
static int (*volatile sheath_attr_set_stack_size)(pthread_attr_t *, size_t) = pthread_attr_setstacksize;
static int (*volatile sheath_attr_destroy)(pthread_attr_t *) = pthread_attr_destroy;
static int (*volatile sheath_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) = pthread_create;
static int (*volatile sheath_join)(pthread_t, void **) = pthread_join;
static int (*volatile sheath_sigmask)(int, const sigset_t *, sigset_t *) = pthread_sigmask;
static int (*volatile sheath_sigfillset)(sigset_t *) = sigfillset;

bool sheath_run_on_new_thread(size_t stack_size, void (*body)(void *), void *context) {
  pthread_attr_t attributes;
  if (sheath_attr_init(&attributes) != 0) return false;
  // A size the platform refuses leaves its default, which is still far more than the caller has left.
  (void)sheath_attr_set_stack_size(&attributes, stack_size);
  SheathThreadStart start = {body, context};
  pthread_t thread;
  int status = sheath_create(&thread, &attributes, sheath_thread_main, &start);
  sheath_attr_destroy(&attributes);
  if (status != 0) return false;
  // The calling thread waits with its signals blocked: its stack may be nearly used up, with no room
  // for a handler's frame. A crash reporter that pauses every thread while a stop ends the program
  // (the Swift runtime's, on Linux) then passes this one by instead of overflowing its stack.
  sigset_t all, previous;
  sheath_sigfillset(&all);
  sheath_sigmask(SIG_BLOCK, &all, &previous);
  sheath_join(thread, NULL);
  sheath_sigmask(SIG_SETMASK, &previous, NULL);
  return true;
}
