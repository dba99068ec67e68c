/* The scenario runner's callbacks on the firmware (bindings/c/scenario/callbacks.h): without
 * libffi, navcore calls each C function at its own address, so there is nothing to make or to
 * free. */
#include "callbacks.h"

callback_fn callback_address(callback_list *list, callback_type type, callback_fn function) {
    (void)list, (void)type;
    return function;
}

void callback_free_all(callback_list *list) { (void)list; }
