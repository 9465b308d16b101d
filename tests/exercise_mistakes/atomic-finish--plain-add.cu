// A wrong solution of atomic-finish (plain-add); the checker must say: use atomicAdd
// Exercise atomic-finish: one launch adds every in[i] (i < n) into *total.

__global__ void sum_all(const int* in, int* total, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) *total += s[0];
}
