#!/usr/bin/env bash
# docs/performance.md#start-up: a command loads only the libraries it uses.
# `swell --version` and `swell ctl get` take at most twice the time of a
# Swift program that imports Foundation and prints a line; and, the
# moonshot, `swell render` of a 10-minute stereo file with 2 s fades takes
# at most 1.2 times a plain copy (`cp`).
#
# Times whole processes in the same run, round-robin (so that load from
# elsewhere falls on all of them alike), after one untimed warm-up round:
#
#   hello                         Foundation, one line out (compiled here, -O)
#   swell --version
#   swell ctl get main.volume     against a `swell play --hold` session on a
#                                 real-time ALSA sink (RealtimeSink/)
#   swell-draw-tool --version     the drawing helper, for the record
#
# Each sample is the mean of 20 runs in a row, so that a run of a few
# milliseconds is not lost in the clock's and the shell's own cost; the
# report is the median of the samples. Then the render and `cp`, as in
# render-vs-peers.sh. It also prints how many shared libraries each
# executable loads, and the peak memory of each command (GNU time).
#
# Usage: Benchmarks/startup.sh [ROUNDS]    (default 9, at least 5)
# SWELL=/path/to/swell skips the release build (its drawing helper,
# swell-draw-tool, is beside it).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-9}
[ "$rounds" -ge 5 ] || { echo "at least 5 rounds, for a median of ≥ 5" >&2; exit 1; }
for tool in sox swiftc cc; do
  command -v $tool >/dev/null || { echo "$tool is needed (scripts/setup installs it)" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "GNU time is needed at /usr/bin/time (apt-get install time)" >&2; exit 1; }
build_swell
draw=$(dirname "$swell")/swell-draw-tool
make_work_dir

# The peer: a Swift program that imports Foundation, optimised as swell is.
cat > "$work/hello.swift" <<'SWIFT'
import Foundation
print("hello, \(ProcessInfo.processInfo.processIdentifier)")
SWIFT
swiftc -O "$work/hello.swift" -o "$work/hello"

# A session to ask: `swell play --hold` of one second of silence on a sink
# that consumes frames at the sample rate, as a sound card does.
cc -shared -fPIC -DPIC -O2 -Wall -Wextra -Werror "$repo/Benchmarks/RealtimeSink/swell_bench_sink.c" \
  -o "$work/libasound_module_pcm_swell_bench_sink.so" -lasound
cat > "$work/asound.conf" <<CONF
pcm_type.swell_bench_sink { lib "$work/libasound_module_pcm_swell_bench_sink.so" }
pcm.bench_realtime { type swell_bench_sink report "$work/report.txt" }
CONF
export ALSA_CONFIG_PATH=$work/asound.conf XDG_RUNTIME_DIR=$work
sox -n -r 48000 -c 2 -b 16 "$work/silence.wav" trim 0 1
# Its messages go to a file: the trap's SIGTERM ends it with one.
"$swell" play "$work/silence.wav" --device bench_realtime --hold --quiet 2>"$work/session.err" &
session=$!
trap 'kill $session 2>/dev/null; wait $session 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -S "$work/swell/$session.sock" ] && break; sleep 0.05; done
[ "$("$swell" ctl get main.volume)" = 1 ] || { echo "the session does not answer" >&2; cat "$work/session.err" >&2; exit 1; }

# 20 runs of a command, their output thrown away.
twenty() { for _ in $(seq 20); do "$@" >/dev/null; done; }
run_hello()   { twenty "$work/hello"; }
run_version() { twenty "$swell" --version; }
run_ctl()     { twenty "$swell" ctl get main.volume; }
run_draw()    { twenty "$draw" --version; }

commands=(hello version ctl draw)
declare -A times
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
time_in_turns "$rounds" "${commands[@]}"
for name in "${commands[@]}"; do
  per_run=""
  for t in ${times[$name]}; do per_run+="$(awk -v t="$t" 'BEGIN { printf "%.5f", t / 20 }') "; done
  times[$name]=$per_run
done

describe_machine
echo "$rounds rounds; each figure is one run, the mean of 20 in a row"
declare -A medians
report_medians 8 "${commands[@]}"
awk -v h="${medians[hello]}" -v v="${medians[version]}" -v c="${medians[ctl]}" 'BEGIN {
  printf "swell --version / hello       = %.2f (target ≤ 2: %s)\n", v / h, (v / h <= 2) ? "met" : "MISSED"
  printf "swell ctl get / hello         = %.2f (target ≤ 2: %s)\n", c / h, (c / h <= 2) ? "met" : "MISSED"
}'
for binary in "$swell" "$draw" "$work/hello"; do
  echo "$(basename "$binary") loads $(ldd "$binary" | wc -l) shared libraries"
done
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.1f MB", $1 / 1024 }'; }
echo "peak memory: hello $(peak "$work/hello"), swell --version $(peak "$swell" --version), "\
"swell ctl get $(peak "$swell" ctl get main.volume), swell-draw-tool --version $(peak "$draw" --version)"

# The moonshot: a 10-minute render with fades against cp.
input=$work/in.wav
sox -n -r 48000 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
run_render() { rm -f "$work/swell.wav"; "$swell" render "$input" -o "$work/swell.wav" --fade-in 2 --fade-out 2 --quiet; }
run_cp()     { cp "$input" "$work/cp.wav"; }
unset times; declare -A times
run_render; run_cp   # warm-up, untimed
time_in_turns "$rounds" render cp
report_medians 8 render cp
awk -v s="${medians[render]}" -v c="${medians[cp]}" 'BEGIN {
  printf "swell render / cp             = %.2f (moonshot ≤ 1.2: %s)\n", s / c, (s / c <= 1.2) ? "met" : "not met"
}'
