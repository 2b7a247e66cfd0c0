#include "swell_inflate.h"
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <zlib.h>

// Every call made through zlib: its result type, name and parameters.
#define SWELL_ZLIB_CALLS(X) \
    X(int, inflateInit2_, (z_streamp strm, int windowBits, const char *version, int stream_size)) \
    X(int, inflate, (z_streamp strm, int flush)) \
    X(int, inflateEnd, (z_streamp strm))

#define SWELL_FIELD(result, name, parameters) result (*name) parameters;
static struct { SWELL_ZLIB_CALLS(SWELL_FIELD) } api;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define SWELL_RESOLVE(result, name, parameters) \
    if (!(*(void **)&api.name = dlsym(library, #name))) return;

static void resolve(void) {
    void *library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    SWELL_ZLIB_CALLS(SWELL_RESOLVE)
    loaded = 1;
}

int swell_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_length) {
    pthread_once(&once, resolve);
    if (!loaded) return -1;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // Negative window bits: a raw stream, without zlib's header.
    if (api.inflateInit2_(&stream, -15, ZLIB_VERSION, (int)sizeof stream) != Z_OK) return -2;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)input_length;
    stream.next_out = output;
    stream.avail_out = (uInt)output_length;
    int status = api.inflate(&stream, Z_FINISH);
    size_t produced = output_length - stream.avail_out;
    api.inflateEnd(&stream);
    return status == Z_STREAM_END && produced == output_length ? 0 : -2;
}
