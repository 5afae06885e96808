/* The comparison of two rows of RGBA pixels for `diff`, four pixels at a time in SSE2 lanes (every
 * x86-64 processor has them; elsewhere, and for a row's last pixels, one at a time). Swift's SIMD
 * types compile pointwise min/max and masks to loops over single lanes, and the pixel-by-pixel
 * Swift loop, a branch per pixel, cost as much as decoding a frame that scrolled. It cannot fail
 * and calls no library.
 *
 * Two measures: the largest channel difference (exact mode), and pixelmatch's perceptual distance
 * (YIQ, `--threshold`), computed in doubles in pixelmatch's order of operations, so that the
 * vector lanes, the scalar tail and a plain reference give the same distance to the last bit. */
#include "PixelShims.h"
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

/* The row's totals, its differing run's ends not yet found; whether any pixel differs. */
static inline int set_totals(sr_row_difference *result, unsigned largest, size_t count) {
    result->largest = largest;
    result->count = count;
    result->first = -1;
    result->last = -1;
    return count != 0;
}

#if defined(__SSE2__)
/* The four pixels from `expected` and `actual`, and each one's largest channel difference in its
 * lane's low byte (zero for two transparent pixels), also folded into `*largest4`. */
static inline __m128i largest_differences(const uint8_t *expected, const uint8_t *actual, __m128i *e, __m128i *a,
                                          __m128i *largest4) {
    const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi32(0xFF);
    *e = _mm_loadu_si128((const __m128i *)expected);
    *a = _mm_loadu_si128((const __m128i *)actual);
    __m128i d = _mm_sub_epi8(_mm_max_epu8(*e, *a), _mm_min_epu8(*e, *a));
    d = _mm_max_epu8(d, _mm_srli_epi32(d, 16));
    d = _mm_and_si128(_mm_max_epu8(d, _mm_srli_epi32(d, 8)), low);
    d = _mm_andnot_si128(_mm_cmpeq_epi32(_mm_srli_epi32(_mm_or_si128(*e, *a), 24), zero), d);
    *largest4 = _mm_max_epu8(*largest4, d);
    return d;
}

/* Folds four lanes' largest differences and counts into the row's. */
static inline void add_lanes(__m128i largest4, __m128i count4, unsigned *largest, size_t *count) {
    uint32_t lanes[4], counts[4];
    _mm_storeu_si128((__m128i *)lanes, largest4);
    _mm_storeu_si128((__m128i *)counts, count4);
    for (int lane = 0; lane < 4; lane++) {
        *largest = lanes[lane] > *largest ? lanes[lane] : *largest;
        *count += counts[lane];
    }
}
#endif

void sr_compare_rgba_row(const uint8_t *expected, const uint8_t *actual, size_t pixels, unsigned tolerance,
                         sr_row_difference *result) {
    if (tolerance > 255) tolerance = 255; /* no channel differs by more */
    unsigned largest = 0;
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    const __m128i limit = _mm_set1_epi32((int)tolerance);
    __m128i largest4 = _mm_setzero_si128(), count4 = _mm_setzero_si128(), e, a;
    for (; pixels - i >= 4; i += 4) {
        __m128i d = largest_differences(expected + 4 * i, actual + 4 * i, &e, &a, &largest4);
        count4 = _mm_sub_epi32(count4, _mm_cmpgt_epi32(d, limit)); /* a true lane is -1 */
    }
    add_lanes(largest4, count4, &largest, &count);
#endif
    for (; i < pixels; i++) {
        unsigned d = pixel_difference(expected + 4 * i, actual + 4 * i);
        largest = d > largest ? d : largest;
        count += d > tolerance;
    }
    if (!set_totals(result, largest, count)) return;
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
/* Four pixels' perceptual distances in single precision: a screen, not the answer. Its error
 * against the double distance is under 0.25 (channels ≤ 255: each blended channel's difference
 * within 2e-4, each of Y, I, Q within 4e-4, their weighted squares within 0.2), so a lane more than
 * PERCEPTUAL_SCREEN away from the threshold is decided by it, and the few nearer are computed again
 * in doubles by sr_yiq_distance: the count is the double one, at four lanes a step. */
#define PERCEPTUAL_SCREEN 1.0f

typedef struct { __m128 r, g, b; } channels4;

/* Four pixels' channels blended over white by alpha. */
static inline channels4 blend4(__m128i pixels) {
    const __m128i low = _mm_set1_epi32(0xFF);
    const __m128 white = _mm_set1_ps(255.0f);
    __m128 alpha = _mm_mul_ps(_mm_cvtepi32_ps(_mm_srli_epi32(pixels, 24)), _mm_set1_ps(1.0f / 255.0f));
    channels4 p;
    p.r = _mm_add_ps(white, _mm_mul_ps(_mm_sub_ps(_mm_cvtepi32_ps(_mm_and_si128(pixels, low)), white), alpha));
    p.g = _mm_add_ps(white, _mm_mul_ps(_mm_sub_ps(_mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(pixels, 8), low)), white), alpha));
    p.b = _mm_add_ps(white, _mm_mul_ps(_mm_sub_ps(_mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(pixels, 16), low)), white), alpha));
    return p;
}

/* The blended channels' differences, expected − actual: for opaque pixels (the frames' usual case)
 * the channels' own differences, exact. Y, I and Q are linear, so the screen weighs the
 * differences once instead of each pixel's channels. */
static inline channels4 differences4(__m128i expected, __m128i actual) {
    const __m128i low = _mm_set1_epi32(0xFF), opaque = _mm_set1_epi32((int)0xFF000000);
    channels4 d;
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(_mm_and_si128(expected, actual), opaque), opaque)) == 0xFFFF) {
        d.r = _mm_cvtepi32_ps(_mm_sub_epi32(_mm_and_si128(expected, low), _mm_and_si128(actual, low)));
        d.g = _mm_cvtepi32_ps(_mm_sub_epi32(_mm_and_si128(_mm_srli_epi32(expected, 8), low), _mm_and_si128(_mm_srli_epi32(actual, 8), low)));
        d.b = _mm_cvtepi32_ps(_mm_sub_epi32(_mm_and_si128(_mm_srli_epi32(expected, 16), low), _mm_and_si128(_mm_srli_epi32(actual, 16), low)));
        return d;
    }
    channels4 e = blend4(expected), a = blend4(actual);
    d.r = _mm_sub_ps(e.r, a.r);
    d.g = _mm_sub_ps(e.g, a.g);
    d.b = _mm_sub_ps(e.b, a.b);
    return d;
}

static inline __m128 weighted4(channels4 p, float c0, float c1, float c2) {
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(p.r, _mm_set1_ps(c0)), _mm_mul_ps(p.g, _mm_set1_ps(c1))), _mm_mul_ps(p.b, _mm_set1_ps(c2)));
}

static inline __m128 yiq4(__m128i expected, __m128i actual) {
    channels4 d = differences4(expected, actual);
    __m128 y = weighted4(d, 0.29889531f, 0.58662247f, 0.11448223f);
    __m128 i = weighted4(d, 0.59597799f, -0.27417610f, -0.32180189f);
    __m128 q = weighted4(d, 0.21147017f, -0.52261711f, 0.31114694f);
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5053f), y), y), _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.299f), i), i)),
                      _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.1957f), q), q));
}
#endif

void sr_compare_rgba_row_perceptual(const uint8_t *expected, const uint8_t *actual, size_t pixels, unsigned tolerance,
                                    double max_distance, sr_row_difference *result) {
    if (tolerance > 255) tolerance = 255;
    unsigned largest = 0;
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    /* A pixel whose channels all differ by at most `safe` cannot pass the threshold: blending moves a
     * channel by at most its own difference plus alpha's, so the distance is at most
     * 4·d²·(0.5053·1.0² + 0.299·1.192² + 0.1957·1.045²) = 4.58·d² — such lanes are not computed. */
    unsigned safe = 0;
    while (safe < 255 && 4.6 * (safe + 1) * (safe + 1) + 1.0 < max_distance) safe++;
    const __m128i limit = _mm_set1_epi32((int)(safe > tolerance ? safe : tolerance));
    const __m128 above = _mm_set1_ps((float)max_distance + PERCEPTUAL_SCREEN), below = _mm_set1_ps((float)max_distance - PERCEPTUAL_SCREEN);
    __m128i largest4 = _mm_setzero_si128(), count4 = _mm_setzero_si128(), e, a;
    for (; pixels - i >= 4; i += 4) {
        __m128i d = largest_differences(expected + 4 * i, actual + 4 * i, &e, &a, &largest4);
        __m128i over = _mm_cmpgt_epi32(d, limit);
        /* The distance only where the channel tolerance is passed: most lanes of a near miss skip it. */
        if (_mm_movemask_epi8(over) == 0) continue;
        __m128 distance = yiq4(e, a);
        __m128i far = _mm_castps_si128(_mm_cmpgt_ps(distance, above));
        __m128i near = _mm_andnot_si128(_mm_or_si128(far, _mm_castps_si128(_mm_cmplt_ps(distance, below))), over);
        count4 = _mm_sub_epi32(count4, _mm_and_si128(over, far));
        int unsure = _mm_movemask_ps(_mm_castsi128_ps(near));
        for (int lane = 0; unsure; lane++, unsure >>= 1) {
            if (unsure & 1) count += sr_yiq_distance(expected + 4 * (i + lane), actual + 4 * (i + lane)) > max_distance;
        }
    }
    add_lanes(largest4, count4, &largest, &count);
#endif
    for (; i < pixels; i++) {
        unsigned d = pixel_difference(expected + 4 * i, actual + 4 * i);
        largest = d > largest ? d : largest;
        count += d > tolerance && sr_yiq_distance(expected + 4 * i, actual + 4 * i) > max_distance;
    }
    if (!set_totals(result, largest, count)) return;
    for (i = 0; i < pixels; i++) {
        if (perceptually_differs(expected + 4 * i, actual + 4 * i, tolerance, max_distance)) { result->first = (long)i; break; }
    }
    for (i = pixels; i-- > 0;) {
        if (perceptually_differs(expected + 4 * i, actual + 4 * i, tolerance, max_distance)) { result->last = (long)i; break; }
    }
}
