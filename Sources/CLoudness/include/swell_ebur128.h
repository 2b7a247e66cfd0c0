#ifndef SWELL_EBUR128_H
#define SWELL_EBUR128_H

#include <stddef.h>

// EBU R128 loudness through libebur128, which is loaded with dlopen the
// first time a file is measured: a command that measures nothing does not
// load it (docs/loudness.md).

typedef struct swell_loudness_meter swell_loudness_meter;

// A meter of integrated loudness and true peak for interleaved float
// frames; NULL when libebur128 cannot be loaded or refuses the format.
swell_loudness_meter *swell_loudness_meter_create(unsigned channels, unsigned long sample_rate);

// Adds `frames` interleaved frames; 0 on success.
int swell_loudness_meter_add(swell_loudness_meter *meter, const float *samples, size_t frames);

// The integrated loudness in LUFS (-HUGE_VAL for silence) and the largest
// true peak of any channel, as a linear amplitude; 0 on success.
int swell_loudness_meter_result(swell_loudness_meter *meter, double *loudness, double *true_peak);

void swell_loudness_meter_destroy(swell_loudness_meter *meter);

#endif
