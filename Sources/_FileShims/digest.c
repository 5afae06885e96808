/* SHA-256 through OpenSSL's libcrypto (Debian's libssl-dev), for the manifest's picture hash and
 * golden checks: one system library instead of a vendored copy of BoringSSL. EVP is the interface
 * OpenSSL 3 keeps; its calls fail only when out of memory, which is reported as SR_ERR_MEMORY. */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include "FileShims.h"

sr_sha256 *sr_sha256_create(void) {
    /* No cleanup at exit: the picture is hashed on a background thread, and a run that ends early
     * (a refused picture) calls exit() while it may still hash; libcrypto's atexit handler would
     * free the locks that thread is using (a SIGSEGV in pthread_rwlock_wrlock, about 1 run in 50).
     * Only the first initialisation's flags count, so every call asks for it. */
    if (OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, NULL) != 1) return NULL;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return NULL;
    if (EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    return (sr_sha256 *)context;
}

int sr_sha256_update(sr_sha256 *digest, const uint8_t *bytes, size_t length) {
    return EVP_DigestUpdate((EVP_MD_CTX *)digest, bytes, length) == 1 ? SR_OK : SR_ERR_MEMORY;
}

int sr_sha256_finish(sr_sha256 *digest, uint8_t out[32]) {
    unsigned int length = 0;
    return EVP_DigestFinal_ex((EVP_MD_CTX *)digest, out, &length) == 1 && length == 32 ? SR_OK : SR_ERR_MEMORY;
}

void sr_sha256_destroy(sr_sha256 *digest) {
    EVP_MD_CTX_free((EVP_MD_CTX *)digest);
}
