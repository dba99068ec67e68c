/*
 * W10 — restore of a saved document, per byte of the document (SPEC §14).
 *
 * The document has one entry, route "draft", whose state is a string of one kind, written as
 * navcore_save writes it, sized so that the whole document is `bytes` long:
 *   plain    letters and spaces, no escape;
 *   escapes  nothing but `\u000a` (a text of newlines: save escapes U+0001–U+001F);
 *   mixed    a text draft: lines of ASCII and non-ASCII text (é, “ ”, an emoji) with `\"` and
 *            `\\`, each line ended by `\u000a`.
 * Inline dispatch, the route's factory checks that its payload is exactly the decoded state.
 * First, untimed, one restore of a small document of the same kind (what a first call costs
 * once: the runtime's metadata, the code's first page faults). Then each rep is one restore of
 * the document (an open that replaces the stack; the old screen is released), made by
 * measured_restore. Timed: those calls. Memory: the peak RSS of the first of them (VmHWM, reset
 * just before) minus the RSS before it, over the document's size. Checks: every restore
 * returned NAVCORE_OK and completed, the payload was the decoded state each time, and
 * navcore_save then returns the document exactly.
 * Under callgrind, --toggle-collect=measured_restore counts the measured restores alone.
 *
 * With `tree` after reps, the document is the same stack as a saved tree (version 2, SPEC
 * §16.10), restored with navcore_restore_tree and checked with navcore_save_tree: the tree's
 * reader costs per byte what the stack's does.
 *
 * Usage: w10 plain|escapes|mixed BYTES [reps [tree]]; prints one JSON line.
 */
#include "bench.h"

static bench_counts counts = {.expected_outcome = NAVCORE_OUTCOME_COMPLETED};
static long failures;
static long bad_payloads;
static int object;
/* Whether the document is a saved tree (version 2) rather than a saved stack. */
static bool as_tree;

/* The decoded state every factory call must receive. */
static const char *expected_state;
static size_t expected_length;

static int factory(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                   void *ctx) {
    (void)nav;
    (void)route;
    (void)screen;
    (void)ctx;
    if (!payload || strlen(payload) != expected_length || memcmp(payload, expected_state, expected_length) != 0)
        bad_payloads++;
    *out_object = &object;
    return 0;
}

/* A growing byte buffer; the program exits on allocation failure (a bench, not a host). */
typedef struct { char *bytes; size_t length, capacity; } buffer;

static void append(buffer *b, const char *bytes, size_t length) {
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (b->length + length + 1 > capacity) capacity *= 2;
        b->bytes = realloc(b->bytes, capacity);
        if (!b->bytes) exit(2);
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, bytes, length);
    b->length += length;
    b->bytes[b->length] = '\0';
}

/* One piece of a state: as the document writes it, and as it decodes. */
typedef struct { const char *json, *text; } piece;

static const piece plain[] = {{"navigation ", "navigation "}, {"stack ", "stack "}, {"draft", "draft"}};
static const piece escapes[] = {{"\\u000a", "\n"}};
static const piece mixed[] = {
    {"Dear Ana, the caf\xc3\xa9 \xe2\x80\x9cmenu\xe2\x80\x9d moved ", "Dear Ana, the caf\xc3\xa9 \xe2\x80\x9cmenu\xe2\x80\x9d moved "},
    {"to C:\\\\menus \\\"today\\\" \xf0\x9f\x98\x80", "to C:\\menus \"today\" \xf0\x9f\x98\x80"},
    {"\\u000a", "\n"},
};

/* The document of `bytes` bytes (at least its fixed part) and its decoded state. */
static void make_document(const piece *pieces, size_t count, size_t bytes, buffer *document, buffer *state) {
    static const char stack_head[] = "{\"navcore\":1,\"stack\":[{\"route\":\"draft\",\"state\":\"";
    static const char tree_head[] = "{\"navcore\":2,\"stack\":[{\"route\":\"draft\",\"state\":\"";
    static const char tail[] = "\"}]}";
    const char *head = as_tree ? tree_head : stack_head;
    append(document, head, sizeof stack_head - 1);
    size_t budget = bytes > sizeof stack_head + sizeof tail - 2 ? bytes - (sizeof stack_head + sizeof tail - 2) : 0;
    size_t used = 0;
    for (size_t i = 0;; i = (i + 1) % count) {
        size_t length = strlen(pieces[i].json);
        if (used + length > budget) break;
        append(document, pieces[i].json, length);
        append(state, pieces[i].text, strlen(pieces[i].text));
        used += length;
    }
    for (; used < budget; used++) { /* pad with plain letters to the exact size */
        append(document, "x", 1);
        append(state, "x", 1);
    }
    append(document, tail, sizeof tail - 1);
    if (!state->bytes) append(state, "", 0);
}

/* The measured call: its own function, so that callgrind can count it alone. */
static __attribute__((noinline)) int measured_restore(navcore_navigator *nav, const char *document) {
    if (as_tree) return navcore_restore_tree(nav, document, false, bench_completion, &counts);
    return navcore_restore(nav, document, false, bench_completion, &counts);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: w10 plain|escapes|mixed BYTES [reps [tree]]\n");
        return 2;
    }
    const piece *pieces = NULL;
    size_t count = 0;
    if (strcmp(argv[1], "plain") == 0) pieces = plain, count = sizeof plain / sizeof *plain;
    if (strcmp(argv[1], "escapes") == 0) pieces = escapes, count = 1;
    if (strcmp(argv[1], "mixed") == 0) pieces = mixed, count = sizeof mixed / sizeof *mixed;
    long bytes = atol(argv[2]);
    long reps = argc > 3 ? atol(argv[3]) : 1;
    as_tree = argc > 4 && strcmp(argv[4], "tree") == 0;
    if (!pieces || bytes < 1 || reps < 1) return 2;

    navcore_navigator *nav = NULL;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    navcore_on_done(nav, bench_on_done, &counts, NULL);
    BENCH_CHECK(navcore_route_register(nav, "draft", factory, NULL, NULL) == NAVCORE_OK, "route");

    buffer warm_document = {0}, warm_state = {0};
    make_document(pieces, count, 256, &warm_document, &warm_state);
    expected_state = warm_state.bytes;
    expected_length = warm_state.length;
    int warm = as_tree ? navcore_restore_tree(nav, warm_document.bytes, false, bench_completion, &counts)
                       : navcore_restore(nav, warm_document.bytes, false, bench_completion, &counts);
    BENCH_CHECK(warm == NAVCORE_OK, "warm-up");
    free(warm_document.bytes);
    free(warm_state.bytes);

    buffer document = {0}, state = {0};
    make_document(pieces, count, (size_t)bytes, &document, &state);
    expected_state = state.bytes;
    expected_length = state.length;

    bool peak_reset = false;
    long rss_before = 0, peak = 0;
    double timed = 0;
    for (long r = 0; r < reps; r++) {
        if (r == 0) {
            peak_reset = bench_reset_peak();
            rss_before = bench_status_kb("VmRSS");
        }
        double start = bench_now();
        int status = measured_restore(nav, document.bytes);
        timed += bench_now() - start;
        if (r == 0) peak = bench_status_kb(peak_reset ? "VmHWM" : "VmRSS");
        BENCH_CHECK(status == NAVCORE_OK, "restore: status %d (%s)", status, navcore_last_error_message());
    }
    char *saved = NULL;
    int saved_status = as_tree ? navcore_save_tree(&saved, nav) : navcore_save(&saved, nav);
    BENCH_CHECK(saved_status == NAVCORE_OK && saved && strcmp(saved, document.bytes) == 0,
                "save does not return the document");
    navcore_free(saved);
    BENCH_CHECK(counts.completion == (uint64_t)reps + 1, "%llu completions", (unsigned long long)counts.completion);
    BENCH_CHECK(counts.bad_outcome == 0, "%llu restores did not complete", (unsigned long long)counts.bad_outcome);
    BENCH_CHECK(bad_payloads == 0, "%ld payloads differ from the state", bad_payloads);
    navcore_navigator_destroy(nav);

    double total = (double)document.length * (double)reps;
    printf("{\"program\": \"w10\", \"kind\": \"%s\", \"bytes\": %zu, \"reps\": %ld, \"ns_per_byte\": %.3f, "
           "\"peak_extra_kb\": %ld, \"peak_ratio\": %.3f, \"peak_reset\": %s, \"ok\": %s}\n",
           argv[1], document.length, reps, timed * 1e9 / total, peak - rss_before,
           (double)(peak - rss_before) * 1024.0 / (double)document.length, peak_reset ? "true" : "false",
           failures == 0 ? "true" : "false");
    free(document.bytes);
    free(state.bytes);
    return failures == 0 ? 0 : 1;
}
