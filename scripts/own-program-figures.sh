#!/usr/bin/env bash
# Prints the figures of docs/own-programs.md: `stridescope run` phases on a 256-thread kernel; a
# 2^24-int halving reduction end to end (the target: at most 3 s on a 2-core box); what one
# emulated thread, one barrier and one shared access cost; one worker against two; a block of one
# thread; a tiled matmul with and without turns. Medians of
# RUNS runs (default 5). Needs a build (scripts/build.sh, or BUILD=dir) and nothing else running.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build}
RUNS=${RUNS:-5}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
# The median wall time of RUNS runs of "$@" (output dropped).
wall() {
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -o "$T/time" -f %e "$@" >/dev/null 2>&1 || true
    cat "$T/time"
  done | median
}

echo "== stridescope run examples/sum256.cu (one block of 256 threads): phases, $RUNS runs"
for _ in $(seq "$RUNS"); do
  "$B/stridescope" run examples/sum256.cu --timings | grep '^timings' | sed 's/^/   /'
done

SPEC='reduce<<<65536,256>>>(in=iota(16777216), out=zeros(65536), n=16777216)'
echo "== a 2^24-int halving reduction end to end (examples/reduce_kernel_only.cu, --launch)"
echo "   $SPEC"
for _ in $(seq "$RUNS"); do
  /usr/bin/time -o "$T/time" -f %e "$B/stridescope" run examples/reduce_kernel_only.cu \
    --launch "$SPEC" --timings >"$T/out"
  echo "   $(grep '^timings' "$T/out"), wall $(cat "$T/time") s"
  cat "$T/time" >>"$T/walls"
done
echo "   median wall: $(median <"$T/walls") s (target: at most 3 s)"

# Kernels that isolate one cost each, run as built (--keep) on one worker, 8192 x 256 threads.
cat >"$T/empty.cu" <<'EOF'
__global__ void k(int* out) { if (threadIdx.x == 1000) out[0] = 1; }
EOF
cat >"$T/barriers.cu" <<'EOF'
__global__ void k(int* out) {
  for (int i = 0; i < 9; ++i) __syncthreads();
  if (threadIdx.x == 1000) out[0] = 1;
}
EOF
cat >"$T/loads.cu" <<'EOF'
__global__ void k(int* out) {
  __shared__ volatile int s[256];
  int acc = 0;
  for (int i = 0; i < 9; ++i) acc += s[(threadIdx.x + i) & 255];
  if (acc == 12345) out[0] = 1;
}
EOF
for k in empty barriers loads; do
  "$B/stridescope" run "$T/$k.cu" --launch 'k<<<8192,256>>>(out=zeros(1))' --keep "$T/$k" >/dev/null
done
"$B/stridescope" run examples/reduce_kernel_only.cu --keep "$T/reduce" \
  --launch 'reduce<<<8192,256>>>(in=iota(2097152), out=zeros(8192), n=2097152)' >/dev/null
"$B/stridescope" run examples/reduce_kernel_only.cu --keep "$T/reduce24" --launch "$SPEC" >/dev/null
program() {  # the command that runs the kept program of $1 on $2 workers
  echo env STRIDESCOPE_WORKERS="$2" STRIDESCOPE_RAW="$T/$1/raw2.json" "$T/$1/program"
}
threads=$((8192 * 256))
empty=$(wall $(program empty 1))
barriers=$(wall $(program barriers 1))
loads=$(wall $(program loads 1))
reduce=$(wall $(program reduce 1))
echo "== one worker, 8192 blocks x 256 threads (medians of $RUNS runs of the built program)"
awk -v e="$empty" -v b="$barriers" -v l="$loads" -v r="$reduce" -v n="$threads" 'BEGIN {
  printf "   a thread that starts and exits:  %5.1f ns  (%.3f s)\n", e * 1e9 / n, e
  printf "   a __syncthreads() per thread:    %5.1f ns  (9 of them: %.3f s)\n", (b - e) * 1e9 / (9 * n), b
  printf "   a shared load (warps schedule):  %5.1f ns  (9 of them: %.3f s)\n", (l - e) * 1e9 / (9 * n), l
  printf "   the halving reduction, 2^21 ints: %5.1f ns per thread (%.3f s)\n", r * 1e9 / n, r
}'
one=$(wall $(program reduce24 1))
two=$(wall $(program reduce24 2))
echo "== the 2^24 reduction's program: workers (cores: $(nproc))"
awk -v a="$one" -v b="$two" 'BEGIN {
  printf "   1 worker %.2f s, 2 workers %.2f s: %.2fx\n", a, b, a / b
  printf "   %.1f ns per thread on one worker\n", a * 1e9 / 16777216
}'

# A tiled matmul's threads share nothing between barriers but through the barriers: its blocks after
# the probed ones run without the lanes' turns at every access (runtime/sharing_probe.h).
cat >"$T/matmul.cu" <<'EOF'
#define TILE 16
__global__ void matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
EOF
"$B/stridescope" run "$T/matmul.cu" --keep "$T/matmul" \
  --launch 'matmul<<<(32,32),(16,16)>>>(A=iota(262144), B=iota(262144), C=zeros(262144), n=512)' \
  >/dev/null
turns=$(wall env STRIDESCOPE_TURNS_AT_EVERY_ACCESS=1 $(program matmul 2))
skipped=$(wall $(program matmul 2))
echo "== a 512x512 tiled matmul (16x16 tiles), its program on 2 workers"
awk -v a="$turns" -v b="$skipped" 'BEGIN {
  printf "   turns at every access %.2f s, skipped where nothing is shared %.2f s: %.2fx\n", a, b, a / b
}'

# A grid of one-thread blocks (CUDA by Example's first add<<<N,1>>>, an init by one block per
# element): what a block costs beyond its thread.
cat >"$T/tiny_blocks.cu" <<'EOF2'
__global__ void init(float* m, int n) {
  int i = blockIdx.x + gridDim.x * blockIdx.y;
  if (i < n) m[i] = i * 0.5f;
}
EOF2
"$B/stridescope" run "$T/tiny_blocks.cu" --keep "$T/tiny_blocks" \
  --launch 'init<<<(2048,2048),1>>>(m=zeros(4194304), n=4194304)' >/dev/null
tiny=$(wall $(program tiny_blocks 1))
echo "== 4 Mi blocks of one thread, their program on one worker"
awk -v t="$tiny" 'BEGIN { printf "   %.2f s: %.0f ns per block\n", t, t * 1e9 / 4194304 }'
