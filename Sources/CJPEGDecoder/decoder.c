#include "CJPEGDecoder.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg reports a fatal error by calling error_exit, which by default
   exits the process; this one jumps back to the decoder with the message. */
struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

static void fail(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    (*info->err->format_message)(info, failure->message);
    longjmp(failure->back, 1);
}

int swell_jpeg_decode(const unsigned char *data, size_t size, unsigned char **pixels, int *width, int *height,
                      char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct failure failure;
    unsigned char *volatile rgba = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = fail;
    if (setjmp(failure.back)) {
        snprintf(message, message_size, "%s", failure.message);
        jpeg_destroy_decompress(&info);
        free(rgba);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    rgba = malloc(stride * info.output_height);
    if (rgba == NULL) {
        snprintf(message, message_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rgba + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    *pixels = rgba;
    jpeg_destroy_decompress(&info);
    return 0;
}
