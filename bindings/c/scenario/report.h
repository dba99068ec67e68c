/*
 * A scenario file's report, as every runner prints it (docs/scenarios.md): `PASS name` or
 * `FAIL name` and its failures indented, and after the last file `N passed, M failed`. The Linux
 * runner (navcore_scenario.c) reads its files from disk; the firmware (embedded/mcu) has their
 * texts compiled in. Both print their reports here.
 */
#ifndef NAVCORE_SCENARIO_REPORT_H
#define NAVCORE_SCENARIO_REPORT_H

#include <stdbool.h>
#include <stddef.h>

/* Runs the scenario file whose bytes are text[0..length) and prints its report under `name`;
 * text NULL: the file could not be read. Returns whether it passed. */
bool report_scenario(const char *name, const char *text, size_t length);

/* The last line: `N passed, M failed`. */
void report_totals(size_t passed, size_t failed);

#endif
