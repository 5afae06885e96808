// Text through FreeType (FreeType License; Debian's libfreetype6): a title line drawn over demo
// media. Every call's error is checked; FreeType's API has no setjmp.
#include "FontShims.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdlib.h>
#include <string.h>

static void blit(sr_text_line *line, const FT_Bitmap *bitmap, int left, int top) {
    for (unsigned row = 0; row < bitmap->rows; row++) {
        int y = top + (int)row;
        if (y < 0 || y >= line->height) continue;
        const uint8_t *source = bitmap->buffer + (long)row * bitmap->pitch;
        for (unsigned column = 0; column < bitmap->width; column++) {
            int x = left + (int)column;
            if (x < 0 || x >= line->width) continue;
            uint8_t *target = line->coverage + (long)y * line->width + x;
            if (source[column] > *target) *target = source[column];
        }
    }
}

/* Walks the line's glyphs with their kerning, from pen position *pen (26.6 fixed point): with a
 * line, renders each and blits it; without one, only measures. */
static int walk(FT_Face face, const uint32_t *codes, int count, sr_text_line *line, FT_Pos *pen) {
    FT_UInt previous = 0;
    int error;
    for (int i = 0; i < count; i++) {
        FT_UInt glyph = FT_Get_Char_Index(face, codes[i]);
        if (previous && glyph && FT_HAS_KERNING(face)) {
            FT_Vector kern;
            if ((error = FT_Get_Kerning(face, previous, glyph, FT_KERNING_DEFAULT, &kern))) return error;
            *pen += kern.x;
        }
        if ((error = FT_Load_Glyph(face, glyph, line ? FT_LOAD_RENDER : FT_LOAD_DEFAULT))) return error;
        FT_GlyphSlot slot = face->glyph;
        if (line && slot->bitmap.pixel_mode == FT_PIXEL_MODE_GRAY) {
            blit(line, &slot->bitmap, (int)(*pen >> 6) + slot->bitmap_left, line->baseline - slot->bitmap_top);
        }
        *pen += slot->advance.x;
        previous = glyph;
    }
    return 0;
}

static int line_width(FT_Face face, const uint32_t *codes, int count, int *width) {
    FT_Pos pen = 0;
    int error = walk(face, codes, count, NULL, &pen);
    *width = (int)((pen + 63) >> 6) + 2;
    return error;
}

static int draw(FT_Face face, const uint32_t *codes, int count, sr_text_line *line) {
    FT_Pos pen = 1 << 6;
    return walk(face, codes, count, line, &pen);
}

static int render_face(FT_Face face, const uint32_t *codes, int count, int pixel_size, sr_text_line *line) {
    int error, width;
    if ((error = FT_Set_Pixel_Sizes(face, 0, (FT_UInt)pixel_size))) return error;
    if ((error = line_width(face, codes, count, &width))) return error;
    int ascender = (int)((face->size->metrics.ascender + 63) >> 6);
    int descender = (int)((-face->size->metrics.descender + 63) >> 6);
    line->width = width;
    line->height = ascender + descender;
    line->baseline = ascender;
    line->coverage = calloc((size_t)line->width * (size_t)line->height, 1);
    if (!line->coverage) return -1;
    return draw(face, codes, count, line);
}

int sr_text_line_render(const char *path, const uint32_t *codes, int count, int pixel_size, sr_text_line *line) {
    memset(line, 0, sizeof *line);
    FT_Library library;
    FT_Face face;
    int error = FT_Init_FreeType(&library);
    if (error) return error;
    error = FT_New_Face(library, path, 0, &face);
    if (!error) {
        error = render_face(face, codes, count, pixel_size, line);
        int done = FT_Done_Face(face);
        if (!error) error = done;
    }
    int closed = FT_Done_FreeType(library);
    if (!error) error = closed;
    if (error) sr_text_line_free(line);
    return error;
}

void sr_text_line_free(sr_text_line *line) {
    free(line->coverage);
    memset(line, 0, sizeof *line);
}
