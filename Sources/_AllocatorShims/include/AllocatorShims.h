/*
 * _AllocatorShims: glibc's malloc settings for the command-line tool, through ScrollRenderCLI. No
 * stable API. Where the libc is not glibc, each does nothing and returns 1.
 */
#ifndef SCROLLRENDER_ALLOCATOR_SHIMS_H
#define SCROLLRENDER_ALLOCATOR_SHIMS_H

/* Makes every thread allocate from one malloc arena (glibc's M_ARENA_MAX, which Swift's Glibc
   module does not bring in), for the command-line tool to call before anything else; returns 0
   when the allocator refused. See allocator.c. */
int sr_use_one_malloc_arena(void);
/* Keeps freed blocks of up to tens of megabytes for reuse instead of unmapping them, for `diff`;
   returns 0 when the allocator refused. See allocator.c. */
int sr_reuse_freed_blocks(void);
/* The same for renders, up to the size of a frame's blocks; returns 0 when the allocator refused.
   See allocator.c. */
int sr_reuse_frame_blocks(void);

#endif
