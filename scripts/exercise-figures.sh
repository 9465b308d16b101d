#!/usr/bin/env bash
# Prints the exercises' figures (docs/exercises.md): for every exercise, the wall time of
# `stridescope exercise check` on its reference solution (the median of RUNS runs, default 3; the
# target is at most 3 s on a 2-core box), its runs of the learner's program, and the time from a
# save to the window's new result (the check plus the window's half-second look at the file).
# Needs a build (scripts/build.sh, or BUILD=dir) and nothing else running.
set -euo pipefail
cd "$(dirname "$0")/.."
B=$(cd "${BUILD:-build}" && pwd)
RUNS=${RUNS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export STRIDESCOPE_DATA_DIR="$T/data"

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

printf '%-20s %8s %6s %10s\n' exercise "check s" runs "save->result s"
worst=0
for name in $("$B/stridescope" exercise list | awk '{print $1}'); do
  "$B/stridescope" exercise solution "$name" >"$T/$name.cu"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -o "$T/time" -f %e "$B/stridescope" exercise check "$name" "$T/$name.cu" \
      >"$T/out" 2>&1 || { cat "$T/out"; exit 1; }
    cat "$T/time"
  done | median >"$T/median"
  s=$(cat "$T/median")
  runs=$(sed -n 's/.*passed (\([0-9]*\) runs.*/\1/p' "$T/out")
  printf '%-20s %8s %6s %10s\n' "$name" "$s" "$runs" "$(awk -v s="$s" 'BEGIN {print s + 0.25}')"
  worst=$(awk -v s="$s" -v w="$worst" 'BEGIN {print (s > w ? s : w)}')
done
echo "slowest reference check: $worst s (target: at most 3 s); a save is seen within 0.5 s"
echo "(0.25 s on average) by the window, which then checks as above"
