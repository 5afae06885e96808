/*
 * _FileShims: what FileSystem needs from C, renameat2 and libcrypto's SHA-256. No stable API.
 */
#ifndef SCROLLRENDER_FILE_SHIMS_H
#define SCROLLRENDER_FILE_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/* The shims' status codes, as far as these functions return them. */
#define SR_OK 0
#define SR_ERR_MEMORY 3    /* the library could not allocate */

/* ---------------------------------------------------------------- SHA-256 (libcrypto) */

typedef struct sr_sha256 sr_sha256;

/* A running SHA-256; NULL only when out of memory. */
sr_sha256 *sr_sha256_create(void);
int sr_sha256_update(sr_sha256 *digest, const uint8_t *bytes, size_t length);
/* Writes the 32-byte digest; the handle is spent (destroy it). */
int sr_sha256_finish(sr_sha256 *digest, uint8_t out[32]);
void sr_sha256_destroy(sr_sha256 *digest);

/* Swaps two paths (folders or files) on one file system in one step: renameat2 with
   RENAME_EXCHANGE (files.c). 0, or -1 with errno (EINVAL or ENOSYS where it is not supported). */
int sr_exchange_paths(const char *first, const char *second);

#endif
