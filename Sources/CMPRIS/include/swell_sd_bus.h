#ifndef SWELL_SD_BUS_H
#define SWELL_SD_BUS_H
// The sd-bus calls a swell session's MPRIS interface makes, reached through
// libsystemd loaded when a session serves MPRIS on a bus that exists, not
// linked: a command that serves no bus never loads it. Each swell_NAME calls
// libsystemd's NAME, with its arguments.
#include <systemd/sd-bus.h>

/// Loads libsystemd and finds the calls below, once. Returns 0, or -1 when
/// it cannot (no libsystemd, or one without them).
int swell_sd_bus_load(void);

int swell_sd_bus_open_user(sd_bus **ret);
int swell_sd_bus_request_name(sd_bus *bus, const char *name, uint64_t flags);
sd_bus *swell_sd_bus_flush_close_unref(sd_bus *bus);
int swell_sd_bus_process(sd_bus *bus, sd_bus_message **r);
int swell_sd_bus_get_fd(sd_bus *bus);
int swell_sd_bus_get_events(sd_bus *bus);
int swell_sd_bus_get_timeout(sd_bus *bus, uint64_t *timeout_usec);
int swell_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p);
int swell_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p);
int swell_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents);
int swell_sd_bus_message_close_container(sd_bus_message *m);
sd_bus_message *swell_sd_bus_message_ref(sd_bus_message *m);
sd_bus_message *swell_sd_bus_message_unref(sd_bus_message *m);
int swell_sd_bus_error_set(sd_bus_error *e, const char *name, const char *message);
void swell_sd_bus_error_free(sd_bus_error *e);
int swell_sd_bus_reply_method_error(sd_bus_message *call, const sd_bus_error *e);
int swell_sd_bus_emit_properties_changed_strv(sd_bus *bus, const char *path, const char *interface, char **names);
#endif
