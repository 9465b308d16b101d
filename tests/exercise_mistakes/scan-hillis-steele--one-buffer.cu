// A wrong solution of scan-hillis-steele (one-buffer); the checker must say: with no __syncthreads() between them
// Exercise scan-hillis-steele: out[i] = in[0] + ... + in[i] for i < n, one block of 512.

__global__ void inclusive_scan(const int* in, int* out, int n) {
  __shared__ int buffer[2][512];
  const int t = threadIdx.x;
  int from = 0;
  buffer[from][t] = t < n ? in[t] : 0;
  __syncthreads();
  for (int d = 1; d < n; d *= 2) {
    buffer[from][t] += t >= d ? buffer[from][t - d] : 0;
    __syncthreads();
  }
  if (t < n) out[t] = buffer[from][t];
}
