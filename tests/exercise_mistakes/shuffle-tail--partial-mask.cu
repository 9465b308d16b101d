// A wrong solution of shuffle-tail (partial-mask); the checker must say: not in the mask
// Exercise shuffle-tail: each block of 256 threads sums its 256 elements into out[blockIdx.x].

__global__ void block_sum(const int* in, int* out) {
  __shared__ int s[256];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 32; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    int v = s[t] + s[t + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0x0000ffffu, v, offset);
    if (t == 0) out[blockIdx.x] = v;
  }
}
