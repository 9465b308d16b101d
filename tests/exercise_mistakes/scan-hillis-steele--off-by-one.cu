// A wrong solution of scan-hillis-steele (off-by-one); the checker must say: out[
// Exercise scan-hillis-steele: out[i] = in[0] + ... + in[i] for i < n, one block of 512.

__global__ void inclusive_scan(const int* in, int* out, int n) {
  __shared__ int buffer[2][512];
  const int t = threadIdx.x;
  int from = 0;
  buffer[from][t] = t < n ? in[t] : 0;
  __syncthreads();
  for (int d = 1; d < n / 2; d *= 2) {
    buffer[1 - from][t] = buffer[from][t] + (t >= d ? buffer[from][t - d] : 0);
    __syncthreads();
    from = 1 - from;
  }
  if (t < n) out[t] = buffer[from][t];
}
