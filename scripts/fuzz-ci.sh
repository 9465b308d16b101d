#!/usr/bin/env bash
# CI's fuzz step: builds the libFuzzer target of the trace pipeline (clang-14, ASan + UBSan; see
# scripts/fuzz.sh for long runs) and runs it a fixed number of inputs, deterministically (-seed=1,
# one job, -reload=0: the corpus folder is not read again on a timer, which made two runs differ),
# from the shipped corpus tests/fuzz/corpus. -O1 -g1 (line tables): the build is most of the
# step's time, and a finding's report keeps file:line. Any finding (crash, leak, timeout, sanitizer
# report) fails the step and is kept in build-fuzz-ci/ci-findings/ with the input that caused it. Its
# own build folder: scripts/fuzz.sh builds build-fuzz/ with other flags (RelWithDebInfo: -O2 -g).
#   scripts/fuzz-ci.sh [RUNS]     (default 120000, down from 200000 when CI gained the browser
#   build: the inputs are the same every run, seed 1. Measured on a 2-core box, cold build: 52 s build
#   + 44 s runs at load 2; 178 s + 50 s at load 5 from other builds; about 4000 inputs/s)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-120000}
cc=$(command -v clang-14 || command -v clang)
cxx=$(command -v clang++-14 || command -v clang++)
start=$(date +%s)
cmake -S . -B build-fuzz-ci -G Ninja -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DSTRIDESCOPE_GUI=OFF -DSTRIDESCOPE_CUDA=OFF -DSTRIDESCOPE_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DSTRIDESCOPE_FUZZ=ON >/dev/null
cmake --build build-fuzz-ci -j"$(nproc)" --target stridescope_fuzz_trace >/dev/null
built=$(date +%s)
# A fresh copy of the corpus: libFuzzer adds the inputs it finds to its first folder.
rm -rf build-fuzz-ci/ci-corpus build-fuzz-ci/ci-findings
mkdir -p build-fuzz-ci/ci-corpus build-fuzz-ci/ci-findings
cp tests/fuzz/corpus/* build-fuzz-ci/ci-corpus/
status=0
build-fuzz-ci/stridescope_fuzz_trace build-fuzz-ci/ci-corpus -runs="$runs" -seed=1 -reload=0 \
  -dict=tests/fuzz/trace.dict -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix=build-fuzz-ci/ci-findings/ >build-fuzz-ci/ci-fuzz.log 2>&1 ||
  status=$?
done_at=$(date +%s)
findings=$(find build-fuzz-ci/ci-findings -type f | wc -l)
executed=$(grep -h "stat::number_of_executed_units" build-fuzz-ci/ci-fuzz.log | awk '{print $2}')
echo "fuzz: ${executed:-0} inputs (of $runs, seed 1) in $((done_at - built)) s after a" \
  "$((built - start)) s build; status $status, $findings finding(s)"
if [ "$status" -ne 0 ] || [ "$findings" -ne 0 ]; then
  grep -h -E -A20 "^==[0-9]+==ERROR|runtime error|deadly signal|ALARM" build-fuzz-ci/ci-fuzz.log |
    head -60 || true
  ls -l build-fuzz-ci/ci-findings
  exit 1
fi
