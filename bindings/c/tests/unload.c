/*
 * unload: the library can be dlclose'd while a thread still holds its per-thread error message
 * (docs/reliability.md, "Hostile hosts (C)").
 *
 * A failing call stores its message under a pthread key whose destructor is code of the
 * library. If dlclose unmapped the library, the thread's exit would call that destructor at an
 * address where nothing is mapped any more. navcore is linked with `-z nodelete`, so dlclose
 * keeps it mapped. The program: dlopen the library, fail a call on a thread (so that the thread
 * holds a message), dlclose (as often as it was opened), then let the thread exit; the process
 * must live on and say so.
 *
 *   unload LIBRARY    LIBRARY: the path of libnavcore.so to load
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*drain_fn)(void *);
typedef const char *(*message_fn)(void);

static drain_fn drain;
static message_fn last_error_message;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int failed, unloaded;

/* Fails a call (a NULL navigator), checks that a message is stored, then waits for the unload
 * before exiting: its exit runs the key's destructor. */
static void *failing_thread(void *unused) {
    (void)unused;
    int status = drain(NULL);
    const char *message = last_error_message();
    pthread_mutex_lock(&lock);
    failed = status != 0 && message[0] != '\0' ? 1 : -1;
    pthread_cond_broadcast(&changed);
    while (!unloaded) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: unload LIBRARY\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "unload: dlopen: %s\n", dlerror());
        return 1;
    }
    drain = (drain_fn)(uintptr_t)dlsym(library, "navcore_drain");
    last_error_message = (message_fn)(uintptr_t)dlsym(library, "navcore_last_error_message");
    if (!drain || !last_error_message) {
        fprintf(stderr, "unload: dlsym: %s\n", dlerror());
        return 1;
    }
    pthread_t thread;
    if (pthread_create(&thread, NULL, failing_thread, NULL) != 0) return 1;
    pthread_mutex_lock(&lock);
    while (!failed) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    if (failed < 0) {
        fprintf(stderr, "unload: the failing call stored no message\n");
        return 1;
    }
    if (dlclose(library) != 0) {
        fprintf(stderr, "unload: dlclose: %s\n", dlerror());
        return 1;
    }
    pthread_mutex_lock(&lock);
    unloaded = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    pthread_join(thread, NULL); /* the thread's exit runs the message's destructor */
    printf("unload: a thread holding a message exited after dlclose; the process lives\n");
    return 0;
}
