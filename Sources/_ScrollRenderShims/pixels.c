/* The comparison of two rows of RGBA pixels for `diff`, four pixels at a time in SSE2 lanes (every
 * x86-64 processor has them; elsewhere, and for a row's last pixels, one at a time). Swift's SIMD
 * types compile pointwise min/max and masks to loops over single lanes, and the pixel-by-pixel
 * Swift loop, a branch per pixel, cost as much as decoding a frame that scrolled. It cannot fail
 * and calls no library. */
#include "ScrollRenderShims.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The largest channel difference of two pixels; two fully transparent pixels are equal. */
static inline unsigned pixel_difference(const uint8_t *e, const uint8_t *a) {
    if ((e[3] | a[3]) == 0) return 0;
    unsigned largest = 0;
    for (int channel = 0; channel < 4; channel++) {
        unsigned d = e[channel] > a[channel] ? (unsigned)(e[channel] - a[channel]) : (unsigned)(a[channel] - e[channel]);
        largest = d > largest ? d : largest;
    }
    return largest;
}

void sr_compare_rgba_row(const uint8_t *expected, const uint8_t *actual, size_t pixels, unsigned tolerance,
                         sr_row_difference *result) {
    if (tolerance > 255) tolerance = 255; /* no channel differs by more */
    unsigned largest = 0;
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi32(0xFF), limit = _mm_set1_epi32((int)tolerance);
    __m128i largest4 = zero, count4 = zero;
    for (; pixels - i >= 4; i += 4) {
        __m128i e = _mm_loadu_si128((const __m128i *)(expected + 4 * i));
        __m128i a = _mm_loadu_si128((const __m128i *)(actual + 4 * i));
        __m128i d = _mm_sub_epi8(_mm_max_epu8(e, a), _mm_min_epu8(e, a));
        /* Each pixel's largest byte into its lane's low byte; zero for two transparent pixels. */
        d = _mm_max_epu8(d, _mm_srli_epi32(d, 16));
        d = _mm_and_si128(_mm_max_epu8(d, _mm_srli_epi32(d, 8)), low);
        __m128i transparent = _mm_cmpeq_epi32(_mm_srli_epi32(_mm_or_si128(e, a), 24), zero);
        d = _mm_andnot_si128(transparent, d);
        largest4 = _mm_max_epu8(largest4, d);
        count4 = _mm_sub_epi32(count4, _mm_cmpgt_epi32(d, limit)); /* a true lane is -1 */
    }
    uint32_t lanes[4], counts[4];
    _mm_storeu_si128((__m128i *)lanes, largest4);
    _mm_storeu_si128((__m128i *)counts, count4);
    for (int lane = 0; lane < 4; lane++) {
        largest = lanes[lane] > largest ? lanes[lane] : largest;
        count += counts[lane];
    }
#endif
    for (; i < pixels; i++) {
        unsigned d = pixel_difference(expected + 4 * i, actual + 4 * i);
        largest = d > largest ? d : largest;
        count += d > tolerance;
    }
    result->largest = largest;
    result->count = count;
    result->first = -1;
    result->last = -1;
    if (count == 0) return;
    /* The ends of the differing run: scanned only in rows that have one, and only to the first hit. */
    for (i = 0; i < pixels; i++) {
        if (pixel_difference(expected + 4 * i, actual + 4 * i) > tolerance) { result->first = (long)i; break; }
    }
    for (i = pixels; i-- > 0;) {
        if (pixel_difference(expected + 4 * i, actual + 4 * i) > tolerance) { result->last = (long)i; break; }
    }
}
