/* The scenario files compiled into the firmware: a C file that scripts/embed-scenarios.py
 * writes holds each file's path, as the Linux runner names it, and its bytes. */
#ifndef NAVCORE_MCU_SCENARIO_TEXTS_H
#define NAVCORE_MCU_SCENARIO_TEXTS_H

#include <stddef.h>

typedef struct scenario_text {
    const char *path;
    const char *text;
    size_t length;
} scenario_text;

extern const scenario_text scenario_texts[];
extern const size_t scenario_text_count;

#endif
