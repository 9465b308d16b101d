#!/usr/bin/env bash
# Configures and builds StrideScope in ./build (extra arguments go to CMake's configure step).
# The CUDA device code is built where nvcc is found and an NVIDIA GPU is present; without a GPU it
# could only be compiled, not run (STRIDESCOPE_CUDA=ON in the environment builds it anyway).
set -euo pipefail
cd "$(dirname "$0")/.."
cuda=${STRIDESCOPE_CUDA:-}
if [ -z "$cuda" ]; then
  cuda=OFF
  if { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; } ||
    compgen -G '/proc/driver/nvidia/gpus/*' >/dev/null; then
    cuda=ON
  fi
fi
# -g1: line tables only (backtraces and gdb keep file:line); full -g made the build slower.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTRIDESCOPE_CUDA="$cuda" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" "$@" >/dev/null
cmake --build build -j"$(nproc)"
