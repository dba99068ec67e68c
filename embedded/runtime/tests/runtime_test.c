/* The embedded runtime's allocator and memory functions (embedded/runtime), tested natively:
 * compiled with their C names renamed (runtime_malloc, …) beside the host's C library, over a
 * heap of fixed regions that this test hands out (navcore_runtime_heap_grow). Checks what
 * navcore.wasm relies on: aligned, disjoint blocks; every byte given back (the live bytes return
 * to 0); a heap that stays flat when the same objects are made and freed over and over (as a
 * navigator made and destroyed), and within twice the peak of the bytes in use under random
 * work; freed neighbours merged; an honest "no memory" at the end of the heap; memmove over
 * overlapping bytes. Prints "runtime: ok", or names the failed check and exits 1. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"

void *runtime_malloc(size_t count);
void runtime_free(void *memory);
int runtime_posix_memalign(void **out, size_t alignment, size_t count);
void *runtime_memmove(void *to, const void *from, size_t count);
void *runtime_memset(void *to, int value, size_t count);
int runtime_memcmp(const void *a, const void *b, size_t count);
size_t runtime_strlen(const char *text);

#define CHECK(condition)                                                      \
    do {                                                                      \
        if (!(condition)) {                                                   \
            fprintf(stderr, "runtime: line %d: %s failed\n", __LINE__, #condition); \
            exit(1);                                                          \
        }                                                                     \
    } while (0)

/* The heap: HEAP_BYTES in regions of REGION_BYTES, handed out one after the other, as
 * memory.grow does; `heap_limit` stops it early for the exhaustion check. */
enum { REGION_BYTES = 64 * 1024, HEAP_BYTES = 64 * 1024 * 1024 };
static unsigned char *heap;
static size_t heap_used, heap_limit = HEAP_BYTES;

void *navcore_runtime_heap_grow(size_t at_least, size_t *got) {
    size_t size = (at_least + REGION_BYTES - 1) / REGION_BYTES * REGION_BYTES;
    if (heap_used + size > heap_limit) return NULL;
    void *region = heap + heap_used;
    heap_used += size;
    *got = size;
    return region;
}

uint64_t navcore_platform_monotonic_ns(void) { return 0; }

/* A block handed out, filled with its own byte so that an overlap shows. */
typedef struct {
    unsigned char *memory;
    size_t size;
    unsigned char fill;
} block;

enum { SLOTS = 512 };
static block live[SLOTS];
static uint64_t random_state = 0x2545f4914f6cdd1du;
/** The most bytes in use at once (headers included) so far. */
static size_t peak_live;

static uint64_t next_random(void) {
    random_state ^= random_state << 13;
    random_state ^= random_state >> 7;
    random_state ^= random_state << 17;
    return random_state;
}

static void release(block *b) {
    for (size_t i = 0; i < b->size; i++) CHECK(b->memory[i] == b->fill);
    runtime_free(b->memory);
    b->memory = NULL;
}

/* One round of random work: allocations of many sizes and alignments, frees in random order,
 * then everything freed. The same seed makes the same round. */
static void round_of_work(uint64_t seed) {
    random_state = seed;
    for (int step = 0; step < 50000; step++) {
        block *b = &live[next_random() % SLOTS];
        if (b->memory) {
            release(b);
            continue;
        }
        uint64_t r = next_random();
        size_t size = r % 16 == 0 ? (size_t)(r >> 8) % 100000 : (size_t)(r >> 8) % 2048;
        size_t alignment = (size_t)1 << (3 + (r >> 40) % 10); /* 8 to 4096 */
        void *memory = NULL;
        if (r % 3 == 0) {
            CHECK(runtime_posix_memalign(&memory, alignment, size) == 0);
            CHECK(((uintptr_t)memory & (alignment - 1)) == 0);
        } else {
            memory = runtime_malloc(size);
            CHECK(memory != NULL);
            CHECK(((uintptr_t)memory & 15) == 0);
        }
        b->memory = memory;
        b->size = size;
        b->fill = (unsigned char)(step * 31 + 7);
        runtime_memset(b->memory, b->fill, size);
        if (navcore_runtime_live_bytes() > peak_live) peak_live = navcore_runtime_live_bytes();
    }
    for (int i = 0; i < SLOTS; i++)
        if (live[i].memory) release(&live[i]);
}

int main(void) {
    heap = aligned_alloc(REGION_BYTES, HEAP_BYTES);
    CHECK(heap != NULL);

    /* Freed neighbours merge (on a fresh heap): 64 blocks of 10 KB freed make room for one of 600 KB. */
    void *pieces[64];
    for (int i = 0; i < 64; i++) CHECK((pieces[i] = runtime_malloc(10 * 1024)) != NULL);
    for (int i = 0; i < 64; i += 2) runtime_free(pieces[i]);
    for (int i = 1; i < 64; i += 2) runtime_free(pieces[i]);
    size_t before = navcore_runtime_heap_bytes();
    void *whole = runtime_malloc(600 * 1024);
    CHECK(whole != NULL);
    CHECK(navcore_runtime_heap_bytes() == before);
    runtime_free(whole);

    /* The same objects made and freed over and over (a navigator made and destroyed): the heap
     * stops growing after the first time. */
    size_t heap_after_first = 0;
    for (int round = 0; round < 1000; round++) {
        void *objects[40];
        for (int i = 0; i < 40; i++) CHECK((objects[i] = runtime_malloc((size_t)(i * 37 % 23) * (i % 5 == 0 ? 900 : 24))) != NULL);
        for (int i = 0; i < 40; i++) runtime_free(objects[(i * 7) % 40]);
        CHECK(navcore_runtime_live_bytes() == 0);
        if (round == 0) heap_after_first = navcore_runtime_heap_bytes();
    }
    CHECK(navcore_runtime_heap_bytes() == heap_after_first);

    /* Random work: blocks are aligned and disjoint, every byte comes back, and the heap stays
     * within twice the most bytes in use at once, round after round. */
    for (uint64_t seed = 1; seed <= 6; seed++) {
        round_of_work(seed);
        CHECK(navcore_runtime_live_bytes() == 0);
        CHECK(navcore_runtime_heap_bytes() == heap_used);
        CHECK(navcore_runtime_heap_bytes() <= 2 * peak_live + REGION_BYTES);
    }

    /* Small blocks of one size are taken back at once. */
    void *first = runtime_malloc(40);
    runtime_free(first);
    CHECK(runtime_malloc(40) == first);
    runtime_free(first);

    /* Bad requests and the end of the heap: an error, never a block that is not there. */
    void *out = NULL;
    CHECK(runtime_posix_memalign(&out, 3, 8) == 22);
    CHECK(runtime_posix_memalign(&out, sizeof(void *) / 2, 8) == 22);
    CHECK(runtime_malloc(SIZE_MAX) == NULL);
    CHECK(runtime_posix_memalign(&out, 64, SIZE_MAX - 8) == 12);
    heap_limit = heap_used;
    size_t taken = 0;
    while (runtime_malloc(100000) != NULL) taken++;
    CHECK(taken < HEAP_BYTES / 100000);
    CHECK(runtime_posix_memalign(&out, 16, 100000) == 12);
    runtime_free(NULL);
    _Alignas(16) unsigned char not_a_block[64] = {0};
    runtime_free(not_a_block + 32); /* its "header" lacks the mark: ignored */

    /* memmove over overlapping bytes, both ways; memcmp's order; strlen. */
    char text[16] = "abcdefghij";
    runtime_memmove(text + 2, text, 6);
    CHECK(memcmp(text, "ababcdefij", 10) == 0);
    runtime_memmove(text, text + 2, 6);
    CHECK(memcmp(text, "abcdefefij", 10) == 0);
    CHECK(runtime_memcmp("abc", "abd", 3) < 0 && runtime_memcmp("abd", "abc", 3) > 0 && runtime_memcmp("ab", "ab", 2) == 0);
    CHECK(runtime_strlen("navcore") == 7 && runtime_strlen("") == 0);

    puts("runtime: ok");
    return 0;
}
