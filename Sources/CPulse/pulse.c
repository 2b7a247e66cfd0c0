#include "swell_pulse.h"
#include <dlfcn.h>
#include <pthread.h>
#include <pulse/pulseaudio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every call made through libpulse: its result type, name and parameters.
#define SWELL_PULSE_CALLS(X) \
    X(pa_threaded_mainloop *, pa_threaded_mainloop_new, (void)) \
    X(void, pa_threaded_mainloop_free, (pa_threaded_mainloop *m)) \
    X(int, pa_threaded_mainloop_start, (pa_threaded_mainloop *m)) \
    X(void, pa_threaded_mainloop_stop, (pa_threaded_mainloop *m)) \
    X(void, pa_threaded_mainloop_lock, (pa_threaded_mainloop *m)) \
    X(void, pa_threaded_mainloop_unlock, (pa_threaded_mainloop *m)) \
    X(void, pa_threaded_mainloop_wait, (pa_threaded_mainloop *m)) \
    X(void, pa_threaded_mainloop_signal, (pa_threaded_mainloop *m, int wait_for_accept)) \
    X(pa_mainloop_api *, pa_threaded_mainloop_get_api, (pa_threaded_mainloop *m)) \
    X(pa_context *, pa_context_new, (pa_mainloop_api *mainloop, const char *name)) \
    X(void, pa_context_unref, (pa_context *c)) \
    X(int, pa_context_connect, (pa_context *c, const char *server, pa_context_flags_t flags, const pa_spawn_api *api)) \
    X(void, pa_context_disconnect, (pa_context *c)) \
    X(pa_context_state_t, pa_context_get_state, (const pa_context *c)) \
    X(void, pa_context_set_state_callback, (pa_context *c, pa_context_notify_cb_t cb, void *userdata)) \
    X(int, pa_context_errno, (const pa_context *c)) \
    X(const char *, pa_strerror, (int error)) \
    X(pa_operation_state_t, pa_operation_get_state, (const pa_operation *o)) \
    X(void, pa_operation_unref, (pa_operation *o)) \
    X(pa_operation *, pa_context_get_sink_input_info_list, (pa_context *c, pa_sink_input_info_cb_t cb, void *userdata)) \
    X(pa_operation *, pa_context_get_sink_info_list, (pa_context *c, pa_sink_info_cb_t cb, void *userdata)) \
    X(pa_operation *, pa_context_get_sink_info_by_name, (pa_context *c, const char *name, pa_sink_info_cb_t cb, void *userdata)) \
    X(pa_operation *, pa_context_set_sink_input_volume, (pa_context *c, uint32_t idx, const pa_cvolume *volume, pa_context_success_cb_t cb, void *userdata)) \
    X(pa_operation *, pa_context_set_sink_volume_by_index, (pa_context *c, uint32_t idx, const pa_cvolume *volume, pa_context_success_cb_t cb, void *userdata)) \
    X(const char *, pa_proplist_gets, (const pa_proplist *p, const char *key)) \
    X(pa_volume_t, pa_sw_volume_from_linear, (double v)) \
    X(double, pa_sw_volume_to_linear, (pa_volume_t v))

#define SWELL_FIELD(result, name, parameters) result (*name) parameters;
static struct { SWELL_PULSE_CALLS(SWELL_FIELD) } api;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define SWELL_RESOLVE(result, name, parameters) \
    if (!(*(void **)&api.name = dlsym(library, #name))) return;

static void resolve(void) {
    void *library = dlopen("libpulse.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    SWELL_PULSE_CALLS(SWELL_RESOLVE)
    loaded = 1;
}

int swell_pulse_available(void) {
    pthread_once(&once, resolve);
    return loaded;
}

struct swell_pulse {
    pa_threaded_mainloop *loop;
    pa_context *context;
    // The last volume request sent without waiting, until it is answered
    // or a later one replaces it (swell_pulse_disconnect).
    pa_operation *unanswered;
};

// What a listing collects, and where it is.
typedef struct {
    swell_pulse *pulse;
    swell_pulse_node *out;
    int max, count, done;
} listing;

static void state_changed(pa_context *context, void *userdata) {
    (void)context;
    api.pa_threaded_mainloop_signal(((swell_pulse *)userdata)->loop, 0);
}

static int ready(swell_pulse *pulse) {
    return api.pa_context_get_state(pulse->context) == PA_CONTEXT_READY;
}

swell_pulse *swell_pulse_connect(const char *client, char *error, size_t size) {
    if (!swell_pulse_available()) {
        snprintf(error, size, "cannot load libpulse.so.0 (Debian: apt-get install libpulse0)");
        return NULL;
    }
    swell_pulse *pulse = calloc(1, sizeof *pulse);
    if (!pulse || !(pulse->loop = api.pa_threaded_mainloop_new())) {
        snprintf(error, size, "out of memory");
        free(pulse);
        return NULL;
    }
    pulse->context = api.pa_context_new(api.pa_threaded_mainloop_get_api(pulse->loop), client);
    api.pa_context_set_state_callback(pulse->context, state_changed, pulse);
    api.pa_threaded_mainloop_lock(pulse->loop);
    int failed = api.pa_context_connect(pulse->context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0
        || api.pa_threaded_mainloop_start(pulse->loop) < 0;
    while (!failed) {
        pa_context_state_t state = api.pa_context_get_state(pulse->context);
        if (state == PA_CONTEXT_READY) break;
        if (!PA_CONTEXT_IS_GOOD(state)) failed = 1; else api.pa_threaded_mainloop_wait(pulse->loop);
    }
    if (failed) {
        snprintf(error, size, "%s", api.pa_strerror(api.pa_context_errno(pulse->context)));
        api.pa_threaded_mainloop_unlock(pulse->loop);
        swell_pulse_disconnect(pulse);
        return NULL;
    }
    api.pa_threaded_mainloop_unlock(pulse->loop);
    return pulse;
}

static void copy(char *to, size_t size, const char *from) {
    snprintf(to, size, "%s", from ? from : "");
}

static void add_volume(swell_pulse_node *node, const pa_cvolume *volume) {
    node->channels = volume->channels > 32 ? 32 : volume->channels;
    for (int c = 0; c < node->channels; c++) node->volumes[c] = volume->values[c];
}

// The node a listing callback fills next, cleared; NULL at the end of the
// list (which wakes the waiting caller) or when there is no room.
static swell_pulse_node *next_node(listing *list, int eol, uint32_t index) {
    if (eol) {
        list->done = 1;
        api.pa_threaded_mainloop_signal(list->pulse->loop, 0);
        return NULL;
    }
    if (list->count >= list->max) return NULL;
    swell_pulse_node *node = &list->out[list->count++];
    memset(node, 0, sizeof *node);
    node->index = index;
    return node;
}

static void stream_listed(pa_context *context, const pa_sink_input_info *info, int eol, void *userdata) {
    (void)context;
    if (!eol && !info->volume_writable) return;
    swell_pulse_node *node = next_node(userdata, eol, eol ? 0 : info->index);
    if (!node) return;
    const char *application = api.pa_proplist_gets(info->proplist, PA_PROP_APPLICATION_NAME);
    copy(node->name, sizeof node->name, application ? application : info->name);
    copy(node->detail, sizeof node->detail, api.pa_proplist_gets(info->proplist, PA_PROP_APPLICATION_PROCESS_BINARY));
    copy(node->role, sizeof node->role, api.pa_proplist_gets(info->proplist, PA_PROP_MEDIA_ROLE));
    const char *pid = api.pa_proplist_gets(info->proplist, PA_PROP_APPLICATION_PROCESS_ID);
    node->pid = pid ? (uint32_t)strtoul(pid, NULL, 10) : 0;
    add_volume(node, &info->volume);
}

static void sink_listed(pa_context *context, const pa_sink_info *info, int eol, void *userdata) {
    (void)context;
    swell_pulse_node *node = next_node(userdata, eol, eol ? 0 : info->index);
    if (!node) return;
    copy(node->name, sizeof node->name, info->name);
    copy(node->detail, sizeof node->detail, info->description);
    add_volume(node, &info->volume);
}

// Runs the operation to its end, on the caller's thread, with the loop locked.
static int finish(swell_pulse *pulse, pa_operation *operation, int *done) {
    if (!operation) return -1;
    while (!(done && *done) && api.pa_operation_get_state(operation) == PA_OPERATION_RUNNING && ready(pulse)) {
        api.pa_threaded_mainloop_wait(pulse->loop);
    }
    int ok = (done ? *done : 1) && ready(pulse);
    api.pa_operation_unref(operation);
    return ok ? 0 : -1;
}

int swell_pulse_streams(swell_pulse *pulse, swell_pulse_node *out, int max) {
    listing list = {pulse, out, max, 0, 0};
    api.pa_threaded_mainloop_lock(pulse->loop);
    int result = ready(pulse) ? finish(pulse, api.pa_context_get_sink_input_info_list(pulse->context, stream_listed, &list), &list.done) : -1;
    api.pa_threaded_mainloop_unlock(pulse->loop);
    return result < 0 ? -1 : list.count;
}

int swell_pulse_sinks(swell_pulse *pulse, swell_pulse_node *out, int max) {
    listing list = {pulse, out, max, 0, 0};
    api.pa_threaded_mainloop_lock(pulse->loop);
    int result = ready(pulse) ? finish(pulse, api.pa_context_get_sink_info_list(pulse->context, sink_listed, &list), &list.done) : -1;
    api.pa_threaded_mainloop_unlock(pulse->loop);
    return result < 0 ? -1 : list.count;
}

int swell_pulse_sink(swell_pulse *pulse, const char *name, swell_pulse_node *out) {
    listing list = {pulse, out, 1, 0, 0};
    api.pa_threaded_mainloop_lock(pulse->loop);
    int result = ready(pulse) ? finish(pulse, api.pa_context_get_sink_info_by_name(pulse->context, name, sink_listed, &list), &list.done) : -1;
    int lost = !ready(pulse);
    api.pa_threaded_mainloop_unlock(pulse->loop);
    // An unknown name fails the operation without losing the connection.
    if (lost) return -1;
    (void)result;
    return list.count;
}

typedef struct {
    swell_pulse *pulse;
    int done, success;
} acknowledgement;

static void acknowledged(pa_context *context, int success, void *userdata) {
    (void)context;
    acknowledgement *ack = userdata;
    ack->done = 1;
    ack->success = success;
    api.pa_threaded_mainloop_signal(ack->pulse->loop, 0);
}

// The answer to a request not waited for: wakes swell_pulse_disconnect if
// it waits for it.
static void answered(pa_context *context, int success, void *userdata) {
    (void)context;
    (void)success;
    api.pa_threaded_mainloop_signal(((swell_pulse *)userdata)->loop, 0);
}

static int set_volume(swell_pulse *pulse, int sink, uint32_t index, const uint32_t *volumes, uint8_t channels, int wait) {
    pa_cvolume volume;
    memset(&volume, 0, sizeof volume);
    volume.channels = channels;
    for (int c = 0; c < channels; c++) volume.values[c] = volumes[c];
    acknowledgement ack = {pulse, 0, 0};
    api.pa_threaded_mainloop_lock(pulse->loop);
    int result = -1;
    if (ready(pulse)) {
        pa_context_success_cb_t callback = wait ? acknowledged : answered;
        void *userdata = wait ? (void *)&ack : (void *)pulse;
        pa_operation *operation = sink
            ? api.pa_context_set_sink_volume_by_index(pulse->context, index, &volume, callback, userdata)
            : api.pa_context_set_sink_input_volume(pulse->context, index, &volume, callback, userdata);
        if (!wait) {
            if (operation) {
                if (pulse->unanswered) api.pa_operation_unref(pulse->unanswered);
                pulse->unanswered = operation;
            }
            result = operation ? 0 : -1;
        } else {
            result = finish(pulse, operation, &ack.done) == 0 && ack.success ? 0 : -1;
        }
    }
    api.pa_threaded_mainloop_unlock(pulse->loop);
    return result;
}

int swell_pulse_set_stream_volume(swell_pulse *pulse, uint32_t index, const uint32_t *volumes, uint8_t channels, int wait) {
    return set_volume(pulse, 0, index, volumes, channels, wait);
}

int swell_pulse_set_sink_volume(swell_pulse *pulse, uint32_t index, const uint32_t *volumes, uint8_t channels, int wait) {
    return set_volume(pulse, 1, index, volumes, channels, wait);
}

uint32_t swell_pulse_volume_from_linear(double amplitude) {
    return swell_pulse_available() ? api.pa_sw_volume_from_linear(amplitude) : 0;
}

double swell_pulse_volume_to_linear(uint32_t volume) {
    return swell_pulse_available() ? api.pa_sw_volume_to_linear(volume) : 0;
}

void swell_pulse_disconnect(swell_pulse *pulse) {
    if (!pulse) return;
    // Waits for the answer to the last volume request sent without
    // waiting — the last volume of a ramp — which a disconnection would
    // otherwise drop. The server answers requests of one kind in order, so
    // the ones before it are done too. Another request's answer is no
    // proof: pipewire-pulse answers a volume request only once PipeWire
    // has the new volume (a round trip of its own), and get_server_info
    // at once, so a connection closed after get_server_info's answer could
    // lose the last volume (it did, in about one run in ten).
    if (pulse->context && pulse->loop) {
        api.pa_threaded_mainloop_lock(pulse->loop);
        if (pulse->unanswered) {
            if (ready(pulse)) finish(pulse, pulse->unanswered, NULL);
            else api.pa_operation_unref(pulse->unanswered);
            pulse->unanswered = NULL;
        }
        api.pa_threaded_mainloop_unlock(pulse->loop);
    }
    if (pulse->loop) api.pa_threaded_mainloop_stop(pulse->loop);
    if (pulse->context) {
        api.pa_context_disconnect(pulse->context);
        api.pa_context_unref(pulse->context);
    }
    if (pulse->loop) api.pa_threaded_mainloop_free(pulse->loop);
    free(pulse);
}
