#ifndef SWELL_CJPEGDECODER_H
#define SWELL_CJPEGDECODER_H

#include <stddef.h>

/// Decodes a JPEG file's bytes into RGBA8 rows from the top (opaque), in
/// `*pixels`, allocated with malloc: the caller frees it. Returns 0, or -1
/// with libjpeg's message in `message` (`message_size` bytes).
int swell_jpeg_decode(const unsigned char *data, size_t size, unsigned char **pixels, int *width, int *height,
                      char *message, size_t message_size);

#endif
