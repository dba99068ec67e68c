/* The allocator of the embedded runtime (runtime.h): malloc, posix_memalign and free, for a
 * program with one thread and no C library, over regions the platform hands out
 * (navcore_runtime_heap_grow: WebAssembly's memory.grow, or a microcontroller's RAM).
 *
 * Every block starts with a header (its size and a mark) and hands out the memory after it,
 * aligned to 16 bytes; every block's size is a multiple of 16. A freed block of up to
 * SMALL_LIMIT bytes goes to the list of its size, where the next request of that size takes it
 * back at once (navcore allocates a few sizes over and over); a larger one goes to a list
 * ordered by address, merged with its free neighbours, and given back to the unused end of the
 * heap when it touches it. A request is served from its size's list, else by the first block
 * of the ordered list large enough (split), else from the unused end, which grows when it must.
 * So a program that keeps allocating and freeing the same things stays at the same heap size:
 * the live bytes return to the same count, and the heap stops growing after the first round. */

#include "runtime.h"

enum {
    ALIGNMENT = 16,
    SMALL_LIMIT = 1024,
    ENOMEM_CODE = 12,
    EINVAL_CODE = 22,
};

/** Marks a block handed out; free() ignores a pointer whose header lacks it. */
#define IN_USE ((size_t)0x6e617663u)

typedef struct header {
    size_t size; /* of the whole block, header included */
    size_t mark; /* IN_USE, or 0 when free */
} header;

typedef struct free_block {
    header head;
    struct free_block *next;
} free_block;

#define HEADER_SIZE sizeof(header)
#define ROUND_UP(value, to) (((value) + (to) - 1) & ~(size_t)((to) - 1))
#define MIN_BLOCK ROUND_UP(sizeof(free_block), ALIGNMENT)

/** Freed small blocks, by size / ALIGNMENT. */
static free_block *small[SMALL_LIMIT / ALIGNMENT + 1];
/** Freed larger blocks, ordered by address. */
static free_block *ordered;
/** The unused end of the heap: [top, end). A block placed at `top` hands out aligned memory. */
static uintptr_t top, end;
static size_t live_bytes, heap_bytes;

size_t navcore_runtime_live_bytes(void) { return live_bytes; }

size_t navcore_runtime_heap_bytes(void) { return heap_bytes; }

/** The first address at or after `at` where a block hands out aligned memory. */
static uintptr_t block_start(uintptr_t at) {
    return ROUND_UP(at + HEADER_SIZE, ALIGNMENT) - HEADER_SIZE;
}

/** Gives a free block to the ordered list, merged with its neighbours; one that ends at `top`
 *  becomes unused space again. */
static void release_ordered(free_block *block) {
    block->head.mark = 0;
    free_block **link = &ordered, **before_link = 0;
    while (*link && *link < block) {
        before_link = link;
        link = &(*link)->next;
    }
    free_block *before = before_link ? *before_link : 0, *after = *link;
    if (after && (uintptr_t)block + block->head.size == (uintptr_t)after) {
        block->head.size += after->head.size;
        after = after->next;
    }
    if (before && (uintptr_t)before + before->head.size == (uintptr_t)block) {
        before->head.size += block->head.size;
        block = before;
        link = before_link;
    }
    block->next = after;
    *link = block;
    if (!after && (uintptr_t)block + block->head.size == top) {
        top = (uintptr_t)block;
        *link = 0;
    }
}

/** Returns a block to the free lists. */
static void release(free_block *block) {
    size_t size = block->head.size;
    if (size <= SMALL_LIMIT) {
        block->head.mark = 0;
        block->next = small[size / ALIGNMENT];
        small[size / ALIGNMENT] = block;
    } else {
        release_ordered(block);
    }
}

/** Makes the unused end at least `size` bytes long; 0 when the platform has no more memory. */
static int grow(size_t size) {
    size_t got = 0;
    uintptr_t region = (uintptr_t)navcore_runtime_heap_grow(size + ALIGNMENT, &got);
    if (!region || got < size + ALIGNMENT) return 0;
    heap_bytes += got;
    if (region == end && end != 0) {
        end += got;
        return 1;
    }
    /* A region elsewhere: what is left of the old end becomes a free block. */
    uintptr_t old_top = top, old_end = end;
    top = block_start(region);
    end = region + got;
    if (old_end - old_top >= MIN_BLOCK) {
        free_block *rest = (free_block *)old_top;
        rest->head.size = (old_end - old_top) & ~(size_t)(ALIGNMENT - 1);
        release(rest);
    }
    return 1;
}

/** A block of exactly `size` bytes (a multiple of ALIGNMENT, at least MIN_BLOCK), marked in use. */
static header *take(size_t size) {
    free_block *block = 0;
    if (size <= SMALL_LIMIT && small[size / ALIGNMENT]) {
        block = small[size / ALIGNMENT];
        small[size / ALIGNMENT] = block->next;
    } else {
        for (free_block **link = &ordered; *link; link = &(*link)->next) {
            free_block *candidate = *link;
            if (candidate->head.size < size) continue;
            if (candidate->head.size - size >= MIN_BLOCK) {
                free_block *rest = (free_block *)((uintptr_t)candidate + size);
                rest->head.size = candidate->head.size - size;
                rest->head.mark = 0;
                rest->next = candidate->next;
                *link = rest;
                candidate->head.size = size;
            } else {
                *link = candidate->next;
            }
            block = candidate;
            break;
        }
    }
    if (!block) {
        if ((end - top < size) && !grow(size)) return 0;
        block = (free_block *)top;
        block->head.size = size;
        top += size;
    }
    block->head.mark = IN_USE;
    live_bytes += block->head.size;
    return &block->head;
}

/** The block size that hands out `count` bytes, or 0 when none can. */
static size_t block_size(size_t count, size_t extra) {
    if (count > (size_t)-1 / 2 - extra) return 0;
    size_t size = ROUND_UP(count + HEADER_SIZE + extra, ALIGNMENT);
    return size < MIN_BLOCK ? MIN_BLOCK : size;
}

int posix_memalign(void **out, size_t alignment, size_t count) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1))) return EINVAL_CODE;
    if (alignment <= ALIGNMENT) {
        size_t size = block_size(count, 0);
        header *block = size ? take(size) : 0;
        if (!block) return ENOMEM_CODE;
        *out = block + 1;
        return 0;
    }
    /* A larger alignment: a block with room to move the start forward, its front freed. */
    size_t size = block_size(count, alignment + MIN_BLOCK);
    header *block = size ? take(size) : 0;
    if (!block) return ENOMEM_CODE;
    uintptr_t memory = (uintptr_t)(block + 1);
    if (memory & (alignment - 1)) {
        uintptr_t aligned = ROUND_UP(memory + MIN_BLOCK, alignment);
        size_t lead = aligned - memory;
        header *moved = (header *)(aligned - HEADER_SIZE);
        moved->size = block->size - lead;
        moved->mark = IN_USE;
        block->size = lead;
        live_bytes -= lead;
        release((free_block *)block);
        block = moved;
    }
    *out = block + 1;
    return 0;
}

void *malloc(size_t count) {
    void *memory = 0;
    return posix_memalign(&memory, ALIGNMENT, count) == 0 ? memory : 0;
}

void free(void *memory) {
    if (!memory) return;
    header *block = (header *)memory - 1;
    if (block->mark != IN_USE) return;
    live_bytes -= block->size;
    release((free_block *)block);
}
