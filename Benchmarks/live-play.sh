#!/usr/bin/env bash
# docs/performance.md#live-play: playing a stereo stream with automation
# running takes less than 2 % of a core — less than 3 % with a moving rate,
# two moving filters and a duck (docs/performance.md#the-mixing-desk) — and
# peak memory does not depend on the file's length.
#
# 1. CPU. `swell play` of a stereo 48 kHz 16-bit file with a volume ramp
#    running from the first frame to the last, on RealtimeSink — an ALSA
#    plugin that consumes frames at the sample rate like a sound card (ALSA's
#    `null` and `file` plugins run faster than real time and would measure
#    a render loop, not playback). The CPU time of the whole process, every
#    thread, is read from /proc/PID/stat over the steady part of playback
#    (from 5 s after the start to 5 s before the end) and over the whole run;
#    both gain paths are measured, the sample path also with no automation
#    (the engine's fixed cost), and `aplay` on the same device as a peer:
#    with its default 125 ms periods, and with swell's period and buffer
#    (256 and 1536 frames), with which it wakes once per period, four times
#    as often as swell's writer — on a virtual machine each wake-up is most
#    of the cost.
#    The sink's report checks that every frame was played and none
#    underran.
# 2. Memory. The peak resident set size (GNU time's %M) of `swell render`
#    and of `swell play` for a 1-minute and a 1-hour file, both with 2 s
#    fades. Play runs on the sink at 100 times real time (still paced like a
#    card, so the decoder streams as it would live; 4096-frame periods keep
#    the wake-ups at one per 0.85 ms), so the hour takes 36 s.
#
# Usage: Benchmarks/live-play.sh [SECONDS]    (the CPU test's length, default 60)
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (the 1-hour input and its render take 1.4 GB).
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds=${1:-60}
[ "$seconds" -ge 20 ] || { echo "the CPU test needs at least 20 seconds" >&2; exit 1; }
for tool in sox aplay cc; do
  command -v $tool >/dev/null || { echo "$tool is needed (scripts/setup installs it)" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "GNU time is needed at /usr/bin/time (apt-get install time)" >&2; exit 1; }
build_swell
make_work_dir

# The real-time sink and an ALSA configuration that replaces the system's
# (ALSA_CONFIG_PATH), so nothing else on the machine is involved.
cc -shared -fPIC -DPIC -O2 -Wall -Wextra -Werror "$repo/Benchmarks/RealtimeSink/swell_bench_sink.c" \
  -o "$work/libasound_module_pcm_swell_bench_sink.so" -lasound
cc -shared -fPIC -O2 -Wall -Wextra -Werror "$repo/Benchmarks/AllocationCounter/swell_count_allocations.c" \
  -o "$work/libswell_count_allocations.so"
cat > "$work/asound.conf" <<CONF
pcm_type.swell_bench_sink { lib "$work/libasound_module_pcm_swell_bench_sink.so" }
pcm.bench_realtime { type swell_bench_sink report "$work/report.txt" }
pcm.bench_x100 { type swell_bench_sink speed 100 report "$work/report.txt" }
CONF
export ALSA_CONFIG_PATH=$work/asound.conf

clk_tck=$(getconf CLK_TCK)
# utime + stime of a process, every thread, in seconds.
cpu_seconds() { awk -v hz="$clk_tck" '{ sub(/^.*\) /, ""); print ($12 + $13) / hz }' "/proc/$1/stat"; }

# Runs a player in the background and reads its CPU time 5 s after the start
# and 5 s before the end. Prints the CPU use in % of a core over that steady
# span and from the start to the second reading (start-up included), the wall
# time, and the frames played and underruns the sink reported.
measure_cpu() {
  rm -f "$work/report.txt"
  local start end t0 t1 c0 c1
  start=$(now_ns)
  "$@" &
  local pid=$!
  sleep 5
  t0=$(now_ns); c0=$(cpu_seconds $pid)
  sleep $((seconds - 10))
  t1=$(now_ns); c1=$(cpu_seconds $pid)
  wait $pid
  end=$(now_ns)
  read -r _ frames _ underruns < "$work/report.txt"
  awk -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v start="$start" -v end="$end" \
      -v frames="$frames" -v underruns="$underruns" 'BEGIN {
    printf "%.2f %.2f %.1f %d %d\n", 100 * (c1 - c0) / ((t1 - t0) / 1e9), 100 * c1 / ((t1 - start) / 1e9),
      (end - start) / 1e9, frames, underruns
  }'
}

describe_machine
echo
echo "== CPU: ${seconds} s stereo 48 kHz 16-bit on the real-time sink; swell with a volume ramp running throughout, but the first row =="
sox -n -r 48000 -c 2 -b 16 "$work/clip.wav" synth "$seconds" sine 440 vol 0.5
ramp="0:0.1 ${seconds}s:1:easeInEaseOut"
printf '%-34s %9s %9s %7s %10s %9s\n' player "steady %" "whole %" "wall/s" frames underruns
result=$(measure_cpu "$swell" play "$work/clip.wav" --device bench_realtime --quiet)
printf '%-34s %9.2f %9.2f %7.1f %10d %9d\n' "swell play, no automation" $result
for path in sample display; do
  result=$(measure_cpu "$swell" play "$work/clip.wav" --device bench_realtime --gain "$path" --ramp "$ramp" --quiet)
  printf '%-34s %9.2f %9.2f %7.1f %10d %9d\n' "swell play --gain $path" $result
done
# The mixing desk: the input's rate falls from 1 to 0.9, a lowpass sweeps
# from 20 kHz to 500 Hz and a bell from −6 to +6 dB, all across the whole
# file, while the input ducks under a voice that speaks 1.5 s in every 3.
sox -n -r 48000 -c 2 -b 16 "$work/voice.wav" synth "$seconds" pinknoise vol 0.3 \
  synth "$seconds" square amod 0.3333
cat > "$work/desk.json" <<JSON
{"version": 1, "layers": [{"name": "main", "type": "audio",
  "filters": [{"name": "lp", "type": "lowpass", "frequency": 20000, "Q": 0.707},
              {"name": "eq", "type": "peaking", "frequency": 1000, "Q": 1, "gain": -6}]}],
 "events": [{"at": 0, "layer": "main", "set": {"rate": 0.9, "filters.lp.frequency": 500, "filters.eq.gain": 6},
             "duration": $seconds, "timingFunction": "linear"}]}
JSON
# Its render thread's heap calls are counted over the steady span too.
rm -f "$work/heap.txt"
result=$(measure_cpu env LD_PRELOAD="$work/libswell_count_allocations.so" SWELL_COUNT_REPORT="$work/heap.txt" \
  SWELL_COUNT_FROM=5000 SWELL_COUNT_UNTIL=$(((seconds - 5) * 1000)) \
  "$swell" play "$work/clip.wav" --device bench_realtime --script "$work/desk.json" \
  --duck-under "$work/voice.wav" --duration "$seconds" --quiet)
printf '%-34s %9.2f %9.2f %7.1f %10d %9d\n' "swell play, rate+2 filters+duck" $result
heap_calls=$(awk '{ calls += $4; threads += $6 } END { print calls + 0, threads + 0 }' "$work/heap.txt")
result=$(measure_cpu aplay -q -D bench_realtime "$work/clip.wav")
printf '%-34s %9.2f %9.2f %7.1f %10d %9d\n' "aplay (peer)" $result
# The same peer with swell's period and buffer.
result=$(measure_cpu aplay -q -D bench_realtime --period-size=256 --buffer-size=1536 "$work/clip.wav")
printf '%-34s %9.2f %9.2f %7.1f %10d %9d\n' "aplay, swell's period and buffer" $result
echo "target: swell steady < 2 % of a core (with rate, filters and duck moving: < 3 %); every frame ($((seconds * 48000))) played, no underrun"
read -r calls threads <<< "$heap_calls"
echo "render thread heap calls over the steady span, rate+2 filters+duck: $calls (real-time threads seen: $threads; target 0 calls)"

echo
echo "== Peak memory (max RSS): 1 minute vs 1 hour, stereo 48 kHz 16-bit, 2 s fades =="
sox -n -r 48000 -c 2 -b 16 "$work/minute.wav" synth 60 sine 440 vol 0.5
sox -n -r 48000 -c 2 -b 16 "$work/hour.wav" synth 3600 sine 440 vol 0.5
printf '%-28s %12s %12s %11s\n' command "1 min / KB" "1 h / KB" "1 h wall/s"
declare -A render_rss render_wall play_rss play_wall played
peak() { /usr/bin/time -f '%M %e' -o "$work/time.txt" "$@" >/dev/null; cat "$work/time.txt"; }
for length in minute hour; do
  read -r render_rss[$length] render_wall[$length] < <(peak "$swell" render "$work/$length.wav" -o "$work/out-$length.wav" \
    --fade-in 2 --fade-out 2 --quiet --overwrite)
  rm -f "$work/out-$length.wav"
  read -r play_rss[$length] play_wall[$length] < <(peak "$swell" play "$work/$length.wav" --device bench_x100 \
    --period 4096 --fade-in 2 --fade-out 2 --quiet)
  read -r _ played[$length] _ _ < "$work/report.txt"
done
printf '%-28s %12d %12d %11.1f\n' "swell render" "${render_rss[minute]}" "${render_rss[hour]}" "${render_wall[hour]}"
printf '%-28s %12d %12d %11.1f\n' "swell play (sink ×100)" "${play_rss[minute]}" "${play_rss[hour]}" "${play_wall[hour]}"
echo "frames played: 1 min ${played[minute]}, 1 h ${played[hour]} (at least 2880000 and 172800000)"
echo "target: the same peak memory for 1 hour as for 1 minute"
