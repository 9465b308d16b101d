// A wrong solution of relaunch (unzeroed-total); the checker must say: a read of uninitialized memory
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
__global__ void add_all(const int* in, int* total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(total, in[i]);  // total was never zeroed: a GPU adds to whatever was there
}
int reduce_all(int* d_in, int* d_tmp, int n) {
  const int blocks = (n + 255) / 256;
  reduce_pass<<<blocks, 256>>>(d_in, d_tmp, n);
  int* total;
  cudaMalloc(&total, sizeof(int));
  add_all<<<(blocks + 255) / 256, 256>>>(d_tmp, total, blocks);
  int r;
  cudaMemcpy(&r, total, 4, cudaMemcpyDeviceToHost);
  cudaFree(total);
  return r;
}
