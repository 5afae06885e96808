/* PNG decoding and encoding through libpng. Every call that can fail sits behind this file's setjmp. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>
#include "messages.h"

/* Limits on what a file can make libpng do besides decoding pixels (which the caller's pixel limit
   bounds). Every ancillary chunk scrollrender does not use (all but tRNS and eXIf) is skipped
   unread, with no buffer allocated: no zlib bomb in zTXt, iTXt or iCCP is ever inflated, and no
   chunk's claimed length is ever allocated (libpng allocates and zeroes it for sCAL, pCAL, sPLT
   and the text chunks). Unknown chunks are skipped the same way. SR_PNG_MAX_CHUNK_BYTES and
   SR_PNG_MAX_CACHED_CHUNKS are libpng's own defaults, set here so that they do not depend on the
   build. Warnings past SR_PNG_MAX_WARNINGS end the decode. */
#define SR_PNG_MAX_CHUNK_BYTES 8000000
#define SR_PNG_MAX_CACHED_CHUNKS 1000
#define SR_PNG_MAX_WARNINGS 10000
static const png_byte sr_png_skipped_chunks[] =
    "bKGD\0cHRM\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0sTER\0tEXt\0tIME\0zTXt\0";
#define SR_PNG_SKIPPED_CHUNK_COUNT 17

struct sr_png_decoder {
    png_structp png;
    png_infop info;
    sr_messages messages;
    const uint8_t *data;
    size_t size, position;
    int truncated;
    int header_read;
};

static void on_png_error(png_structp png, png_const_charp text) {
    sr_messages *messages = png_get_error_ptr(png);
    sr_messages_set_error(messages, text);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp text) {
    sr_messages *messages = png_get_error_ptr(png);
    sr_messages_add_warning(messages, text);
    if (messages->total_warnings > SR_PNG_MAX_WARNINGS) png_error(png, "too much corrupt data (over 10000 warnings)");
}

static void read_from_memory(png_structp png, png_bytep destination, size_t length) {
    sr_png_decoder *decoder = png_get_io_ptr(png);
    if (length > decoder->size - decoder->position) {
        decoder->truncated = 1;
        png_error(png, "the file ends before the picture does");
    }
    memcpy(destination, decoder->data + decoder->position, length);
    decoder->position += length;
}

static uint32_t read_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* How much of the file libpng may see: all of it, or up to the first chunk other than IDAT that
   claims more bytes than the file has left, which libpng would otherwise allocate before finding
   the file too short (eXIf: up to 2 GB from a 30-byte file). Cut there, libpng meets the end of
   the file instead and the picture is reported truncated. IDAT is streamed, never allocated. */
static size_t visible_size(const uint8_t *data, size_t size) {
    size_t offset = 8;
    while (offset <= size && size - offset >= 12) {
        uint32_t length = read_be32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (length > size - offset - 12 && memcmp(type, "IDAT", 4) != 0) return offset;
        if (memcmp(type, "IEND", 4) == 0) break;
        offset += 12 + (size_t)length;
    }
    return size;
}

sr_png_decoder *sr_png_create(const uint8_t *data, size_t size) {
    sr_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = visible_size(data, size);
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->messages, on_png_error, on_png_warning);
    if (decoder->png) decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->info) {
        sr_png_destroy(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, read_from_memory);
    /* Our own pixel limit is checked by the caller; lift libpng's 1,000,000-pixel side limit. */
    png_set_user_limits(decoder->png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_malloc_max(decoder->png, SR_PNG_MAX_CHUNK_BYTES);
    png_set_chunk_cache_max(decoder->png, SR_PNG_MAX_CACHED_CHUNKS);
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, sr_png_skipped_chunks, SR_PNG_SKIPPED_CHUNK_COUNT);
    return decoder;
}

static int png_failure(const sr_png_decoder *decoder) {
    return decoder->truncated ? SR_ERR_TRUNCATED : SR_ERR_DATA;
}

int sr_png_read_header(sr_png_decoder *decoder, sr_png_header *header) {
    if (decoder->header_read) return SR_ERR_STATE;
    memset(header, 0, sizeof *header);
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (setjmp(png_jmpbuf(png))) return png_failure(decoder);
    png_read_info(png, info);
    decoder->header_read = 1;
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_bytep exif = NULL;
    png_uint_32 exif_length = 0;
    if (png_get_eXIf_1(png, info, &exif_length, &exif) && exif) {
        header->exif = exif;
        header->exif_length = exif_length;
    }
    return SR_OK;
}

/* The transformations that turn every colour type and bit depth into RGBA8, without gamma. */
static void request_rgba8(png_structp png, png_infop info) {
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);
    if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
}

int sr_png_decode_rgba(sr_png_decoder *decoder, uint8_t *rgba, size_t stride) {
    if (!decoder->header_read) return SR_ERR_STATE;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (setjmp(png_jmpbuf(png))) return png_failure(decoder);
    request_rgba8(png, info);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout after conversion to RGBA");
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) png_read_row(png, rgba + (size_t)y * stride, NULL);
    }
    png_read_end(png, NULL);
    return SR_OK;
}

/* zlib's inflate state with its 32 KB window, and libpng's own small buffers, generously. */
#define SR_PNG_FIXED_ALLOWANCE (128ULL * 1024)

/* Whether libpng delivers the picture in seven passes (Adam7). */
static int is_interlaced(const sr_png_decoder *decoder) {
    return png_get_interlace_type(decoder->png, decoder->info) != PNG_INTERLACE_NONE;
}

uint64_t sr_png_region_memory(const sr_png_decoder *decoder, uint32_t region_height) {
    uint64_t width = png_get_image_width(decoder->png, decoder->info);
    /* libpng's current and previous rows, at up to 64 bits a pixel before and after conversion. */
    uint64_t bytes = 2 * (width * 8 + 64) + SR_PNG_FIXED_ALLOWANCE;
    bytes += width * 4;                                            /* the scratch row */
    if (is_interlaced(decoder)) bytes += width * 4 * (uint64_t)region_height;
    png_bytep exif = NULL;
    png_uint_32 exif_length = 0;
    if (png_get_eXIf_1(decoder->png, decoder->info, &exif_length, &exif)) bytes += exif_length;
    return bytes;
}

int sr_png_decode_region_rgba(sr_png_decoder *decoder, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                              uint8_t *rgba, size_t stride) {
    if (!decoder->header_read) return SR_ERR_STATE;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    png_uint_32 image_width = png_get_image_width(png, info), image_height = png_get_image_height(png, info);
    if (width == 0 || height == 0 || x > image_width || width > image_width - x || y > image_height ||
        height > image_height - y) {
        sr_messages_set_error(&decoder->messages, "the region is outside the picture");
        return SR_ERR_STATE;
    }
    int interlaced = is_interlaced(decoder);
    size_t row_bytes = (size_t)image_width * 4;
    uint8_t *volatile scratch = NULL;
    uint8_t *volatile kept = NULL;   /* interlaced: the region's rows at full width */
    if (setjmp(png_jmpbuf(png))) {
        free(scratch);
        free(kept);
        return png_failure(decoder);
    }
    request_rgba8(png, info);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes) png_error(png, "unexpected row layout after conversion to RGBA");
    scratch = malloc(row_bytes);
    if (interlaced) kept = malloc(row_bytes * height);
    if (!scratch || (interlaced && !kept)) png_error(png, "out of memory for the region's rows");

    for (int pass = 0; pass < passes; pass++) {
        int last_pass = pass == passes - 1;
        for (png_uint_32 row = 0; row < image_height; row++) {
            int needed = row >= y && row - y < height;
            uint8_t *target = needed && interlaced ? kept + (size_t)(row - y) * row_bytes : scratch;
            png_read_row(png, target, NULL);
            if (needed && !interlaced) memcpy(rgba + (size_t)(row - y) * stride, scratch + (size_t)x * 4, (size_t)width * 4);
            if (last_pass && row >= y && row - y == height - 1) break;   /* nothing below is needed */
        }
    }
    if (interlaced) {
        for (uint32_t r = 0; r < height; r++)
            memcpy(rgba + (size_t)r * stride, kept + (size_t)r * row_bytes + (size_t)x * 4, (size_t)width * 4);
    }
    free(scratch);
    free(kept);
    return SR_OK;
}

const sr_messages *sr_png_messages(const sr_png_decoder *decoder) { return &decoder->messages; }

void sr_png_destroy(sr_png_decoder *decoder) {
    if (!decoder) return;
    png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
    free(decoder);
}

/* ---------------------------------------------------------------- encoding */

typedef struct sr_writer {
    sr_buffer *buffer;
    char *message;
} sr_writer;

static void on_write_error(png_structp png, png_const_charp text) {
    sr_writer *writer = png_get_error_ptr(png);
    strncpy(writer->message, text, SR_MESSAGE_LENGTH - 1);
    writer->message[SR_MESSAGE_LENGTH - 1] = '\0';
    png_longjmp(png, 1);
}

static void on_write_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void write_to_memory(png_structp png, png_bytep bytes, size_t length) {
    sr_buffer *buffer = ((sr_writer *)png_get_io_ptr(png))->buffer;
    if (length > buffer->capacity - buffer->length) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (length > capacity - buffer->length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory while encoding");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static int filter_mask(int filter) {
    switch (filter) {
    case SR_PNG_FILTER_NONE: return PNG_FILTER_NONE;
    case SR_PNG_FILTER_SUB: return PNG_FILTER_SUB;
    case SR_PNG_FILTER_UP: return PNG_FILTER_UP;
    case SR_PNG_FILTER_AVG: return PNG_FILTER_AVG;
    case SR_PNG_FILTER_PAETH: return PNG_FILTER_PAETH;
    default: return PNG_ALL_FILTERS;
    }
}

static int write_rows(png_structp png, png_infop info, const uint8_t *rgba, uint32_t width, uint32_t height,
                      size_t stride, int keep_alpha, int level, int filter) {
    png_set_IHDR(png, info, width, height, 8, keep_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter_mask(filter));
    png_write_info(png, info);
    if (!keep_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER); /* input rows still carry alpha: skip it */
    for (uint32_t y = 0; y < height; y++) png_write_row(png, rgba + (size_t)y * stride);
    png_write_end(png, info);
    return SR_OK;
}

int sr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int keep_alpha, int level, int filter, sr_buffer *out, char message[SR_MESSAGE_LENGTH]) {
    memset(out, 0, sizeof *out);
    message[0] = '\0';
    sr_writer writer = {out, message};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, on_write_error, on_write_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(message, "out of memory while encoding");
        return SR_ERR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        sr_buffer_free(out);
        return SR_ERR_DATA;
    }
    png_set_write_fn(png, &writer, write_to_memory, flush_nothing);
    int result = write_rows(png, info, rgba, width, height, stride, keep_alpha, level, filter);
    png_destroy_write_struct(&png, &info);
    return result;
}

void sr_buffer_free(sr_buffer *buffer) {
    free(buffer->bytes);
    memset(buffer, 0, sizeof *buffer);
}

const char *sr_libpng_version(void) { return png_get_libpng_ver(NULL); }
const char *sr_zlib_version(void) { return zlibVersion(); }
