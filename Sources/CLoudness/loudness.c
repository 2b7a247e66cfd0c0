#include "swell_ebur128.h"
#include <dlfcn.h>
#include <ebur128.h>
#include <pthread.h>
#include <stdlib.h>

// Every call made through libebur128: its result type, name and parameters.
#define SWELL_EBUR128_CALLS(X) \
    X(ebur128_state *, ebur128_init, (unsigned int channels, unsigned long samplerate, int mode)) \
    X(void, ebur128_destroy, (ebur128_state **st)) \
    X(int, ebur128_add_frames_float, (ebur128_state *st, const float *src, size_t frames)) \
    X(int, ebur128_loudness_global, (ebur128_state *st, double *out)) \
    X(int, ebur128_true_peak, (ebur128_state *st, unsigned int channel_number, double *out))

#define SWELL_FIELD(result, name, parameters) result (*name) parameters;
static struct { SWELL_EBUR128_CALLS(SWELL_FIELD) } api;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define SWELL_RESOLVE(result, name, parameters) \
    if (!(*(void **)&api.name = dlsym(library, #name))) return;

static void resolve(void) {
    void *library = dlopen("libebur128.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    SWELL_EBUR128_CALLS(SWELL_RESOLVE)
    loaded = 1;
}

struct swell_loudness_meter {
    ebur128_state *state;
    unsigned channels;
};

swell_loudness_meter *swell_loudness_meter_create(unsigned channels, unsigned long sample_rate) {
    pthread_once(&once, resolve);
    if (!loaded) return NULL;
    ebur128_state *state = api.ebur128_init(channels, sample_rate, EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK);
    if (!state) return NULL;
    swell_loudness_meter *meter = calloc(1, sizeof *meter);
    if (!meter) {
        api.ebur128_destroy(&state);
        return NULL;
    }
    meter->state = state;
    meter->channels = channels;
    return meter;
}

int swell_loudness_meter_add(swell_loudness_meter *meter, const float *samples, size_t frames) {
    return api.ebur128_add_frames_float(meter->state, samples, frames);
}

int swell_loudness_meter_result(swell_loudness_meter *meter, double *loudness, double *true_peak) {
    int error = api.ebur128_loudness_global(meter->state, loudness);
    if (error) return error;
    *true_peak = 0;
    for (unsigned channel = 0; channel < meter->channels; channel++) {
        double peak = 0;
        if ((error = api.ebur128_true_peak(meter->state, channel, &peak))) return error;
        if (peak > *true_peak) *true_peak = peak;
    }
    return 0;
}

void swell_loudness_meter_destroy(swell_loudness_meter *meter) {
    if (!meter) return;
    api.ebur128_destroy(&meter->state);
    free(meter);
}
