#!/usr/bin/env bash
# One command to test StrideScope: installs what is missing, builds, runs every test (GUI under
# Xvfb). With --sanitize: the same suite built with AddressSanitizer and UndefinedBehaviorSanitizer
# in build-asan/ (CI runs both; any sanitizer report fails the test that triggered it).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
if [ "${1:-}" = "--sanitize" ]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTRIDESCOPE_SANITIZE=ON \
    -DSTRIDESCOPE_CUDA=OFF >/dev/null
  cmake --build build-asan -j"$(nproc)"
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
  exit
fi
scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
