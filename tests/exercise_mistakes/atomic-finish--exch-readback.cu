// A wrong solution of atomic-finish (exch-readback); the checker must say: updates it atomically
__global__ void sum_all(const int* in, int* total, int n) {
  __shared__ int s[256];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int st = 128; st > 0; st >>= 1) { if (t < st) s[t] += s[t + st]; __syncthreads(); }
  if (t == 0) atomicExch(total, *total + s[0]);
}
