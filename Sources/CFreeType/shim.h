// FreeType's headers, found through pkg-config's freetype2 (Debian's libfreetype-dev): only so that
// _FontShims, which alone uses them, gets their include path.
#include <ft2build.h>
#include FT_FREETYPE_H
