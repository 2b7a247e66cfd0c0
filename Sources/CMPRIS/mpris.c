#include "swell_mpris.h"
#include "swell_sd_bus.h"

// Declared in sd_bus.c, for this file alone.
const char *swell_sd_bus_message_get_member(sd_bus_message *m);
int swell_sd_bus_add_object_vtable(sd_bus *bus, const char *path, const char *interface, const sd_bus_vtable *vtable,
                                   void *userdata);
int swell_sd_bus_reply_empty(sd_bus_message *call);
int swell_sd_bus_emit_position(sd_bus *bus, const char *path, const char *interface, const char *member,
                               int64_t position);
const unsigned *swell_sd_bus_object_vtable_format(void);

// SD_BUS_VTABLE_START, but for a libsystemd that is loaded, not linked: the
// vtable format's reference, libsystemd's `sd_bus_object_vtable_format`, is
// set when the object is added.
#define VTABLE_START                                                    \
    {                                                                   \
        .type = _SD_BUS_VTABLE_START,                                   \
        .x = {.start = {.element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES}}, \
    }

static int method(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    const swell_mpris_handlers *handlers = userdata;
    return handlers->call(handlers->context, swell_sd_bus_message_get_member(call), call, error);
}

static int get(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
               void *userdata, sd_bus_error *error) {
    const swell_mpris_handlers *handlers = userdata;
    return handlers->get(handlers->context, property, reply, error);
}

static int set(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *value,
               void *userdata, sd_bus_error *error) {
    const swell_mpris_handlers *handlers = userdata;
    return handlers->set(handlers->context, property, value, error);
}

#define CONSTANT(name, type) SD_BUS_PROPERTY(name, type, get, 0, SD_BUS_VTABLE_PROPERTY_CONST)
#define CHANGING(name, type) SD_BUS_PROPERTY(name, type, get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)
#define PLAIN(name) SD_BUS_METHOD(name, "", "", method, 0)

static sd_bus_vtable media_player[] = {
    VTABLE_START,
    PLAIN("Raise"),
    PLAIN("Quit"),
    CONSTANT("CanQuit", "b"),
    CONSTANT("CanRaise", "b"),
    CONSTANT("HasTrackList", "b"),
    CONSTANT("Identity", "s"),
    CONSTANT("SupportedUriSchemes", "as"),
    CONSTANT("SupportedMimeTypes", "as"),
    SD_BUS_VTABLE_END,
};

static sd_bus_vtable player[] = {
    VTABLE_START,
    PLAIN("Next"),
    PLAIN("Previous"),
    PLAIN("Pause"),
    PLAIN("PlayPause"),
    PLAIN("Stop"),
    PLAIN("Play"),
    SD_BUS_METHOD_WITH_NAMES("Seek", "x", SD_BUS_PARAM(Offset), "", , method, 0),
    SD_BUS_METHOD_WITH_NAMES("SetPosition", "ox", SD_BUS_PARAM(TrackId) SD_BUS_PARAM(Position), "", , method, 0),
    SD_BUS_METHOD_WITH_NAMES("OpenUri", "s", SD_BUS_PARAM(Uri), "", , method, 0),
    SD_BUS_SIGNAL_WITH_NAMES("Seeked", "x", SD_BUS_PARAM(Position), 0),
    CHANGING("PlaybackStatus", "s"),
    CONSTANT("Rate", "d"),
    CHANGING("Metadata", "a{sv}"),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", get, set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    // Position changes all the time: clients ask, and follow Seeked.
    SD_BUS_PROPERTY("Position", "x", get, 0, 0),
    CONSTANT("MinimumRate", "d"),
    CONSTANT("MaximumRate", "d"),
    CONSTANT("CanGoNext", "b"),
    CONSTANT("CanGoPrevious", "b"),
    CONSTANT("CanPlay", "b"),
    CONSTANT("CanPause", "b"),
    CHANGING("CanSeek", "b"),
    CONSTANT("CanControl", "b"),
    SD_BUS_VTABLE_END,
};

int swell_mpris_add_object(sd_bus *bus, const swell_mpris_handlers *handlers) {
    void *userdata = (void *)handlers;
    media_player[0].x.start.vtable_format_reference = swell_sd_bus_object_vtable_format();
    player[0].x.start.vtable_format_reference = swell_sd_bus_object_vtable_format();
    int result = swell_sd_bus_add_object_vtable(bus, SWELL_MPRIS_PATH, "org.mpris.MediaPlayer2", media_player, userdata);
    if (result < 0) return result;
    return swell_sd_bus_add_object_vtable(bus, SWELL_MPRIS_PATH, "org.mpris.MediaPlayer2.Player", player, userdata);
}

int swell_mpris_reply_empty(sd_bus_message *call) {
    return swell_sd_bus_reply_empty(call);
}

int swell_mpris_emit_seeked(sd_bus *bus, int64_t position) {
    return swell_sd_bus_emit_position(bus, SWELL_MPRIS_PATH, "org.mpris.MediaPlayer2.Player", "Seeked", position);
}
