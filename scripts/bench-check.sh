#!/usr/bin/env bash
# Prints how long `stridescope check` takes (and its peak memory) on large synthetic traces: many
# steps, many __syncwarp()s, and about 100 MB of JSON (scripts/make_big_trace.py). A benchmark: it
# prints figures and asserts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/stridescope}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/make_big_trace.py broadcast 400 "$dir/broadcast400.json"
python3 scripts/make_big_trace.py syncwarp 300 "$dir/syncwarp300.json"
python3 scripts/make_big_trace.py steps 100000 "$dir/steps100000.json"
python3 scripts/make_big_trace.py bytes 100 "$dir/bytes100.json"
printf '%-22s %10s %10s %12s\n' trace size seconds "peak memory"
for f in broadcast400 syncwarp300 steps100000 bytes100; do
  size=$(du -h "$dir/$f.json" | cut -f1)
  read -r seconds kb < <({ /usr/bin/time -f '%e %M' "$bin" check "$dir/$f.json" >/dev/null; } 2>&1)
  printf '%-22s %10s %10s %9s MB\n' "$f" "$size" "$seconds" "$((kb / 1024))"
done
