/*
 * A playback device for Swell's live-play benchmark: an ALSA external I/O
 * plugin (snd_pcm_ioplug,
 * https://www.alsa-project.org/alsa-doc/alsa-lib/pcm_external_plugins.html)
 * that consumes audio at the sample rate and throws it away.
 *
 * ALSA's own `null` and `file` plugins take frames as fast as they are
 * written, so a player on them runs flat out and its CPU use says nothing
 * about real-time playback. This sink behaves like a DMA-driven sound card
 * instead: its hardware position advances with CLOCK_MONOTONIC at the
 * stream's rate, a blocked writer is woken at the first period boundary (the
 * card's interrupt; a timerfd here) at which `avail_min` frames are free, as
 * the kernel wakes a card's writer, and a writer that falls behind gets an
 * underrun (EPIPE). With `speed N` its clock runs N times faster — a card
 * at N times the rate, still pacing the writer — so that an hour of audio
 * plays in 3600/N seconds (for measuring memory over a long file).
 *
 * It takes interleaved FLOAT_LE, S32_LE or S16_LE, 1 to 8 channels, 8 to
 * 192 kHz. With `report FILE`, closing the stream writes one line to FILE:
 * `frames N underruns M` — the frames consumed and the underruns suffered —
 * so a benchmark can check that playback really ran in real time.
 *
 * Adapted from the fake device of Tests/SwellTestSupport/Plugins.
 *
 * Configuration:
 *
 *   pcm_type.swell_bench_sink { lib "/abs/path/libasound_module_pcm_swell_bench_sink.so" }
 *   pcm.NAME {
 *       type swell_bench_sink
 *       speed 1                        # optional, default 1
 *       report "/abs/path/report.txt"  # optional
 *   }
 *
 * Build: cc -shared -fPIC -DPIC -O2 swell_bench_sink.c -o libasound_module_pcm_swell_bench_sink.so -lasound
 */
#include <alsa/asoundlib.h>
#include <alsa/pcm_external.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

typedef struct {
	snd_pcm_ioplug_t io;
	long speed;
	int running;
	int in_underrun;
	struct timespec started;
	snd_pcm_uframes_t avail_min;
	uint64_t frames;
	uint64_t underruns;
	char *report;
} sink_t;

static uint64_t nanoseconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)(now.tv_sec - start->tv_sec) * 1000000000u
		+ (uint64_t)now.tv_nsec - (uint64_t)start->tv_nsec;
}

static int sink_start(snd_pcm_ioplug_t *io)
{
	sink_t *sink = io->private_data;
	clock_gettime(CLOCK_MONOTONIC, &sink->started);
	sink->running = 1;
	return 0;
}

static int sink_sw_params(snd_pcm_ioplug_t *io, snd_pcm_sw_params_t *params)
{
	return snd_pcm_sw_params_get_avail_min(params, &((sink_t *)io->private_data)->avail_min);
}

/* Called each time the writer is about to wait. The kernel wakes a card's
 * writer only once avail_min frames are free (snd_pcm_update_state), and
 * the card's interrupts come at period boundaries: so the timer is armed for
 * the first boundary at which that much room is free — or, if it is already
 * free (draining), the next boundary. */
static int sink_poll_descriptors(snd_pcm_ioplug_t *io, struct pollfd *pfd, unsigned int space)
{
	sink_t *sink = io->private_data;
	if (space < 1)
		return 0;
	if (sink->running) {
		uint64_t period = io->period_size, buffer = io->buffer_size;
		uint64_t room = sink->avail_min < period ? period : sink->avail_min;
		if (room > buffer)
			room = buffer;
		uint64_t played = nanoseconds_since(&sink->started) * io->rate * (uint64_t)sink->speed / 1000000000u;
		uint64_t target = io->appl_ptr + room > buffer ? io->appl_ptr + room - buffer : 0;
		if (target <= played)
			target = played + 1;
		uint64_t boundary = (target + period - 1) / period * period;
		uint64_t at = (uint64_t)sink->started.tv_sec * 1000000000u + (uint64_t)sink->started.tv_nsec
			+ boundary * 1000000000u / io->rate / (uint64_t)sink->speed;
		struct itimerspec timer = {
			.it_interval = { 0, 0 },
			.it_value = { (time_t)(at / 1000000000u), (long)(at % 1000000000u) },
		};
		if (timerfd_settime(io->poll_fd, TFD_TIMER_ABSTIME, &timer, NULL) < 0)
			return -errno;
	}
	pfd->fd = io->poll_fd;
	pfd->events = POLLIN;
	return 1;
}

static int sink_stop(snd_pcm_ioplug_t *io)
{
	struct itimerspec off = { { 0, 0 }, { 0, 0 } };
	((sink_t *)io->private_data)->running = 0;
	timerfd_settime(io->poll_fd, 0, &off, NULL);
	return 0;
}

/* ALSA prepares again after an underrun without stopping first: the clock
 * must stop here too, or the new stream would inherit the old start time. */
static int sink_prepare(snd_pcm_ioplug_t *io)
{
	((sink_t *)io->private_data)->in_underrun = 0;
	return sink_stop(io);
}

/* The hardware position, counted from the last prepare (the plugin sets
 * SND_PCM_IOPLUG_FLAG_BOUNDARY_WA, so it need not wrap at the buffer size).
 * While draining, running dry is the end of the stream, not an underrun. */
static snd_pcm_sframes_t sink_pointer(snd_pcm_ioplug_t *io)
{
	sink_t *sink = io->private_data;
	if (!sink->running)
		return (snd_pcm_sframes_t)io->hw_ptr;
	uint64_t played = nanoseconds_since(&sink->started) * io->rate * (uint64_t)sink->speed / 1000000000u;
	if (played >= io->appl_ptr) {
		if (io->state == SND_PCM_STATE_DRAINING)
			return (snd_pcm_sframes_t)io->appl_ptr;
		if (!sink->in_underrun) {
			sink->in_underrun = 1;
			sink->underruns++;
		}
		return -EPIPE;
	}
	return (snd_pcm_sframes_t)played;
}

static snd_pcm_sframes_t sink_transfer(snd_pcm_ioplug_t *io, const snd_pcm_channel_area_t *areas,
				       snd_pcm_uframes_t offset, snd_pcm_uframes_t size)
{
	(void)areas;
	(void)offset;
	((sink_t *)io->private_data)->frames += size;
	return (snd_pcm_sframes_t)size;
}

static int sink_poll_revents(snd_pcm_ioplug_t *io, struct pollfd *pfd, unsigned int nfds,
			     unsigned short *revents)
{
	(void)nfds;
	(void)io;
	if (pfd[0].revents & POLLIN) {
		uint64_t expirations;
		/* Clear the timer. */
		if (read(pfd[0].fd, &expirations, sizeof expirations) < 0 && errno != EAGAIN)
			return -errno;
		*revents = POLLOUT;
	} else {
		*revents = 0;
	}
	return 0;
}

static int sink_close(snd_pcm_ioplug_t *io)
{
	sink_t *sink = io->private_data;
	if (sink->report) {
		FILE *report = fopen(sink->report, "w");
		if (report) {
			fprintf(report, "frames %llu underruns %llu\n", (unsigned long long)sink->frames,
				(unsigned long long)sink->underruns);
			fclose(report);
		}
		free(sink->report);
	}
	close(io->poll_fd);
	free(sink);
	return 0;
}

static const snd_pcm_ioplug_callback_t sink_callback = {
	.start = sink_start,
	.stop = sink_stop,
	.prepare = sink_prepare,
	.pointer = sink_pointer,
	.transfer = sink_transfer,
	.sw_params = sink_sw_params,
	.poll_descriptors = sink_poll_descriptors,
	.poll_revents = sink_poll_revents,
	.close = sink_close,
};

static int constrain(snd_pcm_ioplug_t *io)
{
	unsigned int access_list[] = { SND_PCM_ACCESS_RW_INTERLEAVED };
	unsigned int format_list[] = { SND_PCM_FORMAT_FLOAT_LE, SND_PCM_FORMAT_S32_LE, SND_PCM_FORMAT_S16_LE };
	int err;
	if ((err = snd_pcm_ioplug_set_param_list(io, SND_PCM_IOPLUG_HW_ACCESS, 1, access_list)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_list(io, SND_PCM_IOPLUG_HW_FORMAT, 3, format_list)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_CHANNELS, 1, 8)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_RATE, 8000, 192000)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_PERIOD_BYTES, 16, 1 << 20)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_PERIODS, 2, 1024)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_BUFFER_BYTES, 32, 1 << 24)) < 0)
		return err;
	return 0;
}

SND_PCM_PLUGIN_DEFINE_FUNC(swell_bench_sink)
{
	(void)root;
	const char *report_path = NULL;
	long speed = 1;
	snd_config_iterator_t i, next;
	snd_config_for_each(i, next, conf) {
		snd_config_t *n = snd_config_iterator_entry(i);
		const char *id;
		if (snd_config_get_id(n, &id) < 0)
			continue;
		if (strcmp(id, "comment") == 0 || strcmp(id, "type") == 0 || strcmp(id, "hint") == 0)
			continue;
		if (strcmp(id, "report") == 0 && snd_config_get_string(n, &report_path) >= 0)
			continue;
		if (strcmp(id, "speed") == 0 && snd_config_get_integer(n, &speed) >= 0 && speed >= 1 && speed <= 1000)
			continue;
		SNDERR("swell_bench_sink: bad field %s", id);
		return -EINVAL;
	}
	if (stream != SND_PCM_STREAM_PLAYBACK)
		return -ENODEV;

	sink_t *sink = calloc(1, sizeof *sink);
	if (!sink)
		return -ENOMEM;
	sink->speed = speed;
	if (report_path && !(sink->report = strdup(report_path))) {
		free(sink);
		return -ENOMEM;
	}
	sink->io.poll_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (sink->io.poll_fd < 0) {
		int err = -errno;
		free(sink->report);
		free(sink);
		return err;
	}
	sink->io.version = SND_PCM_IOPLUG_VERSION;
	sink->io.name = "Swell benchmark sink";
	sink->io.flags = SND_PCM_IOPLUG_FLAG_BOUNDARY_WA | SND_PCM_IOPLUG_FLAG_MONOTONIC;
	sink->io.poll_events = POLLIN;
	sink->io.mmap_rw = 0;
	sink->io.callback = &sink_callback;
	sink->io.private_data = sink;

	int err = snd_pcm_ioplug_create(&sink->io, name, stream, mode);
	if (err < 0) {
		close(sink->io.poll_fd);
		free(sink->report);
		free(sink);
		return err;
	}
	err = constrain(&sink->io);
	if (err < 0) {
		snd_pcm_ioplug_delete(&sink->io); /* calls sink_close */
		return err;
	}
	*pcmp = sink->io.pcm;
	return 0;
}

SND_PCM_PLUGIN_SYMBOL(swell_bench_sink);
