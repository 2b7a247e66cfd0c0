#ifndef SWELL_CSDL2_SHIM_H
#define SWELL_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#endif
