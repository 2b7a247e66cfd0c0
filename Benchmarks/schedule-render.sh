#!/usr/bin/env bash
# docs/automation.md#cost: a volume schedule of 100,000 Web Audio events
# renders a 10-minute stereo file within 1.2 times the time of the same
# render with a plain fade across it.
#
# Times three whole commands on the same 10-minute stereo 48 kHz 16-bit WAV,
# in the same run, round-robin, after one untimed warm-up round:
#
#   schedule  swell render in.wav -o out.wav --script schedule.json
#             (one "automate" event of 100,000 calls on main.volume, every
#             6 ms a linear ramp, an exponential ramp, a setTarget or a
#             setValue, in turn)
#   fade      swell render in.wav -o out.wav --fade-out 10m
#             (a plain fade evaluated at every frame, as the schedule is)
#   fades     swell render in.wav -o out.wav --fade-in 2 --fade-out 2
#             (render-vs-peers.sh's render: four seconds evaluated per frame,
#             the rest at one gain a block)
#
# and prints each one's median and fastest wall time, and the ratios
# schedule/fade (target ≤ 1.2) and schedule/fades (for the record; the
# schedule's time includes reading its 4 MB of JSON).
#
# Usage: Benchmarks/schedule-render.sh [ROUNDS]    (default 7, at least 5)
# SWELL=/path/to/swell skips the release build; BENCH_DIR chooses where the
# files go (default: the system's temporary folder).
set -euo pipefail
source "$(dirname "$0")/common.sh"

rounds=${1:-7}
[ "$rounds" -ge 5 ] || { echo "at least 5 rounds, for a median of ≥ 5" >&2; exit 1; }
build_swell
command -v sox >/dev/null || { echo "sox is needed (apt-get install sox)" >&2; exit 1; }
make_work_dir

input=$work/in.wav
sox -n -r 48000 -c 2 -b 16 "$input" synth 600 sine 440 sine 660 synth 600 whitenoise mix vol 0.3
schedule=$work/schedule.json
awk 'BEGIN {
  n = 100000; dt = 600 / n; srand(1)
  printf "{\"version\": 1, \"events\": [{\"at\": 0, \"automate\": \"volume\", \"calls\": [\n[\"setValueAtTime\", 0.5, 0]"
  split("linearRampToValueAtTime exponentialRampToValueAtTime setTargetAtTime setValueAtTime", kinds, " ")
  for (i = 1; i < n; i++) {
    t = i * dt; v = 0.2 + 0.8 * rand(); kind = kinds[i % 4 + 1]
    if (kind == "setTargetAtTime") printf ",\n[\"%s\", %.4f, %.6f, 0.002]", kind, v, t
    else printf ",\n[\"%s\", %.4f, %.6f]", kind, v, t
  }
  print "]}]}"
}' > "$schedule"

run_schedule() { "$swell" render "$input" -o "$work/schedule.wav" --script "$schedule" --quiet --overwrite; }
run_fade()     { "$swell" render "$input" -o "$work/fade.wav" --fade-out 10m --quiet --overwrite; }
run_fades()    { "$swell" render "$input" -o "$work/fades.wav" --fade-in 2 --fade-out 2 --quiet --overwrite; }

commands=(schedule fade fades)
declare -A times
for name in "${commands[@]}"; do "run_$name"; done   # warm-up, untimed
time_in_turns "$rounds" "${commands[@]}"

describe_machine
echo "input:   10 min stereo 48 kHz 16-bit WAV, a schedule of 100,000 calls ($(du -h "$schedule" | cut -f1)); $rounds rounds"
declare -A medians
report_medians 9 "${commands[@]}"
awk -v s="${medians[schedule]}" -v f="${medians[fade]}" -v g="${medians[fades]}" 'BEGIN {
  printf "schedule/fade  = %.2f (target ≤ 1.2: %s)\n", s / f, (s / f <= 1.2) ? "met" : "MISSED"
  printf "schedule/fades = %.2f\n", s / g
}'
