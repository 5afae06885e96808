/* The comparison of two rows of RGBA pixels for `diff`, four pixels at a time in SSE2 lanes (every
 * x86-64 processor has them; elsewhere, and for a row's last pixels, one at a time). Swift's SIMD
 * types compile pointwise min/max and masks to loops over single lanes, and the pixel-by-pixel
 * Swift loop, a branch per pixel, cost as much as decoding a frame that scrolled. It cannot fail
 * and calls no library.
 *
 * Two measures: the largest channel difference (exact mode), and pixelmatch's perceptual distance
 * (YIQ, `--threshold`), computed in doubles in pixelmatch's order of operations, so that the
 * vector lanes, the scalar tail and a plain reference give the same distance to the last bit. */
#include "ScrollRenderShims.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* A product and a sum stay two roundings (as in JavaScript), whatever the target's FMA. */
#pragma STDC FP_CONTRACT OFF

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

/* pixelmatch's colour distance (Kotsarenko and Ramos' YIQ metric): each pixel blended over white by
 * its alpha, then 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ². Blending an opaque pixel gives it back
 * exactly (255 + (c − 255)·1), so pixelmatch's shortcut for opaque pixels needs no branch here. */
double sr_yiq_distance(const uint8_t *expected, const uint8_t *actual) {
    double a1 = expected[3] / 255.0, a2 = actual[3] / 255.0;
    double r1 = 255.0 + ((double)expected[0] - 255.0) * a1, g1 = 255.0 + ((double)expected[1] - 255.0) * a1,
           b1 = 255.0 + ((double)expected[2] - 255.0) * a1;
    double r2 = 255.0 + ((double)actual[0] - 255.0) * a2, g2 = 255.0 + ((double)actual[1] - 255.0) * a2,
           b2 = 255.0 + ((double)actual[2] - 255.0) * a2;
    double y = (r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223) - (r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223);
    double i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189);
    double q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694);
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
}

/* Whether a pixel differs under both measures: its largest channel difference above `tolerance`
 * and its perceptual distance above `max_distance`. */
static inline int perceptually_differs(const uint8_t *e, const uint8_t *a, unsigned tolerance, double max_distance) {
    return pixel_difference(e, a) > tolerance && sr_yiq_distance(e, a) > max_distance;
}

#if defined(__SSE2__)
/* Two pixels' channels, blended over white by alpha, as doubles: lanes (pixel 0, pixel 1). */
typedef struct { __m128d r, g, b; } blended_pair;

static inline blended_pair blend_pair(__m128i channels_r, __m128i channels_g, __m128i channels_b, __m128i channels_a) {
    const __m128d white = _mm_set1_pd(255.0), scale = _mm_set1_pd(255.0);
    __m128d alpha = _mm_div_pd(_mm_cvtepi32_pd(channels_a), scale);
    blended_pair p;
    p.r = _mm_add_pd(white, _mm_mul_pd(_mm_sub_pd(_mm_cvtepi32_pd(channels_r), white), alpha));
    p.g = _mm_add_pd(white, _mm_mul_pd(_mm_sub_pd(_mm_cvtepi32_pd(channels_g), white), alpha));
    p.b = _mm_add_pd(white, _mm_mul_pd(_mm_sub_pd(_mm_cvtepi32_pd(channels_b), white), alpha));
    return p;
}

/* c0·r + c1·g + c2·b, and c0·r − c1·g − c2·b, in pixelmatch's order. */
static inline __m128d weighted_sum(blended_pair p, double c0, double c1, double c2) {
    return _mm_add_pd(_mm_add_pd(_mm_mul_pd(p.r, _mm_set1_pd(c0)), _mm_mul_pd(p.g, _mm_set1_pd(c1))), _mm_mul_pd(p.b, _mm_set1_pd(c2)));
}

static inline __m128d weighted_i(blended_pair p) {
    return _mm_sub_pd(_mm_sub_pd(_mm_mul_pd(p.r, _mm_set1_pd(0.59597799)), _mm_mul_pd(p.g, _mm_set1_pd(0.27417610))),
                      _mm_mul_pd(p.b, _mm_set1_pd(0.32180189)));
}

static inline __m128d weighted_q(blended_pair p) {
    return _mm_add_pd(_mm_sub_pd(_mm_mul_pd(p.r, _mm_set1_pd(0.21147017)), _mm_mul_pd(p.g, _mm_set1_pd(0.52261711))),
                      _mm_mul_pd(p.b, _mm_set1_pd(0.31114694)));
}

/* The perceptual distance of two pixel pairs, each given as four 32-bit channel lanes (the pair in
 * lanes 0 and 1). */
static inline __m128d yiq_pair(__m128i er, __m128i eg, __m128i eb, __m128i ea, __m128i ar, __m128i ag, __m128i ab, __m128i aa) {
    blended_pair e = blend_pair(er, eg, eb, ea), a = blend_pair(ar, ag, ab, aa);
    __m128d y = _mm_sub_pd(weighted_sum(e, 0.29889531, 0.58662247, 0.11448223), weighted_sum(a, 0.29889531, 0.58662247, 0.11448223));
    __m128d i = _mm_sub_pd(weighted_i(e), weighted_i(a));
    __m128d q = _mm_sub_pd(weighted_q(e), weighted_q(a));
    return _mm_add_pd(_mm_add_pd(_mm_mul_pd(_mm_mul_pd(_mm_set1_pd(0.5053), y), y), _mm_mul_pd(_mm_mul_pd(_mm_set1_pd(0.299), i), i)),
                      _mm_mul_pd(_mm_mul_pd(_mm_set1_pd(0.1957), q), q));
}

/* Four RGBA pixels as four vectors of one channel each (32-bit lanes, pixel k in lane k). */
static inline void channels(__m128i pixels, __m128i *r, __m128i *g, __m128i *b, __m128i *a) {
    const __m128i low = _mm_set1_epi32(0xFF);
    *r = _mm_and_si128(pixels, low);
    *g = _mm_and_si128(_mm_srli_epi32(pixels, 8), low);
    *b = _mm_and_si128(_mm_srli_epi32(pixels, 16), low);
    *a = _mm_srli_epi32(pixels, 24);
}
#endif

void sr_compare_rgba_row_perceptual(const uint8_t *expected, const uint8_t *actual, size_t pixels, unsigned tolerance,
                                    double max_distance, sr_row_difference *result) {
    if (tolerance > 255) tolerance = 255;
    unsigned largest = 0;
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi32(0xFF), limit = _mm_set1_epi32((int)tolerance);
    const __m128d max4 = _mm_set1_pd(max_distance);
    __m128i largest4 = zero, count4 = zero;
    for (; pixels - i >= 4; i += 4) {
        __m128i e = _mm_loadu_si128((const __m128i *)(expected + 4 * i));
        __m128i a = _mm_loadu_si128((const __m128i *)(actual + 4 * i));
        __m128i d = _mm_sub_epi8(_mm_max_epu8(e, a), _mm_min_epu8(e, a));
        d = _mm_max_epu8(d, _mm_srli_epi32(d, 16));
        d = _mm_and_si128(_mm_max_epu8(d, _mm_srli_epi32(d, 8)), low);
        __m128i transparent = _mm_cmpeq_epi32(_mm_srli_epi32(_mm_or_si128(e, a), 24), zero);
        d = _mm_andnot_si128(transparent, d);
        largest4 = _mm_max_epu8(largest4, d);
        __m128i over = _mm_cmpgt_epi32(d, limit);
        /* The distance only where the channel tolerance is passed: most lanes of a near miss skip it. */
        if (_mm_movemask_epi8(over) == 0) continue;
        __m128i er, eg, eb, ea, ar, ag, ab, aa;
        channels(e, &er, &eg, &eb, &ea);
        channels(a, &ar, &ag, &ab, &aa);
        __m128d low2 = yiq_pair(er, eg, eb, ea, ar, ag, ab, aa);
        __m128d high2 = yiq_pair(_mm_shuffle_epi32(er, 0x0E), _mm_shuffle_epi32(eg, 0x0E), _mm_shuffle_epi32(eb, 0x0E),
                                 _mm_shuffle_epi32(ea, 0x0E), _mm_shuffle_epi32(ar, 0x0E), _mm_shuffle_epi32(ag, 0x0E),
                                 _mm_shuffle_epi32(ab, 0x0E), _mm_shuffle_epi32(aa, 0x0E));
        __m128 far = _mm_shuffle_ps(_mm_castpd_ps(_mm_cmpgt_pd(low2, max4)), _mm_castpd_ps(_mm_cmpgt_pd(high2, max4)),
                                    _MM_SHUFFLE(2, 0, 2, 0));
        count4 = _mm_sub_epi32(count4, _mm_and_si128(over, _mm_castps_si128(far)));
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
        count += d > tolerance && sr_yiq_distance(expected + 4 * i, actual + 4 * i) > max_distance;
    }
    result->largest = largest;
    result->count = count;
    result->first = -1;
    result->last = -1;
    if (count == 0) return;
    for (i = 0; i < pixels; i++) {
        if (perceptually_differs(expected + 4 * i, actual + 4 * i, tolerance, max_distance)) { result->first = (long)i; break; }
    }
    for (i = pixels; i-- > 0;) {
        if (perceptually_differs(expected + 4 * i, actual + 4 * i, tolerance, max_distance)) { result->last = (long)i; break; }
    }
}
