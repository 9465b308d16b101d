// A wrong solution of relaunch (host-sum); the checker must say: is not a value the last launch's kernel wrote
__global__ void reduce_pass(const int* in, int* out, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = in[0];
}
int reduce_all(int* d_in, int* d_tmp, int n) {
  int* h = new int[n];
  cudaMemcpy(h, d_in, n * sizeof(int), cudaMemcpyDeviceToHost);
  int s = 0;
  for (int i = 0; i < n; i++) s += h[i];
  reduce_pass<<<1, 256>>>(d_in, d_tmp, n);
  reduce_pass<<<1, 256>>>(d_in, d_tmp, n);
  reduce_pass<<<1, 256>>>(d_in, d_tmp, n);
  return s;
}
