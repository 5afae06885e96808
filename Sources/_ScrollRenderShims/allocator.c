/* The command-line tool's allocator setting. Frame workers allocate and free layer tiles, coded
 * rows and canvases of several megabytes on whichever threads Dispatch gives them; with glibc's
 * default of up to eight arenas a core, a block freed into one thread's arena could not serve the
 * next layer drawn on another, and the bench fling's peak memory moved between 194 and 218 MB
 * from run to run. With one arena it stayed within 194-198 MB in 30 runs, at the same user time
 * (medians of 30 alternating runs: 0.590 s against 0.600 s). */
#include "ScrollRenderShims.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int sr_use_one_malloc_arena(void) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, 1);
#else
    return 1;
#endif
}
