/*
 * _DeflateShims: libdeflate's zlib decoder for ImageCodecs' frame reader. No stable API. libdeflate
 * returns error codes and never longjmps, so nothing here needs a setjmp.
 */
#ifndef SCROLLRENDER_DEFLATE_SHIMS_H
#define SCROLLRENDER_DEFLATE_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/* The shims' status codes, as far as sr_inflate_zlib returns them. */
#define SR_OK 0
#define SR_ERR_DATA 1      /* corrupt or unsupported data */
#define SR_ERR_TRUNCATED 2 /* the data ends before the picture does */
#define SR_ERR_MEMORY 3    /* the library could not allocate */

/* Decodes the zlib stream in `input` into exactly `output_count` bytes at `output` with libdeflate,
   which checks the stream's Adler-32 (inflate.c). SR_OK; SR_ERR_TRUNCATED when the stream holds
   fewer bytes; SR_ERR_DATA for any other damage, a wrong checksum, more bytes or bytes after the stream;
   SR_ERR_MEMORY. */
int sr_inflate_zlib(const uint8_t *input, size_t input_count, uint8_t *output, size_t output_count);

#endif
