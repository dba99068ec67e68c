/* The runner's callbacks as libffi closures made at run time (ffi_closure_alloc + ffi_prep_cif +
 * ffi_prep_closure_loc): each closure receives navcore's call and makes it again, with
 * ffi_call, to the runner's C function. */
#include "callbacks.h"

#include <ffi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 7

/* Each callback type's C signature, in libffi's terms. */
static const struct signature {
    ffi_type *result;
    unsigned count;
    ffi_type *args[MAX_ARGS];
} signatures[CALLBACK_TYPE_COUNT] = {
#define P &ffi_type_pointer
#define U64 &ffi_type_uint64
#define INT &ffi_type_sint
#define BOOL &ffi_type_uint8
    [CALLBACK_ACTION] = {&ffi_type_void, 3, {P, P, P}},
    [CALLBACK_APPEARANCE] = {&ffi_type_void, 7, {P, INT, U64, P, INT, BOOL, P}},
    [CALLBACK_PROGRESS] = {&ffi_type_void, 4, {P, U64, &ffi_type_double, P}},
    [CALLBACK_BAR] = {&ffi_type_void, 4, {P, BOOL, BOOL, P}},
    [CALLBACK_PAYLOAD] = {&ffi_type_void, 5, {P, U64, P, P, P}},
    [CALLBACK_RELEASE] = {&ffi_type_void, 5, {P, U64, P, P, P}},
    [CALLBACK_DONE] = {&ffi_type_void, 4, {P, INT, INT, P}},
    [CALLBACK_WAKEUP] = {&ffi_type_void, 2, {P, P}},
    [CALLBACK_TRANSITION] = {&ffi_type_void, 3, {P, P, P}},
    [CALLBACK_DEFERRABLE_VETO] = {INT, 6, {P, U64, P, BOOL, U64, P}},
    [CALLBACK_RESULT] = {&ffi_type_void, 5, {P, U64, P, P, P}},
    [CALLBACK_RUN] = {&ffi_type_void, 2, {P, P}},
    [CALLBACK_FACTORY] = {INT, 6, {P, P, P, U64, P, P}},
    [CALLBACK_DESTROY] = {&ffi_type_void, 1, {P}},
    [CALLBACK_CHILD] = {&ffi_type_void, 4, {P, U64, P, P}},
#undef P
#undef U64
#undef INT
#undef BOOL
};

struct callback {
    ffi_closure *closure;
    void *code;
    ffi_cif cif; /* must outlive the closure */
    ffi_type *args[MAX_ARGS];
    callback_fn function;
    struct callback *next;
};

static void callback_fatal(const char *what) {
    fprintf(stderr, "navcore-scenario-c: cannot make a libffi closure: %s\n", what);
    abort();
}

/* What every closure runs: navcore's call, made again to the closure's function. `ret` is a
 * full ffi_arg for an int result, as ffi_call writes it. */
static void forward(ffi_cif *cif, void *ret, void **args, void *user_data) {
    const struct callback *made = user_data;
    ffi_call(cif, made->function, ret, args);
}

callback_fn callback_address(callback_list *list, callback_type type, callback_fn function) {
    const struct signature *signature = &signatures[type];
    struct callback *made = calloc(1, sizeof *made);
    if (!made) callback_fatal("out of memory");
    made->function = function;
    made->closure = ffi_closure_alloc(sizeof(ffi_closure), &made->code);
    if (!made->closure) callback_fatal("ffi_closure_alloc failed");
    for (unsigned i = 0; i < signature->count; i++) made->args[i] = signature->args[i];
    if (ffi_prep_cif(&made->cif, FFI_DEFAULT_ABI, signature->count, signature->result, made->args) != FFI_OK)
        callback_fatal("ffi_prep_cif failed");
    if (ffi_prep_closure_loc(made->closure, &made->cif, forward, made, made->code) != FFI_OK)
        callback_fatal("ffi_prep_closure_loc failed");
    made->next = list->first;
    list->first = made;
    /* The closure's code as a function pointer, without an object-to-function cast. */
    callback_fn address;
    _Static_assert(sizeof address == sizeof made->code, "function and data pointers differ");
    memcpy(&address, &made->code, sizeof address);
    return address;
}

void callback_free_all(callback_list *list) {
    struct callback *next;
    for (struct callback *each = list->first; each; each = next) {
        next = each->next;
        ffi_closure_free(each->closure);
        free(each);
    }
    list->first = NULL;
}
