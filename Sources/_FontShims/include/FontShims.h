#ifndef SR_FONT_SHIMS_H
#define SR_FONT_SHIMS_H

#include <stdint.h>

/// One line of text as coverage: `width × height` bytes, 0 (clear) to 255 (ink), the baseline at
/// row `baseline`. Freed with sr_text_line_free.
typedef struct {
    uint8_t *coverage;
    int width;
    int height;
    int baseline;
} sr_text_line;

/// Renders `count` Unicode code points in the font file at `path`, `pixel_size` pixels to the em,
/// anti-aliased, with the font's kerning. Returns 0, or FreeType's error code (never 0), or -1 when
/// memory runs out; `line` is then left empty.
int sr_text_line_render(const char *path, const uint32_t *codes, int count, int pixel_size, sr_text_line *line);

void sr_text_line_free(sr_text_line *line);

#endif
