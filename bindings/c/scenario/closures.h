/*
 * libffi closures: C function pointers made at run time and bound to a user_data pointer.
 * Every callback the runner hands to navcore is one of these, so that the library is driven
 * exactly as a language binding (Python's ctypes/cffi, a JIT) would drive it.
 */
#ifndef NAVCORE_SCENARIO_CLOSURES_H
#define NAVCORE_SCENARIO_CLOSURES_H

#include <ffi.h>
#include <string.h>

/* The handler libffi calls: `args[i]` points at the i-th argument, `ret` at the result slot. */
typedef void (*closure_handler)(ffi_cif *cif, void *ret, void **args, void *user_data);

/* The closures one owner made, freed together. */
typedef struct closure_list {
    struct closure *first;
} closure_list;

/*
 * Makes a closure of `nargs` arguments of the types `args` returning `result` that calls
 * `handler` with `user_data`; returns its executable address (convert it with CLOSURE_AS).
 * Failing to make one ends the process with a message.
 */
void *closure_make(closure_list *list, closure_handler handler, void *user_data, ffi_type *result,
                   ffi_type **args, unsigned nargs);

/* Frees every closure of the list (none may be called afterwards). */
void closure_free_all(closure_list *list);

/* A closure's address as a function pointer of `type`, without an object-to-function cast. */
#define CLOSURE_AS(type, name)                                                                   \
    static inline type name(void *code) {                                                        \
        type function;                                                                           \
        _Static_assert(sizeof function == sizeof code, "function and data pointers differ");     \
        memcpy(&function, &code, sizeof function);                                               \
        return function;                                                                         \
    }

/* Reading arguments: libffi passes a pointer to each. */
#define ARG(type, args, index) (*(type *)(args)[index])
/* A C bool argument, read as its byte (never trusting it to be 0 or 1). */
#define ARG_BOOL(args, index) (*(unsigned char *)(args)[index] != 0)

#endif
