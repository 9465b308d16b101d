#!/usr/bin/env bash
# GPU machine only: builds the GPU tracer (app/tools/gputrace: the Compute Sanitizer tool library
# with g++, its device patches with nvcc; nothing else of StrideScope), then runs every program of
# examples/ and tests/own_programs/ natively, built by nvcc with -lineinfo, once untraced and once
# under the tracer per launch (block STRIDESCOPE_TRACED_BLOCK, default 0). For each it keeps the raw
# record (NAME.LK.json), the traced module's line table (NAME.sass, `nvdisasm -c -gi`), the outputs
# and the native and traced wall times. Everything goes to $OUT/gpu-trace.tar.gz and a summary.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-trace-results}
ARCH=${STRIDESCOPE_GPU_ARCH:-90}
CUDA=${CUDA_HOME:-/usr/local/cuda}
SANITIZER=${STRIDESCOPE_SANITIZER_DIR:-$CUDA/compute-sanitizer}
MAX_LAUNCHES=${STRIDESCOPE_GPU_TRACE_LAUNCHES:-6}
export PATH="$CUDA/bin:$PATH"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
RECORDS="$OUT/gpu-trace"
BUILD=$(mktemp -d)
mkdir -p "$RECORDS"
summary="$OUT/summary.txt"
say() { echo "$*" | tee -a "$summary"; }
now() { date +%s.%N; }

say "== device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1);" \
  "kernel $(uname -r); $(nvcc --version | tail -1)"

say "== build the tracer (sm_$ARCH)"
if ! g++ -std=c++17 -O2 -Wall -Wextra -fPIC -shared -I"$CUDA/include" -I"$SANITIZER/include" \
    app/tools/gputrace/trace_tool.cpp -o "$BUILD/libstridescope_gputrace.so" \
    -L"$SANITIZER" -lsanitizer-public -L"$CUDA/lib64/stubs" -lcuda -ldl -Wl,-rpath,"$SANITIZER" \
    >"$RECORDS/build.txt" 2>&1 ||
  ! nvcc --fatbin --compile-as-tools-patch -arch="sm_$ARCH" -I"$SANITIZER/include" \
    app/tools/gputrace/trace_patches.cu -o "$BUILD/trace_patches.fatbin" >>"$RECORDS/build.txt" 2>&1; then
  cat "$RECORDS/build.txt"; tar -C "$OUT" -czf "$OUT/gpu-trace.tar.gz" gpu-trace; exit 1
fi
cat "$RECORDS/build.txt"

# Programs in order (the one-block sum and the book's dot product first); none is started after
# STRIDESCOPE_GPU_TRACE_DEADLINE seconds, so that a short device session still brings back the rest.
deadline=$(( $(date +%s) + ${STRIDESCOPE_GPU_TRACE_DEADLINE:-200} ))
status=0
for f in examples/sum256.cu examples/dot.cu $(ls examples/*.cu | grep -v -e sum256 -e '/dot.cu') \
    tests/own_programs/*.cu tests/own_programs/*/main.cu; do
  [ "$(date +%s)" -lt "$deadline" ] || { say "-- deadline reached: $f and after not run"; break; }
  name=$(basename "$f" .cu)
  [ "$name" = main ] && name=$(basename "$(dirname "$f")")
  grep -q "STRIDESCOPE-ONLY" "$f" && { say "-- $name: nvcc refuses it (skipped)"; continue; }
  grep -q "int main(" "$f" || { say "-- $name: kernels only (skipped)"; continue; }
  flags=$(grep -m1 -o '// nvcc .*' "$f" | sed 's|^// nvcc ||; s| [^ ]*\.cu.*||')
  program="$BUILD/$name"
  if ! (cd "$(dirname "$f")" && nvcc -arch="sm_$ARCH" -O2 -lineinfo $flags -o "$program" \
        "$(basename "$f")") >"$RECORDS/$name.build.txt" 2>&1; then
    say "-- $name: nvcc failed"; tail -5 "$RECORDS/$name.build.txt"; status=1; continue
  fi
  t0=$(now)
  (cd "$(dirname "$f")" && CUDA_MODULE_LOADING=EAGER timeout 30 "$program" \
     >"$RECORDS/$name.native.txt" 2>&1)
  native=$(awk "BEGIN { printf \"%.2f\", $(now) - $t0 }")
  launch=0; launches=1
  while [ "$launch" -lt "$launches" ] && [ "$launch" -lt "$MAX_LAUNCHES" ]; do
    record="$RECORDS/$name.L$launch.json"
    t0=$(now)
    (cd "$(dirname "$f")" && CUDA_MODULE_LOADING=EAGER STRIDESCOPE_LAUNCH=$launch \
       STRIDESCOPE_TRACED_BLOCK=${STRIDESCOPE_TRACED_BLOCK:-0} STRIDESCOPE_GPU_RAW="$record" \
       STRIDESCOPE_GPU_CUBIN="$BUILD/$name.L$launch.cubin" \
       STRIDESCOPE_GPU_EVENTS=${STRIDESCOPE_GPU_EVENTS:-1048576} \
       STRIDESCOPE_GPU_PATCH="$BUILD/trace_patches.fatbin" \
       CUDA_INJECTION64_PATH="$BUILD/libstridescope_gputrace.so" timeout 60 "$program" \
       >"$RECORDS/$name.L$launch.txt" 2>"$RECORDS/$name.L$launch.err")
    rc=$?
    traced=$(awk "BEGIN { printf \"%.2f\", $(now) - $t0 }")
    [ "$launch" = 0 ] && launches=$(grep -o '{"kernel":' "$record" 2>/dev/null | wc -l)
    events=$(grep -o '"events_recorded":[0-9]*' "$record" 2>/dev/null | cut -d: -f2)
    same=$(cmp -s "$RECORDS/$name.native.txt" "$RECORDS/$name.L$launch.txt" && echo same || echo DIFFERENT)
    say "-- $name launch $launch of $launches: exit $rc, ${events:-no} events, output $same as" \
      "native; wall native ${native}s traced ${traced}s"
    [ -s "$RECORDS/$name.L$launch.err" ] && head -5 "$RECORDS/$name.L$launch.err" | tee -a "$summary"
    command -v python3 >/dev/null && python3 - "$record" <<'PY' 2>&1 | tee -a "$summary"
import collections, json, sys
r = json.load(open(sys.argv[1]))
if r.get("traced"):
    kinds = collections.Counter(e[0] for e in r["events"])
    names = {1: "read", 2: "write", 3: "atomic", 4: "barrier", 5: "syncwarp", 6: "shfl", 7: "enter", 8: "exit"}
    print("   %s: %s; %d snapshots of %d bytes; shared base %d, reserved %s, static %d, dynamic %d, total %d" % (
        r["kernel"], ", ".join("%s %d" % (names.get(k, k), n) for k, n in sorted(kinds.items())),
        len(r["snapshots"]), r["snapshot_bytes"], r["shared_base"], r["reserved_shared"],
        r["static_shared"], r["dynamic_shared"], r["total_shared"]))
PY
    if [ -f "$BUILD/$name.L$launch.cubin" ] && [ ! -f "$RECORDS/$name.sass" ]; then
      nvdisasm -c -gi "$BUILD/$name.L$launch.cubin" >"$RECORDS/$name.sass" 2>&1 ||
        say "   nvdisasm failed: $(head -2 "$RECORDS/$name.sass")"
    fi
    launch=$((launch + 1))
  done
  # The last block of launch 0 too (the filter picks one block of many).
  last=$(python3 -c 'import json,sys; g=json.load(open(sys.argv[1]))["launches"][0]["grid"]; print(g[0]*g[1]*g[2]-1)' \
    "$RECORDS/$name.L0.json" 2>/dev/null || echo 0)
  if [ "${last:-0}" -gt 0 ]; then
    (cd "$(dirname "$f")" && CUDA_MODULE_LOADING=EAGER STRIDESCOPE_LAUNCH=0 STRIDESCOPE_TRACED_BLOCK=$last \
       STRIDESCOPE_GPU_RAW="$RECORDS/$name.L0.B$last.json" STRIDESCOPE_GPU_PATCH="$BUILD/trace_patches.fatbin" \
       CUDA_INJECTION64_PATH="$BUILD/libstridescope_gputrace.so" timeout 60 "$program" >/dev/null 2>&1)
    events=$(grep -o '"events_recorded":[0-9]*' "$RECORDS/$name.L0.B$last.json" 2>/dev/null | cut -d: -f2)
    say "-- $name launch 0 block $last: ${events:-no} events"
  fi
  # The symbol table of the program's cubin (where its __shared__ variables are named).
  cuobjdump -elf "$program" 2>/dev/null | grep -i -B2 -A60 "symtab" | head -200 >"$RECORDS/$name.symtab.txt"
done

# One archive (the device tool brings back few files); records too large for it are named.
tar -C "$OUT" -czf "$OUT/gpu-trace.tar.gz" gpu-trace
if [ "$(stat -c %s "$OUT/gpu-trace.tar.gz")" -gt 15000000 ]; then
  find "$RECORDS" -name '*.json' -size +4M -print -delete | sed 's|^|   too large, left out: |' | tee -a "$summary"
  tar -C "$OUT" -czf "$OUT/gpu-trace.tar.gz" gpu-trace
fi
rm -rf "$RECORDS" "$BUILD"
exit $status
