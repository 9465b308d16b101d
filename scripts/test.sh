#!/usr/bin/env bash
# One command to test StrideScope: installs what is missing, builds, runs every test (GUI under Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
