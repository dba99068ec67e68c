/* Small helpers of the C scenario runner: checked allocation, growable string lists, words. */
#ifndef NAVCORE_SCENARIO_UTIL_H
#define NAVCORE_SCENARIO_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Allocation that never returns NULL: out of memory ends the process with a message. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *pointer, size_t size);
char *xstrdup(const char *text);
char *xstrndup(const char *text, size_t length);
/* printf into a new string. */
char *xasprintf(const char *format, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *format, va_list arguments);

/* A growable list of owned strings. */
typedef struct strvec {
    char **items;
    size_t count;
    size_t capacity;
} strvec;

/* Appends `owned` (the list frees it). */
void sv_push(strvec *list, char *owned);
/* Frees every string and the list; leaves it empty. */
void sv_free(strvec *list);
/* Whether `text` is in the list. */
bool sv_contains(const strvec *list, const char *text);
/* Removes every copy of `text`. */
void sv_remove(strvec *list, const char *text);
/* A deep copy of items[from..count). */
strvec sv_slice(const strvec *list, size_t from);
/* The items joined with `separator` (a new string). */
char *sv_join(char *const *items, size_t count, const char *separator);

/* Splits `text` at runs of spaces and tabs, dropping empty words (the .nav format's words). */
strvec split_words(const char *text);

#endif
