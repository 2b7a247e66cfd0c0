#!/usr/bin/env bash
# docs/performance.md#resampling: `swell render --rate 48000` of a 10-minute
# stereo 44.1 kHz file is no slower than `sox in.wav -r 48000 out.wav` on
# the same machine in the same run.
#
# Times two whole commands on the same 10-minute stereo 44.1 kHz 16-bit WAV,
# in the same run, in turns (so that load from elsewhere falls on both
# alike), after one untimed warm-up round that brings the input into the
# page cache:
#
#   swell render in.wav -o out.wav --rate 48000
#   sox in.wav -r 48000 out.wav
#
# Both keep the input's 16 bits and convert at the same quality — libsoxr's
# SOXR_HQ in swell, SoX's own `rate -h` (its default) in sox — and both
# write 28,800,000 frames, round(26,460,000 · 48000/44100). SoX dithers
# the 16-bit output by default, swell rounds to nearest: `sox -D` (no
# dither) is timed as well, as the like-for-like command. The script prints
# each one's median and fastest wall time and the ratios of the medians
# (target: swell/sox ≤ 1).
#
# Usage: Benchmarks/resample.sh [ROUNDS]    (default 7, at least 5)
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
# Two tones and some noise: content across the band, as music has.
sox -n -r 44100 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
[ "$(soxi -s "$input")" -eq 26460000 ] || { echo "the input is not 10 minutes at 44.1 kHz" >&2; exit 1; }
frames=28800000

run_swell()    { rm -f "$work/swell.wav"; "$swell" render "$input" -o "$work/swell.wav" --rate 48000 --quiet; }
run_sox()      { sox "$input" -r 48000 "$work/sox.wav"; }
run_sox_nodither() { sox -D "$input" -r 48000 "$work/sox_nodither.wav"; }

commands=(swell sox sox_nodither)
declare -A times
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
for name in "${commands[@]}"; do
  [ "$(soxi -s "$work/$name.wav")" -eq "$frames" ] || { echo "$name wrote a wrong length" >&2; exit 1; }
  [ "$(soxi -r "$work/$name.wav")" -eq 48000 ] || { echo "$name wrote a wrong rate" >&2; exit 1; }
done
time_in_turns "$rounds" "${commands[@]}"

describe_machine
echo "input:   10 min stereo 44.1 kHz 16-bit WAV ($(du -h "$input" | cut -f1)) in $work; $rounds rounds"
declare -A medians
report_medians 13 "${commands[@]}"
awk -v s="${medians[swell]}" -v x="${medians[sox]}" -v d="${medians[sox_nodither]}" 'BEGIN {
  printf "swell/sox    = %.2f (target ≤ 1: %s)\n", s / x, (s / x <= 1) ? "met" : "MISSED"
  printf "swell/sox -D = %.2f\n", s / d
}'
