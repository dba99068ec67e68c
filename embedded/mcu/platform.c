/* What navcore needs from the firmware (embedded/undefined-symbols.txt) that newlib does not
 * give: posix_memalign, the hash seed's bytes and the clock. The rest — malloc and free, memcpy
 * and the string functions, ceil, the stack protector, the compiler's helpers — newlib and
 * libgcc provide. */
#include "board.h"

#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

/* Embedded Swift allocates every object through posix_memalign, which newlib 3.3 lacks; its
 * memalign does the same work. */
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *memory = memalign(alignment, size ? size : 1);
    if (!memory) return ENOMEM;
    *out = memory;
    return 0;
}

/* The seed of Swift's hashing (Dictionary, Set). The board has no source of randomness, so the
 * seed is a fixed sequence (xorshift): hashing is then predictable, which matters only against
 * an attacker who chooses route names. A part with a random number generator reads it here. */
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

/* ---- the clock: SysTick counting the processor clock, its wraps counted by its interrupt ---- */

#define SYST_CSR (*(volatile uint32_t *)0xE000E010) /* control and status */
#define SYST_RVR (*(volatile uint32_t *)0xE000E014) /* reload value */
#define SYST_CVR (*(volatile uint32_t *)0xE000E018) /* current value: counts down to 0, then reloads */
#define SYST_PERIOD (1u << 24)                      /* ticks from one reload to the next */

static volatile uint32_t systick_wraps;

/* Runs when the counter reaches 0: a period ends. */
void systick_handler(void) { systick_wraps++; }

void board_clock_start(void) {
    SYST_RVR = SYST_PERIOD - 1;
    SYST_CVR = 0; /* any write clears the counter: it loads the reload value at the next tick */
    SYST_CSR = 0x7; /* enabled, interrupt when it reaches 0, the processor clock */
}

/* navcore's clock hook: nanoseconds since board_clock_start. A period's ticks run from its
 * reload (SYST_PERIOD - 1) down to 0, when the interrupt counts the period: so a value of 0 is
 * the start of the next period, counted already. Read from thread mode, never from an interrupt
 * handler: a period that ends between the two reads of systick_wraps runs the interrupt at
 * once, which changes it, and the loop reads again. A count below the last one is a reload whose
 * interrupt has not run yet — QEMU delivers it up to a millisecond after the counter reloads
 * (a Cortex-M pends it at once) — and gets its period. */
uint64_t navcore_platform_monotonic_ns(void) {
    static uint64_t last;
    uint32_t wraps, value;
    do {
        wraps = systick_wraps;
        value = SYST_CVR;
    } while (wraps != systick_wraps);
    uint64_t ticks = (uint64_t)wraps * SYST_PERIOD + ((SYST_PERIOD - value) & (SYST_PERIOD - 1));
    if (ticks < last) ticks += SYST_PERIOD;
    last = ticks;
    return ticks * (1000000000u / BOARD_CLOCK_HZ);
}
