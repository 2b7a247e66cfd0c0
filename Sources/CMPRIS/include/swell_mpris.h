#ifndef SWELL_MPRIS_H
#define SWELL_MPRIS_H
// The MPRIS D-Bus object of a swell session
// (https://specifications.freedesktop.org/mpris-spec/latest/): sd-bus
// vtables are built by C macros, so they live here; every method and
// property forwards to the handlers the caller gives, with its context.
#include <systemd/sd-bus.h>
#include <sys/eventfd.h>
#include "swell_sd_bus.h"

typedef struct swell_mpris_handlers {
    void *context;
    /// A method of either interface, by name; replies itself (now, or
    /// later with a reference to `call` kept). Returns >= 0, or a negative
    /// errno with `error` set or not.
    int (*call)(void *context, const char *member, sd_bus_message *call, sd_bus_error *error);
    /// Appends the value of `property` to `reply`.
    int (*get)(void *context, const char *property, sd_bus_message *reply, sd_bus_error *error);
    /// Reads a new value of the writable `property` from `value`.
    int (*set)(void *context, const char *property, sd_bus_message *value, sd_bus_error *error);
} swell_mpris_handlers;

/// The object path every MPRIS player serves.
#define SWELL_MPRIS_PATH "/org/mpris/MediaPlayer2"

/// Adds the interfaces `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` at SWELL_MPRIS_PATH on `bus`, served by
/// `handlers`, which must outlive the bus. Returns >= 0 or a negative errno.
int swell_mpris_add_object(sd_bus *bus, const swell_mpris_handlers *handlers);

/// Replies to `call` with no values: sd_bus_reply_method_return is variadic,
/// which Swift cannot call.
int swell_mpris_reply_empty(sd_bus_message *call);

/// Emits the player's `Seeked` signal with the new position in
/// microseconds: sd_bus_emit_signal is variadic too.
int swell_mpris_emit_seeked(sd_bus *bus, int64_t position);

/// Calls `method` (Pause, Stop, Next) of the MPRIS player on the session bus
/// whose process is one of `pids`, or whose bus name is
/// org.mpris.MediaPlayer2.NAME (NAME, or NAME.instance…, whatever the
/// case), the first found; its bus name goes into `player`. Returns 1 when
/// one was called, 0 when none matches, -1 when the bus or the call fails.
int swell_mpris_command_player(const uint32_t *pids, int count, const char *name, const char *method,
                               char *player, size_t size);

/// Another player, on a session-bus connection of its own: the one whose
/// bus name is org.mpris.MediaPlayer2.NAME (or NAME.instance…). NULL when
/// the bus cannot be reached; `found` says whether the player was.
typedef struct swell_mpris_remote swell_mpris_remote;
swell_mpris_remote *swell_mpris_remote_open(const char *name, int *found);
/// Its bus name.
const char *swell_mpris_remote_player(swell_mpris_remote *remote);
/// Its `Volume`, read and written; 0 on success, -1 on failure.
int swell_mpris_remote_volume(swell_mpris_remote *remote, double *volume);
int swell_mpris_remote_set_volume(swell_mpris_remote *remote, double volume);
/// Calls the player's `method` (Pause, Stop, Next); 0 on success, -1 on failure.
int swell_mpris_remote_call(swell_mpris_remote *remote, const char *method);
void swell_mpris_remote_close(swell_mpris_remote *remote);
#endif
