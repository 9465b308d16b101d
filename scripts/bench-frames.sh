#!/usr/bin/env bash
# Frame cost of the animating canvas at block 16 and block 1024, interleaved in one run: prints each
# run's median frame time, the median of those per block size, and their ratio (issue 13's target:
# block 1024 at most 1.1x block 16); then the CPU an idle window uses (issue 24's target: under 5%
# of a core). Usage: scripts/bench-frames.sh [rounds] [extra window options]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift || true
app=build/stridescope
[[ -x $app ]] || { echo "stridescope: error: build first (scripts/build.sh)" >&2; exit 2; }
run_one() {  # $1 = block size; prints the median frame time in ms
  xvfb-run -a "$app" --block "$1" --n 1024 --benchmark-frames 300 --size 1600x900 "${@:2}" 2>&1 |
    sed -n 's/.*median \([0-9.]*\) ms.*/\1/p'
}
declare -a small large
for ((r = 0; r < rounds; ++r)); do
  small+=("$(run_one 16 "$@")")
  large+=("$(run_one 1024 "$@")")
  echo "round $((r + 1)): block 16 ${small[-1]} ms, block 1024 ${large[-1]} ms"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
m16=$(median "${small[@]}")
m1024=$(median "${large[@]}")
awk -v a="$m16" -v b="$m1024" 'BEGIN {printf "median frame: block 16 %.2f ms, block 1024 %.2f ms, ratio %.2fx\n", a, b, b / a}'

# The idle window: opened on block 1024 at 1600x900, left alone; its CPU time (user + system, from
# /proc) over 5 s once it has started, as a share of one core.
idle_cpu() {
  local config
  config=$(mktemp -d)  # fresh preferences, removed after
  XDG_CONFIG_HOME=$config xvfb-run -a -s '-screen 0 1600x900x24' bash -c '
    "$1" --block 1024 --n 1024 --size 1600x900 "${@:2}" >/dev/null 2>&1 &
    app=$!
    sleep 3
    ticks() { awk "{print \$14 + \$15}" /proc/$app/stat; }
    before=$(ticks)
    sleep 5
    after=$(ticks)
    kill -INT $app
    wait $app
    awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" \
      "BEGIN {printf \"idle window: %.1f%% of a core (CPU time over 5 s, block 1024, 1600x900)\\n\", 100 * t / hz / 5}"
  ' idle "$app" "$@"
  rm -rf "$config"
}
idle_cpu "$@"
