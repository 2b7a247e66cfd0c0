#ifndef SWELL_OSC_H
#define SWELL_OSC_H

#include <stddef.h>

// OSC through liblo, which is loaded with dlopen the first time a layer
// sends or a session listens: a command that does neither does not load it
// (docs/osc.md).

// Whether liblo could be loaded; loads it the first time.
int swell_osc_available(void);

typedef struct swell_osc_sender swell_osc_sender;

// A sender to an OSC URL (osc.udp://HOST:PORT, osc.tcp://…); NULL when
// liblo is not available or the URL is not one.
swell_osc_sender *swell_osc_sender_create(const char *url);

// Sends `count` values to `path` as 32-bit floats; 0 on success, else the
// system's error number (swell_osc_sender_error says it in words).
int swell_osc_send(swell_osc_sender *sender, const char *path, const double *values, int count);

const char *swell_osc_sender_error(swell_osc_sender *sender);

void swell_osc_sender_destroy(swell_osc_sender *sender);

// Reads the OSC message in the datagram `data`: 1 with its address pattern
// in `path` (a C string within `data`) and its first `max` arguments as
// numbers in `values` (how many in `count`); 0 when it is no well-formed
// message whose arguments are all numbers (ints, floats, doubles,
// booleans); -1 when liblo is not available.
int swell_osc_parse(const void *data, size_t size, const char **path, double *values, int max, int *count);

#endif
