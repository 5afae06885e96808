/* zlib's CRC-32, for the fast PNG encoder that frames its own chunks. It cannot fail. */
#include <zlib.h>
#include "ScrollRenderShims.h"

uint32_t sr_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    return (uint32_t)crc32_z(crc, bytes, length);
}
