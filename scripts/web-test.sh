#!/usr/bin/env bash
# The browser build's test (CI runs it): builds build-web/ (scripts/web.sh --build), then opens the
# page in headless Chromium and checks it against the desktop (tests/web/page_test.py). Needs the
# desktop build (build/stridescope, scripts/build.sh) for `list`, `trace` and its screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/web.sh --build
[ -x build/stridescope ] || scripts/build.sh
out=build-web/test-output
rm -rf "$out" && mkdir -p "$out"
python3 tests/web/page_test.py build-web build/stridescope "$out"
