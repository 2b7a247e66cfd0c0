#ifndef SWELL_CCAIRO_SHIM_H
#define SWELL_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-svg.h>
#endif
