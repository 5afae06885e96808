/*
 * _PixelShims: how two rows of RGBA pixels differ, in SSE2 lanes, for FrameDiff. No stable API.
 * Nothing here can fail or calls a library.
 */
#ifndef SCROLLRENDER_PIXEL_SHIMS_H
#define SCROLLRENDER_PIXEL_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/* How a row of pixels differs (pixels.c): the largest channel difference of any pixel, how many
   pixels differ by more than the tolerance, and the first and last of them (-1 when none). */
typedef struct sr_row_difference {
    unsigned largest;
    size_t count;
    long first, last;
} sr_row_difference;

/* Compares `pixels` RGBA pixels of two rows; two fully transparent pixels are equal. */
void sr_compare_rgba_row(const uint8_t *expected, const uint8_t *actual, size_t pixels, unsigned tolerance,
                         sr_row_difference *result);
/* The same, a pixel differing only when its perceptual distance (sr_yiq_distance) is above
   `max_distance` too (pixelmatch's 35215 · threshold²); `largest` is still the channel difference. */
void sr_compare_rgba_row_perceptual(const uint8_t *expected, const uint8_t *actual, size_t pixels, unsigned tolerance,
                                    double max_distance, sr_row_difference *result);
/* pixelmatch's perceptual distance of two RGBA pixels: blended over white by alpha, the weighted
   squared difference in YIQ (pixelmatch's bound: 35215). */
double sr_yiq_distance(const uint8_t *expected, const uint8_t *actual);

#endif
