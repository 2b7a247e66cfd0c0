#ifndef SWELL_CALSA_SHIM_H
#define SWELL_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* alsa-lib prints its own diagnostics ("ALSA lib pcm.c:2666: Unknown PCM")
   to stderr through a variadic handler, which Swift cannot implement.
   Swell reports every failure itself, in one line, so it installs this
   silent handler. */
static void swell_alsa_silent_error(const char *file, int line, const char *function, int err,
                                    const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void swell_alsa_silence_library_errors(void) {
    snd_lib_error_set_handler(swell_alsa_silent_error);
}
#endif
