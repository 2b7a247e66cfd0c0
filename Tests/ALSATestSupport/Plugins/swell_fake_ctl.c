/*
 * A fake sound-card mixer for Swell's tests: an ALSA external control plugin
 * (snd_ctl_ext, https://www.alsa-project.org/alsa-doc/alsa-lib/ctl_external_plugins.html).
 *
 * It exposes three stereo controls, the shapes a real card's simple mixer is
 * made of:
 *
 *   "Master Playback Volume"  integer 0..120 with dB data: TLV DB_SCALE from
 *                             -60.00 dB in 0.50 dB steps to 0 dB; with
 *                             `mute_at_minimum true` the minimum is mute
 *                             (the TLV mute flag), as on many HDA codecs
 *   "Master Playback Switch"  boolean
 *   "PCM Playback Volume"     integer 0..255, no dB data (raw steps only)
 *
 * The values live in a state file, not in memory, so a value written by one
 * process (Swell) is read by another (amixer). Every write is appended to a
 * log file as "SECONDS.NANOSECONDS<TAB>NAME<TAB>LEFT<TAB>RIGHT" with a
 * CLOCK_MONOTONIC timestamp, so tests can count writes and check the shape
 * of a ramp.
 *
 * Configuration:
 *
 *   ctl_type.swell_fake { lib "/abs/path/libasound_module_ctl_swell_fake.so" }
 *   ctl.NAME {
 *       type swell_fake
 *       state "/abs/path/mixer.state"   # created with defaults if missing
 *       log "/abs/path/mixer.log"       # optional
 *       mute_at_minimum false           # optional
 *   }
 *
 * Build: cc -shared -fPIC -DPIC swell_fake_ctl.c -o libasound_module_ctl_swell_fake.so -lasound
 */
#include <alsa/asoundlib.h>
#include <alsa/control_external.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#define CHANNELS 2

enum { MASTER_VOLUME, MASTER_SWITCH, PCM_VOLUME, CONTROL_COUNT };

static const struct {
	const char *name;
	int type;
	long max;
	int has_db;
} controls[CONTROL_COUNT] = {
	{ "Master Playback Volume", SND_CTL_ELEM_TYPE_INTEGER, 120, 1 },
	{ "Master Playback Switch", SND_CTL_ELEM_TYPE_BOOLEAN, 1, 0 },
	{ "PCM Playback Volume", SND_CTL_ELEM_TYPE_INTEGER, 255, 0 },
};

typedef long state_t[CONTROL_COUNT][CHANNELS];

typedef struct {
	snd_ctl_ext_t ext;
	char *state_path;
	char *log_path;
	unsigned int tlv[4];
} fake_ctl_t;

/* Every control at its maximum: full volume, switch on. */
static void default_state(state_t state)
{
	for (int c = 0; c < CONTROL_COUNT; c++)
		for (int ch = 0; ch < CHANNELS; ch++)
			state[c][ch] = controls[c].max;
}

/* Reads the state from an open, locked file; defaults if empty. */
static void read_state(FILE *file, state_t state)
{
	default_state(state);
	rewind(file);
	for (int c = 0; c < CONTROL_COUNT; c++)
		if (fscanf(file, "%ld %ld", &state[c][0], &state[c][1]) != 2) {
			default_state(state);
			return;
		}
}

static int write_state(FILE *file, state_t state)
{
	rewind(file);
	if (ftruncate(fileno(file), 0) < 0)
		return -errno;
	for (int c = 0; c < CONTROL_COUNT; c++)
		fprintf(file, "%ld %ld\n", state[c][0], state[c][1]);
	return fflush(file) == 0 ? 0 : -errno;
}

/* Opens the state file and takes a shared or exclusive lock on it. */
static FILE *open_state(fake_ctl_t *fake, int lock)
{
	int fd = open(fake->state_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	if (flock(fd, lock) < 0) {
		close(fd);
		return NULL;
	}
	FILE *file = fdopen(fd, "r+");
	if (!file)
		close(fd);
	return file;
}

static void log_write(fake_ctl_t *fake, int control, const long *values)
{
	if (!fake->log_path)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	char line[128];
	int length = snprintf(line, sizeof line, "%lld.%09ld\t%s\t%ld\t%ld\n",
			      (long long)now.tv_sec, now.tv_nsec,
			      controls[control].name, values[0], values[1]);
	int fd = open(fake->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	/* One write(2) per line: appends from several processes do not mix. */
	if (write(fd, line, (size_t)length) != length)
		perror("swell_fake_ctl: log");
	close(fd);
}

static int fake_elem_count(snd_ctl_ext_t *ext)
{
	(void)ext;
	return CONTROL_COUNT;
}

static int fake_elem_list(snd_ctl_ext_t *ext, unsigned int offset, snd_ctl_elem_id_t *id)
{
	(void)ext;
	if (offset >= CONTROL_COUNT)
		return -EINVAL;
	snd_ctl_elem_id_set_interface(id, SND_CTL_ELEM_IFACE_MIXER);
	snd_ctl_elem_id_set_name(id, controls[offset].name);
	return 0;
}

static snd_ctl_ext_key_t fake_find_elem(snd_ctl_ext_t *ext, const snd_ctl_elem_id_t *id)
{
	(void)ext;
	unsigned int numid = snd_ctl_elem_id_get_numid(id);
	if (numid > 0 && numid <= CONTROL_COUNT)
		return numid - 1;
	const char *name = snd_ctl_elem_id_get_name(id);
	for (int c = 0; c < CONTROL_COUNT; c++)
		if (strcmp(name, controls[c].name) == 0 && snd_ctl_elem_id_get_index(id) == 0)
			return (snd_ctl_ext_key_t)c;
	return SND_CTL_EXT_KEY_NOT_FOUND;
}

static int fake_get_attribute(snd_ctl_ext_t *ext, snd_ctl_ext_key_t key,
			      int *type, unsigned int *access, unsigned int *count)
{
	(void)ext;
	if (key >= CONTROL_COUNT)
		return -EINVAL;
	*type = controls[key].type;
	*access = SND_CTL_EXT_ACCESS_READWRITE;
	if (controls[key].has_db)
		*access |= SND_CTL_EXT_ACCESS_TLV_READ;
	*count = CHANNELS;
	return 0;
}

static int fake_get_integer_info(snd_ctl_ext_t *ext, snd_ctl_ext_key_t key,
				 long *min, long *max, long *step)
{
	(void)ext;
	*min = 0;
	*max = controls[key].max;
	*step = 1;
	return 0;
}

static int fake_read_integer(snd_ctl_ext_t *ext, snd_ctl_ext_key_t key, long *value)
{
	fake_ctl_t *fake = ext->private_data;
	FILE *file = open_state(fake, LOCK_SH);
	if (!file)
		return -errno;
	state_t state;
	read_state(file, state);
	fclose(file);
	value[0] = state[key][0];
	value[1] = state[key][1];
	return 0;
}

static int fake_write_integer(snd_ctl_ext_t *ext, snd_ctl_ext_key_t key, long *value)
{
	fake_ctl_t *fake = ext->private_data;
	for (int ch = 0; ch < CHANNELS; ch++)
		if (value[ch] < 0 || value[ch] > controls[key].max)
			return -EINVAL;
	FILE *file = open_state(fake, LOCK_EX);
	if (!file)
		return -errno;
	state_t state;
	read_state(file, state);
	int changed = state[key][0] != value[0] || state[key][1] != value[1];
	state[key][0] = value[0];
	state[key][1] = value[1];
	int err = write_state(file, state);
	log_write(fake, (int)key, value);
	fclose(file);
	return err < 0 ? err : changed;
}

/* No change notifications: report "nothing pending", as a real card does
 * when no other program has touched its controls. */
static int fake_read_event(snd_ctl_ext_t *ext, snd_ctl_elem_id_t *id, unsigned int *mask)
{
	(void)ext;
	(void)id;
	(void)mask;
	return -EAGAIN;
}

static void fake_close(snd_ctl_ext_t *ext)
{
	fake_ctl_t *fake = ext->private_data;
	free(fake->state_path);
	free(fake->log_path);
	free(fake);
}

static const snd_ctl_ext_callback_t fake_callback = {
	.close = fake_close,
	.elem_count = fake_elem_count,
	.elem_list = fake_elem_list,
	.find_elem = fake_find_elem,
	.get_attribute = fake_get_attribute,
	.get_integer_info = fake_get_integer_info,
	.read_integer = fake_read_integer,
	.write_integer = fake_write_integer,
	.read_event = fake_read_event,
};

SND_CTL_PLUGIN_DEFINE_FUNC(swell_fake)
{
	(void)root;
	const char *state_path = NULL, *log_path = NULL;
	int mute_at_minimum = 0;
	snd_config_iterator_t i, next;
	snd_config_for_each(i, next, conf) {
		snd_config_t *n = snd_config_iterator_entry(i);
		const char *id;
		if (snd_config_get_id(n, &id) < 0)
			continue;
		if (strcmp(id, "comment") == 0 || strcmp(id, "type") == 0 || strcmp(id, "hint") == 0)
			continue;
		if (strcmp(id, "state") == 0 && snd_config_get_string(n, &state_path) >= 0)
			continue;
		if (strcmp(id, "log") == 0 && snd_config_get_string(n, &log_path) >= 0)
			continue;
		if (strcmp(id, "mute_at_minimum") == 0 && (mute_at_minimum = snd_config_get_bool(n)) >= 0)
			continue;
		SNDERR("swell_fake: bad field %s", id);
		return -EINVAL;
	}
	if (!state_path) {
		SNDERR("swell_fake: no state file");
		return -EINVAL;
	}

	fake_ctl_t *fake = calloc(1, sizeof *fake);
	if (!fake)
		return -ENOMEM;
	fake->state_path = strdup(state_path);
	fake->log_path = log_path ? strdup(log_path) : NULL;
	fake->tlv[0] = SND_CTL_TLVT_DB_SCALE;
	fake->tlv[1] = 2 * sizeof(unsigned int);
	fake->tlv[2] = (unsigned int)-6000;
	fake->tlv[3] = 50 | (mute_at_minimum ? 0x10000 : 0);

	fake->ext.version = SND_CTL_EXT_VERSION;
	fake->ext.card_idx = 0;
	strcpy(fake->ext.id, "SwellFake");
	strcpy(fake->ext.driver, "swell_fake");
	strcpy(fake->ext.name, "Swell Fake Mixer");
	strcpy(fake->ext.longname, "Swell fake mixer for tests");
	strcpy(fake->ext.mixername, "Swell Fake Mixer");
	fake->ext.poll_fd = -1;
	fake->ext.callback = &fake_callback;
	fake->ext.private_data = fake;
	fake->ext.tlv.p = fake->tlv;

	int err = snd_ctl_ext_create(&fake->ext, name, mode);
	if (err < 0) {
		fake_close(&fake->ext);
		return err;
	}
	*handlep = fake->ext.handle;
	return 0;
}

SND_CTL_PLUGIN_SYMBOL(swell_fake);
