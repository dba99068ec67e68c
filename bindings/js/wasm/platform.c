/* The clock of navcore.wasm (embedded/undefined-symbols.txt's navcore_platform_monotonic_ns),
 * for the bounded drains and the hash seed: the import navcore.monotonic_ms, JavaScript's
 * performance.now() in milliseconds. The module's imports are listed, with what each is for, in
 * imports.txt; the build checks that it has no other. Its heap is embedded/runtime's
 * (heap_wasm.c). */

#include <stdint.h>

#include "../../../embedded/runtime/runtime.h"

__attribute__((import_module("navcore"), import_name("monotonic_ms"))) double navcore_js_monotonic_ms(void);

uint64_t navcore_platform_monotonic_ns(void) {
    double ms = navcore_js_monotonic_ms();
    return ms > 0 ? (uint64_t)(ms * 1e6) : 0;
}
