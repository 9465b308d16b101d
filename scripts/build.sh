#!/usr/bin/env bash
# Configures and builds StrideScope in ./build (extra arguments go to CMake's configure step).
set -euo pipefail
cd "$(dirname "$0")/.."
# -g1: line tables only (backtraces and gdb keep file:line); full -g made the build slower.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" "$@" >/dev/null
cmake --build build -j"$(nproc)"
