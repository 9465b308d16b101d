// StrideScope's CUDA header for plain CUDA C++ programs run on the CPU (`stridescope run FILE.cu`).
// Force-included (-include) into the user's file twice:
//  - parsed by clang as CUDA (`-x cuda --cuda-host-only`, __CUDA__ defined) to find the kernel
//    launches `k<<<g, b>>>(args)` (clang's own CUDA parser; see docs/own-programs.md);
//  - compiled as plain C++ (launches rewritten to ::stridescope_rt::launcher(k, g, b)(args)), with
//    -fsanitize-coverage=edge,trace-loads,trace-stores, against runtime.cpp, which runs each
//    CUDA thread as a fiber and records shared-memory accesses by address.
// Every __shared__ array lands in one ELF section, `stridescope_shared`, so an access is shared iff
// its address lies between __start_stridescope_shared and __stop_stridescope_shared.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
typedef struct CUstream_st* cudaStream_t;
enum cudaError_t { cudaSuccess = 0, cudaErrorMemoryAllocation = 2, cudaErrorInvalidValue = 1 };
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

#ifdef __CUDA__  // ---- the parse that finds launches: clang's CUDA mode, no CUDA installation

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, std::size_t shared = 0,
                                 cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared = 0,
                                                void* stream = 0);
extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
__device__ void __syncthreads();

#else  // ---- the build: plain C++

#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__ __attribute__((section("stridescope_shared"))) static
extern uint3 threadIdx;
extern uint3 blockIdx;
extern dim3 blockDim;
extern dim3 gridDim;

namespace stridescope_rt {
void syncthreads(int line);
void launch(dim3 grid, dim3 block, void (*body)(void*), void* closure);

template <typename Kernel>
struct Launcher {
  Kernel kernel;
  dim3 grid, block;
  template <typename... Args>
  void operator()(Args... args) const {
    auto closure = [&] { kernel(args...); };
    launch(
        grid, block, [](void* c) { (*static_cast<decltype(closure)*>(c))(); }, &closure);
  }
};
// What a launch `k<<<g, b>>>(args)` becomes: `::stridescope_rt::launcher(k, g, b)(args)` (the
// rewrite inserts the call before the kernel's name and replaces the `<<<` and `>>>` tokens).
template <typename F>
Launcher<F*> launcher(F* kernel, dim3 grid, dim3 block, std::size_t shared = 0,
                      cudaStream_t stream = nullptr) {
  (void)shared;
  (void)stream;
  return Launcher<F*>{kernel, grid, block};
}
}  // namespace stridescope_rt

#define __syncthreads() ::stridescope_rt::syncthreads(__LINE__)

#endif

cudaError_t cudaMalloc(void** ptr, std::size_t bytes);
// CUDA's runtime header has this overload too: cudaMalloc(&d, bytes) with d an int*.
template <typename T>
cudaError_t cudaMalloc(T** ptr, std::size_t bytes) {
  return cudaMalloc(reinterpret_cast<void**>(ptr), bytes);
}
cudaError_t cudaFree(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaGetLastError();
const char* cudaGetErrorString(cudaError_t error);
