#!/usr/bin/env bash
# Prints the figures of docs/own-programs.md: `stridescope run` on a 256-thread kernel (each phase)
# and the cost per instrumented shared access. Needs a build (scripts/build.sh or BUILD=dir).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build}
echo "== stridescope run examples/sum256.cu (one block of 256 threads), 5 runs"
for i in 1 2 3 4 5; do
  /usr/bin/time -f "   wall %e s" "$B/stridescope" run examples/sum256.cu --out /tmp/own-sum256.json --timings |
    grep -v '^sum'
done 2>&1

echo "== cost per shared access: app/owncuda/spike/shared_loop.cu (256 threads x 1024 rounds)"
T=$(mktemp -d)
"$B/stridescope" run app/owncuda/spike/shared_loop.cu --keep "$T" --out "$T/trace.json" --timings | sed "s/^/   /"
accesses=$((2 * 256 * 1024 + 256))
clang++-14 -std=c++17 -g -O0 -fno-pie -no-pie -fwrapv -include app/owncuda/runtime/stridescope_cuda.h \
  -x c++ "$T/program.cpp" -x none "$B/libstridescope_cuda_rt.a" -lboost_context -o "$T/plain"
best() {  # the best of 5 runs of "$@", in seconds
  local b=999
  for i in 1 2 3 4 5; do
    local s e
    s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
    b=$(echo "if ($e - $s < $b) $e - $s else $b" | bc -l)
  done
  echo "$b"
}
plain=$(best "$T/plain")
untraced=$(env STRIDESCOPE_TRACED_BLOCK=1 bash -c "$(declare -f best); best $T/program")
recorded=$(env STRIDESCOPE_TRACED_BLOCK=0 bash -c "$(declare -f best); best $T/program")
written=$(env STRIDESCOPE_TRACED_BLOCK=0 STRIDESCOPE_RAW="$T/raw2.json" bash -c "$(declare -f best); best $T/program")
printf '   not instrumented:                 %.3f s\n' "$plain"
printf '   instrumented, block not traced:   %.3f s  (%.1f ns per access)\n' "$untraced" \
  "$(echo "($untraced - $plain) * 1000000000 / $accesses" | bc -l)"
printf '   instrumented, traced (in memory): %.3f s  (%.1f ns per access)\n' "$recorded" \
  "$(echo "($recorded - $plain) * 1000000000 / $accesses" | bc -l)"
printf '   traced and raw JSON written:      %.3f s  (%.1f ns per access)\n' "$written" \
  "$(echo "($written - $plain) * 1000000000 / $accesses" | bc -l)"
printf '   %d shared accesses; raw file %s bytes; trace file %s bytes\n' "$accesses" \
  "$(stat -c %s "$T/raw2.json")" "$(stat -c %s "$T/trace.json")"
rm -rf "$T"
