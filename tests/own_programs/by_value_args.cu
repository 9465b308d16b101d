// A kernel argument with a constructor and a destructor, passed by value (CUDA by Example's
// appendix Lock does this): CUDA copies kernel arguments bitwise, so no constructor or destructor
// runs per thread or per block; the host's copy for the launch is made and destroyed once, as a C++
// call makes it. For tests/test_own_semantics.cpp.
#include <cstdio>

int constructed = 0, copied = 0, destroyed = 0;

struct Counter {
  int* slot;
  Counter() : slot(nullptr) {
    ++constructed;
    cudaMalloc(&slot, sizeof(int));
    cudaMemset(slot, 0, sizeof(int));
  }
  Counter(const Counter& other) : slot(other.slot) { ++copied; }
  ~Counter() { ++destroyed; }
  __device__ void add() { atomicAdd(slot, 1); }
};

__global__ void count(Counter c) {
  c.add();
}

int main() {
  {
    Counter c;
    count<<<4, 64>>>(c);
    int total = 0;
    cudaMemcpy(&total, c.slot, sizeof total, cudaMemcpyDeviceToHost);
    printf("threads counted %d\n", total);
  }
  printf("constructed %d, copied %d, destroyed %d\n", constructed, copied, destroyed);
  return 0;
}
