/* The stack protector (-fstack-protector, Swift's default): the canary that guarded functions
 * check, and what happens when one finds it overwritten: the program stops at once (a trap; in
 * WebAssembly, a RuntimeError in the embedder), since nothing on that stack can be trusted. */

#include <stdint.h>

uintptr_t __stack_chk_guard = 0x595e9fbdu;

_Noreturn void __stack_chk_fail(void) { __builtin_trap(); }
