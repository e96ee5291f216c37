#include "CBenchSupport.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int64_t bench_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
#else
  return -1;
#endif
}

#if defined(__linux__)
/// A `Name:   1234 kB` field of /proc/self/status, in bytes.
static int64_t status_field(const char *name) {
  FILE *file = fopen("/proc/self/status", "r");
  if (!file) return -1;
  char line[256];
  int64_t result = -1;
  size_t length = strlen(name);
  while (fgets(line, sizeof line, file)) {
    if (strncmp(line, name, length) == 0 && line[length] == ':') {
      long long kib = 0;
      if (sscanf(line + length + 1, "%lld", &kib) == 1) result = (int64_t)kib * 1024;
      break;
    }
  }
  fclose(file);
  return result;
}
#endif

int bench_reset_peak_rss(void) {
#if defined(__linux__)
  FILE *file = fopen("/proc/self/clear_refs", "w");
  if (!file) return -1;
  int wrote = fputs("5", file) >= 0;
  int closed = fclose(file) == 0;
  return wrote && closed ? 0 : -1;
#else
  return -1;
#endif
}

int64_t bench_current_rss(void) {
#if defined(__linux__)
  return status_field("VmRSS");
#else
  return -1;
#endif
}

int64_t bench_peak_rss(void) {
#if defined(__linux__)
  return status_field("VmHWM");
#else
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
  return (int64_t)usage.ru_maxrss;  // bytes on Darwin
#endif
}

uint64_t bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
