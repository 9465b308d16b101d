// A wrong solution of halving-loop (halving starts at a quarter, a count halved beside the sum); the checker must say: 32 values stored in shared memory never reach the block's sum in s[0]: the first, stored by thread 32 in s[32]
// The count's elements are another sum, not values lost from s[0]'s (the lab's rule: contributions_to_word0).

__global__ void block_sum(const int* in, int* out) {
  __shared__ int s[1024];
  __shared__ int nonzero[1024];
  const unsigned t = threadIdx.x;
  const int v = in[blockIdx.x * blockDim.x + t];
  s[t] = v;
  nonzero[t] = v != 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 4; stride > 0; stride /= 2) {
    if (t < stride) {
      s[t] += s[t + stride];
      nonzero[t] += nonzero[t + stride];
    }
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
