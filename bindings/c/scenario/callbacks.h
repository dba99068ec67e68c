/*
 * How the runner hands its callbacks to navcore. Every callback is an ordinary C function of
 * the header's type (events.c) that finds the scenario's state through its ctx, as a C host's
 * callback does; callback_address gives navcore the address to call:
 *
 * - callbacks_ffi.c (the Linux runner): a libffi closure, made at run time, that calls the
 *   function — so that navcore is driven exactly as a language binding (Python's ctypes/cffi,
 *   a JIT) drives it, through code made at run time;
 * - embedded/mcu/callbacks_direct.c (the firmware, which has no libffi): the function itself.
 */
#ifndef NAVCORE_SCENARIO_CALLBACKS_H
#define NAVCORE_SCENARIO_CALLBACKS_H

/* Any function, converted back to its own type before it is called. */
typedef void (*callback_fn)(void);

/* The header's callback types that the runner hands out, by which a closure knows how to call
 * its function. */
typedef enum callback_type {
    CALLBACK_ACTION,          /* navcore_action_fn */
    CALLBACK_APPEARANCE,      /* navcore_appearance_fn */
    CALLBACK_PROGRESS,        /* navcore_progress_fn */
    CALLBACK_BAR,             /* navcore_bar_fn */
    CALLBACK_PAYLOAD,         /* navcore_payload_fn */
    CALLBACK_RELEASE,         /* navcore_release_fn */
    CALLBACK_DONE,            /* navcore_done_fn: the `done` listener and every op's completion */
    CALLBACK_WAKEUP,          /* navcore_wakeup_fn */
    CALLBACK_TRANSITION,      /* navcore_transition_fn */
    CALLBACK_DEFERRABLE_VETO, /* navcore_deferrable_veto_fn */
    CALLBACK_RESULT,          /* navcore_result_fn */
    CALLBACK_RUN,             /* navcore_run_fn */
    CALLBACK_FACTORY,         /* navcore_factory_fn */
    CALLBACK_DESTROY,         /* navcore_destroy_fn */
    CALLBACK_CHILD,           /* navcore_child_fn */
    CALLBACK_TYPE_COUNT
} callback_type;

/* The addresses one owner made, freed together. */
typedef struct callback_list {
    struct callback *first;
} callback_list;

/* The address at which navcore calls `function`, a function of the C type `type` names (convert
 * it back to that type). Failing to make one ends the process with a message. */
callback_fn callback_address(callback_list *list, callback_type type, callback_fn function);

/* Frees every address of the list (none may be called afterwards). */
void callback_free_all(callback_list *list);

#endif
