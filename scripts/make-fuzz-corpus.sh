#!/usr/bin/env bash
# Writes the fuzzer's seed corpus (tests/fuzz/corpus/valid-*.json) with the project's own trace
# command: small traces of every kind of step (barriers, warp barriers, shuffles, divergence, races,
# lost elements, relaunches). Run it again when the trace format changes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/stridescope}
out=tests/fuzz/corpus
mkdir -p "$out"
rm -f "$out"/valid-*.json
seed() { "$bin" trace "${@:2}" --out "$out/valid-$1.json" >/dev/null; }
seed sequential -v sequential -b 16 -n 16
seed strided-random -v interleaved-strided -b 64 -n 100 -i random --seed 3
seed warp-tail -v unroll-last-warp -b 64 -n 128
seed shuffles -v warp-shuffle -b 64 -n 64
seed divergence -v bug-sync-in-branch -b 16 -n 16
seed relaunch -v repeated-launches --type double -b 16 -n 1000
seed races -v bug-no-loop-sync -b 16 -n 16
seed lost -v bug-odd-block -b 96 -n 96
seed dot -v dot-product --type float -b 32 -n 100
seed tuned -v tuned -b 32 -n 200
ls -la "$out"
