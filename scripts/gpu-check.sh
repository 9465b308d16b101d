#!/usr/bin/env bash
# One command for a GPU machine without Debian packages or network: builds the non-GUI targets with
# nvcc (dependencies carried in .carry/, see scripts/prepare-gpu-carry.sh), runs every test (GPU
# ones included), every example under `stridescope run --backend cuda`, the benchmark, the SASS
# check and the Nsight Compute comparison. Results in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-gpu-results}
ARCH=${STRIDESCOPE_GPU_ARCH:-90}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)  # absolute: the examples step builds and runs from their folders
status=0
step() { echo "== $* (at ${SECONDS} s)" | tee -a "$OUT/summary.txt"; }
# STRIDESCOPE_SKIP="tests examples cuda-backend sass ncu sanitizer gpu-trace gpu-conflicts
# gpu-overhead bench" leaves those parts out (to fit a short device session).
skip() { [[ " ${STRIDESCOPE_SKIP:-} " == *" $1 "* ]]; }

step "device"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv | tee -a "$OUT/summary.txt"
nvcc --version | tail -2 | tee -a "$OUT/summary.txt"

# STRIDESCOPE_BIN: a stridescope built elsewhere (GUI off, no libclang: the GPU machine has no
# Debian packages); then only the GPU tracer is built here, by its CMake target, and named to it by
# STRIDESCOPE_GPU_TOOL (a build here compiles its path in).
BIN=${STRIDESCOPE_BIN:-build-gpu/stridescope}
if [ -n "${STRIDESCOPE_BIN:-}" ]; then
  step "build the GPU tracer only (sm_$ARCH; stridescope: $STRIDESCOPE_BIN)"
  mkdir -p .carry/include .carry/lib  # the configure names the carried folders; none is built
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTRIDESCOPE_GUI=OFF \
    -DSTRIDESCOPE_TESTS=OFF -DSTRIDESCOPE_CARRY_DIR="$PWD/.carry" -DCMAKE_CUDA_ARCHITECTURES="$ARCH" \
    >"$OUT/build.log" 2>&1 &&
    cmake --build build-gpu --target stridescope_gputrace >>"$OUT/build.log" 2>&1 ||
    { tail -30 "$OUT/build.log"; status=1; }
  tool=build-gpu/app/tools/gputrace/libstridescope_gputrace.so
  [ -f "$tool" ] && export STRIDESCOPE_GPU_TOOL="${STRIDESCOPE_GPU_TOOL:-$PWD/$tool}"
  # Its compiled-in source folder is not this one: `run --backend cuda` builds this launch timer.
  export STRIDESCOPE_LAUNCH_TIMER="${STRIDESCOPE_LAUNCH_TIMER:-$PWD/app/tools/launch_timer.cpp}"
  echo "GPU tracer: ${STRIDESCOPE_GPU_TOOL:-none}" | tee -a "$OUT/summary.txt"
else
step "build (GUI off, sm_$ARCH)"
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTRIDESCOPE_GUI=OFF \
  -DSTRIDESCOPE_CARRY_DIR="$PWD/.carry" -DCMAKE_CUDA_ARCHITECTURES="$ARCH" >"$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j"$(nproc)" >>"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
fi
BIN=$(realpath "$BIN")

if [ -z "${STRIDESCOPE_BENCH_ONLY:-}" ]; then
if ! skip tests; then
step "tests"
ctest --test-dir build-gpu --output-on-failure -j4 >"$OUT/tests.txt" 2>&1 || status=1
grep -E "tests passed|trace equality|Skipped|Failed" "$OUT/tests.txt" | tee -a "$OUT/summary.txt"
build-gpu/tests/stridescope_gpu_tests 2>&1 | grep -E "trace equality|PASSED|FAILED" | tee -a "$OUT/summary.txt"
fi

if ! skip examples; then
step "examples/ and tests/own_programs/ built by nvcc and run natively (compare: stridescope run)"
mkdir -p "$OUT/examples"
# A test program's output must be tests/own_programs/expected/NAME.txt, what the emulator prints
# too (tests/test_own_semantics.cpp); a file marked STRIDESCOPE-ONLY is one nvcc refuses.
for f in examples/*.cu tests/own_programs/*.cu tests/own_programs/*/main.cu; do
  name=$(basename "$f" .cu)
  [ "$name" = main ] && name=$(basename "$(dirname "$f")")
  if grep -q "STRIDESCOPE-ONLY" "$f"; then
    echo "-- $f: stridescope run only (nvcc refuses it)" | tee -a "$OUT/summary.txt"; continue
  fi
  if ! grep -q "int main(" "$f"; then  # kernels only (run by stridescope run --launch): compile them
    if nvcc -arch="sm_$ARCH" -O2 -c -o /dev/null "$f" >"$OUT/examples/$name.build.txt" 2>&1; then
      echo "-- $f: kernels only, compiled by nvcc (not run)" | tee -a "$OUT/summary.txt"
    else
      echo "-- $f: nvcc failed" | tee -a "$OUT/summary.txt"; tail -5 "$OUT/examples/$name.build.txt"; status=1
    fi
    continue
  fi
  # The -I and -D of the file's own `// nvcc ...` comment, from its folder.
  flags=$(grep -m1 -o '// nvcc .*' "$f" | sed 's|^// nvcc ||; s| [^ ]*\.cu.*||')
  if (cd "$(dirname "$f")" && nvcc -arch="sm_$ARCH" -O2 $flags -o "$OUT/examples/$name" "$(basename "$f")") \
      >"$OUT/examples/$name.build.txt" 2>&1; then
    (cd "$(dirname "$f")" && timeout 60 "$OUT/examples/$name" >"$OUT/examples/$name.txt" 2>"$OUT/examples/$name.err") ||
      echo "(exit $?)" >>"$OUT/examples/$name.txt"
    rm -f "$OUT/examples/$name"
    echo "-- $f" | tee -a "$OUT/summary.txt"; tee -a "$OUT/summary.txt" <"$OUT/examples/$name.txt"
    expected="tests/own_programs/expected/$name.txt"
    if [ -f "$expected" ]; then
      if cmp -s "$expected" "$OUT/examples/$name.txt"; then
        echo "   = $expected" | tee -a "$OUT/summary.txt"
      else
        echo "   DIFFERS from $expected:" | tee -a "$OUT/summary.txt"
        diff "$expected" "$OUT/examples/$name.txt" | head -20 | tee -a "$OUT/summary.txt"; status=1
      fi
    fi
  else
    echo "-- $f: nvcc failed" | tee -a "$OUT/summary.txt"; tail -5 "$OUT/examples/$name.build.txt"; status=1
  fi
done
fi

if ! skip cuda-backend; then
step "stridescope run FILE --backend cuda: each example built by nvcc, run natively, each launch timed"
for f in examples/*.cu; do
  grep -q "int main(" "$f" || continue  # kernels only: refused by --backend cuda (tested)
  echo "-- $f" | tee -a "$OUT/summary.txt"
  "$BIN" run "$f" --backend cuda 2>&1 | tee -a "$OUT/summary.txt" || status=1
done
fi

if ! skip sass; then
step "probe compiles away (SASS)"
python3 scripts/sass_compare.py build-gpu "sm_$ARCH" | tee -a "$OUT/summary.txt" || status=1
fi

if ! skip ncu; then
step "bank conflicts: Nsight Compute vs trace analysis"
python3 scripts/ncu_compare.py "$BIN" "$OUT/ncu-bank-conflicts.json" >"$OUT/ncu.md" 2>"$OUT/ncu.log" || status=1
cat "$OUT/ncu.md" | tee -a "$OUT/summary.txt"
fi

if ! skip sanitizer; then
step "hazard lab: compute-sanitizer racecheck/synccheck/initcheck vs trace analyses"
python3 scripts/sanitizer_compare.py "$BIN" "$OUT" >"$OUT/sanitizer.md" 2>"$OUT/sanitizer.log" || status=1
cat "$OUT/sanitizer.md" | tee -a "$OUT/summary.txt"
fi

if ! skip gpu-trace; then
step "GPU traces (stridescope run --backend cuda --out) against the emulator's (stridescope diff)"
scripts/gpu-trace-diff.sh "$BIN" "$OUT" | tee -a "$OUT/summary.txt"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
fi

if ! skip gpu-conflicts; then
step "bank conflicts: Nsight Compute vs the GPU trace (examples/matmul.cu, tests/own_programs/transpose_tiles.cu)"
python3 scripts/ncu_program_compare.py "$BIN" "$OUT/gpu-trace" examples/matmul.cu \
  tests/own_programs/transpose_tiles.cu 2>"$OUT/ncu-programs.log" | tee -a "$OUT/summary.txt"
[ "${PIPESTATUS[0]}" = 0 ] || { status=1; tail -5 "$OUT/ncu-programs.log"; }
fi

if ! skip gpu-overhead; then
step "overhead of the GPU tracer: native vs traced (examples/dot.cu launch 0, examples/matmul.cu launch 3)"
for run in "examples/dot.cu 0" "examples/matmul.cu 3"; do
  set -- $run
  for mode in native traced; do
    if [ "$mode" = native ]; then
      "$BIN" run "$1" --backend cuda --timings >"$OUT/overhead.txt" 2>&1
    else
      "$BIN" run "$1" --backend cuda --launch "$2" --out "$OUT/overhead.json" --timings >"$OUT/overhead.txt" 2>&1
    fi
    echo "$1 $mode: $(grep '^timings:' "$OUT/overhead.txt" | sed 's/^timings: //'); $(grep "^launch $2 " "$OUT/overhead.txt")" |
      tee -a "$OUT/summary.txt"
  done
done
rm -f "$OUT/overhead.txt" "$OUT/overhead.json"
fi

fi

if skip bench; then exit $status; fi
step "benchmark"
bench_start=$SECONDS
"$BIN" bench --json "$OUT/bench.json" >"$OUT/bench.txt" 2>&1 || status=1
echo "benchmark took $((SECONDS - bench_start)) s (adaptive trials; about 8 minutes at most on an H100)" | tee -a "$OUT/summary.txt"
tail -n +1 "$OUT/bench.txt" | head -200 >>"$OUT/summary.txt"
python3 - "$OUT/bench.json" <<'PY' | tee -a "$OUT/summary.txt" || status=1
# Tuned against CUB on the medians of the trials (version 2: each point's spread beside it; a
# version-1 file has medians only), and every point the benchmark marked unstable.
import json, sys
report = json.load(open(sys.argv[1]))
entries = report["entries"]
t = {(e["kernel"], e["element_type"], e["n"]): e for e in entries}
def iqr(e):
    if "q1_us" not in e:
        return "     -"
    return f"{100 * (e['q3_us'] - e['q1_us']) / e['median_us']:5.1f}%" + ("!" if e.get("unstable") else " ")
ok = True
for type_ in ("float", "int"):
    print(f"tuned vs cub::DeviceReduce::Sum ({type_}, medians): n, tuned us, IQR, cub us, IQR, cub/tuned, tuned GB/s")
    for (k, ty, n), e in sorted(t.items(), key=lambda kv: kv[0][2]):
        if k != "tuned" or ty != type_:
            continue
        c = t[("cub", ty, n)]
        ratio = c["median_us"] / e["median_us"]
        ok &= ratio >= 1.0
        print(f"  2^{n.bit_length() - 1:<3} {e['median_us']:9.2f} {iqr(e)} {c['median_us']:9.2f} {iqr(c)} {ratio:6.3f} {e['gbps']:8.1f}")
unstable = [e for e in entries if e.get("unstable")]
if report.get("version", 1) < 2:
    print("a version-1 file: medians only, no spread, no point marked unstable")
else:
    print(f"unstable points (IQR / median stayed above the limit): {len(unstable)}")
for e in unstable:
    print(f"  {e['kernel']} {e['element_type']} 2^{e['n'].bit_length() - 1}: median {e['median_us']:.2f} us, "
          f"IQR {iqr(e).strip()}, {e['trials']} trials")
print("tuned >= CUB at every n (medians):", ok)
sys.exit(0 if ok else 1)
PY
exit $status
