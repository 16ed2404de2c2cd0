#ifndef MESHPAD_CSDL2_SHIM_H
#define MESHPAD_CSDL2_SHIM_H

#include "SDL.h"
#include "SDL_ttf.h"
#include "SDL_image.h"

// Function-like macros do not import into Swift; these shims give them a callable form.

static inline int meshpad_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

static inline Uint32 meshpad_button_mask(int button) { return SDL_BUTTON(button); }

static inline Uint32 meshpad_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

#endif
