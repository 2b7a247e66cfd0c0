#!/usr/bin/env bash
# docs/performance.md#video-decode: decoding a 1080p video layer costs no
# more than `ffmpeg -i in.mp4 -f null -` decoding the same file.
#
# Makes a 10-second 1920×1080 H.264 clip (FFmpeg's testsrc2 pattern,
# 30 fps) and times, in turns:
#   swell          Benchmarks' VideoDecode: a VideoFile asked for frame k at
#                  k/fps for every k, as a video layer playing it asks —
#                  against `ffmpeg -i clip.mp4 -f null -`, which decodes
#                  every frame and converts none;
#   swell-convert  the same, each frame also converted to the pixels a
#                  renderer draws (premultiplied ARGB32, bytes b, g, r, a),
#                  as the renderer converts a frame it draws — against
#                  `ffmpeg … -pix_fmt bgra -f null -`, which converts every
#                  frame to that layout with the same libswscale pass.
# All decode with libavcodec's automatic threads (as many as there are
# cores, plus one), frame threading. Reports each one's median wall and
# CPU (user + system) seconds, and the two ratios.
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
"$decode" "$clip" --convert
for ((round = 1; round <= rounds; round++)); do
  measure swell "$decode" "$clip"
  measure ffmpeg ffmpeg -nostdin -v error -i "$clip" -f null -
  measure swell-convert "$decode" "$clip" --convert
  measure ffmpeg-bgra ffmpeg -nostdin -v error -i "$clip" -pix_fmt bgra -f null -
done

printf "%-14s %10s %10s   %s\n" "" wall/s cpu/s "all runs (wall; cpu)"
for name in swell ffmpeg swell-convert ffmpeg-bgra; do
  # shellcheck disable=SC2086
  printf "%-14s %10.3f %10.3f   %s; %s\n" "$name" "$(median ${wall[$name]})" "$(median ${cpu[$name]})" \
    "${wall[$name]}" "${cpu[$name]}"
done
for pair in "swell ffmpeg" "swell-convert ffmpeg-bgra"; do
  read -r ours theirs <<<"$pair"
  # shellcheck disable=SC2086
  awk -v ours="$ours" -v theirs="$theirs" -v ow="$(median ${wall[$ours]})" -v tw="$(median ${wall[$theirs]})" \
      -v oc="$(median ${cpu[$ours]})" -v tc="$(median ${cpu[$theirs]})" \
    'BEGIN { printf "%s / %s: wall %.2f, cpu %.2f\n", ours, theirs, ow / tw, oc / tc }'
done
