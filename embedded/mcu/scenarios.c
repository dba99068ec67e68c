/*
 * The firmware's scenario run: every scenario file compiled in (scenario_texts.h), run through
 * the C interface by the C scenario runner's code (bindings/c/scenario) and reported on stdout
 * as the Linux runner reports the same files, byte for byte; the exit status too (0: all
 * passed). Then, on stderr, the memory the run used at most: stack and heap.
 */
#include "board.h"
#include "report.h"
#include "scenario_texts.h"

#include <malloc.h>
#include <stdio.h>

int main(void) {
    size_t passed = 0;
    for (size_t i = 0; i < scenario_text_count; i++)
        passed += report_scenario(scenario_texts[i].path, scenario_texts[i].text, scenario_texts[i].length);
    size_t failed = scenario_text_count - passed;
    report_totals(passed, failed);
    fflush(stdout);
    struct mallinfo heap = mallinfo();
    fprintf(stderr, "firmware: stack used %lu of %lu bytes, heap grown to %lu bytes\n",
            (unsigned long)board_stack_used(), (unsigned long)board_stack_size(), (unsigned long)heap.arena);
    return failed ? 1 : 0;
}
