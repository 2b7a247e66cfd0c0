/*
 * A fake playback device for Swell's tests: an ALSA external I/O plugin
 * (snd_pcm_ioplug, https://www.alsa-project.org/alsa-doc/alsa-lib/pcm_external_plugins.html).
 *
 * Unlike ALSA's `null` and `file` plugins, which take any stream, it behaves
 * like a picky sound card:
 *
 *   - it takes exactly one sample format, channel count and rate, and only
 *     interleaved read/write access, so format negotiation and unsupported
 *     parameters can be tested;
 *   - with `lock`, it serves one client at a time and answers a second open
 *     with EBUSY, as a hardware PCM without dmix does;
 *   - with `realtime true`, it consumes frames at the sample rate, wakes a
 *     blocked writer every period and underruns (EPIPE) when the writer falls
 *     behind, as a DMA-driven card does; otherwise it consumes every frame at
 *     once.
 *
 * Every frame played is appended to `file` as raw bytes of the format.
 *
 * Configuration:
 *
 *   pcm_type.swell_fake { lib "/abs/path/libasound_module_pcm_swell_fake.so" }
 *   pcm.NAME {
 *       type swell_fake
 *       format "S16_LE"
 *       channels 2
 *       rate 48000
 *       file "/abs/path/capture.raw"   # truncated at open
 *       lock "/abs/path/device.lock"   # optional
 *       realtime false                 # optional
 *   }
 *
 * Build: cc -shared -fPIC -DPIC swell_fake_pcm.c -o libasound_module_pcm_swell_fake.so -lasound
 */
#include <alsa/asoundlib.h>
#include <alsa/pcm_external.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

typedef struct {
	snd_pcm_ioplug_t io;
	int file_fd;
	int lock_fd;
	int realtime;
	int running;
	struct timespec started;
} fake_pcm_t;

static uint64_t nanoseconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)(now.tv_sec - start->tv_sec) * 1000000000u
		+ (uint64_t)now.tv_nsec - (uint64_t)start->tv_nsec;
}

static int fake_start(snd_pcm_ioplug_t *io)
{
	fake_pcm_t *fake = io->private_data;
	clock_gettime(CLOCK_MONOTONIC, &fake->started);
	fake->running = 1;
	if (fake->realtime) {
		/* Wake the writer once per period, like the card's interrupt. */
		uint64_t period_ns = (uint64_t)io->period_size * 1000000000u / io->rate;
		struct itimerspec timer = {
			.it_interval = { (time_t)(period_ns / 1000000000u), (long)(period_ns % 1000000000u) },
			.it_value = { (time_t)(period_ns / 1000000000u), (long)(period_ns % 1000000000u) },
		};
		if (timerfd_settime(io->poll_fd, 0, &timer, NULL) < 0)
			return -errno;
	}
	return 0;
}

static int fake_stop(snd_pcm_ioplug_t *io)
{
	fake_pcm_t *fake = io->private_data;
	fake->running = 0;
	if (fake->realtime) {
		struct itimerspec off = { { 0, 0 }, { 0, 0 } };
		timerfd_settime(io->poll_fd, 0, &off, NULL);
	}
	return 0;
}

/* ALSA prepares again after an underrun without stopping first: the clock
 * must stop here too, or the new stream would inherit the old start time. */
static int fake_prepare(snd_pcm_ioplug_t *io)
{
	return fake_stop(io);
}

/* The hardware position, counted from the last prepare (the plugin sets
 * SND_PCM_IOPLUG_FLAG_BOUNDARY_WA, so it need not wrap at the buffer size). */
static snd_pcm_sframes_t fake_pointer(snd_pcm_ioplug_t *io)
{
	fake_pcm_t *fake = io->private_data;
	if (!fake->realtime)
		return (snd_pcm_sframes_t)io->appl_ptr;
	if (!fake->running)
		return (snd_pcm_sframes_t)io->hw_ptr;
	uint64_t played = nanoseconds_since(&fake->started) * io->rate / 1000000000u;
	if (played >= io->appl_ptr)
		return -EPIPE; /* the buffer ran dry: underrun */
	return (snd_pcm_sframes_t)played;
}

static snd_pcm_sframes_t fake_transfer(snd_pcm_ioplug_t *io, const snd_pcm_channel_area_t *areas,
				       snd_pcm_uframes_t offset, snd_pcm_uframes_t size)
{
	fake_pcm_t *fake = io->private_data;
	size_t frame_bytes = (size_t)snd_pcm_format_physical_width(io->format) / 8 * io->channels;
	const char *data = (const char *)areas[0].addr + (areas[0].first + areas[0].step * offset) / 8;
	size_t bytes = size * frame_bytes;
	while (bytes > 0) {
		ssize_t written = write(fake->file_fd, data, bytes);
		if (written < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		data += written;
		bytes -= (size_t)written;
	}
	return (snd_pcm_sframes_t)size;
}

static int fake_poll_revents(snd_pcm_ioplug_t *io, struct pollfd *pfd, unsigned int nfds,
			     unsigned short *revents)
{
	(void)nfds;
	if (pfd[0].revents & POLLIN) {
		uint64_t expirations;
		/* Clear the timer (realtime) or leave the event counter set. */
		if (((fake_pcm_t *)io->private_data)->realtime &&
		    read(pfd[0].fd, &expirations, sizeof expirations) < 0 && errno != EAGAIN)
			return -errno;
		*revents = POLLOUT;
	} else {
		*revents = 0;
	}
	return 0;
}

static int fake_close(snd_pcm_ioplug_t *io)
{
	fake_pcm_t *fake = io->private_data;
	close(io->poll_fd);
	close(fake->file_fd);
	if (fake->lock_fd >= 0)
		close(fake->lock_fd);
	free(fake);
	return 0;
}

static const snd_pcm_ioplug_callback_t fake_callback = {
	.start = fake_start,
	.stop = fake_stop,
	.prepare = fake_prepare,
	.pointer = fake_pointer,
	.transfer = fake_transfer,
	.poll_revents = fake_poll_revents,
	.close = fake_close,
};

static int constrain(snd_pcm_ioplug_t *io, snd_pcm_format_t format, unsigned int channels,
		     unsigned int rate)
{
	unsigned int access_list[] = { SND_PCM_ACCESS_RW_INTERLEAVED };
	unsigned int format_list[] = { (unsigned int)format };
	int err;
	if ((err = snd_pcm_ioplug_set_param_list(io, SND_PCM_IOPLUG_HW_ACCESS, 1, access_list)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_list(io, SND_PCM_IOPLUG_HW_FORMAT, 1, format_list)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_CHANNELS, channels, channels)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_RATE, rate, rate)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_PERIOD_BYTES, 16, 1 << 20)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_PERIODS, 2, 1024)) < 0 ||
	    (err = snd_pcm_ioplug_set_param_minmax(io, SND_PCM_IOPLUG_HW_BUFFER_BYTES, 32, 1 << 24)) < 0)
		return err;
	return 0;
}

SND_PCM_PLUGIN_DEFINE_FUNC(swell_fake)
{
	(void)root;
	const char *format_name = NULL, *file_path = NULL, *lock_path = NULL;
	long channels = 0, rate = 0;
	int realtime = 0;
	snd_config_iterator_t i, next;
	snd_config_for_each(i, next, conf) {
		snd_config_t *n = snd_config_iterator_entry(i);
		const char *id;
		if (snd_config_get_id(n, &id) < 0)
			continue;
		if (strcmp(id, "comment") == 0 || strcmp(id, "type") == 0 || strcmp(id, "hint") == 0)
			continue;
		if (strcmp(id, "format") == 0 && snd_config_get_string(n, &format_name) >= 0)
			continue;
		if (strcmp(id, "channels") == 0 && snd_config_get_integer(n, &channels) >= 0)
			continue;
		if (strcmp(id, "rate") == 0 && snd_config_get_integer(n, &rate) >= 0)
			continue;
		if (strcmp(id, "file") == 0 && snd_config_get_string(n, &file_path) >= 0)
			continue;
		if (strcmp(id, "lock") == 0 && snd_config_get_string(n, &lock_path) >= 0)
			continue;
		if (strcmp(id, "realtime") == 0 && (realtime = snd_config_get_bool(n)) >= 0)
			continue;
		SNDERR("swell_fake: bad field %s", id);
		return -EINVAL;
	}
	snd_pcm_format_t format = format_name ? snd_pcm_format_value(format_name) : SND_PCM_FORMAT_UNKNOWN;
	if (format == SND_PCM_FORMAT_UNKNOWN || channels < 1 || rate < 1 || !file_path) {
		SNDERR("swell_fake: needs format, channels, rate and file");
		return -EINVAL;
	}
	if (stream != SND_PCM_STREAM_PLAYBACK)
		return -ENODEV;

	fake_pcm_t *fake = calloc(1, sizeof *fake);
	if (!fake)
		return -ENOMEM;
	fake->realtime = realtime;
	fake->lock_fd = -1;
	int err = 0;
	if (lock_path) {
		fake->lock_fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (fake->lock_fd < 0 || flock(fake->lock_fd, LOCK_EX | LOCK_NB) < 0) {
			err = errno == EWOULDBLOCK ? -EBUSY : -errno;
			goto failed;
		}
	}
	fake->file_fd = open(file_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fake->file_fd < 0) {
		err = -errno;
		goto failed;
	}
	fake->io.poll_fd = realtime ? timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)
				    : eventfd(1, EFD_NONBLOCK | EFD_CLOEXEC);
	if (fake->io.poll_fd < 0) {
		err = -errno;
		close(fake->file_fd);
		goto failed;
	}
	fake->io.version = SND_PCM_IOPLUG_VERSION;
	fake->io.name = "Swell fake playback device";
	fake->io.flags = SND_PCM_IOPLUG_FLAG_BOUNDARY_WA | SND_PCM_IOPLUG_FLAG_MONOTONIC;
	fake->io.poll_events = POLLIN;
	fake->io.mmap_rw = 0;
	fake->io.callback = &fake_callback;
	fake->io.private_data = fake;

	err = snd_pcm_ioplug_create(&fake->io, name, stream, mode);
	if (err < 0) {
		close(fake->io.poll_fd);
		close(fake->file_fd);
		goto failed;
	}
	err = constrain(&fake->io, format, (unsigned int)channels, (unsigned int)rate);
	if (err < 0) {
		snd_pcm_ioplug_delete(&fake->io); /* calls fake_close */
		return err;
	}
	*pcmp = fake->io.pcm;
	return 0;

failed:
	if (fake->lock_fd >= 0)
		close(fake->lock_fd);
	free(fake);
	return err;
}

SND_PCM_PLUGIN_SYMBOL(swell_fake);
