// A wrong solution of relaunch (host-dereference); the checker must say: host code read d_tmp[0], device memory from cudaMalloc
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
  int blocks = (n + 255) / 256;
  reduce_pass<<<blocks, 256>>>(d_in, d_tmp, n);
  int s = 0;
  for (int i = 0; i < blocks; i++) s += d_tmp[i];
  return s;
}
