#!/usr/bin/env bash
# docs/performance.md#visual-render: `swell render` of a scene to PNG is
# faster than `rsvg-convert` of the same scene written as SVG, in the same
# run.
#
# The scene is Scenes/decorated.json, 100 layers at 1920×1080 — rounded,
# bordered cards casting shadows, rounded gradients, stroked star shapes,
# text — and Scenes/decorated.svg the same picture in SVG 1.1 (both written
# by Scenes/make-decorated.py). Times the two whole commands, start-up, script
# or SVG parsing, drawing and the PNG write included, in turns (so that load
# from elsewhere falls on both alike) after one untimed warm-up round:
#
#   swell render --script decorated.json -o swell.png --overwrite
#   rsvg-convert decorated.svg -o rsvg.png
#
# and prints each one's median and fastest wall time and the ratio of the
# medians, swell/rsvg-convert (target < 1).
#
# Usage: Benchmarks/scene-vs-rsvg.sh [ROUNDS]    (default 9, at least 5)
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-9}
[ "$rounds" -ge 5 ] || { echo "at least 5 rounds, for a median of ≥ 5" >&2; exit 1; }
command -v rsvg-convert >/dev/null || { echo "rsvg-convert is needed (apt-get install librsvg2-bin)" >&2; exit 1; }
build_swell
make_work_dir

scenes=$repo/Benchmarks/Scenes
run_swell() { "$swell" render --script "$scenes/decorated.json" -o "$work/swell.png" --overwrite --quiet; }
run_rsvg()  { rsvg-convert "$scenes/decorated.svg" -o "$work/rsvg.png"; }

commands=(swell rsvg)
declare -A times
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
for name in "${commands[@]}"; do
  size=$(ffprobe -v error -show_entries stream=width,height -of csv=p=0 "$work/$name.png")
  [ "$size" = "1920,1080" ] || { echo "$name wrote a $size picture, not 1920,1080" >&2; exit 1; }
done
time_in_turns "$rounds" "${commands[@]}"

describe_machine
echo "scene:   Benchmarks/Scenes/decorated (100 layers, 1920×1080); $rounds rounds"
declare -A medians
report_medians 8 "${commands[@]}"
awk -v s="${medians[swell]}" -v r="${medians[rsvg]}" 'BEGIN {
  printf "swell/rsvg-convert = %.2f (target < 1: %s)\n", s / r, (s / r < 1) ? "met" : "MISSED"
}'
