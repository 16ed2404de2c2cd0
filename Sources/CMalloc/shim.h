#ifndef MESHPAD_CMALLOC_SHIM_H
#define MESHPAD_CMALLOC_SHIM_H
// glibc's malloc tuning (malloc.h), which Swift's Glibc module does not bring in.
#include <malloc.h>

static inline void meshpad_release_free_memory(void) { malloc_trim(0); }
static inline void meshpad_map_large_blocks(size_t threshold) { mallopt(M_MMAP_THRESHOLD, (int)threshold); }
static inline size_t meshpad_heap_in_use(void) { struct mallinfo2 info = mallinfo2(); return info.uordblks + info.hblkhd; }
#endif
