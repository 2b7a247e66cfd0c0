#!/usr/bin/env bash
# docs/performance.md#offline-render: `swell render` of a 10-minute stereo
# 48 kHz file with fades is faster than `ffmpeg -af afade` on the same
# machine in the same run, and takes at most 2.5 times as long as a plain
# copy of the file (`cp`).
#
# Times three whole commands on the same 10-minute stereo 48 kHz 16-bit WAV,
# in the same run, round-robin (so that load from elsewhere falls on all
# three alike), after one untimed warm-up round that brings the input into
# the page cache:
#
#   swell render in.wav -o out.wav --fade-in 2 --fade-out 2
#   ffmpeg -i in.wav -af afade=t=in:d=2,afade=t=out:st=598:d=2 out.wav
#   cp in.wav out.wav
#
# and prints each one's median and fastest wall time and the ratios of the
# medians, swell/ffmpeg (target < 1) and swell/cp (target ≤ 2.5).
#
# Usage: Benchmarks/render-vs-peers.sh [ROUNDS]    (default 7, at least 5)
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-7}
[ "$rounds" -ge 5 ] || { echo "at least 5 rounds, for a median of ≥ 5" >&2; exit 1; }
build_swell
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install ffmpeg)" >&2; exit 1; }
command -v sox >/dev/null || { echo "sox is needed (apt-get install sox)" >&2; exit 1; }
make_work_dir

input=$work/in.wav
# Two tones and some noise: no run of silence or repetition that a codec
# path could shortcut.
sox -n -r 48000 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
frames=$(soxi -s "$input")
[ "$frames" -eq 28800000 ] || { echo "the input has $frames frames, not 28800000" >&2; exit 1; }

run_swell()  { rm -f "$work/swell.wav"; "$swell" render "$input" -o "$work/swell.wav" --fade-in 2 --fade-out 2 --quiet; }
run_ffmpeg() { ffmpeg -nostdin -loglevel error -y -i "$input" -af afade=t=in:d=2,afade=t=out:st=598:d=2 "$work/ffmpeg.wav"; }
run_cp()     { cp "$input" "$work/cp.wav"; }

commands=(swell ffmpeg cp)
declare -A times
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
for name in "${commands[@]}"; do
  [ "$(soxi -s "$work/$name.wav")" -eq "$frames" ] || { echo "$name wrote a wrong length" >&2; exit 1; }
done
time_in_turns "$rounds" "${commands[@]}"

describe_machine
echo "input:   10 min stereo 48 kHz 16-bit WAV ($(du -h "$input" | cut -f1)) in $work; $rounds rounds"
declare -A medians
report_medians 8 "${commands[@]}"
awk -v s="${medians[swell]}" -v f="${medians[ffmpeg]}" -v c="${medians[cp]}" 'BEGIN {
  printf "swell/ffmpeg = %.2f (target < 1: %s)\n", s / f, (s / f < 1) ? "met" : "MISSED"
  printf "swell/cp     = %.2f (target ≤ 2.5: %s)\n", s / c, (s / c <= 2.5) ? "met" : "MISSED"
}'
