/* libffi closures made at run time (ffi_closure_alloc + ffi_prep_cif + ffi_prep_closure_loc). */
#include "closures.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_CLOSURE_ARGS 8

struct closure {
    ffi_closure *closure;
    void *code;
    ffi_cif cif; /* must outlive the closure */
    ffi_type *args[MAX_CLOSURE_ARGS];
    struct closure *next;
};

static void closure_fatal(const char *what) {
    fprintf(stderr, "navcore-scenario-c: cannot make a libffi closure: %s\n", what);
    abort();
}

void *closure_make(closure_list *list, closure_handler handler, void *user_data, ffi_type *result,
                   ffi_type **args, unsigned nargs) {
    if (nargs > MAX_CLOSURE_ARGS) closure_fatal("too many arguments");
    struct closure *made = calloc(1, sizeof *made);
    if (!made) closure_fatal("out of memory");
    made->closure = ffi_closure_alloc(sizeof(ffi_closure), &made->code);
    if (!made->closure) closure_fatal("ffi_closure_alloc failed");
    for (unsigned i = 0; i < nargs; i++) made->args[i] = args[i];
    if (ffi_prep_cif(&made->cif, FFI_DEFAULT_ABI, nargs, result, made->args) != FFI_OK)
        closure_fatal("ffi_prep_cif failed");
    if (ffi_prep_closure_loc(made->closure, &made->cif, handler, user_data, made->code) != FFI_OK)
        closure_fatal("ffi_prep_closure_loc failed");
    made->next = list->first;
    list->first = made;
    return made->code;
}

void closure_free_all(closure_list *list) {
    struct closure *next;
    for (struct closure *each = list->first; each; each = next) {
        next = each->next;
        ffi_closure_free(each->closure);
        free(each);
    }
    list->first = NULL;
}
