#ifndef SWELL_CSYSTEMD_SHIM_H
#define SWELL_CSYSTEMD_SHIM_H
#include <systemd/sd-bus.h>
#endif
