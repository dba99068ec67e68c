/* compiler-rt's 128-bit multiplication, which wasm32 code calls (the standard library's
 * Double printing and parsing) and for which the toolchain ships no compiler-rt: built from
 * 32-bit halves, with no __int128 multiplication that would call this very function. */

#include <stdint.h>

#if defined(__SIZEOF_INT128__)
__int128 __multi3(__int128 a, __int128 b) {
    unsigned __int128 ua = (unsigned __int128)a, ub = (unsigned __int128)b;
    uint64_t a_lo = (uint64_t)ua, a_hi = (uint64_t)(ua >> 64);
    uint64_t b_lo = (uint64_t)ub, b_hi = (uint64_t)(ub >> 64);
    uint64_t a0 = a_lo & 0xffffffffu, a1 = a_lo >> 32, b0 = b_lo & 0xffffffffu, b1 = b_lo >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t lo = (p00 & 0xffffffffu) | (middle << 32);
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_lo * b_hi + a_hi * b_lo;
    return (__int128)(((unsigned __int128)hi << 64) | lo);
}
#endif
