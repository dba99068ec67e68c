/* The platform of navcore.wasm: what the embedded runtime (embedded/runtime) asks of it, over
 * WebAssembly and the JavaScript that instantiates the module (bindings/js/lib/library.js):
 *
 *   - the heap: the linear memory after the module's data, grown with memory.grow;
 *   - the clock of the bounded drains: the import navcore.monotonic_ms (JavaScript's
 *     performance.now(), in milliseconds).
 *
 * The module's imports are listed, with what each is for, in imports.txt; the build checks
 * that it has no other. */

#include <stddef.h>
#include <stdint.h>

#include "../../../embedded/runtime/runtime.h"

enum { PAGE = 65536 };

/** Where the linker put the end of the data and the stack: the heap starts there. */
extern unsigned char __heap_base;

__attribute__((import_module("navcore"), import_name("monotonic_ms"))) double navcore_js_monotonic_ms(void);

uint64_t navcore_platform_monotonic_ns(void) {
    double ms = navcore_js_monotonic_ms();
    return ms > 0 ? (uint64_t)(ms * 1e6) : 0;
}

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
