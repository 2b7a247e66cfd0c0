#include "swell_sd_bus.h"
#include "swell_mpris.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// Every call made through libsystemd: its result type, name, parameters and
// the arguments that pass them on.
#define SWELL_SD_BUS_CALLS(X) \
    X(int, sd_bus_open_user, (sd_bus **ret), (ret)) \
    X(int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags)) \
    X(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus)) \
    X(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r)) \
    X(int, sd_bus_get_fd, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_events, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec)) \
    X(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p)) \
    X(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p)) \
    X(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
    X(int, sd_bus_message_close_container, (sd_bus_message *m), (m)) \
    X(sd_bus_message *, sd_bus_message_ref, (sd_bus_message *m), (m)) \
    X(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m)) \
    X(int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message)) \
    X(int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e)) \
    X(int, sd_bus_emit_properties_changed_strv, (sd_bus *bus, const char *path, const char *interface, char **names), \
      (bus, path, interface, names))

#define SWELL_FIELD(result, name, parameters, arguments) result (*name) parameters;

static struct {
    SWELL_SD_BUS_CALLS(SWELL_FIELD)
    void (*sd_bus_error_free)(sd_bus_error *e);
    const char *(*sd_bus_message_get_member)(sd_bus_message *m);
    int (*sd_bus_add_object_vtable)(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                                    const sd_bus_vtable *vtable, void *userdata);
    int (*sd_bus_reply_method_return)(sd_bus_message *call, const char *types, ...);
    int (*sd_bus_emit_signal)(sd_bus *bus, const char *path, const char *interface, const char *member,
                              const char *types, ...);
    const unsigned *sd_bus_object_vtable_format;
    int (*sd_bus_call_method)(sd_bus *bus, const char *destination, const char *path, const char *interface,
                              const char *member, sd_bus_error *ret_error, sd_bus_message **reply, const char *types, ...);
    int (*sd_bus_message_enter_container)(sd_bus_message *m, char type, const char *contents);
    int (*sd_bus_message_exit_container)(sd_bus_message *m);
    int (*sd_bus_set_property)(sd_bus *bus, const char *destination, const char *path, const char *interface,
                               const char *member, sd_bus_error *ret_error, const char *type, ...);
    int (*sd_bus_get_property_trivial)(sd_bus *bus, const char *destination, const char *path, const char *interface,
                                       const char *member, sd_bus_error *ret_error, char type, void *ret_ptr);
} api;

static int loaded = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define SWELL_RESOLVE(result, name, parameters, arguments) \
    if (!(*(void **)&api.name = dlsym(library, #name))) return;

static void resolve(void) {
    // RTLD_LOCAL: libsystemd's symbols stay its own, so nothing else in the
    // process binds to them by way of swell.
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    SWELL_SD_BUS_CALLS(SWELL_RESOLVE)
    SWELL_RESOLVE(void, sd_bus_error_free, , )
    SWELL_RESOLVE(const char *, sd_bus_message_get_member, , )
    SWELL_RESOLVE(int, sd_bus_add_object_vtable, , )
    SWELL_RESOLVE(int, sd_bus_reply_method_return, , )
    SWELL_RESOLVE(int, sd_bus_emit_signal, , )
    SWELL_RESOLVE(const unsigned *, sd_bus_object_vtable_format, , )
    SWELL_RESOLVE(int, sd_bus_call_method, , )
    SWELL_RESOLVE(int, sd_bus_message_enter_container, , )
    SWELL_RESOLVE(int, sd_bus_message_exit_container, , )
    SWELL_RESOLVE(int, sd_bus_set_property, , )
    SWELL_RESOLVE(int, sd_bus_get_property_trivial, , )
    loaded = 0;
}

int swell_sd_bus_load(void) {
    pthread_once(&once, resolve);
    return loaded;
}

#define SWELL_FORWARD(result, name, parameters, arguments) \
    result swell_##name parameters { return api.name arguments; }

SWELL_SD_BUS_CALLS(SWELL_FORWARD)

void swell_sd_bus_error_free(sd_bus_error *e) {
    api.sd_bus_error_free(e);
}

// For the MPRIS object (mpris.c).
const char *swell_sd_bus_message_get_member(sd_bus_message *m) {
    return api.sd_bus_message_get_member(m);
}

int swell_sd_bus_add_object_vtable(sd_bus *bus, const char *path, const char *interface, const sd_bus_vtable *vtable,
                                   void *userdata) {
    return api.sd_bus_add_object_vtable(bus, NULL, path, interface, vtable, userdata);
}

int swell_sd_bus_reply_empty(sd_bus_message *call) {
    return api.sd_bus_reply_method_return(call, NULL);
}

int swell_sd_bus_emit_position(sd_bus *bus, const char *path, const char *interface, const char *member,
                               int64_t position) {
    return api.sd_bus_emit_signal(bus, path, interface, member, "x", position);
}

const unsigned *swell_sd_bus_object_vtable_format(void) {
    return api.sd_bus_object_vtable_format;
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// The process of the bus name `name`, 0 when the bus does not say.
static uint32_t process_of(sd_bus *bus, const char *name) {
    sd_bus_message *reply = NULL;
    uint32_t pid = 0;
    if (api.sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "GetConnectionUnixProcessID", NULL, &reply, "s", name) >= 0) {
        api.sd_bus_message_read_basic(reply, 'u', &pid);
    }
    api.sd_bus_message_unref(reply);
    return pid;
}

// The first MPRIS player on `bus` whose process is one of `pids`, or whose
// bus name is org.mpris.MediaPlayer2.NAME (or NAME.instance…), whatever the
// case: 1 with its bus name in `player`, 0 when none, -1 when the bus fails.
static int find_player(sd_bus *bus, const uint32_t *pids, int count, const char *name, char *player, size_t size) {
    sd_bus_message *reply = NULL;
    int result = 0;
    if (api.sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "ListNames", NULL, &reply, "") < 0
        || api.sd_bus_message_enter_container(reply, 'a', "s") < 0) {
        result = -1;
    } else {
        const char *prefix = "org.mpris.MediaPlayer2.";
        const char *bus_name = NULL;
        while (result == 0 && api.sd_bus_message_read_basic(reply, 's', &bus_name) > 0) {
            if (strncmp(bus_name, prefix, strlen(prefix)) != 0) continue;
            const char *suffix = bus_name + strlen(prefix);
            size_t length = name ? strlen(name) : 0;
            int matches = length && strncasecmp(suffix, name, length) == 0
                && (suffix[length] == 0 || suffix[length] == '.');
            uint32_t pid = matches || count == 0 ? 0 : process_of(bus, bus_name);
            for (int i = 0; i < count && !matches; i++) matches = pid != 0 && pid == pids[i];
            if (!matches) continue;
            snprintf(player, size, "%s", bus_name);
            result = 1;
        }
        api.sd_bus_message_exit_container(reply);
    }
    api.sd_bus_message_unref(reply);
    return result;
}

int swell_mpris_command_player(const uint32_t *pids, int count, const char *name, const char *method,
                               char *player, size_t size) {
    if (swell_sd_bus_load() < 0) return -1;
    sd_bus *bus = NULL;
    if (api.sd_bus_open_user(&bus) < 0) return -1;
    int result = find_player(bus, pids, count, name, player, size);
    if (result == 1 && api.sd_bus_call_method(bus, player, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                              method, NULL, NULL, "") < 0) result = -1;
    api.sd_bus_flush_close_unref(bus);
    return result;
}

struct swell_mpris_remote {
    sd_bus *bus;
    char player[256];
};

swell_mpris_remote *swell_mpris_remote_open(const char *name, int *found) {
    *found = 0;
    if (swell_sd_bus_load() < 0) return NULL;
    swell_mpris_remote *remote = calloc(1, sizeof *remote);
    if (!remote) return NULL;
    if (api.sd_bus_open_user(&remote->bus) < 0) {
        free(remote);
        return NULL;
    }
    *found = find_player(remote->bus, NULL, 0, name, remote->player, sizeof remote->player) == 1;
    return remote;
}

const char *swell_mpris_remote_player(swell_mpris_remote *remote) {
    return remote->player;
}

int swell_mpris_remote_volume(swell_mpris_remote *remote, double *volume) {
    return api.sd_bus_get_property_trivial(remote->bus, remote->player, "/org/mpris/MediaPlayer2",
                                           "org.mpris.MediaPlayer2.Player", "Volume", NULL, 'd', volume) < 0 ? -1 : 0;
}

int swell_mpris_remote_set_volume(swell_mpris_remote *remote, double volume) {
    return api.sd_bus_set_property(remote->bus, remote->player, "/org/mpris/MediaPlayer2",
                                   "org.mpris.MediaPlayer2.Player", "Volume", NULL, "d", volume) < 0 ? -1 : 0;
}

int swell_mpris_remote_call(swell_mpris_remote *remote, const char *method) {
    return api.sd_bus_call_method(remote->bus, remote->player, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                  method, NULL, NULL, "") < 0 ? -1 : 0;
}

void swell_mpris_remote_close(swell_mpris_remote *remote) {
    if (!remote) return;
    api.sd_bus_flush_close_unref(remote->bus);
    free(remote);
}
