/* The shim's inflate call (Sources/_DeflateShims/inflate.c: libdeflate, told the exact
 * output size) against zlib, built by `Scripts/fuzz.sh inflate SECONDS` with clang's libFuzzer,
 * ASan and UBSan.
 *
 * The first byte picks what the rest is: a zlib stream as it stands; data that zlib compresses
 * (level and strategy from the next byte) into a stream with stored, fixed and dynamic blocks;
 * or such a stream with a byte changed and cut short. Whatever zlib makes of a stream, the shim
 * must agree: the same bytes when zlib decodes it whole, told exactly how many; an error for one
 * byte more or less; and never an accepted stream that zlib refuses. Any disagreement aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "DeflateShims.h"

#define CAPACITY (1 << 20)
static uint8_t theirs[CAPACITY + 1], ours[CAPACITY + 1], stream[2 * CAPACITY];

/* zlib's output of `input` and whether it reached a valid end of stream using every byte. */
static int zlib_inflate(const uint8_t *input, size_t count, size_t *produced) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) abort();
    z.next_in = (uint8_t *)input;
    z.avail_in = (uInt)count;
    z.next_out = theirs;
    z.avail_out = CAPACITY + 1;
    int status = inflate(&z, Z_FINISH);
    *produced = z.total_out;
    int whole = status == Z_STREAM_END && z.avail_in == 0;
    inflateEnd(&z);
    return whole;
}

static int accepts(const uint8_t *input, size_t count, size_t size) {
    return sr_inflate_zlib(input, count, ours, size) == SR_OK;
}

static void compare(const uint8_t *input, size_t count) {
    size_t produced;
    if (zlib_inflate(input, count, &produced) && produced <= CAPACITY) {
        if (!accepts(input, count, produced) || memcmp(ours, theirs, produced) != 0) abort();
        if (produced > 0 && accepts(input, count, produced - 1)) abort();
        if (produced < CAPACITY && accepts(input, count, produced + 1)) abort();
    } else {
        size_t sizes[] = {produced < CAPACITY ? produced : CAPACITY, 0, 100};
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
            if (accepts(input, count, sizes[i])) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    unsigned mode = data[0] % 3;
    data++, size--;
    if (mode == 0) {
        compare(data, size);
        return 0;
    }
    int level = data[0] % 10, strategy = data[0] / 10 % 5;
    data++, size--;
    if (size > CAPACITY) size = CAPACITY;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, 15, 8, strategy) != Z_OK) abort();
    z.next_in = (uint8_t *)data;
    z.avail_in = (uInt)size;
    z.next_out = stream;
    z.avail_out = sizeof stream;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) abort();
    size_t count = z.total_out;
    deflateEnd(&z);
    if (mode == 1) {
        compare(stream, count);
    } else if (size >= 3) {
        stream[(data[0] | data[1] << 8) % count] ^= (uint8_t)(data[2] | 1);
        compare(stream, count);
        compare(stream, data[1] * 31u % count);
    }
    return 0;
}
