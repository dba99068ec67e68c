/* What the smoke test's platform (platform.c) and the embedded runtime (embedded/runtime) offer
 * the test itself. */
#include <stddef.h>

void platform_print(const char *text);
_Noreturn void platform_exit(int code);
size_t strlen(const char *text);
int memcmp(const void *a, const void *b, size_t count);
