#!/usr/bin/env bash
# One command to try StrideScope: installs what is missing, builds, and opens the window.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/stridescope "$@"
