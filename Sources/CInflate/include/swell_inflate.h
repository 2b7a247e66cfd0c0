#ifndef SWELL_INFLATE_H
#define SWELL_INFLATE_H
#include <stddef.h>
#include <stdint.h>

/// Inflates a raw DEFLATE stream (RFC 1951: a ZIP archive's method 8) of
/// `input_length` bytes into exactly `output_length` bytes of `output`,
/// through zlib loaded with dlopen on first use. Returns 0; -1 when zlib
/// cannot be loaded; -2 when the stream is damaged or its size is not the
/// one given.
int swell_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_length);
#endif
