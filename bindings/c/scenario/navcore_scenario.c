/*
 * navcore-scenario-c FILE.nav|DIR …: runs SPEC §11 conformance scenarios through the C
 * interface (include/navcore.h) of the shipped libnavcore.so, every callback a libffi closure.
 * Output and exit status as the Swift runner's (Sources/navcore-scenario): `PASS path` or
 * `FAIL path` and its failures indented, then `N passed, M failed` (report.c).
 */
#include "report.h"
#include "util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .nav files named by the arguments: files as given, directories expanded (sorted). */
static strvec scenario_files(int argc, char **argv) {
    strvec files = {0};
    for (int i = 1; i < argc; i++) {
        struct stat info;
        if (stat(argv[i], &info) != 0 || !S_ISDIR(info.st_mode)) {
            sv_push(&files, xstrdup(argv[i]));
            continue;
        }
        strvec names = {0};
        DIR *dir = opendir(argv[i]);
        for (struct dirent *entry; dir && (entry = readdir(dir));) {
            size_t length = strlen(entry->d_name);
            if (length >= 4 && strcmp(entry->d_name + length - 4, ".nav") == 0) sv_push(&names, xstrdup(entry->d_name));
        }
        if (dir) closedir(dir);
        if (names.count) qsort(names.items, names.count, sizeof *names.items, by_name);
        for (size_t k = 0; k < names.count; k++) sv_push(&files, xasprintf("%s/%s", argv[i], names.items[k]));
        sv_free(&names);
    }
    return files;
}

/* The whole file, NUL-terminated, its length in *size; NULL if it cannot be read. */
static char *read_text(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    size_t length = 0, capacity = 4096;
    char *text = xmalloc(capacity);
    size_t got;
    while ((got = fread(text + length, 1, capacity - length - 1, file)) > 0) {
        length += got;
        if (capacity - length - 1 == 0) text = xrealloc(text, capacity *= 2);
    }
    int failed = ferror(file);
    fclose(file);
    if (failed) {
        free(text);
        return NULL;
    }
    text[length] = '\0';
    *size = length;
    return text;
}

int main(int argc, char **argv) {
    bool help = false;
    for (int i = 1; i < argc; i++) help = help || !strcmp(argv[i], "-h") || !strcmp(argv[i], "--help");
    if (argc < 2 || help) {
        printf("usage: navcore-scenario-c FILE.nav|DIR …   (runs SPEC §11 scenarios through the C API)\n");
        return argc < 2 ? 2 : 0;
    }
    strvec files = scenario_files(argc, argv);
    size_t passed = 0;
    for (size_t i = 0; i < files.count; i++) {
        size_t size = 0;
        char *text = read_text(files.items[i], &size);
        passed += report_scenario(files.items[i], text, size);
        free(text);
    }
    size_t failed = files.count - passed;
    report_totals(passed, failed);
    sv_free(&files);
    return failed ? 1 : 0;
}
