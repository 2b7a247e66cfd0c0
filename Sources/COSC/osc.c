#include "swell_osc.h"
#include <dlfcn.h>
#include <lo/lo.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// Every call made through liblo: its result type, name and parameters.
#define SWELL_LO_CALLS(X) \
    X(lo_address, lo_address_new_from_url, (const char *url)) \
    X(void, lo_address_free, (lo_address t)) \
    X(int, lo_address_errno, (lo_address a)) \
    X(const char *, lo_address_errstr, (lo_address a)) \
    X(lo_message, lo_message_new, (void)) \
    X(void, lo_message_free, (lo_message m)) \
    X(int, lo_message_add_float, (lo_message m, float a)) \
    X(int, lo_send_message, (lo_address targ, const char *path, lo_message msg)) \
    X(lo_message, lo_message_deserialise, (void *data, size_t size, int *result)) \
    X(char *, lo_message_get_types, (lo_message m)) \
    X(int, lo_message_get_argc, (lo_message m)) \
    X(lo_arg **, lo_message_get_argv, (lo_message m)) \
    X(lo_hires, lo_hires_val, (lo_type type, lo_arg *p))

#define SWELL_FIELD(result, name, parameters) result (*name) parameters;
static struct { SWELL_LO_CALLS(SWELL_FIELD) } api;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define SWELL_RESOLVE(result, name, parameters) \
    if (!(*(void **)&api.name = dlsym(library, #name))) return;

static void resolve(void) {
    void *library = dlopen("liblo.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    SWELL_LO_CALLS(SWELL_RESOLVE)
    loaded = 1;
}

int swell_osc_available(void) {
    pthread_once(&once, resolve);
    return loaded;
}

struct swell_osc_sender {
    lo_address address;
};

swell_osc_sender *swell_osc_sender_create(const char *url) {
    if (!swell_osc_available()) return NULL;
    lo_address address = api.lo_address_new_from_url(url);
    if (!address) return NULL;
    swell_osc_sender *sender = calloc(1, sizeof *sender);
    if (!sender) {
        api.lo_address_free(address);
        return NULL;
    }
    sender->address = address;
    return sender;
}

int swell_osc_send(swell_osc_sender *sender, const char *path, const double *values, int count) {
    lo_message message = api.lo_message_new();
    if (!message) return 12;
    for (int i = 0; i < count; i++) api.lo_message_add_float(message, (float)values[i]);
    int sent = api.lo_send_message(sender->address, path, message);
    api.lo_message_free(message);
    if (sent >= 0) return 0;
    int error = api.lo_address_errno(sender->address);
    return error ? error : 5;
}

const char *swell_osc_sender_error(swell_osc_sender *sender) {
    const char *text = api.lo_address_errstr(sender->address);
    return text ? text : "cannot send";
}

void swell_osc_sender_destroy(swell_osc_sender *sender) {
    if (!sender) return;
    api.lo_address_free(sender->address);
    free(sender);
}

int swell_osc_parse(const void *data, size_t size, const char **path, double *values, int max, int *count) {
    if (!swell_osc_available()) return -1;
    // A message starts with its address pattern, "/…", a string within the data.
    if (size < 4 || ((const char *)data)[0] != '/' || !memchr(data, 0, size)) return 0;
    int result = 0;
    lo_message message = api.lo_message_deserialise((void *)data, size, &result);
    if (!message) return 0;
    const char *types = api.lo_message_get_types(message);
    int argc = api.lo_message_get_argc(message);
    lo_arg **argv = api.lo_message_get_argv(message);
    int ok = 1, n = 0;
    for (int i = 0; i < argc && ok; i++) {
        double value;
        switch (types[i]) {
        case LO_INT32: case LO_INT64: case LO_FLOAT: case LO_DOUBLE:
            value = (double)api.lo_hires_val((lo_type)types[i], argv[i]);
            break;
        case LO_TRUE: value = 1; break;
        case LO_FALSE: value = 0; break;
        default: ok = 0; continue;
        }
        if (n < max) values[n++] = value;
    }
    api.lo_message_free(message);
    if (!ok) return 0;
    *path = (const char *)data;
    *count = n;
    return 1;
}
