/*
 * _CodecShims: libjpeg-turbo and libpng (with zlib) for ImageCodecs. No stable API.
 *
 * libjpeg and libpng report fatal errors by longjmp, which must never cross a Swift frame. Every
 * library call that can fail runs inside one of the functions below, which owns the setjmp and
 * returns SR_OK or an SR_ERR_* code; the library's message is kept in the handle and never printed.
 */
#ifndef SCROLLRENDER_CODEC_SHIMS_H
#define SCROLLRENDER_CODEC_SHIMS_H

#include <stddef.h>
#include <stdint.h>

#define SR_OK 0
#define SR_ERR_DATA 1      /* corrupt or unsupported data */
#define SR_ERR_TRUNCATED 2 /* the data ends before the picture does */
#define SR_ERR_MEMORY 3    /* the library could not allocate */
#define SR_ERR_STATE 4     /* called out of order, or a region outside the picture */
#define SR_ERR_MEMORY_LIMIT 5 /* libjpeg needs more memory than the caller allowed */

#define SR_MESSAGE_LENGTH 200
#define SR_MAX_WARNINGS 16

/* Messages a decoder collected: the first error and up to SR_MAX_WARNINGS distinct warnings. */
typedef struct sr_messages {
    char error[SR_MESSAGE_LENGTH];
    char warnings[SR_MAX_WARNINGS][SR_MESSAGE_LENGTH];
    int warning_count;      /* stored in `warnings` */
    int total_warnings;     /* including those not stored */
} sr_messages;

/* ---------------------------------------------------------------- JPEG */

typedef struct sr_jpeg_header {
    int width, height;                 /* as stored */
    int output_width, output_height;   /* after DCT scaling */
    int components;
    int jpeg_color_space;              /* J_COLOR_SPACE of the file */
    int precision;                     /* sample bits */
    int progressive, arithmetic;
    int saw_adobe_marker, adobe_transform;
    const uint8_t *exif;               /* APP1 Exif payload after "Exif\0\0", or NULL */
    size_t exif_length;
} sr_jpeg_header;

typedef struct sr_jpeg_decoder sr_jpeg_decoder;

/* Creates a decoder over `data`, which must outlive it, whose own allocations (coefficient
   buffers, row buffers) stay within `max_memory` bytes (0: libjpeg's default). NULL only when out
   of memory. */
sr_jpeg_decoder *sr_jpeg_create(const uint8_t *data, size_t size, long max_memory);
/* Reads the header and computes the output size for DCT scaling 1/scale_denom (1, 2, 4 or 8). */
int sr_jpeg_read_header(sr_jpeg_decoder *decoder, int scale_denom, sr_jpeg_header *header);
/* Decodes every scanline as RGBA8 into `rgba` (output_height rows of `stride` bytes). */
int sr_jpeg_decode_rgba(sr_jpeg_decoder *decoder, uint8_t *rgba, size_t stride);
/* Bytes libjpeg will allocate to decode any region of the picture at the scale given to
   sr_jpeg_read_header: the whole-image coefficient arrays of a multi-scan (progressive or
   non-interleaved) file, the row buffers, the saved markers and a fixed allowance for tables.
   An upper bound; it does not include the caller's output. Call after sr_jpeg_read_header. */
int sr_jpeg_library_memory(sr_jpeg_decoder *decoder, uint64_t *bytes);
/* Decodes only the region x, y, width × height of the stored picture at the header's DCT scale,
   as RGBA8 into `rgba` (height rows of `stride` bytes). Columns come from jpeg_crop_scanline
   (widened to iMCU boundaries and by one iMCU each side, so that the upsampler sees the same
   neighbours as in a full decode), rows above are skipped with jpeg_skip_scanlines, and decoding
   stops after the last row of the region. `memory_limit` (0: the one given to sr_jpeg_create)
   caps libjpeg's allocations; over it the call returns SR_ERR_MEMORY_LIMIT before decoding. */
int sr_jpeg_decode_region_rgba(sr_jpeg_decoder *decoder, int x, int y, int width, int height,
                               uint8_t *rgba, size_t stride, uint64_t memory_limit);
const sr_messages *sr_jpeg_messages(const sr_jpeg_decoder *decoder);
void sr_jpeg_destroy(sr_jpeg_decoder *decoder);

/* ---------------------------------------------------------------- PNG */

typedef struct sr_png_header {
    uint32_t width, height;
    int bit_depth, color_type, interlaced;
    int has_trns;
    const uint8_t *exif;               /* eXIf payload, or NULL */
    size_t exif_length;
} sr_png_header;

typedef struct sr_png_decoder sr_png_decoder;

sr_png_decoder *sr_png_create(const uint8_t *data, size_t size);
/* Reads the signature and every chunk up to the first IDAT. */
int sr_png_read_header(sr_png_decoder *decoder, sr_png_header *header);
/* Decodes to RGBA8: palette and low bit depths expanded, tRNS to alpha, 16-bit rounded to 8
   (png_set_scale_16), grey to RGB, no gamma correction; then reads to IEND. */
int sr_png_decode_rgba(sr_png_decoder *decoder, uint8_t *rgba, size_t stride);
/* Decodes only the region x, y, width × height, converted as sr_png_decode_rgba does. Rows are
   streamed through one full-width row and reading stops after the region's last row; an
   interlaced picture keeps the region's rows at full width while its seven passes fill them. */
int sr_png_decode_region_rgba(sr_png_decoder *decoder, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                              uint8_t *rgba, size_t stride);
/* Bytes libpng and this shim allocate besides the region itself: row buffers (the region's rows
   at full width when interlaced), zlib's inflate state and window, the saved eXIf chunk. */
uint64_t sr_png_region_memory(const sr_png_decoder *decoder, uint32_t region_height);
const sr_messages *sr_png_messages(const sr_png_decoder *decoder);
void sr_png_destroy(sr_png_decoder *decoder);

/* Filter choice for the encoder, mapped to libpng's PNG_FILTER_* masks. */
#define SR_PNG_FILTER_NONE 0
#define SR_PNG_FILTER_SUB 1
#define SR_PNG_FILTER_UP 2
#define SR_PNG_FILTER_AVG 3
#define SR_PNG_FILTER_PAETH 4
#define SR_PNG_FILTER_ADAPTIVE 5

/* Growable output of the encoder; free with sr_buffer_free. */
typedef struct sr_buffer {
    uint8_t *bytes;
    size_t length, capacity;
} sr_buffer;

/* Encodes RGBA8 pixels as an 8-bit PNG: RGB when `keep_alpha` is 0 (alpha dropped), else RGBA.
   `level` is zlib's 0–9, `filter` an SR_PNG_FILTER_* value. */
int sr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int keep_alpha, int level, int filter, sr_buffer *out, char message[SR_MESSAGE_LENGTH]);
void sr_buffer_free(sr_buffer *buffer);

/* zlib's CRC-32 as PNG chunks use it, continuing from `crc` (0 to start): equal to zlib's
   `crc32_z`, folded with carry-less multiplication where the processor has it. (The fast
   encoder computes Adler-32 itself, vectorised.) */
uint32_t sr_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/* Library versions, for manifests and `--version`. */
const char *sr_libpng_version(void);
int sr_libjpeg_version(void);
const char *sr_zlib_version(void);

#endif
