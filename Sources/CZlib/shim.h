#ifndef SWELL_CZLIB_SHIM_H
#define SWELL_CZLIB_SHIM_H
#include <zlib.h>
#endif
