#ifndef SWELL_PULSE_H
#define SWELL_PULSE_H

#include <stddef.h>
#include <stdint.h>

// The PulseAudio client library, which speaks to PulseAudio and to
// PipeWire's PulseAudio server alike, loaded with dlopen the first time a
// session connects: a command that does not drive another program's volume
// does not load it (docs/streams.md).

typedef struct swell_pulse swell_pulse;

// A playback stream (a sink input) or a sink, as the server lists it.
typedef struct {
    uint32_t index;
    // A stream's application.name (else its name); a sink's name.
    char name[256];
    // A stream's application.process.binary; a sink's description.
    char detail[256];
    // A stream's media.role.
    char role[64];
    // A stream's application.process.id, 0 when it does not say.
    uint32_t pid;
    uint8_t channels;
    // The server's volume of each channel (PA_VOLUME_NORM = 65536 is 0 dB).
    uint32_t volumes[32];
} swell_pulse_node;

// Whether libpulse could be loaded; loads it the first time.
int swell_pulse_available(void);

// Connects as `client` to the server PULSE_SERVER or the session's; NULL on
// failure, with the reason in `error`.
swell_pulse *swell_pulse_connect(const char *client, char *error, size_t size);

// The playback streams (sink inputs) or the sinks, up to `max`: how many;
// -1 when the connection is lost.
int swell_pulse_streams(swell_pulse *pulse, swell_pulse_node *out, int max);
int swell_pulse_sinks(swell_pulse *pulse, swell_pulse_node *out, int max);

// The sink named `name` (`@DEFAULT_SINK@` for the default): 1 when found,
// 0 when not, -1 when the connection is lost.
int swell_pulse_sink(swell_pulse *pulse, const char *name, swell_pulse_node *out);

// Sets the volume of a stream or a sink, each channel's; without `wait`
// the request is sent and not waited for. 0 on success (when waited for,
// on the server's acknowledgement), -1 on failure.
int swell_pulse_set_stream_volume(swell_pulse *pulse, uint32_t index, const uint32_t *volumes, uint8_t channels, int wait);
int swell_pulse_set_sink_volume(swell_pulse *pulse, uint32_t index, const uint32_t *volumes, uint8_t channels, int wait);

// The server's volume for a linear amplitude, and back: its cubic scale.
uint32_t swell_pulse_volume_from_linear(double amplitude);
double swell_pulse_volume_to_linear(uint32_t volume);

// Disconnects, once the server has answered the last volume request sent
// without waiting.
void swell_pulse_disconnect(swell_pulse *pulse);

#endif
