// A kernel that writes through a null pointer: the launch succeeds, the kernel faults. `stridescope
// run --backend cuda` shows the launch as failed and ends with one error line, status 2
// (tests/test_cuda_backend.cpp).
#include <cstdio>

__global__ void store(int* out) { out[threadIdx.x] = 1; }

int main() {
  store<<<1, 32>>>(nullptr);
  printf("after the launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
