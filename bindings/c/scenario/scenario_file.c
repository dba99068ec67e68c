/* Parsing .nav files (SPEC §11) as Sources/ScenarioKit/ScenarioFile.swift does. */
#include "session.h"

#include <stdlib.h>
#include <string.h>

/* Swift's CharacterSet.whitespaces: tab and the space separators (Unicode category Zs), in UTF-8. */
static const char *const whitespace[] = {
    "\t", " ", "\xc2\xa0", "\xe1\x9a\x80", "\xe2\x80\x80", "\xe2\x80\x81", "\xe2\x80\x82", "\xe2\x80\x83",
    "\xe2\x80\x84", "\xe2\x80\x85", "\xe2\x80\x86", "\xe2\x80\x87", "\xe2\x80\x88", "\xe2\x80\x89",
    "\xe2\x80\x8a", "\xe2\x80\xaf", "\xe2\x81\x9f", "\xe3\x80\x80"};

/* The length of the whitespace at the start (or, with `at_end`, the end) of text[0..length). */
static size_t whitespace_at(const char *text, size_t length, bool at_end) {
    for (size_t i = 0; i < sizeof whitespace / sizeof *whitespace; i++) {
        size_t n = strlen(whitespace[i]);
        if (n <= length && memcmp(at_end ? text + length - n : text, whitespace[i], n) == 0) return n;
    }
    return 0;
}

/* Trims whitespace at both ends, as Swift's trimmingCharacters(in: .whitespaces). */
static char *trimmed(const char *start, size_t length) {
    size_t n;
    while ((n = whitespace_at(start, length, false))) start += n, length -= n;
    while ((n = whitespace_at(start, length, true))) length -= n;
    return xstrndup(start, length);
}

/* The next line break: a "\n" that is not part of "\r\n", which Swift's split(separator: "\n")
 * keeps whole (it is one Character). */
static const char *next_newline(const char *text) {
    for (const char *p = strchr(text, '\n'); p; p = strchr(p + 1, '\n'))
        if (p == text || p[-1] != '\r') return p;
    return NULL;
}

static void add_step(scenario *file, step made) {
    file->steps = xrealloc(file->steps, (file->count + 1) * sizeof *file->steps);
    file->steps[file->count++] = made;
}

bool scenario_parse(const char *text, scenario *out, char **error) {
    scenario file = {0};
    bool in_trace = false;
    step trace = {0};
    int number = 0;
    const char *raw = text;
    for (;;) {
        const char *newline = next_newline(raw);
        size_t length = newline ? (size_t)(newline - raw) : strlen(raw);
        number++;
        char *line = trimmed(raw, length);
        if (in_trace) {
            if (strcmp(line, "end") == 0) {
                add_step(&file, trace);
                in_trace = false;
                free(line);
            } else if (line[0]) {
                sv_push(&trace.words, line);
            } else {
                free(line);
            }
        } else if (!line[0] || raw[0] == '#') {
            free(line);
        } else if (strcmp(line, "expect trace") == 0) {
            trace = (step){.line = number, .is_trace = true};
            in_trace = true;
            free(line);
        } else {
            add_step(&file, (step){.line = number, .words = split_words(line)});
            free(line);
        }
        if (!newline) break;
        raw = newline + 1;
    }
    if (in_trace) {
        *error = xasprintf("line %d: `expect trace` has no `end`", trace.line);
        sv_free(&trace.words);
        scenario_free(&file);
        return false;
    }
    *out = file;
    return true;
}

void scenario_free(scenario *file) {
    for (size_t i = 0; i < file->count; i++) sv_free(&file->steps[i].words);
    free(file->steps);
    file->steps = NULL;
    file->count = 0;
}
