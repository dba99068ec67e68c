/* The embedded runtime's heap on WebAssembly (runtime.h): the linear memory after the module's
 * data and stack, grown with memory.grow, one region right after the other. Compiled only for
 * WebAssembly; another platform gives the allocator its memory its own way. */

#if defined(__wasm__)

#include "runtime.h"

enum { PAGE = 65536 };

/** Where the linker put the end of the data and the stack: the heap starts there. */
extern unsigned char __heap_base;

void *navcore_runtime_heap_grow(size_t at_least, size_t *got) {
    static uintptr_t heap_end;
    uintptr_t memory_end = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE;
    if (heap_end == 0 && memory_end > (uintptr_t)&__heap_base + at_least) {
        /* The first call: the memory the module starts with, after its data and stack. */
        heap_end = memory_end;
        *got = memory_end - (uintptr_t)&__heap_base;
        return &__heap_base;
    }
    if (heap_end == 0) heap_end = (uintptr_t)&__heap_base;
    size_t pages = (at_least + PAGE - 1) / PAGE;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    uintptr_t start = heap_end;
    heap_end = memory_end + pages * PAGE;
    *got = heap_end - start;
    return (void *)start;
}

#endif
