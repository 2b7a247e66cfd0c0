#ifndef SWELL_CFFMPEG_SHIM_H
#define SWELL_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/* Macros Swift cannot import, as functions. */
static inline int swell_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int swell_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t swell_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational swell_av_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int swell_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
#endif
