// A wrong solution of atomic-finish (missing-barrier); the checker must say: with no __syncthreads() between them
// Exercise atomic-finish: one launch adds every in[i] (i < n) into *total.

__global__ void sum_all(const int* in, int* total, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(total, s[0]);
}
