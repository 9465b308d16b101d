// A wrong solution of odd-block (power-of-two-loop); the checker must say: never reach the block's sum
// Exercise odd-block: each block of any B threads sums its B elements into out[blockIdx.x].

__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int s[];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
