#!/usr/bin/env bash
# docs/performance.md#gain-kernel: SwellAudio's per-sample gain kernel
# mixes at least 500 M samples per second on one core.
#
# `GainKernel` is internal, and the only public path that runs it —
# `OfflineRenderer` — also decodes and encodes with libsndfile. So this
# script times that path as `swell render` of a 10-minute stereo 48 kHz
# 16-bit WAV at a constant volume of 0.5 (no automation: every frame goes
# through the kernel with a constant gain; at unity gain the renderer
# would copy the file's words instead) and attributes the time with the
# profiler: `perf record -e task-clock` samples the process every 100 µs of
# CPU time, so the samples that fall in `RenderCore.mix` — into which the
# compiler inlines the kernel's loop (nearly all of that function's time is
# the loop; see README.md) — measure the kernel's CPU time. Its rate is the
# samples mixed (frames × channels) divided by that time, pooled over ROUNDS
# runs (about 10 samples of the kernel each).
#
# Usage: Benchmarks/gain-kernel.sh [ROUNDS]    (default 10)
# Needs perf (Debian: linux-perf). SWELL=/path/to/swell skips the build.
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-10}
command -v sox >/dev/null || { echo "sox is needed (apt-get install sox)" >&2; exit 1; }
command -v perf >/dev/null || { echo "perf is needed (apt-get install linux-perf)" >&2; exit 1; }
perf stat -e task-clock true 2>/dev/null || { echo "perf cannot count here (kernel.perf_event_paranoid?)" >&2; exit 1; }
build_swell
make_work_dir

input=$work/in.wav
sox -n -r 48000 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
samples=$(($(soxi -s "$input") * 2))

period_us=100
kernel_total=0 all_total=0 kernel_ms=() total_ms=()
for ((round = 1; round <= rounds; round++)); do
  rm -f "$work/out.wav"
  perf record -q -e task-clock -c $((period_us * 1000)) -o "$work/perf.data" -- \
    "$swell" render "$input" -o "$work/out.wav" --volume 0.5 --quiet
  # Samples per symbol (mangled names: perf does not demangle Swift).
  perf report -i "$work/perf.data" --no-children --sort symbol --stdio --show-nr-samples 2>/dev/null > "$work/report.txt"
  read -r total kernel < <(awk '$1 ~ /%$/ { total += $2 } /RenderCoreC3mix/ { kernel = $2 } END { print total, kernel }' "$work/report.txt")
  [ -n "$kernel" ] || { echo "RenderCore.mix is missing from the profile" >&2; exit 1; }
  total_ms+=("$((total * period_us / 1000))"); kernel_ms+=("$(awk -v k="$kernel" -v p="$period_us" 'BEGIN { print k * p / 1000 }')")
  kernel_total=$((kernel_total + kernel)); all_total=$((all_total + total))
done

describe_machine
echo "swell render, 10 min stereo 48 kHz 16-bit, constant volume 0.5; $rounds rounds"
echo "CPU time of each render (ms):        ${total_ms[*]}"
echo "of which in the kernel (ms):         ${kernel_ms[*]}"
awk -v n="$samples" -v r="$rounds" -v k="$kernel_total" -v t="$all_total" -v p="$period_us" 'BEGIN {
  rate = n * r / (k * p / 1e6) / 1e6
  printf "kernel: %.1f %% of the CPU time, %.0f M samples/s over all rounds (target ≥ 500: %s)\n", 100 * k / t, rate, (rate >= 500) ? "met" : "MISSED"
}'
