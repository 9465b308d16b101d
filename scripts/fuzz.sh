#!/usr/bin/env bash
# Fuzzes the trace pipeline (loader, model, check table, the views' text) with libFuzzer under ASan
# and UBSan for MINUTES minutes (default 10), then reports the executions and the line coverage of
# the fuzzed files reached by the corpus. Findings (crash-*, leak-*, timeout-*) land in
# build-fuzz/findings; copy a reproducer into tests/fuzz/corpus/ once it is fixed.
#   scripts/fuzz.sh [MINUTES] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
jobs=${2:-1}
common=(-G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DSTRIDESCOPE_GUI=OFF
        -DSTRIDESCOPE_CUDA=OFF -DSTRIDESCOPE_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo)
cmake -S . -B build-fuzz "${common[@]}" -DSTRIDESCOPE_FUZZ=ON >/dev/null
cmake --build build-fuzz --target stridescope_fuzz_trace >/dev/null
mkdir -p build-fuzz/corpus build-fuzz/findings
cp -n tests/fuzz/corpus/* build-fuzz/corpus/ 2>/dev/null || true
log=build-fuzz/fuzz.log
: >"$log"
for job in $(seq 1 "$jobs"); do
  build-fuzz/stridescope_fuzz_trace build-fuzz/corpus -dict=tests/fuzz/trace.dict \
    -max_len=65536 -timeout=10 -rss_limit_mb=4096 -max_total_time=$((minutes * 60)) \
    -print_final_stats=1 -artifact_prefix=build-fuzz/findings/ >"$log.$job" 2>&1 &
done
wait || true
cat build-fuzz/fuzz.log.* >"$log"
executions=$(grep -h "stat::number_of_executed_units" "$log" | awk '{s += $2} END {print s + 0}')
findings=$(find build-fuzz/findings -type f | wc -l)
echo "fuzzing: $executions executions in $minutes min x $jobs job(s), $findings finding(s)"
grep -h -E "^==[0-9]+==ERROR|runtime error|deadly signal" "$log" | sort | uniq -c | head || true

# Coverage of the fuzzed files by the corpus the fuzzer kept.
cmake -S . -B build-cov "${common[@]}" -DSTRIDESCOPE_COVERAGE=ON >/dev/null
cmake --build build-cov --target stridescope_replay_trace >/dev/null
LLVM_PROFILE_FILE=build-cov/replay.profraw build-cov/stridescope_replay_trace build-fuzz/corpus/*
llvm-profdata merge -sparse build-cov/replay.profraw -o build-cov/replay.profdata
llvm-cov report build-cov/stridescope_replay_trace -instr-profile=build-cov/replay.profdata \
  app/trace/*.cpp app/model/*.cpp app/analysis/*.cpp app/core/format.cpp \
  app/cli/commands.cpp | tail -n +1
