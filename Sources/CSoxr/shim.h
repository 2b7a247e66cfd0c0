#ifndef SWELL_CSOXR_SHIM_H
#define SWELL_CSOXR_SHIM_H
#include <soxr.h>
#endif
