// A wrong solution of relaunch (one-pass); the checker must say: sum is
// Exercise relaunch: reduce_pass makes block sums; reduce_all relaunches it until one is left.

__global__ void reduce_pass(const int* in, int* out, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

int reduce_all(int* d_in, int* d_tmp, int n) {
  int* from = d_in;
  int* to = d_tmp;
  if (n > 1) {
    const int blocks = (n + 255) / 256;
    reduce_pass<<<blocks, 256>>>(from, to, n);
    n = blocks;
    int* swap = from;
    from = to;
    to = swap;
  }
  int result = 0;
  cudaMemcpy(&result, from, sizeof(int), cudaMemcpyDeviceToHost);
  return result;
}
