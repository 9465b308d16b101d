// A wrong solution of many-blocks (no-guard); the checker must say: read in[1] (byte 4), past the end of the cudaMalloc buffer in (in[0]..
// Exercise many-blocks: block b sums in[b * 256 ..] (up to n) into partial[b].

__global__ void partial_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  s[t] = in[i];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
