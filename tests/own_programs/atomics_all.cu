// Every atomic CUDA has, on shared and on global memory, each hit by many threads at once, for
// tests/test_own_semantics.cpp: the results do not depend on the order, so they are what a GPU
// prints. Atomics are not races: the trace shows one atomic access each, and the lab finds none.
#include <cstdio>

__global__ void on_global(int* i, unsigned* u, unsigned long long* ull, float* f, double* d) {
  const int t = threadIdx.x + blockIdx.x * blockDim.x;  // 0..255
  atomicAdd(&i[0], 1);
  atomicSub(&i[1], 2);
  atomicMax(&i[2], t);
  atomicMin(&i[3], -t);
  atomicAnd(&u[0], ~(1u << (t % 32)));
  atomicOr(&u[1], 1u << (t % 32));
  atomicXor(&u[2], 1u << (t % 8));
  atomicInc(&u[3], 99u);  // wraps to 0 after 99: 256 increments -> 256 % 100
  atomicDec(&u[4], 1000u);
  atomicAdd(&ull[0], 1ull << 33);
  atomicMax(&ull[1], (unsigned long long)t * 1000000007ull);
  atomicAdd(&f[0], 0.5f);
  atomicAdd(&d[0], 0.25);
  atomicExch(&i[4], 7);
  int old = atomicCAS(&i[5], 0, t + 1);  // exactly one thread finds 0
  if (old == 0) atomicAdd(&i[6], 1);
}

__global__ void on_shared(int* out) {
  __shared__ int bins[8];
  __shared__ unsigned mask;
  __shared__ float total;
  if (threadIdx.x < 8) bins[threadIdx.x] = 0;
  if (threadIdx.x == 0) mask = 0, total = 0;
  __syncthreads();
  atomicAdd(&bins[threadIdx.x % 8], 1);
  atomicOr(&mask, 1u << (threadIdx.x % 32));
  atomicAdd(&total, 1.0f);
  __syncthreads();
  if (threadIdx.x < 8) out[threadIdx.x] = bins[threadIdx.x];
  if (threadIdx.x == 0) out[8] = int(mask == 0xffffffffu), out[9] = int(total);
}

int main() {
  int hi[7] = {0, 0, -5, 5, 0, 0, 0};
  unsigned hu[5] = {0xffffffffu, 0, 0, 0, 0};
  unsigned long long hull[2] = {0, 0};
  float hf = 0;
  double hd = 0;
  int *i, *out;
  unsigned* u;
  unsigned long long* ull;
  float* f;
  double* d;
  cudaMalloc(&i, sizeof hi);
  cudaMalloc(&u, sizeof hu);
  cudaMalloc(&ull, sizeof hull);
  cudaMalloc(&f, sizeof hf);
  cudaMalloc(&d, sizeof hd);
  cudaMalloc(&out, 10 * sizeof(int));
  cudaMemcpy(i, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(u, hu, sizeof hu, cudaMemcpyHostToDevice);
  cudaMemcpy(ull, hull, sizeof hull, cudaMemcpyHostToDevice);
  cudaMemcpy(f, &hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(d, &hd, sizeof hd, cudaMemcpyHostToDevice);
  on_global<<<2, 128>>>(i, u, ull, f, d);
  cudaMemcpy(hi, i, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost);
  cudaMemcpy(hull, ull, sizeof hull, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hd, d, sizeof hd, cudaMemcpyDeviceToHost);
  printf("int: add %d sub %d max %d min %d exch %d cas-winners %d\n", hi[0], hi[1], hi[2], hi[3],
         hi[4], hi[6]);
  printf("unsigned: and %08x or %08x xor %08x inc %u dec %u\n", hu[0], hu[1], hu[2], hu[3], hu[4]);
  printf("64-bit: add %llu max %llu\n", hull[0], hull[1]);
  printf("float add %.1f double add %.2f\n", hf, hd);
  int h[10];
  on_shared<<<1, 256>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("shared bins:");
  for (int k = 0; k < 8; k++) printf(" %d", h[k]);
  printf(", every lane in the mask %d, float total %d\n", h[8], h[9]);
  return 0;
}
