#!/usr/bin/env bash
# docs/performance.md#video-decode: showing every frame of a 1080p video
# layer costs no more than `ffmpeg -i in.mp4 -f null -` decoding the same
# file.
#
# Makes a 10-second 1920×1080 H.264 clip (FFmpeg's testsrc2 pattern,
# 30 fps) and times, in turns, Benchmarks' VideoDecode — a VideoFile asked
# for frame k at k/fps for every k, each converted to the RGBA image a
# video layer draws — and `ffmpeg -i clip.mp4 -f null -`, which decodes the
# frames and converts nothing; and, for the same work, `ffmpeg … -pix_fmt
# rgba -f null -`, which converts every frame to RGBA as a video layer
# needs. All decode with as many threads as there are cores. Reports each
# one's median wall and CPU (user + system) seconds, and the ratios.
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
  measure ffmpeg-rgba ffmpeg -nostdin -v error -i "$clip" -pix_fmt rgba -f null -
done

printf "%-12s %10s %10s   %s\n" "" wall/s cpu/s "all runs (wall; cpu)"
for name in swell ffmpeg ffmpeg-rgba; do
  # shellcheck disable=SC2086
  printf "%-12s %10.3f %10.3f   %s; %s\n" "$name" "$(median ${wall[$name]})" "$(median ${cpu[$name]})" \
    "${wall[$name]}" "${cpu[$name]}"
done
for name in ffmpeg ffmpeg-rgba; do
  # shellcheck disable=SC2086
  awk -v name="$name" -v sw="$(median ${wall[swell]})" -v fw="$(median ${wall[$name]})" \
      -v sc="$(median ${cpu[swell]})" -v fc="$(median ${cpu[$name]})" \
    'BEGIN { printf "swell / %s: wall %.2f, cpu %.2f\n", name, sw / fw, sc / fc }'
done
