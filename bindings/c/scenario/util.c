/* Small helpers of the C scenario runner. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void) {
    fputs("navcore-scenario-c: out of memory\n", stderr);
    abort();
}

void *xmalloc(size_t size) {
    void *pointer = malloc(size ? size : 1);
    if (!pointer) out_of_memory();
    return pointer;
}

void *xcalloc(size_t count, size_t size) {
    void *pointer = calloc(count ? count : 1, size ? size : 1);
    if (!pointer) out_of_memory();
    return pointer;
}

void *xrealloc(void *pointer, size_t size) {
    void *grown = realloc(pointer, size ? size : 1);
    if (!grown) out_of_memory();
    return grown;
}

char *xstrndup(const char *text, size_t length) {
    char *copy = xmalloc(length + 1);
    memcpy(copy, text, length);
    copy[length] = '\0';
    return copy;
}

char *xstrdup(const char *text) { return xstrndup(text, strlen(text)); }

char *xvasprintf(const char *format, va_list arguments) {
    va_list again;
    va_copy(again, arguments);
    if (!format) out_of_memory(); /* never: keeps gcc's -Wformat-truncation quiet under UBSan */
    char probe[1];
    int length = vsnprintf(probe, sizeof probe, format, arguments);
    if (length < 0) out_of_memory();
    char *text = xmalloc((size_t)length + 1);
    vsnprintf(text, (size_t)length + 1, format, again);
    va_end(again);
    return text;
}

char *xasprintf(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    char *text = xvasprintf(format, arguments);
    va_end(arguments);
    return text;
}

void sv_push(strvec *list, char *owned) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 8;
        list->items = xrealloc(list->items, list->capacity * sizeof *list->items);
    }
    list->items[list->count++] = owned;
}

void sv_free(strvec *list) {
    for (size_t i = 0; i < list->count; i++) free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = 0;
}

bool sv_contains(const strvec *list, const char *text) {
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->items[i], text) == 0) return true;
    return false;
}

void sv_remove(strvec *list, const char *text) {
    size_t kept = 0;
    for (size_t i = 0; i < list->count; i++) {
        if (strcmp(list->items[i], text) == 0) {
            free(list->items[i]);
        } else {
            list->items[kept++] = list->items[i];
        }
    }
    list->count = kept;
}

strvec sv_slice(const strvec *list, size_t from) {
    strvec copy = {0};
    for (size_t i = from; i < list->count; i++) sv_push(&copy, xstrdup(list->items[i]));
    return copy;
}

char *sv_join(char *const *items, size_t count, const char *separator) {
    size_t length = 1;
    for (size_t i = 0; i < count; i++) length += strlen(items[i]) + (i ? strlen(separator) : 0);
    char *text = xmalloc(length);
    text[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        if (i) strcat(text, separator);
        strcat(text, items[i]);
    }
    return text;
}

strvec split_words(const char *text) {
    strvec words = {0};
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        sv_push(&words, xstrndup(start, (size_t)(p - start)));
    }
    return words;
}
