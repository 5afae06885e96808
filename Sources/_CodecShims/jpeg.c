/* JPEG decoding through libjpeg-turbo. Every call that can fail sits behind this file's setjmp. */
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include "messages.h"

/* A progressive file can hold any number of scans, each costing a pass over the picture; real
   encoders write about ten (eighteen for CMYK). Refusing more bounds the time a hostile file can
   take: a scan with no data is a few bytes and still walks every block. */
#define SR_JPEG_MAX_SCANS 1000
/* ...and scans × pixels: a 268-megapixel picture may have 32 scans, a 16-megapixel one 512. */
#define SR_JPEG_MAX_SCAN_PIXELS (1ULL << 33)
/* Corrupt data costs a warning per damaged block or restart interval; past this many the picture
   is noise, and formatting each one would cost more than the decoding. */
#define SR_JPEG_MAX_WARNINGS 10000

typedef struct sr_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    sr_messages *messages;
    int truncated;
} sr_error_manager;

typedef struct sr_progress {
    struct jpeg_progress_mgr base;
    sr_error_manager *errors;
} sr_progress;

struct sr_jpeg_decoder {
    struct jpeg_decompress_struct info;
    sr_error_manager errors;
    sr_progress progress;
    sr_messages messages;
    const uint8_t *data;
    size_t size;
    int header_read;
};

static void on_error_exit(j_common_ptr info) {
    sr_error_manager *errors = (sr_error_manager *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    sr_messages_set_error(errors->messages, text);
    longjmp(errors->jump, 1);
}

/* Replaces libjpeg's printing: warnings are collected, trace messages dropped. */
static void on_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    sr_error_manager *errors = (sr_error_manager *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    sr_messages_add_warning(errors->messages, text);
    info->err->num_warnings++;
    if (info->err->msg_code == JWRN_JPEG_EOF) errors->truncated = 1;
    if (info->err->num_warnings > SR_JPEG_MAX_WARNINGS) {
        sr_messages_set_error(errors->messages, "too much corrupt data (over 10000 warnings)");
        longjmp(errors->jump, 1);
    }
}

static void on_output_message(j_common_ptr info) { (void)info; }

static void on_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    sr_error_manager *errors = ((sr_progress *)info->progress)->errors;
    if (decompress->input_scan_number > SR_JPEG_MAX_SCANS) {
        sr_messages_set_error(errors->messages, "too many progressive scans (over 1000)");
        longjmp(errors->jump, 1);
    }
    unsigned long long pixels = (unsigned long long)decompress->image_width * decompress->image_height;
    if ((unsigned long long)decompress->input_scan_number * pixels > SR_JPEG_MAX_SCAN_PIXELS) {
        char text[SR_MESSAGE_LENGTH];
        snprintf(text, sizeof text, "too many progressive scans for the picture's size (%d scans of %llu pixels)",
                 decompress->input_scan_number, pixels);
        sr_messages_set_error(errors->messages, text);
        longjmp(errors->jump, 1);
    }
}

sr_jpeg_decoder *sr_jpeg_create(const uint8_t *data, size_t size, long max_memory) {
    sr_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->info.err = jpeg_std_error(&decoder->errors.base);
    decoder->errors.base.error_exit = on_error_exit;
    decoder->errors.base.emit_message = on_emit_message;
    decoder->errors.base.output_message = on_output_message;
    decoder->errors.messages = &decoder->messages;
    if (setjmp(decoder->errors.jump)) {
        jpeg_destroy_decompress(&decoder->info);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    /* With no backing store, libjpeg fails (JERR_NO_BACKING_STORE) rather than go past this: a
       header that lies about its size cannot make it allocate more. */
    if (max_memory > 0) decoder->info.mem->max_memory_to_use = max_memory;
    decoder->progress.base.progress_monitor = on_progress;
    decoder->progress.errors = &decoder->errors;
    decoder->info.progress = &decoder->progress.base;
    return decoder;
}

/* The error code for a failure: truncation is reported as such even when it surfaced as
   another message (a file cut inside its header ends in "contains no image"). */
static int failure_code(const sr_jpeg_decoder *decoder) {
    return decoder->errors.truncated ? SR_ERR_TRUNCATED : SR_ERR_DATA;
}

static void find_exif(sr_jpeg_decoder *decoder, sr_jpeg_header *header) {
    static const uint8_t signature[6] = {'E', 'x', 'i', 'f', 0, 0};
    for (jpeg_saved_marker_ptr marker = decoder->info.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length > sizeof signature &&
            memcmp(marker->data, signature, sizeof signature) == 0) {
            header->exif = marker->data + sizeof signature;
            header->exif_length = marker->data_length - sizeof signature;
            return;
        }
    }
}

int sr_jpeg_read_header(sr_jpeg_decoder *decoder, int scale_denom, sr_jpeg_header *header) {
    if (decoder->header_read) return SR_ERR_STATE;
    memset(header, 0, sizeof *header);
    struct jpeg_decompress_struct *info = &decoder->info;
    if (setjmp(decoder->errors.jump)) return failure_code(decoder);
    jpeg_mem_src(info, decoder->data, (unsigned long)decoder->size);
    jpeg_save_markers(info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(info, TRUE);
    decoder->header_read = 1;

    int cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
    info->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info->dct_method = JDCT_ISLOW;        /* deterministic on every CPU, and the reference's choice */
    info->do_fancy_upsampling = TRUE;
    info->scale_num = 1;
    info->scale_denom = (unsigned int)scale_denom;
    jpeg_calc_output_dimensions(info);

    header->width = (int)info->image_width;
    header->height = (int)info->image_height;
    header->output_width = (int)info->output_width;
    header->output_height = (int)info->output_height;
    header->components = info->num_components;
    header->jpeg_color_space = info->jpeg_color_space;
    header->precision = info->data_precision;
    header->progressive = info->progressive_mode;
    header->arithmetic = info->arith_code;
    header->saw_adobe_marker = info->saw_Adobe_marker;
    header->adobe_transform = info->Adobe_transform;
    find_exif(decoder, header);
    return decoder->errors.truncated ? SR_ERR_TRUNCATED : SR_OK;
}

/* CMYK to RGB in place. Adobe writes inverted CMYK, where R = C·K/255; plain CMYK inverts first. */
static void convert_cmyk_row(uint8_t *row, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++) {
        uint8_t *pixel = row + 4 * (size_t)x;
        unsigned c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        pixel[0] = (uint8_t)((c * k + 127) / 255);
        pixel[1] = (uint8_t)((m * k + 127) / 255);
        pixel[2] = (uint8_t)((y * k + 127) / 255);
        pixel[3] = 255;
    }
}

int sr_jpeg_decode_rgba(sr_jpeg_decoder *decoder, uint8_t *rgba, size_t stride) {
    if (!decoder->header_read) return SR_ERR_STATE;
    struct jpeg_decompress_struct *info = &decoder->info;
    if (setjmp(decoder->errors.jump)) return failure_code(decoder);
    jpeg_start_decompress(info);
    int cmyk = info->out_color_space == JCS_CMYK;
    while (info->output_scanline < info->output_height) {
        uint8_t *row = rgba + (size_t)info->output_scanline * stride;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(info, rows, 1) != 1) break;
        if (cmyk) convert_cmyk_row(row, info->output_width, info->saw_Adobe_marker);
        /* A cut-off file is padded by libjpeg with grey; stop rather than render that. */
        if (decoder->errors.truncated) return SR_ERR_TRUNCATED;
    }
    jpeg_finish_decompress(info);
    return decoder->errors.truncated ? SR_ERR_TRUNCATED : SR_OK;
}

/* ---------------------------------------------------------------- regions */

#if JPEG_LIB_VERSION >= 70
#define SR_MIN_DCT_SCALED_SIZE(info) ((info)->min_DCT_h_scaled_size)
#else
#define SR_MIN_DCT_SCALED_SIZE(info) ((info)->min_DCT_scaled_size)
#endif
/* Quantisation and Huffman tables, the IDCT's multipliers, the range-limit table and the memory
   manager's pool slop: a few tens of kilobytes in libjpeg-turbo 2.1, allowed for generously. */
#define SR_JPEG_FIXED_ALLOWANCE (256ULL * 1024)

static uint64_t round_up(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

/* The whole-image coefficient arrays (one JBLOCK per block of every component, padded to whole
   MCUs), which libjpeg keeps only for files it must read in several scans. */
static uint64_t coefficient_bytes(j_decompress_ptr info) {
    if (!jpeg_has_multiple_scans(info)) return 0;
    uint64_t bytes = 0;
    for (int ci = 0; ci < info->num_components; ci++) {
        jpeg_component_info *component = &info->comp_info[ci];
        bytes += round_up(component->width_in_blocks, (uint64_t)component->h_samp_factor) *
                 round_up(component->height_in_blocks, (uint64_t)component->v_samp_factor) * sizeof(JBLOCK);
    }
    return bytes;
}

/* Row buffers, at full width (cropping happens after they are allocated): the main controller's
   sample rows (up to three iMCU rows with context for fancy upsampling, plus pointer lists) and the
   upsampler's colour rows, per component. */
static uint64_t row_buffer_bytes(j_decompress_ptr info) {
    uint64_t bytes = 0;
    uint64_t upsampled_width = round_up(info->output_width, (uint64_t)info->max_h_samp_factor);
    for (int ci = 0; ci < info->num_components; ci++) {
        jpeg_component_info *component = &info->comp_info[ci];
        uint64_t iMCU_rows = (uint64_t)component->v_samp_factor * DCTSIZE;
        bytes += round_up(component->width_in_blocks, (uint64_t)component->h_samp_factor) * DCTSIZE * iMCU_rows * 4;
        bytes += upsampled_width * (uint64_t)info->max_v_samp_factor;
    }
    return bytes;
}

static uint64_t saved_marker_bytes(j_decompress_ptr info) {
    uint64_t bytes = 0;
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next)
        bytes += sizeof *marker + marker->data_length + 64;
    return bytes;
}

int sr_jpeg_library_memory(sr_jpeg_decoder *decoder, uint64_t *bytes) {
    *bytes = 0;
    if (!decoder->header_read) return SR_ERR_STATE;
    j_decompress_ptr info = &decoder->info;
    if (setjmp(decoder->errors.jump)) return failure_code(decoder);
    *bytes = coefficient_bytes(info) + row_buffer_bytes(info) + saved_marker_bytes(info) + SR_JPEG_FIXED_ALLOWANCE;
    return SR_OK;
}

/* A failure while decoding a region: the memory limit in its own words, else as usual. */
static int region_failure(sr_jpeg_decoder *decoder) {
    long limit = decoder->info.mem->max_memory_to_use;
    if (limit > 0 && decoder->errors.base.msg_code == JERR_NO_BACKING_STORE) {
        char text[SR_MESSAGE_LENGTH];
        snprintf(text, sizeof text, "libjpeg needs more than the %ld bytes allowed", limit);
        decoder->messages.error[0] = '\0';   /* replaces "Backing store not supported" */
        sr_messages_set_error(&decoder->messages, text);
        return SR_ERR_MEMORY_LIMIT;
    }
    return failure_code(decoder);
}

int sr_jpeg_decode_region_rgba(sr_jpeg_decoder *decoder, int x, int y, int width, int height,
                               uint8_t *rgba, size_t stride, uint64_t memory_limit) {
    if (!decoder->header_read) return SR_ERR_STATE;
    struct jpeg_decompress_struct *info = &decoder->info;
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || (JDIMENSION)x + (JDIMENSION)width > info->output_width ||
        (JDIMENSION)y + (JDIMENSION)height > info->output_height) {
        sr_messages_set_error(&decoder->messages, "the region is outside the picture");
        return SR_ERR_STATE;
    }
    uint8_t *volatile row = NULL;
    if (setjmp(decoder->errors.jump)) {
        free(row);
        return region_failure(decoder);
    }
    if (memory_limit > 0) info->mem->max_memory_to_use = memory_limit > (uint64_t)LONG_MAX ? LONG_MAX : (long)memory_limit;
    jpeg_start_decompress(info);

    /* One iMCU of margin each side: the fancy upsampler treats a crop's edges as the picture's. */
    JDIMENSION margin = (JDIMENSION)(SR_MIN_DCT_SCALED_SIZE(info) * info->max_h_samp_factor);
    JDIMENSION left = (JDIMENSION)x > margin ? (JDIMENSION)x - margin : 0;
    JDIMENSION right = (JDIMENSION)(x + width) + margin;
    if (right > info->output_width) right = info->output_width;
    JDIMENSION crop_x = left, crop_width = right - left;
    if (crop_width < info->output_width) jpeg_crop_scanline(info, &crop_x, &crop_width);
    else crop_x = 0;

    row = malloc((size_t)info->output_width * 4);
    if (!row) {
        sr_messages_set_error(&decoder->messages, "out of memory for a row");
        return SR_ERR_MEMORY;
    }
    if (y > 0 && jpeg_skip_scanlines(info, (JDIMENSION)y) != (JDIMENSION)y) decoder->errors.truncated = 1;
    int cmyk = info->out_color_space == JCS_CMYK;
    uint8_t *region_start = row + 4 * (size_t)((JDIMENSION)x - crop_x);
    for (int r = 0; r < height && !decoder->errors.truncated; r++) {
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(info, rows, 1) != 1) decoder->errors.truncated = 1;
        if (cmyk) convert_cmyk_row(region_start, (JDIMENSION)width, info->saw_Adobe_marker);
        memcpy(rgba + (size_t)r * stride, region_start, (size_t)width * 4);
    }
    free(row);
    row = NULL;
    if (decoder->errors.truncated) return SR_ERR_TRUNCATED;
    jpeg_abort_decompress(info);   /* the rows below the region are never read */
    return SR_OK;
}

const sr_messages *sr_jpeg_messages(const sr_jpeg_decoder *decoder) { return &decoder->messages; }

void sr_jpeg_destroy(sr_jpeg_decoder *decoder) {
    if (!decoder) return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

int sr_libjpeg_version(void) { return LIBJPEG_TURBO_VERSION_NUMBER; }
