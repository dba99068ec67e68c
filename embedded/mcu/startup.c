/* The firmware's start on a Cortex-M4: the vector table, the reset handler (FPU on, .data
 * copied from flash, .bss zeroed, the stack painted, newlib's semihosting and constructors set
 * up, then main and exit with its status), the fault handlers, and the heap newlib's malloc grows
 * (_sbrk). The memory map is mps2-an386.ld's. */
#include "board.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The linker script's symbols. */
extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
extern uint32_t __stack_limit[], __stack_top[];
extern char end[];

/* newlib: semihosting's standard streams (librdimon) and the constructors. */
void initialise_monitor_handles(void);
void __libc_init_array(void);
int main(void);

void reset_handler(void);
void systick_handler(void);
static void unexpected_exception(void);

/* What the stack holds where nothing has written yet. */
#define STACK_PAINT 0x5ca1ab1eu

/* The system exceptions' table (no device interrupt is used): the initial stack pointer, then
 * the handlers. */
__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))__stack_top,
    reset_handler,
    unexpected_exception, /* NMI */
    unexpected_exception, /* HardFault */
    unexpected_exception, /* MemManage */
    unexpected_exception, /* BusFault */
    unexpected_exception, /* UsageFault */
    0, 0, 0, 0,
    unexpected_exception, /* SVCall */
    unexpected_exception, /* DebugMonitor */
    0,
    unexpected_exception, /* PendSV */
    systick_handler,
};

/* Paints the stack below the current frame, so that board_stack_used can tell what was written. */
__attribute__((noinline)) static void paint_stack(void) {
    uint32_t *below_frame = (uint32_t *)__builtin_frame_address(0) - 64;
    for (uint32_t *word = __stack_limit; word < below_frame; word++) *word = STACK_PAINT;
}

void reset_handler(void) {
    /* CPACR: full access to the FPU (CP10, CP11), before any floating-point instruction. */
    *(volatile uint32_t *)0xE000ED88 |= 0xFu << 20;
    __asm volatile("dsb\n\tisb" ::: "memory");
    memcpy(__data_start, __data_load, (size_t)((char *)__data_end - (char *)__data_start));
    memset(__bss_start, 0, (size_t)((char *)__bss_end - (char *)__bss_start));
    paint_stack();
    initialise_monitor_handles();
    __libc_init_array();
    board_clock_start();
    exit(main());
}

size_t board_stack_used(void) {
    const uint32_t *word = __stack_limit;
    while (word < __stack_top && *word == STACK_PAINT) word++;
    return (size_t)((const char *)__stack_top - (const char *)word);
}

size_t board_stack_size(void) { return (size_t)((const char *)__stack_top - (const char *)__stack_limit); }

/* A fault (or an exception the firmware never raises) ends the run with status 70 and a line on
 * stderr (write and _exit are semihosting calls, which need no state the fault may have broken). */
static void unexpected_exception(void) {
    static const char message[] = "firmware: a fault (HardFault, MemManage, BusFault, UsageFault) or an unexpected exception\n";
    write(2, message, sizeof message - 1);
    _exit(70);
}

/* The heap newlib's malloc grows: from the end of .bss up to the stack, never into it. */
void *_sbrk(ptrdiff_t increment) {
    static char *heap_end = end;
    if (increment > (char *)__stack_limit - heap_end || increment < end - heap_end) {
        errno = ENOMEM;
        return (void *)-1;
    }
    char *previous = heap_end;
    heap_end += increment;
    return previous;
}
