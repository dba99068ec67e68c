/* The platform of the embedded smoke test: what embedded/undefined-symbols.txt says a program
 * that embeds navcore provides, written for WebAssembly with no C library, and the WASI calls
 * (fd_write, clock_time_get, proc_exit) through which the runtime (wasmkit) prints, reads the
 * clock and exits. Compiled with -ffreestanding -fno-builtin, so that these loops stay loops. */

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

/* The allocator: a bump allocator over memory the module grows. free gives nothing back: the
 * test is short. */
extern unsigned char __heap_base;
static uintptr_t heap_next;

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (heap_next == 0) heap_next = (uintptr_t)&__heap_base;
    uintptr_t start = (heap_next + alignment - 1) & ~(uintptr_t)(alignment - 1);
    uintptr_t end = start + (size ? size : 1);
    uintptr_t have = (uintptr_t)__builtin_wasm_memory_size(0) * 65536;
    if (end > have && __builtin_wasm_memory_grow(0, (end - have + 65535) / 65536) == (size_t)-1) return 12;
    heap_next = end;
    *out = (void *)start;
    return 0;
}

void free(void *memory) { (void)memory; }

/* Memory and C strings. */
int memcmp(const void *a, const void *b, size_t count) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < count; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

void *memcpy(void *to, const void *from, size_t count) {
    unsigned char *t = to;
    const unsigned char *f = from;
    for (size_t i = 0; i < count; i++) t[i] = f[i];
    return to;
}

void *memmove(void *to, const void *from, size_t count) {
    unsigned char *t = to;
    const unsigned char *f = from;
    if (t < f)
        for (size_t i = 0; i < count; i++) t[i] = f[i];
    else
        for (size_t i = count; i > 0; i--) t[i - 1] = f[i - 1];
    return to;
}

void *memset(void *to, int value, size_t count) {
    unsigned char *t = to;
    for (size_t i = 0; i < count; i++) t[i] = (unsigned char)value;
    return to;
}

size_t strlen(const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    return length;
}

/* The hash seed: a fixed xorshift sequence (no randomness needed here). */
void arc4random_buf(void *buffer, size_t count) {
    static uint32_t state = 0x9e3779b9u;
    unsigned char *bytes = buffer;
    for (size_t i = 0; i < count; i++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        bytes[i] = (unsigned char)state;
    }
}

/* navcore's clock hook: WASI's monotonic clock. */
uint64_t navcore_platform_monotonic_ns(void) {
    uint64_t time = 0;
    wasi_clock_time_get(1, 1, &time);
    return time;
}

/* Stack protection. */
uintptr_t __stack_chk_guard = 0x595e9fbdu;

_Noreturn void __stack_chk_fail(void) {
    platform_print("embedded smoke: stack smashing detected\n");
    platform_exit(134);
}

/* compiler-rt's 128-bit multiplication, from 32-bit halves (no __int128 multiplication here,
 * which would call this very function). */
__int128 __multi3(__int128 a, __int128 b) {
    unsigned __int128 ua = (unsigned __int128)a, ub = (unsigned __int128)b;
    uint64_t a_lo = (uint64_t)ua, a_hi = (uint64_t)(ua >> 64);
    uint64_t b_lo = (uint64_t)ub, b_hi = (uint64_t)(ub >> 64);
    uint64_t a0 = a_lo & 0xffffffffu, a1 = a_lo >> 32, b0 = b_lo & 0xffffffffu, b1 = b_lo >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t lo = (p00 & 0xffffffffu) | (middle << 32);
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_lo * b_hi + a_hi * b_lo;
    return (__int128)(((unsigned __int128)hi << 64) | lo);
}
