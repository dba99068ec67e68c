/* The C library's memory and string functions that the embedded core and its standard library
 * call (embedded/undefined-symbols.txt). With WebAssembly's bulk memory the copies and fills are
 * one instruction each (memory.copy, memory.fill); elsewhere they are byte loops, which
 * -ffreestanding keeps from being turned back into calls of these very functions. */

#include <stddef.h>

void *memcpy(void *to, const void *from, size_t count) {
#if defined(__wasm_bulk_memory__)
    __builtin_memcpy(to, from, count);
#else
    unsigned char *t = to;
    const unsigned char *f = from;
    for (size_t i = 0; i < count; i++) t[i] = f[i];
#endif
    return to;
}

void *memmove(void *to, const void *from, size_t count) {
#if defined(__wasm_bulk_memory__)
    __builtin_memmove(to, from, count);
#else
    unsigned char *t = to;
    const unsigned char *f = from;
    if (t < f)
        for (size_t i = 0; i < count; i++) t[i] = f[i];
    else
        for (size_t i = count; i > 0; i--) t[i - 1] = f[i - 1];
#endif
    return to;
}

void *memset(void *to, int value, size_t count) {
#if defined(__wasm_bulk_memory__)
    __builtin_memset(to, value, count);
#else
    unsigned char *t = to;
    for (size_t i = 0; i < count; i++) t[i] = (unsigned char)value;
#endif
    return to;
}

int memcmp(const void *a, const void *b, size_t count) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < count; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

size_t strlen(const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    return length;
}
