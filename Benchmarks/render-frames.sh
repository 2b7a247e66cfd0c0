#!/usr/bin/env bash
# docs/performance.md#visual-render: SwellRender composites 100 decorated
# layers (rounded, bordered, shadowed) at 1920×1080 in ≤ 8 ms per frame, and
# 10,000 plain layers in ≤ 40 ms, on one core. (The whole `swell render`
# command against `rsvg-convert` is scene-vs-rsvg.sh.)
#
# Builds Benchmarks' RenderScenes in release, which renders each scene's
# frames on one thread (three warm-up frames, then FRAMES timed ones, each
# at a later time of a running animation) and prints the median and fastest
# time per frame, and the time to write the last one as a PNG.
#
# Usage: Benchmarks/render-frames.sh [FRAMES]   (default 60)
# BENCH_DIR chooses where the files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

frames=${1:-60}
(cd "$repo" && scripts/setup)
(cd "$repo/Benchmarks" && swift build -c release --product RenderScenes >&2)
scenes="$(cd "$repo/Benchmarks" && swift build -c release --show-bin-path)/RenderScenes"
make_work_dir

describe_machine
for scene in decorated plain; do
  taskset -c 0 "$scenes" "$scene" "$frames" "$work/$scene-swell.png"
done

