#ifndef SWELL_CPANGOCAIRO_SHIM_H
#define SWELL_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#endif
