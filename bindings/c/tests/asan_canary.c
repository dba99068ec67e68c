/*
 * asan_canary: proves that the library under test is itself instrumented by AddressSanitizer.
 *
 * It lies to navcore_stack_copy about its buffer's capacity (3 ids, room for 2), so the library
 * writes one id past a heap block. The write is a plain store inside libnavcore (no memcpy that
 * ASan's interceptors would see), so only an instrumented library reports it: against the
 * shipped library this program prints "not caught" and exits 0; against `make lib-asan` ASan
 * must stop it with a heap-buffer-overflow in navcore_stack_copy. mk/sanitize.mk checks that.
 */
#include <navcore.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
    navcore_navigator *nav = NULL;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    for (int i = 0; i < 3; i++) {
        uint64_t screen = 0;
        if (navcore_screen_create(&screen, nav, "canary", NULL) != NAVCORE_OK) return 2;
        if (navcore_push(nav, screen, false, NULL, NULL) != NAVCORE_OK) return 2;
    }
    uint64_t *buffer = malloc(2 * sizeof *buffer);
    if (!buffer) return 2;
    size_t count = 0;
    navcore_stack_copy(&count, buffer, 3, nav); /* the lie: capacity 3 */
    printf("asan_canary: not caught (%zu ids copied into room for 2)\n", count);
    free(buffer);
    navcore_navigator_destroy(nav);
    return 0;
}
