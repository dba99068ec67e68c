/*
 * W1 (depth 1) and W2 (depth 100,000): navcore through its C ABI — create a screen, push it,
 * pop it — with one listener per event kind. The loop is w1_driver.h, shared with floor.c.
 */
#include "bench.h"

#define API(name) navcore_##name
#define PROGRAM_NAME "w1"
#include "w1_driver.h"
