#!/usr/bin/env bash
# docs/performance.md#visual-render: SwellRender composites 100 decorated
# layers (rounded, bordered, shadowed) at 1920×1080 in ≤ 8 ms per frame, and
# 10,000 plain layers in ≤ 40 ms, on one core; and renders the decorated
# scene faster than `rsvg-convert` renders the same picture written as SVG.
#
# Builds Benchmarks' RenderScenes in release, which renders each scene's
# frames on one thread (three warm-up frames, then FRAMES timed ones, each
# at a later time of a running animation) and prints the median and fastest
# time per frame; then times `rsvg-convert scene.svg -o scene.png` (whole
# commands, ROUNDS each) against one swell frame rendered and written as a
# PNG.
#
# Usage: Benchmarks/render-frames.sh [FRAMES] [ROUNDS]   (defaults 60 and 7)
# BENCH_DIR chooses where the files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

frames=${1:-60}
rounds=${2:-7}
command -v rsvg-convert >/dev/null || { echo "rsvg-convert is needed (apt-get install librsvg2-bin)" >&2; exit 1; }
(cd "$repo" && scripts/setup)
(cd "$repo/Benchmarks" && swift build -c release --product RenderScenes >&2)
scenes="$(cd "$repo/Benchmarks" && swift build -c release --show-bin-path)/RenderScenes"
make_work_dir

describe_machine
for scene in decorated plain; do
  taskset -c 0 "$scenes" "$scene" "$frames" "$work/$scene-swell.png" "$work/$scene.svg"
done

# rsvg-convert: whole commands, after one untimed warm-up.
for scene in decorated plain; do
  rsvg-convert "$work/$scene.svg" -o "$work/$scene-rsvg.png"
  rsvg=""
  for ((round = 1; round <= rounds; round++)); do
    start=$(now_ns); taskset -c 0 rsvg-convert "$work/$scene.svg" -o "$work/$scene-rsvg.png"; end=$(now_ns)
    rsvg+="$(awk -v ns=$((end - start)) 'BEGIN { printf "%.2f", ns / 1e6 }') "
  done
  # shellcheck disable=SC2086
  echo "rsvg-convert $scene: median $(median $rsvg) ms, fastest $(minimum $rsvg) ms (whole command: $rsvg)"
done
