/* Inflates a frame's zlib stream with libdeflate (Debian's libdeflate, MIT, fuzzed continuously
 * under OSS-Fuzz), for ImageCodecs/FastPNGDecoder.swift. A PNG's filtered rows have a size known in
 * advance, so libdeflate writes straight into one buffer of that size with no window to slide,
 * checks the Adler-32, and refuses a stream that holds more or fewer bytes. It returns error codes
 * and never longjmps, so no setjmp is needed; the Swift side hands any refused file to libpng,
 * which says in its words what is wrong.
 *
 * The hand-written decoder that was here until issue 35 trusted a refill it had not made for the
 * 57 bits of a dynamic block's code-length codes, and a crafted 4 KB frame crashed `diff` with it:
 * bytes that users hand us are decoded by a well-kept library, never by our own code. */
#include <libdeflate.h>
#include "DeflateShims.h"

int sr_inflate_zlib(const uint8_t *input, size_t input_count, uint8_t *output, size_t output_count) {
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (!decompressor) return SR_ERR_MEMORY;
    /* No actual-size pointer: libdeflate then insists on exactly output_count bytes. */
    size_t used = 0;
    enum libdeflate_result result =
        libdeflate_zlib_decompress_ex(decompressor, input, input_count, output, output_count, &used, NULL);
    libdeflate_free_decompressor(decompressor);
    switch (result) {
    /* Bytes after the stream are left to libpng, which decides what they mean. */
    case LIBDEFLATE_SUCCESS: return used == input_count ? SR_OK : SR_ERR_DATA;
    case LIBDEFLATE_SHORT_OUTPUT: return SR_ERR_TRUNCATED;
    default: return SR_ERR_DATA;
    }
}
