#!/usr/bin/env bash
# GPU machine: each launch of each program of examples/ and tests/own_programs/ that the emulator
# traced (scripts/emulator-traces.sh: run here where clang is installed, else its output is read
# from $STRIDESCOPE_EMU_TRACES) traced on the GPU (`stridescope run --backend cuda --launch K
# --out`) and compared with the emulator's trace (`stridescope diff`): one line each (with the
# GPU's notes), then the count. Traces, logs and diffs in OUT/gpu-trace/NAME.LK/ (work/: the
# tracer's record and the traced module's disassembly, kept to be converted again).
# Usage: scripts/gpu-trace-diff.sh STRIDESCOPE_BINARY OUT
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
mkdir -p "$2"
OUT=$(cd "$2" && pwd)
TRACES="$OUT/gpu-trace"
mkdir -p "$TRACES"
EMU=${STRIDESCOPE_EMU_TRACES:-}
if [ -z "$EMU" ]; then
  EMU="$OUT/emulator-traces"
  scripts/emulator-traces.sh "$BIN" "$EMU" >/dev/null
fi
EMU=$(cd "$EMU" && pwd)
[ -f "$EMU/programs.tsv" ] || { echo "no $EMU/programs.tsv (scripts/emulator-traces.sh)"; exit 1; }

# One launch: traced on the GPU, then diffed; its report in its folder.
one() {  # NAME FILE FLAGS K
  local name=$1 f=$2 flags=$3 k=$4 dir="$TRACES/$1.L$4"
  mkdir -p "$dir"
  (cd "$(dirname "$f")" && timeout 120 "$BIN" run "$(basename "$f")" $flags --backend cuda \
    --launch "$k" --out "$dir/gpu.json" --keep "$dir/work") >"$dir/run.log" 2>&1
  # The tracer's record and the module's lines stay (to convert again); the builds go.
  rm -f "$dir/work/program" "$dir/work/traced.cubin"
  {
    if [ ! -f "$dir/gpu.json" ]; then
      echo "-- $name launch $k: no GPU trace: $(grep -e '^stridescope: error' \
        -e '^stridescope: note: .*no trace written' "$dir/run.log" | tail -1 |
        sed 's/^stridescope: [a-z]*: //')"
    elif [ ! -f "$EMU/$name.L$k.json" ]; then
      echo "-- $name launch $k: GPU trace written, no emulator trace to compare ($(grep \
        'stridescope: error' "$EMU/$name.L$k.log" 2>/dev/null | tail -1))"
    else
      ln -sf "$EMU/$name.L$k.json" "$dir/emulator.json"
      (cd "$dir" && "$BIN" diff emulator.json gpu.json >diff.txt 2>&1)
      echo "$?" >"$dir/diff.status"
      echo "-- $name launch $k: $(head -1 "$dir/diff.txt")"
      tail -n +2 "$dir/diff.txt" | sed 's/^/   /'
    fi
    # (A stridescope without libclang says so for every program: said once, at the end.)
    grep '^stridescope: note: ' "$dir/run.log" | grep -v 'built without libclang' |
      sed 's/^stridescope: note: /   GPU note: /'
  } >"$dir/report.txt"
}

jobs_at_once=${STRIDESCOPE_GPU_JOBS:-8}
order=()
while IFS=$'\t' read -r name f flags launches; do
  [ "$flags" = - ] && flags=
  count=1  # where the emulator could not run it ("emulator: ..."), launch 0 on the GPU alone
  case "$launches" in '' | *[!0-9]*) ;; *) count=$launches ;; esac
  for ((k = 0; k < count; k++)); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n; done
    one "$name" "$f" "$flags" "$k" &
    order+=("$name.L$k")
  done
done <"$EMU/programs.tsv"
wait

same=0
compared=0
for job in "${order[@]}"; do
  cat "$TRACES/$job/report.txt"
  if [ -f "$TRACES/$job/diff.status" ]; then
    compared=$((compared + 1))
    [ "$(cat "$TRACES/$job/diff.status")" = 0 ] && same=$((same + 1))
  fi
done
echo "GPU traces equal to the emulator's at every step: $same of $compared compared (${#order[@]} launches traced)"
if grep -qs 'built without libclang' "$TRACES"/*/run.log; then
  echo "(this stridescope has no libclang: its GPU traces show int words, arrays unnamed; diff" \
    "compares bytes and names words by the emulator's arrays)"
fi
