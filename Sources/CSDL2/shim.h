#ifndef MESHPAD_CSDL2_SHIM_H
#define MESHPAD_CSDL2_SHIM_H

#include "SDL.h"
#include "SDL_ttf.h"
#include "SDL_image.h"

// Function-like macros do not import into Swift; these shims give them a callable form.

static inline int meshpad_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

static inline Uint32 meshpad_button_mask(int button) { return SDL_BUTTON(button); }

static inline Uint32 meshpad_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

/// Hands freed heap memory back to the system (glibc keeps it otherwise): called after loading
/// a big map, whose temporary buffers would else stay in the resident set for good.
#include <malloc.h>
static inline void meshpad_release_free_memory(void) { malloc_trim(0); }

/// Big blocks (large label textures and surfaces) from mmap, always: freed, they go straight
/// back to the system, instead of leaving holes in the heap that a long-running app's resident
/// size never loses. Setting the threshold also stops glibc from raising it on its own.
/// Set once the map is read: while reading, the growing buffers would each come fresh from
/// the system (a 100k-node .mm read ~60 ms slower).
static inline void meshpad_map_large_blocks(void) { mallopt(M_MMAP_THRESHOLD, 64 * 1024); }

/// Bytes of heap in use (allocated and not freed): what the soak checks for leaks, apart from
/// freed memory the allocator keeps mapped.
static inline size_t meshpad_heap_in_use(void) { struct mallinfo2 info = mallinfo2(); return info.uordblks + info.hblkhd; }

/// Whether a signal is set to be ignored (SIG_IGN is a cast macro, and the handler a union
/// member): a background job started by a shell has SIGINT ignored, and must keep it so.
#include <signal.h>
static inline int meshpad_signal_is_ignored(int signal) {
    struct sigaction action;
    return sigaction(signal, NULL, &action) == 0 && action.sa_handler == SIG_IGN;
}

#endif
