#!/usr/bin/env bash
# docs/performance.md#lottie-export: 5 seconds of a Lottie animation
# exported at 1080p60 to MP4, with its sound, faster than real time (less
# than 5 s of wall time) on this two-core machine.
#
# Times, in turns over ROUNDS rounds after an untimed warm-up:
#
#   swell   swell render ANIM.json -o swell.mp4 --size 1920x1080 --fps 60 --end 5
#           (300 frames, the animation fitted into 1920×1080; H.264
#           ultrafast CRF 20, BT.709 4:2:0; the sound of its audio layers
#           as AAC)
#
# and, as a peer, the same frames drawn by ThorVG (thorvg-python, one
# thread) piped raw into FFmpeg's command with the same encoder settings:
#
#   thorvg-frames.py ANIM.json --size 1920x1080 --fps 60 --count 300 --raw |
#     ffmpeg -f rawvideo -pix_fmt rgba … -c:v libx264 -preset ultrafast -crf 20 … thorvg.mp4
#
# (pictures only: it has no mixer for the sound). Checks the MP4 — 300
# frames of H.264 at 60 fps, and an audio stream when the animation has
# audio layers — and prints each command's median and fastest wall time
# and Swell's time as a fraction of real time (target < 1).
#
# Usage: Benchmarks/lottie-export.sh [ANIM.json] [ROUNDS]
#        (default Samples/Lottie/Chime.json, 5 s with its chime, 3 rounds)
# SIZE=WxH sets the picture (default 1920x1080), LENGTH the whole seconds (default 5).
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder). Needs Tests/Lottie/venv.sh's
# virtualenv for the peer (made on first use; PyPI the first time).
set -euo pipefail
source "$(dirname "$0")/common.sh"

anim=${1:-$repo/Samples/Lottie/Chime.json}
rounds=${2:-3}
size=${SIZE:-1920x1080}
seconds=${LENGTH:-5}   # whole seconds
fps=60
[ -f "$anim" ] || { echo "no Lottie file at $anim" >&2; exit 1; }
build_swell
python=$("$repo/Tests/Lottie/venv.sh")
make_work_dir
count=$((seconds * fps))
# Audio layers (ty 6) anywhere in the file, its precomps' included.
sounds=$("$python" -c 'import json, sys
d = json.load(open(sys.argv[1]))
layers = d["layers"] + [l for a in d.get("assets", []) for l in a.get("layers", [])]
print(sum(1 for l in layers if l.get("ty") == 6))' "$anim")

run_swell() {
  "$swell" render "$anim" -o "$work/swell.mp4" --size "$size" --fps "$fps" --end "$seconds" --overwrite --quiet
}
run_thorvg() {
  "$python" "$repo/Benchmarks/thorvg-frames.py" "$anim" --size "$size" --fps "$fps" --count "$count" --raw 2>/dev/null |
    ffmpeg -v error -y -f rawvideo -pix_fmt rgba -s "$size" -r "$fps" -i - \
      -c:v libx264 -preset ultrafast -crf 20 -pix_fmt yuv420p \
      -vf scale=out_color_matrix=bt709:out_range=tv -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
      "$work/thorvg.mp4"
}

commands=(swell thorvg)
declare -A times medians
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
for name in "${commands[@]}"; do
  probe=$(ffprobe -v error -count_frames -select_streams v:0 \
    -show_entries stream=codec_name,width,height,nb_read_frames,r_frame_rate -of csv=p=0 "$work/$name.mp4")
  [ "$probe" = "h264,${size/x/,},60/1,$count" ] || { echo "$name.mp4 is $probe, not h264,${size/x/,},60/1,$count" >&2; exit 1; }
done
audio=$(ffprobe -v error -select_streams a -show_entries stream=codec_name,sample_rate,channels -of csv=p=0 "$work/swell.mp4")
if [ "$sounds" -gt 0 ] && [ -z "$audio" ]; then
  echo "$(basename "$anim") has $sounds audio layer(s), but swell.mp4 has no sound" >&2
  exit 1
fi
describe_machine
time_in_turns "$rounds" "${commands[@]}"

echo "anim:    $(basename "$anim"): $seconds s at $fps fps, $count frames fitted into $size; $rounds rounds"
echo "swell.mp4: $count frames of ${size/x/×} H.264 at $fps fps, $(stat -c %s "$work/swell.mp4") bytes; sound: ${audio:-none (the animation has no audio layer)}"
report_medians 8 "${commands[@]}"
awk -v s="${medians[swell]}" -v t="${medians[thorvg]}" -v d="$seconds" 'BEGIN {
  printf "swell: %.2f s for %d s of video, %.2f × real time (target < 1: %s); thorvg piped into ffmpeg: %.2f s, %.2f × real time; swell/thorvg = %.2f\n",
    s, d, s / d, (s < d ? "met" : "MISSED"), t, t / d, s / t }'
