#ifndef SWELL_CSNDFILE_SHIM_H
#define SWELL_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
