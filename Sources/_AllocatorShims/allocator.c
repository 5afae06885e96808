/* The command-line tool's allocator settings. Frame workers allocate and free layer tiles, coded
 * rows and canvases of several megabytes on whichever threads Dispatch gives them; with glibc's
 * default of up to eight arenas a core, a block freed into one thread's arena could not serve the
 * next layer drawn on another, and the bench fling's peak memory moved between 194 and 218 MB
 * from run to run. With one arena it stayed within 194-198 MB in 30 runs, at the same user time
 * (medians of 30 alternating runs: 0.590 s against 0.600 s). */
#include <stdlib.h> /* any libc header first: it defines __GLIBC__ where glibc is */
#include "AllocatorShims.h"
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

/* For `diff`, which allocates and frees the same few blocks of megabytes (each frame's file, its
 * inflated rows, its picture) for every frame pair. glibc mapped most of them afresh and gave them
 * back, and the kernel zeroed every page again on first touch: a third of the diff's CPU time.
 * Blocks up to 32 MB now come from the heap, and up to 64 MB freed at its top stay for the next
 * pair. The main job's 800-against-820 diff: 2.95 s to 1.93 s, the same 63 MB peak. Not for
 * renders: their peak memory grew by a tenth with it. */
int sr_reuse_freed_blocks(void) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 64 << 20);
#else
    return 1;
#endif
}

/* For renders, which allocate and free a frame's canvas and PNG buffer (12-13 MB each) for every
 * frame drawn alone (a pinch), and a content layer for every batch an export draws (an iPad Pro
 * 13-inch's is up to 34 MB): glibc mapped each afresh and the kernel faulted and zeroed its pages
 * again. Blocks up to 40 MB now come from the heap and up to 96 MB freed at its top stay; the
 * picture and its larger mipmap levels are still mapped and given back. With 24 and 48 MB the
 * 13-inch demo's export still spent 2.3 s of system time on a 34 MB layer a batch; with 40 and
 * 96 MB, 0.6 s, its wall time 4.2 to 2.9 s at the same 215-220 MB peak; the bench pinch the same
 * time for 3 MB more (187 MB; farm-bench -n 9). Before, with 16 and 32 MB, the bench pinch's
 * page faults fell from 61 000-93 000 to 42 000 and its system time about halved. */
int sr_reuse_frame_blocks(void) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, 40 << 20) && mallopt(M_TRIM_THRESHOLD, 96 << 20);
#else
    return 1;
#endif
}
