#!/usr/bin/env bash
# docs/performance.md#video-export: a 10-second, 60 fps, 1920×1080 MP4 of
# the 100-layer scene exports in less than 10 s of wall time (faster than
# real time) on this two-core machine.
#
# The scene is Scenes/decorated-moving.json (written by
# Scenes/make-decorated.py): the 100 decorated layers of the renderer's
# benchmark, each animated for 10 s — cards circling, gradients pulsing,
# stars turning, text breathing — so that every one of the 600 frames
# differs. Times, in turns over ROUNDS rounds after an untimed warm-up:
#
#   swell render --script decorated-moving.json -o swell.mp4      (600 frames)
#
# and, as a peer, FFmpeg's own command encoding the same frames with the
# same encoder settings (libx264 ultrafast, CRF 20, BT.709 4:2:0), read back
# from a lossless FFV1 export of the scene (`swell render … -o frames.mkv`):
#
#   ffmpeg -i frames.mkv -c:v libx264 -preset ultrafast -crf 20 … ffmpeg.mp4
#   ffmpeg -i frames.mkv -f null -          (decoding alone, to subtract)
#
# so that swell's time splits into what its renderer adds and what any
# encoder of these frames costs. Prints each command's median and fastest
# wall time, and checks the MP4: 600 frames of 1920×1080 H.264.
#
# Usage: Benchmarks/video-export.sh [ROUNDS]    (default 3)
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder; the FFV1 file takes
# about 1 GB).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-3}
build_swell
make_work_dir

scene=$repo/Benchmarks/Scenes/decorated-moving.json
"$swell" render --script "$scene" -o "$work/frames.mkv" --overwrite --quiet

run_swell()  { "$swell" render --script "$scene" -o "$work/swell.mp4" --overwrite --quiet; }
run_ffmpeg() {
  ffmpeg -v error -y -i "$work/frames.mkv" -c:v libx264 -preset ultrafast -crf 20 -pix_fmt yuv420p \
    -vf scale=out_color_matrix=bt709:out_range=tv -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
    "$work/ffmpeg.mp4"
}
run_decode() { ffmpeg -v error -i "$work/frames.mkv" -f null -; }

commands=(swell ffmpeg decode)
declare -A times medians
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
describe_machine
time_in_turns "$rounds" "${commands[@]}"

probe=$(ffprobe -v error -count_frames -select_streams v:0 \
  -show_entries stream=codec_name,width,height,nb_read_frames,r_frame_rate -of csv=p=0 "$work/swell.mp4")
[ "$probe" = "h264,1920,1080,60/1,600" ] || { echo "swell.mp4 is $probe, not h264,1920,1080,60/1,600" >&2; exit 1; }
echo "swell.mp4: 600 frames of 1920×1080 H.264 at 60 fps, $(stat -c %s "$work/swell.mp4") bytes"
report_medians 8 "${commands[@]}"
awk -v s="${medians[swell]}" -v f="${medians[ffmpeg]}" -v d="${medians[decode]}" 'BEGIN {
  printf "swell: %.2f s for 10 s of video (target < 10 s: %s); ffmpeg encoding the same frames: %.2f s, of which decoding FFV1 %.2f s\n",
    s, (s < 10 ? "met" : "MISSED"), f, d }'
