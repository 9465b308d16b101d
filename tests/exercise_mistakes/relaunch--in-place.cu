// A wrong solution of relaunch (in-place); the checker must say: a race in global memory: block 0
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
  while (n > 1) {
    int blocks = (n + 255) / 256;
    reduce_pass<<<blocks, 256>>>(d_in, d_in, n);
    n = blocks;
  }
  int r; cudaMemcpy(&r, d_in, 4, cudaMemcpyDeviceToHost); return r;
}
