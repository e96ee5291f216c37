#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // pthread_getattr_np, dladdr
#endif

#include "CSheathRuntime.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

const char *_Nullable sheath_image_path(const void *_Nonnull address) {
  Dl_info info;
  if (dladdr(address, &info) == 0) return NULL;
  return info.dli_fname;
}

_Thread_local SheathResolutionState sheath_thread_state;

// A thread's frames are freed when it exits, through a pthread key whose value is the buffer.
static pthread_key_t sheath_frames_key;
static pthread_once_t sheath_frames_key_once = PTHREAD_ONCE_INIT;

static void sheath_free_frames(void *frames) {
  free(frames);
}

static void sheath_make_frames_key(void) {
  pthread_key_create(&sheath_frames_key, sheath_free_frames);
}

bool sheath_resolution_state_reserve(SheathResolutionState *state, intptr_t capacity) {
  if (capacity <= state->capacity) return true;
  SheathFrame *frames = realloc(state->frames, (size_t)capacity * sizeof(SheathFrame));
  if (frames == NULL) return false;
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
  sheath_join(thread, NULL);
  return true;
}
