/* Parsing .nav files (SPEC §11) by the format's lexical rules, as every runner does
 * (docs/scenarios.md; Sources/ScenarioKit/ScenarioSyntax.swift): UTF-8, lines end at LF,
 * words are separated by spaces and tabs, any other whitespace or control character fails the
 * file. */
#include "session.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 sequence at s[0..length) and its scalar in *out; 0 when it is not
 * one (RFC 3629: no overlong form, no surrogate, nothing above U+10FFFF, no truncation). */
static size_t utf8_scalar(const unsigned char *s, size_t length, uint32_t *out) {
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || n > length) return 0;
    uint32_t value = n == 1 ? s[0] : s[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        value = value << 6 | (s[i] & 0x3F);
    }
    if (value < least[n] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
    *out = value;
    return n;
}

/* A control character other than tab, DEL, a C1 control, or Unicode whitespace other than the
 * space (ScenarioSyntax.isForbidden). */
static bool forbidden(uint32_t c) {
    return (c <= 0x1F && c != 0x09) || (c >= 0x7F && c <= 0xA0) || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
           c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

/* NULL when line[0..length) is UTF-8 without a forbidden character, else the error (owned). */
static char *line_error(const char *line, size_t length) {
    const unsigned char *s = (const unsigned char *)line;
    uint32_t c;
    for (size_t i = 0, n; i < length; i += n)
        if (!(n = utf8_scalar(s + i, length - i, &c))) return xstrdup("the line is not UTF-8");
    for (size_t i = 0, n; i < length; i += n) {
        n = utf8_scalar(s + i, length - i, &c);
        if (forbidden(c)) return xasprintf("character U+%04X (only spaces and tabs separate words)", (unsigned)c);
    }
    return NULL;
}

static void add_step(scenario *file, step made) {
    file->steps = xrealloc(file->steps, (file->count + 1) * sizeof *file->steps);
    file->steps[file->count++] = made;
}

static bool words_are(const strvec *words, const char *first, const char *second) {
    return words->count == (second ? 2u : 1u) && strcmp(words->items[0], first) == 0 &&
           (!second || strcmp(words->items[1], second) == 0);
}

bool scenario_parse(const char *text, size_t length, scenario *out, char **error) {
    scenario file = {0};
    bool in_trace = false;
    step trace = {0};
    int number = 0;
    const char *raw = text, *end = text + length;
    for (;;) {
        const char *newline = memchr(raw, '\n', (size_t)(end - raw));
        size_t line_length = newline ? (size_t)(newline - raw) : (size_t)(end - raw);
        number++;
        char *problem = line_error(raw, line_length);
        if (problem) {
            *error = xasprintf("line %d: %s", number, problem);
            free(problem);
            sv_free(&trace.words);
            scenario_free(&file);
            return false;
        }
        char *line = xstrndup(raw, line_length);
        strvec words = split_words(line);
        free(line);
        if (in_trace) {
            if (words_are(&words, "end", NULL)) {
                add_step(&file, trace);
                trace = (step){0};
                in_trace = false;
            } else if (words.count) {
                sv_push(&trace.words, sv_join(words.items, words.count, " "));
            }
            sv_free(&words);
        } else if (!words.count || raw[0] == '#') {
            sv_free(&words);
        } else if (words_are(&words, "expect", "trace")) {
            trace = (step){.line = number, .is_trace = true};
            in_trace = true;
            sv_free(&words);
        } else {
            add_step(&file, (step){.line = number, .words = words});
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

/* ---- words with a grammar (ScenarioSyntax.swift) ------------------------------------------ */

/* The length of the run of ASCII digits at the start of text. */
static size_t digits(const char *text) {
    size_t n = 0;
    while (text[n] >= '0' && text[n] <= '9') n++;
    return n;
}

bool scenario_progress(const char *word, double *out) {
    if (strcmp(word, "nan") == 0) {
        *out = NAN;
        return true;
    }
    return scenario_decimal(word, out);
}

bool scenario_decimal(const char *word, double *out) {
    const char *p = word + (word[0] == '-');
    size_t whole = digits(p);
    if (!whole) return false;
    p += whole;
    if (*p == '.') {
        size_t fraction = digits(p + 1);
        if (!fraction) return false;
        p += 1 + fraction;
    }
    if (*p) return false;
    *out = strtod(word, NULL);
    return true;
}

bool scenario_whole_number(const char *word, long *out) {
    size_t n = digits(word);
    if (!n || word[n] || n > 10) return false;
    long long value = strtoll(word, NULL, 10);
    if (value > 2147483647) return false;
    *out = (long)value;
    return true;
}

char *scenario_set_route(const char *word) {
    const char *hash = strrchr(word, '#');
    if (hash && hash[1] && !hash[1 + digits(hash + 1)]) return xstrndup(word, (size_t)(hash - word));
    return xstrdup(word);
}
