/* arc4random_buf: the random bytes Swift's Dictionary and Set seed their hashing with
 * (embedded/undefined-symbols.txt). Without a source of randomness, a splitmix64 sequence
 * seeded once from the platform's clock: enough to vary the seed between runs; not
 * cryptographic, which only matters against an attacker choosing route names. */

#include "runtime.h"

void arc4random_buf(void *buffer, size_t count) {
    static uint64_t state;
    static int seeded;
    if (!seeded) {
        state = navcore_platform_monotonic_ns() ^ 0x9e3779b97f4a7c15u;
        seeded = 1;
    }
    unsigned char *bytes = buffer;
    for (size_t i = 0; i < count; i++) {
        uint64_t z = (state += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        bytes[i] = (unsigned char)(z ^ (z >> 31));
    }
}
