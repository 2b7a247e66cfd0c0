# Shared by the benchmark scripts: the release build of `swell`, a scratch
# folder removed on exit, and small statistics helpers. Sourced, not run.

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Builds the release `swell` (unless SWELL names one) and sets $swell.
build_swell() {
  if [ -n "${SWELL:-}" ]; then
    swell=$SWELL
  else
    (cd "$repo" && "$repo/scripts/setup" && swift build -c release --product swell >&2)
    swell="$(cd "$repo" && swift build -c release --show-bin-path)/swell"
  fi
  [ -x "$swell" ] || { echo "no swell binary at $swell" >&2; exit 1; }
}

# A scratch folder ($work) under BENCH_DIR (default: the system's temporary
# folder), removed on exit.
make_work_dir() {
  work=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/swell-bench.XXXXXX")
  trap 'rm -rf "$work"' EXIT
}

# The wall-clock time in nanoseconds.
now_ns() { date +%s%N; }

# The median of the numbers given as arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The smallest of the numbers given as arguments.
minimum() { printf '%s\n' "$@" | sort -g | head -n 1; }

# Times each command NAME — the function run_NAME — over ROUNDS rounds, in
# turns, so that load from elsewhere falls on all of them alike; appends
# each run's wall time in seconds to times[NAME], an associative array the
# caller declares.
# Usage: time_in_turns ROUNDS NAME...
time_in_turns() {
  local rounds=$1 round name start end
  shift
  for ((round = 1; round <= rounds; round++)); do
    for name in "$@"; do
      start=$(now_ns); "run_$name"; end=$(now_ns)
      times[$name]+="$(awk -v ns=$((end - start)) 'BEGIN { printf "%.4f", ns / 1e9 }') "
    done
  done
}

# Prints each command's median and fastest time and every run, in a column
# WIDTH wide, and keeps the medians in medians[NAME], an associative array
# the caller declares.
# Usage: report_medians WIDTH NAME...
report_medians() {
  local width=$1 name
  shift
  printf "%-${width}s %10s %10s   %s\n" command median/s fastest/s "all runs/s"
  for name in "$@"; do
    # shellcheck disable=SC2086
    medians[$name]=$(median ${times[$name]})
    # shellcheck disable=SC2086
    printf "%-${width}s %10.3f %10.3f   %s\n" "$name" "${medians[$name]}" "$(minimum ${times[$name]})" "${times[$name]}"
  done
}

# The machine, for the record: date, CPU model, cores, load.
describe_machine() {
  echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
