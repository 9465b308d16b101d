#!/usr/bin/env bash
# Exercise solutions on a real GPU beside compute-sanitizer (docs/exercises.md's table).
#   scripts/gpu-exercises.sh build OUT FILE.cu...   here (nvcc, no GPU needed): each file (named
#       EXERCISE--ANYTHING.cu) with the checker's own harness (`stridescope exercise harness`) and
#       scripts/gpu-exercises/include, built for sm_90 into OUT/NAME.bin; each exercise's reference
#       solution as OUT/ref--EXERCISE.bin; OUT/cases.tsv: NAME, EXERCISE, case label, arguments.
#   scripts/gpu-exercises.sh run OUT RESULT.tsv     on the GPU machine: every case of every binary
#       plainly and under memcheck, racecheck, synccheck and initcheck, 16 at a time; one line per
#       case: NAME, case, the output's "@@" lines, and each tool's error count.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mode=$1
out=$2
shift 2
if [ "$mode" = build ]; then
  B=${BUILD:-$here/build}
  mkdir -p "$out"
  : >"$out/cases.tsv"
  declare -A seen
  build_one() {  # NAME EXERCISE FILE
    local name=$1 ex=$2 file=$3
    { cat "$file"; "$B/stridescope" exercise harness "$ex" | grep -v '^// case '; } >"$out/$name.cu"
    "$B/stridescope" exercise harness "$ex" | sed -n 's#^// case \(.*\): \(.*\)$#\1\t\2#p' |
      while IFS=$'\t' read -r label args; do printf '%s\t%s\t%s\t%s\n' "$name" "$ex" "$label" "$args"; done >>"$out/cases.tsv"
    nvcc -arch=sm_90 -lineinfo -cudart shared -I "$here/scripts/gpu-exercises/include" -x cu \
      "$out/$name.cu" -o "$out/$name.bin" 2>"$out/$name.nvcc" || echo "$name: nvcc failed" >&2
  }
  for f in "$@"; do
    b=$(basename "$f" .cu)
    ex=${b%%--*}
    build_one "$b" "$ex" "$f"
    if [ -z "${seen[$ex]:-}" ]; then
      seen[$ex]=1
      "$B/stridescope" exercise solution "$ex" >"$out/ref--$ex.src"
      build_one "ref--$ex" "$ex" "$out/ref--$ex.src"
    fi
  done
  exit 0
fi
# run: one job per case line
job() {  # NAME EXERCISE LABEL ARGS
  local dir=$1 name=$2 label=$4 args=$5 line
  [ -x "$dir/$name.bin" ] || { printf '%s\t%s\tno binary\n' "$name" "$label"; return; }
  # shellcheck disable=SC2086
  line=$(timeout 60 "$dir/$name.bin" $args 2>&1 | grep '^@@' | tr '\n' ';' | cut -c1-4000)
  local tools=""
  for tool in memcheck racecheck synccheck initcheck; do
    local said
    # shellcheck disable=SC2086
    said=$(timeout 120 compute-sanitizer --tool $tool --print-limit 1 "$dir/$name.bin" $args 2>&1 |
      grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tr '\n' ' ')
    [ -n "$said" ] || said="(no summary: timed out or did not run)"
    tools+=$'\t'"$tool: $said"
  done
  printf '%s\t%s\t%s%s\n' "$name" "$label" "$line" "$tools"
}
export -f job
cut -f1-4 "$out/cases.tsv" | while IFS=$'\t' read -r name ex label args; do
  printf '%s\0%s\0%s\0%s\0%s\0' "$out" "$name" "$ex" "$label" "$args"
done | xargs -0 -n 5 -P 16 bash -c 'job "$@"' _ >"$1"
