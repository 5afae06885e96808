/* The shim's inflate call (libdeflate) against zlib on frame files: each PNG's zlib stream (its
 * IDATs joined) is inflated RUNS times by each, the outputs must agree, and the medians per frame
 * are printed. Built and run by Scripts/bench/inflate-bench.py; not part of the package. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include "DeflateShims.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: inflate-bench RUNS FRAME.png...\n");
        return 64;
    }
    int runs = atoi(argv[1]), files = argc - 2;
    double *ours = calloc((size_t)files, sizeof(double)), *theirs = calloc((size_t)files, sizeof(double));
    for (int f = 0; f < files; f++) {
        FILE *file = fopen(argv[f + 2], "rb");
        if (!file) { perror(argv[f + 2]); return 66; }
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        rewind(file);
        uint8_t *png = malloc((size_t)size), *stream = malloc((size_t)size);
        if (fread(png, 1, (size_t)size, file) != (size_t)size) return 74;
        fclose(file);
        uint32_t width = be32(png + 16), height = be32(png + 20);
        size_t channels = png[25] == 6 ? 4 : 3, rows = (size_t)height * (width * channels + 1), count = 0;
        for (long at = 8; at + 12 <= size; at += 12 + (long)be32(png + at)) {
            if (memcmp(png + at + 4, "IDAT", 4) == 0) {
                memcpy(stream + count, png + at + 8, be32(png + at));
                count += be32(png + at);
            }
        }
        uint8_t *output = malloc(rows), *reference = malloc(rows);
        double best_ours = 1e9, best_theirs = 1e9;
        for (int run = 0; run < runs; run++) {
            uLongf produced = rows;
            double start = now();
            if (uncompress(reference, &produced, stream, count) != Z_OK || produced != rows) return 65;
            double middle = now();
            if (sr_inflate_zlib(stream, count, output, rows) != SR_OK) return 65;
            double end = now();
            if (memcmp(output, reference, rows) != 0) return 65;
            if (middle - start < best_theirs) best_theirs = middle - start;
            if (end - middle < best_ours) best_ours = end - middle;
        }
        theirs[f] = best_theirs;
        ours[f] = best_ours;
        free(png), free(stream), free(output), free(reference);
    }
    qsort(ours, (size_t)files, sizeof(double), by_value);
    qsort(theirs, (size_t)files, sizeof(double), by_value);
    printf("%d frames, best of %d runs each, median frame: zlib %.2f ms, libdeflate (sr_inflate_zlib) %.2f ms (%.2fx)\n",
           files, runs, theirs[files / 2] * 1e3, ours[files / 2] * 1e3, theirs[files / 2] / ours[files / 2]);
    return 0;
}
