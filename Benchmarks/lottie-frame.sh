#!/usr/bin/env bash
# docs/performance.md#lottie-frames: a 1080p frame of a Lottie animation —
# LottieLogo1 fitted into 1080×1920, its own portrait shape — costs Swell at
# most 3 times what it costs ThorVG (thorvg-python 1.1.3, ThorVG 1.0.4, its
# software renderer on one thread), the same frames in the same run.
#
# A frame's cost, without process start-up and without reading the file,
# three ways, each in turns over ROUNDS rounds (so that load from
# elsewhere falls on both alike), after an untimed warm-up:
#
#   in-process   the target. Every frame of the animation at its frame
#                rate (LottieLogo1: 179 at 30 fps), drawn on one thread
#                after the file is read, median milliseconds a frame:
#                Swell's LottieFrames (Benchmarks/LottieFrames: the
#                LottieLayer on a host whose clock is stepped as
#                `swell render -o frames/` steps it, then the Renderer —
#                its last frame is byte for byte the command's) against
#                thorvg-frames.py (set_frame, update, draw, sync).
#   sequence     the same frames as whole commands writing PNG files —
#                `swell render anim.json -o dir/ --fps FR --end …` and
#                thorvg-frames.py --png (Pillow, zlib level 6, as Cairo's
#                PNG writer) — N frames against 1: the slope
#                (t_N − t_1)/(N − 1) per frame, PNG encoding included,
#                which is most of it.
#   single       for the record: one PNG at --at AT (default 3 s) as one
#                command each, start-up, reading and the PNG included.
#
# Prints the medians and the ratios, Swell/ThorVG, and PASS or FAIL for
# the in-process ratio (target ≤ 3).
#
# Usage: Benchmarks/lottie-frame.sh [ROUNDS] [ANIM.json]
#        (default 5 rounds, at least 3; Tests/Fixtures/Lottie/apple-ca/samples/LottieLogo1.json)
# SIZE=WxH sets the canvas (default 1080x1920); AT the single frame's time.
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder). Needs Tests/Lottie/venv.sh's
# virtualenv (made on first use; PyPI the first time).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-5}
anim=${2:-$repo/Tests/Fixtures/Lottie/apple-ca/samples/LottieLogo1.json}
size=${SIZE:-1080x1920}
at=${AT:-3}
[ "$rounds" -ge 3 ] || { echo "at least 3 rounds, for a median of ≥ 3" >&2; exit 1; }
[ -f "$anim" ] || { echo "no Lottie file at $anim" >&2; exit 1; }
build_swell
(cd "$repo/Benchmarks" && swift build -c release --product LottieFrames >&2)
frames_bin="$(cd "$repo/Benchmarks" && swift build -c release --show-bin-path)/LottieFrames"
python=$("$repo/Tests/Lottie/venv.sh")
thorvg=$repo/Benchmarks/thorvg-frames.py
make_work_dir

# The animation's frame rate and its frame count at that rate, ip to op.
read -r fr count < <("$python" -c 'import json, math, sys
d = json.load(open(sys.argv[1]))
print(d["fr"], math.ceil(d["op"] - d["ip"]))' "$anim")
# --end half a frame before frame N's time: exactly N frames, whatever the rounding.
end_of() { awk -v n="$1" -v fr="$fr" 'BEGIN { printf "%.9f", (n - 0.5) / fr }'; }

run_swell_frames()  { "$frames_bin" "$anim" "$size" "$fr" "$count" > "$work/swell-frames.txt"; }
run_thorvg_frames() { "$python" "$thorvg" "$anim" --size "$size" --fps "$fr" --count "$count" 2> "$work/thorvg-frames.txt"; }
run_swell_seq()     { "$swell" render "$anim" -o "$work/s/" --overwrite --size "$size" --fps "$fr" --end "$(end_of "$count")" --quiet; }
run_swell_seq1()    { "$swell" render "$anim" -o "$work/s1/" --overwrite --size "$size" --fps "$fr" --end "$(end_of 1)" --quiet; }
run_thorvg_seq()    { "$python" "$thorvg" "$anim" --size "$size" --fps "$fr" --count "$count" --png "$work/t" 2>/dev/null; }
run_thorvg_seq1()   { "$python" "$thorvg" "$anim" --size "$size" --fps "$fr" --count 1 --png "$work/t1" 2>/dev/null; }
run_swell_png()     { "$swell" render "$anim" -o "$work/swell.png" --at "$at" --size "$size" --overwrite --quiet; }
run_thorvg_png()    { "$python" "$thorvg" "$anim" --size "$size" --fps "$fr" --count 1 --at "$at" --png "$work/tp" 2>/dev/null; }

# The in-process figures of each round: the median ms a frame each printed.
declare -A frame_ms
measure_frames() {
  local round
  for ((round = 1; round <= rounds; round++)); do
    run_swell_frames
    frame_ms[swell]+="$(sed -n 's/.*; frame \([0-9.]*\) .*/\1/p' "$work/swell-frames.txt") "
    run_thorvg_frames
    frame_ms[thorvg]+="$(sed -n 's/.*: draw \([0-9.]*\) ms.*/\1/p' "$work/thorvg-frames.txt") "
  done
}

commands=(swell_seq swell_seq1 thorvg_seq thorvg_seq1 swell_png thorvg_png)
declare -A times medians
run_swell_frames; run_thorvg_frames
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
[ "$(ls "$work/s" | wc -l)" = "$count" ] && [ "$(ls "$work/t" | wc -l)" = "$count" ] \
  || { echo "the sequences are not $count frames" >&2; exit 1; }
measure_frames
time_in_turns "$rounds" "${commands[@]}"

describe_machine
echo "anim:    $(basename "$anim"), $count frames at $fr fps, fitted into $size; $rounds rounds"
echo "in-process, ms a frame (median of each round's median over the $count frames):"
# shellcheck disable=SC2086
swell_ms=$(median ${frame_ms[swell]}); thorvg_ms=$(median ${frame_ms[thorvg]})
printf "  swell  %6.2f   all rounds: %s\n  thorvg %6.2f   all rounds: %s\n" \
  "$swell_ms" "${frame_ms[swell]}" "$thorvg_ms" "${frame_ms[thorvg]}"
echo "whole commands, s:"
report_medians 12 "${commands[@]}"
# The sequences' slopes, round by round (each round's N-frame run less its 1-frame run).
slopes() {
  local -a n=(${times[$1]}) one=(${times[$2]}) out=()
  local i
  for i in "${!n[@]}"; do out+=("$(awk -v a="${n[$i]}" -v b="${one[$i]}" -v c="$count" 'BEGIN { printf "%.3f", (a - b) / (c - 1) * 1e3 }')"); done
  median "${out[@]}"
}
swell_slope=$(slopes swell_seq swell_seq1); thorvg_slope=$(slopes thorvg_seq thorvg_seq1)
awk -v s="$swell_ms" -v t="$thorvg_ms" -v ss="$swell_slope" -v ts="$thorvg_slope" \
    -v sp="${medians[swell_png]}" -v tp="${medians[thorvg_png]}" -v at="$at" 'BEGIN {
  printf "sequence slope, ms a frame with its PNG: swell %.2f, thorvg %.2f, ratio %.2f\n", ss, ts, ss / ts
  printf "one PNG at %s s, whole command: swell %.3f s, thorvg %.3f s, ratio %.2f\n", at, sp, tp, sp / tp
  printf "in-process swell/thorvg = %.2f (target ≤ 3: %s)\n", s / t, (s <= 3 * t) ? "PASS" : "FAIL"
}'
