#!/usr/bin/env bash
# docs/performance.md#the-mixing-desk: a 10-minute render with a static
# lowpass takes at most the time of `sox in.wav out.wav lowpass 1000`, and
# one at rate 1.5 at most the time of `sox in.wav out.wav speed 1.5`, on
# the same machine in the same run.
#
# Times whole commands on the same 10-minute stereo 48 kHz 16-bit WAV, in
# the same run, in turns (so that load from elsewhere falls on all alike),
# after one untimed warm-up round:
#
#   lowpass        swell render in.wav -o out.wav --script lowpass.json
#                  (the input's layer with one filter: lowpass, 1000 Hz, Q 0.707)
#   sox-lowpass    sox -D in.wav out.wav lowpass 1000 0.707q
#   speed          swell render in.wav -o out.wav --speed 1.5
#   sox-speed      sox -D in.wav out.wav speed 1.5
#   varispeed      swell render in.wav -o out.wav --script varispeed.json
#                  (the input's rate moving from 1.5 to 1.4 across the
#                  file: the variable-rate engine all the way; for the
#                  record, beside sox-speed)
#
# Both write 16-bit files of the same length; `sox -D` does not dither,
# as swell does not (SoX's default dither costs it time swell does not
# spend). SoX's `speed` resamples with its `rate` effect (libsoxr's
# fixed-ratio engine, high quality), and so does swell for a rate that
# holds (docs/rate.md#three-ways-to-read-a-file); a moving rate takes
# libsoxr's variable-rate engine. Prints each one's median and fastest
# wall time and the ratios of the medians (target: lowpass and speed ≤ 1).
#
# Usage: Benchmarks/desk-render.sh [ROUNDS]    (default 7, at least 5)
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-7}
[ "$rounds" -ge 5 ] || { echo "at least 5 rounds, for a median of ≥ 5" >&2; exit 1; }
build_swell
command -v sox >/dev/null || { echo "sox is needed (apt-get install sox)" >&2; exit 1; }
make_work_dir

input=$work/in.wav
sox -n -r 48000 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
cat > "$work/lowpass.json" <<'JSON'
{"version": 1, "layers": [{"name": "main", "type": "audio",
  "filters": [{"name": "lp", "type": "lowpass", "frequency": 1000, "Q": 0.707}]}]}
JSON

cat > "$work/varispeed.json" <<'JSON'
{"version": 1, "layers": [{"name": "main", "type": "audio", "rate": 1.5}],
 "events": [{"at": 0, "layer": "main", "set": {"rate": 1.4}, "duration": 400, "timingFunction": "linear"}]}
JSON

run_lowpass()     { "$swell" render "$input" -o "$work/lowpass.wav" --script "$work/lowpass.json" --quiet --overwrite; }
run_sox_lowpass() { sox -D "$input" "$work/sox-lowpass.wav" lowpass 1000 0.707q; }
run_speed()       { "$swell" render "$input" -o "$work/speed.wav" --speed 1.5 --quiet --overwrite; }
run_sox_speed()   { sox -D "$input" "$work/sox-speed.wav" speed 1.5; }
run_varispeed()   { "$swell" render "$input" -o "$work/varispeed.wav" --script "$work/varispeed.json" --quiet --overwrite; }

commands=(lowpass sox_lowpass speed sox_speed varispeed)
declare -A times
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
time_in_turns "$rounds" "${commands[@]}"

describe_machine
echo "input:   10 min stereo 48 kHz 16-bit WAV; $rounds rounds"
echo "frames:  lowpass $(soxi -s "$work/lowpass.wav") (sox $(soxi -s "$work/sox-lowpass.wav")), speed $(soxi -s "$work/speed.wav") (sox $(soxi -s "$work/sox-speed.wav"))"
declare -A medians
report_medians 12 "${commands[@]}"
awk -v l="${medians[lowpass]}" -v sl="${medians[sox_lowpass]}" -v s="${medians[speed]}" -v ss="${medians[sox_speed]}" \
    -v v="${medians[varispeed]}" 'BEGIN {
  printf "lowpass/sox-lowpass = %.2f (target ≤ 1: %s)\n", l / sl, (l <= sl) ? "met" : "MISSED"
  printf "speed/sox-speed     = %.2f (target ≤ 1: %s)\n", s / ss, (s <= ss) ? "met" : "MISSED"
  printf "varispeed/sox-speed = %.2f (for the record)\n", v / ss
}'
