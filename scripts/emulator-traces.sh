#!/usr/bin/env bash
# The emulator's traces of the programs of examples/ and tests/own_programs/ (every launch up to
# $STRIDESCOPE_TRACE_LAUNCHES, default 6; block 0), for `stridescope diff` against the GPU's
# (scripts/gpu-check.sh). Needs clang-14, which the GPU machine lacks: there they are carried,
# made here. Writes DIR/NAME.LK.json and DIR/programs.tsv (name, file, nvcc flags or -, launches
# traced or the emulator's error).
# Usage: scripts/emulator-traces.sh STRIDESCOPE_BINARY DIR
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
mkdir -p "$2"
dir=$(cd "$2" && pwd)
max=${STRIDESCOPE_TRACE_LAUNCHES:-6}
: >"$dir/programs.tsv"
for f in examples/*.cu tests/own_programs/*.cu tests/own_programs/*/main.cu; do
  name=$(basename "$f" .cu)
  [ "$name" = main ] && name=$(basename "$(dirname "$f")")
  grep -q "STRIDESCOPE-ONLY" "$f" && continue  # nvcc refuses it
  grep -q "int main(" "$f" || continue         # kernels only: no native run
  # The -I and -D of the file's own `// nvcc ...` comment, read from its folder.
  flags=$(grep -m1 -o '// nvcc .*' "$f" | sed 's|^// nvcc ||; s| [^ ]*\.cu.*||')
  launches=0
  k=0
  while [ "$k" -lt "$max" ]; do
    out="$dir/$name.L$k.json"
    if ! (cd "$(dirname "$f")" && "$bin" run "$(basename "$f")" $flags --launch "$k" --out "$out") \
        >"$dir/$name.L$k.log" 2>&1; then
      rm -f "$out"
      [ "$k" = 0 ] && launches="emulator: $(grep 'stridescope: error' "$dir/$name.L$k.log" | tail -1)"
      break
    fi
    rm -f "$dir/$name.L$k.log"
    [ "$k" = 0 ] && total=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["launches"]))' "$out")
    k=$((k + 1))
    launches=$k
    [ "$k" -lt "${total:-1}" ] || break
  done
  printf '%s\t%s\t%s\t%s\n' "$name" "$f" "${flags:--}" "$launches" >>"$dir/programs.tsv"
  echo "$name: $launches"
done
