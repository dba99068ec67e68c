/* What the board support (startup.c, platform.c) offers the firmware's programs. */
#ifndef NAVCORE_MCU_BOARD_H
#define NAVCORE_MCU_BOARD_H

#include <stddef.h>

/* The processor clock of the MPS2 boards (25 MHz), which SysTick counts. */
#define BOARD_CLOCK_HZ 25000000u

/* Starts the clock navcore reads (navcore_platform_monotonic_ns): SysTick and its interrupt. */
void board_clock_start(void);

/* The most stack any code used since reset, in bytes (the part of the painted stack that was
 * written), and the stack's size. */
size_t board_stack_used(void);
size_t board_stack_size(void);

#endif
