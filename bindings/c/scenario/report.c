/* Running one scenario file's text and printing its report (report.h). */
#include "report.h"

#include "session.h"

#include <stdio.h>
#include <stdlib.h>

bool report_scenario(const char *name, const char *text, size_t length) {
    strvec failures = {0};
    scenario file;
    char *error = NULL;
    if (!text) {
        sv_push(&failures, xstrdup("cannot run: cannot read the file"));
    } else if (!scenario_parse(text, length, &file, &error)) {
        sv_push(&failures, xasprintf("cannot run: %s", error));
        free(error);
    } else {
        session s = {0};
        session_run(&s, &file);
        failures = s.failures;
        s.failures = (strvec){0};
        session_free(&s);
        scenario_free(&file);
    }
    printf("%s %s\n", failures.count ? "FAIL" : "PASS", name);
    for (size_t i = 0; i < failures.count; i++) printf("  %s\n", failures.items[i]);
    fflush(stdout);
    bool passed = failures.count == 0;
    sv_free(&failures);
    return passed;
}

void report_totals(size_t passed, size_t failed) {
    /* not %zu: newlib's printf may lack it */
    printf("%lu passed, %lu failed\n", (unsigned long)passed, (unsigned long)failed);
}
