/* The embedded runtime: what navcore's embedded core needs from a C library
 * (embedded/undefined-symbols.txt), for targets that have none. Each file holds one part:
 *
 *   allocator.c         malloc, posix_memalign and free over memory the platform hands out
 *   heap_wasm.c         that memory on WebAssembly (memory.grow); other platforms write their own
 *   memory.c            memcpy, memmove, memset, memcmp and strlen
 *   hash_seed.c         arc4random_buf, the seed of Swift's hashing
 *   stack_protector.c   the stack protector's canary and its failure
 *   multiply.c          __multi3, compiler-rt's 128-bit multiplication (wasm32 has no compiler-rt)
 *
 * Compile them freestanding (-ffreestanding: the compiler must not turn their loops back into
 * calls of themselves). navcore.wasm (scripts/build-wasm.py) and the embedded smoke test
 * (scripts/check-embedded.py) link them all; tests/runtime_test.c tests the allocator and the
 * memory functions natively (`make test-embedded-runtime`). The platform supplies two hooks,
 * declared here. */
#ifndef NAVCORE_RUNTIME_H
#define NAVCORE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

/* ---- What the platform provides ------------------------------------------------------------- */

/** More memory for the allocator: a region of at least `at_least` bytes, its size in `*got`,
 *  or NULL when there is no more. Regions should follow one another (WebAssembly's memory.grow
 *  does), so that the allocator can extend its last one; any region will do. */
void *navcore_runtime_heap_grow(size_t at_least, size_t *got);

/** navcore's clock hook (embedded/undefined-symbols.txt); hash_seed.c also seeds from it. */
uint64_t navcore_platform_monotonic_ns(void);

/* ---- What the runtime provides beyond the C functions ---------------------------------------- */

/** Bytes of the blocks in use now (headers included): a program that frees all it allocated
 *  returns to the same count. */
size_t navcore_runtime_live_bytes(void);

/** Bytes the allocator has taken from the platform so far (it never gives any back). */
size_t navcore_runtime_heap_bytes(void);

#endif
