/* The platform of the embedded smoke test: the WASI calls (fd_write, clock_time_get, proc_exit)
 * through which the runtime (wasmkit) prints, reads the clock and exits, and navcore's clock hook
 * over them. The rest of what embedded/undefined-symbols.txt says a program that embeds navcore
 * provides (the allocator, the memory and string functions, the hash seed, the stack protector,
 * __multi3) is the embedded runtime's (embedded/runtime), which the test links. */

#include <stddef.h>
#include <stdint.h>

#include "platform.h"

typedef struct {
    const void *bytes;
    size_t count;
} wasi_ciovec;

__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_write")))
int32_t wasi_fd_write(int32_t fd, const wasi_ciovec *iovs, size_t count, size_t *written);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("clock_time_get")))
int32_t wasi_clock_time_get(int32_t clock, uint64_t precision, uint64_t *time);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("proc_exit")))
_Noreturn void wasi_proc_exit(int32_t code);

void platform_print(const char *text) {
    wasi_ciovec iov = {text, strlen(text)};
    size_t written;
    wasi_fd_write(1, &iov, 1, &written);
}

_Noreturn void platform_exit(int code) { wasi_proc_exit(code); }

/* navcore's clock hook: WASI's monotonic clock. */
uint64_t navcore_platform_monotonic_ns(void) {
    uint64_t time = 0;
    wasi_clock_time_get(1, 1, &time);
    return time;
}
