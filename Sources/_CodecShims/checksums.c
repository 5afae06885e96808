/* CRC-32 as PNG chunks use it, for the fast PNG encoder that frames its own chunks. It cannot fail.
 *
 * On x86-64 processors with carry-less multiplication, whole 16-byte blocks are folded four lanes
 * at a time (Intel, "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ", 2009): each
 * 128-bit lane is multiplied by x^512 mod P (by x^128 mod P to merge lanes) and added to the data
 * that far ahead, which leaves a 16-byte block congruent to everything folded. zlib's table code
 * then takes that block and the tail, so the reduction to 32 bits is zlib's own. Elsewhere, and
 * for short inputs, zlib does it all. */
#include <zlib.h>
#include "CodecShims.h"

#if defined(__x86_64__)
#include <immintrin.h>

/* Bit-reflected x^(512±32) and x^(128±32) mod P(x) for P = 0x104C11DB7, low and high halves. */
#define SR_FOLD_512_LOW 0x154442bd4ULL
#define SR_FOLD_512_HIGH 0x1c6e41596ULL
#define SR_FOLD_128_LOW 0x1751997d0ULL
#define SR_FOLD_128_HIGH 0x0ccaa009eULL

/* `lane` times x^distance, plus `next`: the halves are multiplied by the constants' halves. */
__attribute__((target("pclmul,sse4.1")))
static inline __m128i sr_fold(__m128i lane, __m128i constants, __m128i next) {
    __m128i low = _mm_clmulepi64_si128(lane, constants, 0x00);
    __m128i high = _mm_clmulepi64_si128(lane, constants, 0x11);
    return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

/* Folds `length` bytes (a multiple of 16, at least 64) into 16 bytes at `block`, with the
   register `start` (already inverted as zlib inverts it) added to the first four bytes. */
__attribute__((target("pclmul,sse4.1")))
static void sr_crc32_fold(uint32_t start, const uint8_t *bytes, size_t length, uint8_t block[16]) {
    __m128i lanes[4];
    for (int lane = 0; lane < 4; lane++) lanes[lane] = _mm_loadu_si128((const __m128i *)(bytes + 16 * lane));
    lanes[0] = _mm_xor_si128(lanes[0], _mm_cvtsi32_si128((int)start));
    bytes += 64;
    length -= 64;
    const __m128i by512 = _mm_set_epi64x((long long)SR_FOLD_512_HIGH, (long long)SR_FOLD_512_LOW);
    for (; length >= 64; bytes += 64, length -= 64) {
        for (int lane = 0; lane < 4; lane++)
            lanes[lane] = sr_fold(lanes[lane], by512, _mm_loadu_si128((const __m128i *)(bytes + 16 * lane)));
    }
    const __m128i by128 = _mm_set_epi64x((long long)SR_FOLD_128_HIGH, (long long)SR_FOLD_128_LOW);
    __m128i folded = lanes[0];
    for (int lane = 1; lane < 4; lane++) folded = sr_fold(folded, by128, lanes[lane]);
    for (; length >= 16; bytes += 16, length -= 16)
        folded = sr_fold(folded, by128, _mm_loadu_si128((const __m128i *)bytes));
    _mm_storeu_si128((__m128i *)block, folded);
}

static int sr_has_carryless_multiply(void) {
    static int known = -1;
    if (known < 0) known = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
    return known;
}
#endif

uint32_t sr_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
#if defined(__x86_64__)
    if (length >= 256 && sr_has_carryless_multiply()) {
        size_t folded = length & ~(size_t)15;
        uint8_t block[16];
        sr_crc32_fold(~crc, bytes, folded, block);
        /* The block stands for everything folded, with a zero register (zlib's crc 0xFFFFFFFF). */
        uint32_t value = (uint32_t)crc32_z(0xFFFFFFFFUL, block, 16);
        return (uint32_t)crc32_z(value, bytes + folded, length - folded);
    }
#endif
    return (uint32_t)crc32_z(crc, bytes, length);
}
