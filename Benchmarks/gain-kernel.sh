#!/usr/bin/env bash
# The issue's target for SwellAudio's per-sample gain kernel: ≥ 500 M
# samples/s on one core.
#
# `GainKernel` is internal, and the only public path that runs it —
# `OfflineRenderer` — also decodes and encodes with libsndfile. So this
# script times that path as `swell render` of a 10-minute stereo 48 kHz
# 16-bit WAV at constant volume (no automation: every frame goes through
# the kernel with a constant gain) and attributes the time with the
# profiler: `perf record -e task-clock` samples the process every 100 µs of
# CPU time, so the samples that fall in `RenderCore.mix` — into which the
# compiler inlines the kernel's loop (the whole of that function's time is
# the loop; see README.md) — measure the kernel's CPU time. Its rate is the
# samples mixed (frames × channels) divided by that time. Median of ROUNDS
# runs.
#
# Usage: Benchmarks/gain-kernel.sh [ROUNDS]    (default 5)
# Needs perf (Debian: linux-perf). SWELL=/path/to/swell skips the build.
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-5}
command -v perf >/dev/null || { echo "perf is needed (apt-get install linux-perf)" >&2; exit 1; }
perf stat -e task-clock true 2>/dev/null || { echo "perf cannot count here (kernel.perf_event_paranoid?)" >&2; exit 1; }
build_swell
make_work_dir

input=$work/in.wav
sox -n -r 48000 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
samples=$(($(soxi -s "$input") * 2))

period_us=100
rates=() kernel_ms=() total_ms=()
for ((round = 1; round <= rounds; round++)); do
  rm -f "$work/out.wav"
  perf record -q -e task-clock -c $((period_us * 1000)) -o "$work/perf.data" -- \
    "$swell" render "$input" -o "$work/out.wav" --quiet
  # Samples per symbol (mangled names: perf does not demangle Swift).
  perf report -i "$work/perf.data" --no-children --sort symbol --stdio --show-nr-samples 2>/dev/null > "$work/report.txt"
  # The event count is the task clock in nanoseconds.
  read -r total_ns kernel < <(awk '/^# Event count/ { total = $NF } /RenderCoreC3mix/ { kernel = $2 } END { print total, kernel }' "$work/report.txt")
  [ -n "$kernel" ] || { echo "RenderCore.mix is missing from the profile" >&2; exit 1; }
  total_ms+=("$((total_ns / 1000000))"); kernel_ms+=("$((kernel * period_us / 1000))")
  rates+=("$(awk -v n="$samples" -v k="$kernel" -v p="$period_us" 'BEGIN { printf "%.0f", n / (k * p / 1e6) / 1e6 }')")
done

describe_machine
echo "swell render, 10 min stereo 48 kHz 16-bit, constant volume; $rounds rounds"
echo "CPU time of the render (ms):          ${total_ms[*]}"
echo "of which in the kernel (ms):          ${kernel_ms[*]}"
echo "kernel rate (M samples/s):            ${rates[*]}"
rate=$(median "${rates[@]}")
awk -v r="$rate" 'BEGIN { printf "median kernel rate: %.0f M samples/s (target ≥ 500: %s)\n", r, (r >= 500) ? "met" : "MISSED" }'
