#ifndef SWELL_CSDL2_SHIM_H
#define SWELL_CSDL2_SHIM_H
#include <SDL2/SDL.h>

/// SDL_WINDOWPOS_UNDEFINED, a function-like macro Swift does not import.
static inline int swell_sdl_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
#endif
