// A wrong solution of halving-loop (barrier-in-branch); the checker must say: barrier divergence
// Exercise halving-loop: each block of B threads sums its B elements into out[blockIdx.x].

__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int s[];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) {
      s[t] += s[t + stride];
      __syncthreads();
    }
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
