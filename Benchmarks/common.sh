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

# The machine, for the record: date, CPU model, cores, load.
describe_machine() {
  echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
