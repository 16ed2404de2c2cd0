#ifndef MESHPAD_CSDL2_SHIM_H
#define MESHPAD_CSDL2_SHIM_H

#include "SDL.h"
#include "SDL_ttf.h"
#include "SDL_image.h"

// Function-like macros do not import into Swift; these shims give them a callable form.

static inline int meshpad_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

static inline Uint32 meshpad_button_mask(int button) { return SDL_BUTTON(button); }

static inline Uint32 meshpad_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

/// Whether a signal is set to be ignored (SIG_IGN is a cast macro, and the handler a union
/// member): a background job started by a shell has SIGINT ignored, and must keep it so.
#include <signal.h>
static inline int meshpad_signal_is_ignored(int signal) {
    struct sigaction action;
    return sigaction(signal, NULL, &action) == 0 && action.sa_handler == SIG_IGN;
}

#endif
