#!/usr/bin/env bash
# docs/performance.md#video-decode: showing every frame of a 1080p video
# layer costs no more than `ffmpeg -i in.mp4 -f null -` decoding the same
# file.
#
# Makes a 10-second 1920×1080 H.264 clip (FFmpeg's testsrc2 pattern,
# 30 fps) and times, in turns, Benchmarks' VideoDecode — a VideoFile asked
# for frame k at k/fps for every k, each converted to the image a video
# layer draws, Cairo's premultiplied ARGB32 (bytes b, g, r, a) — and
# `ffmpeg -i clip.mp4 -f null -`, which decodes the frames and converts
# nothing; and, for the same work, `ffmpeg … -pix_fmt bgra -f null -`,
# which converts every frame to that layout with the same libswscale pass.
# All decode with libavcodec's automatic threads (as many as there are
# cores, plus one), frame threading. Reports each one's median wall and
# CPU (user + system) seconds, and the ratios.
#
# Decoding is the same work in both; the conversion, about 0.6 ms a frame
# (about 0.2 s of CPU for the 300 frames), is what `-f null` skips, so on a
# machine whose cores are all busy, where wall time follows CPU time,
# VideoDecode costs about 1.15 times `ffmpeg -f null` and 0.95 times
# `ffmpeg -pix_fmt bgra -f null` (docs/performance.md#video-decode).
#
# Usage: Benchmarks/video-decode.sh [ROUNDS]   (default 5)
# BENCH_DIR chooses where the files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-5}
(cd "$repo" && scripts/setup)
(cd "$repo/Benchmarks" && swift build -c release --product VideoDecode >&2)
decode="$(cd "$repo/Benchmarks" && swift build -c release --show-bin-path)/VideoDecode"
make_work_dir

clip=$work/clip.mp4
ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=10 \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p "$clip"

# Wall and CPU seconds of one run of a command, appended to wall[NAME] and
# cpu[NAME].
declare -A wall cpu
measure() {
  local name=$1 line
  shift
  line=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 )
  read -r real user system <<<"$line"
  wall[$name]+="$real "
  cpu[$name]+="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.3f", u + s }') "
}

describe_machine
"$decode" "$clip"
for ((round = 1; round <= rounds; round++)); do
  measure swell "$decode" "$clip"
  measure ffmpeg ffmpeg -nostdin -v error -i "$clip" -f null -
  measure ffmpeg-bgra ffmpeg -nostdin -v error -i "$clip" -pix_fmt bgra -f null -
done

printf "%-12s %10s %10s   %s\n" "" wall/s cpu/s "all runs (wall; cpu)"
for name in swell ffmpeg ffmpeg-bgra; do
  # shellcheck disable=SC2086
  printf "%-12s %10.3f %10.3f   %s; %s\n" "$name" "$(median ${wall[$name]})" "$(median ${cpu[$name]})" \
    "${wall[$name]}" "${cpu[$name]}"
done
for name in ffmpeg ffmpeg-bgra; do
  # shellcheck disable=SC2086
  awk -v name="$name" -v sw="$(median ${wall[swell]})" -v fw="$(median ${wall[$name]})" \
      -v sc="$(median ${cpu[swell]})" -v fc="$(median ${cpu[$name]})" \
    'BEGIN { printf "swell / %s: wall %.2f, cpu %.2f\n", name, sw / fw, sc / fc }'
done
