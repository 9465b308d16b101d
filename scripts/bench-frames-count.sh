#!/usr/bin/env bash
# Frame cost at block 16 and block 1024 counted, not timed: instructions per frame under
# valgrind's callgrind with Mesa's llvmpipe on this thread alone (LP_NUM_THREADS=0), the difference
# between a 20-frame and a 60-frame run. Repeatable to a fraction of a percent on a shared, noisy
# box where scripts/bench-frames.sh's wall times move by 10%. Usage: scripts/bench-frames-count.sh
# [extra window options]; needs valgrind (apt-get install valgrind); about 6 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
app=build/stridescope
[[ -x $app ]] || { echo "stridescope: error: build first (scripts/build.sh)" >&2; exit 2; }
command -v valgrind >/dev/null ||
  { echo "stridescope: error: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {  # $1 = block size, $2 = frames; prints the instructions of the whole run
  LP_NUM_THREADS=0 xvfb-run -a valgrind --tool=callgrind --callgrind-out-file="$work/$1.$2.out" \
    "$app" --block "$1" --n 1024 --benchmark-frames "$2" --size 1600x900 "${@:3}" \
    >"$work/$1.$2.log" 2>&1
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/$1.$2.log"
}
per_frame() {  # $1 = block size; the two runs side by side on the two cores
  local short long
  count "$1" 20 "${@:2}" >"$work/short" &
  long=$(count "$1" 60 "${@:2}")
  wait
  short=$(cat "$work/short")
  awk -v s="$short" -v l="$long" 'BEGIN {printf "%.1f", (l - s) / 40 / 1e6}'
}
small=$(per_frame 16 "$@")
large=$(per_frame 1024 "$@")
awk -v a="$small" -v b="$large" \
  'BEGIN {printf "instructions a frame: block 16 %.1f M, block 1024 %.1f M, ratio %.2fx\n", a, b, b / a}'
