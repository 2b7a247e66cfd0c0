#ifndef SWELL_CALSA_SHIM_H
#define SWELL_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
