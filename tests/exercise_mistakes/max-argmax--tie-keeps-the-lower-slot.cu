// A wrong solution of max-argmax (a tie keeps the lower slot, whatever its index); the checker must say: size 1000, digits 0 to 9: result[1] is
// Exercise max-argmax: result[0] = the largest in[i], result[1] = its smallest index i.

__global__ void max_index(const int* in, int* result, int n) {
  __shared__ int best[256];
  __shared__ int where[256];
  const int t = threadIdx.x;
  int value = -2147483647 - 1, index = n;
  for (int i = t; i < n; i += blockDim.x) {
    if (in[i] > value) {  // i only grows: a tie keeps the earlier index
      value = in[i];
      index = i;
    }
  }
  best[t] = value;
  where[t] = index;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) {
      const int v = best[t + stride], w = where[t + stride];
      if (v > best[t]) {
        best[t] = v;
        where[t] = w;
      }
    }
    __syncthreads();
  }
  if (t == 0) {
    result[0] = best[0];
    result[1] = where[0];
  }
}
