// StrideScope's CUDA header for plain CUDA C++ programs run on the CPU (`stridescope run FILE.cu`).
// Force-included (-include) into the user's file twice:
//  - parsed by clang as CUDA (`-x cuda --cuda-host-only`, __CUDA__ defined) to find the kernel
//    launches `k<<<g, b>>>(args)` (clang's own CUDA parser; see docs/own-programs.md);
//  - compiled as plain C++ (launches rewritten to ::stridescope_rt::launcher(k, g, b)(args)), with
//    -fsanitize-coverage=edge,trace-loads,trace-stores, against runtime.cpp, which runs each
//    CUDA thread as a fiber and records shared-memory accesses by address.
// Every __shared__ array lands in one ELF section, `stridescope_shared`, so an access is shared iff
// its address lies between __start_stridescope_shared and __stop_stridescope_shared. CUDA features
// the runtime cannot run are declared `unavailable`: clang names them and their line.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#ifdef __CUDA__  // ---- the parse that finds launches: clang's CUDA mode, no CUDA installation
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define STRIDESCOPE_UNSUPPORTED(what) \
  __attribute__((unavailable(what " is not supported by stridescope run")))
#pragma clang force_cuda_host_device begin
#else  // ---- the build: plain C++
#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__ __attribute__((section("stridescope_shared"))) static
#define STRIDESCOPE_UNSUPPORTED(what)
#endif
#ifdef __clang__  // the user's file: its atomics' own loads and stores are not traced
#define STRIDESCOPE_NOT_TRACED __attribute__((no_sanitize("coverage"), noinline))
#else  // runtime.cpp, built by the project's compiler without instrumentation
#define STRIDESCOPE_NOT_TRACED __attribute__((noinline))
#endif
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __restrict__ __restrict

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
enum cudaError_t { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
struct cudaDeviceProp {
  char name[256];
  std::size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  int major, minor, multiProcessorCount, clockRate;
};
#define cudaHostAllocDefault 0

#ifdef __CUDA__
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, std::size_t shared = 0,
                                 cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared = 0,
                                                void* stream = 0);
extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
extern __device__ const int warpSize;  // __syncthreads() is a clang builtin in CUDA mode
#else
extern uint3 threadIdx;
extern uint3 blockIdx;
extern dim3 blockDim;
extern dim3 gridDim;
constexpr int warpSize = 32;
#endif

// The runtime's entry points (runtime.cpp, built without instrumentation).
extern "C" char stridescope_dynamic_shared[];  // `extern __shared__ T s[];` points here
namespace stridescope_rt {
enum class ShuffleKind { Index, Up, Down, Xor };
void syncthreads(int line);
void syncwarp(unsigned mask, int line);
// Swaps `size` bytes of `value` among the lanes of `mask` (`kind_of_value`: 0 an unsigned
// integer, 1 a signed one, 2 a float or double: how the trace shows it);
// returns the partner lane's bytes.
std::uint64_t shuffle(ShuffleKind kind, unsigned mask, std::uint64_t value, unsigned size,
                      int kind_of_value, int arg, int width, int line);
void note_access(const volatile void* addr, unsigned size, char kind, void* pc);
void launch(dim3 grid, dim3 block, std::size_t dynamic_shared, void (*body)(void*), void* closure);
void note_kernel(const void* kernel);  // the next launch's kernel (named from the debug info)

template <typename Kernel>
struct Launcher {
  Kernel kernel;
  dim3 grid, block;
  std::size_t shared;
  template <typename... Args>
  void operator()(Args... args) const {
    auto closure = [&] { kernel(args...); };
    note_kernel(reinterpret_cast<const void*>(kernel));
    launch(
        grid, block, shared, [](void* c) { (*static_cast<decltype(closure)*>(c))(); }, &closure);
  }
};
// What a launch `k<<<g, b, s>>>(args)` becomes: `::stridescope_rt::launcher(k, g, b, s)(args)`
// (the rewrite inserts the call before the kernel's name and replaces the `<<<` and `>>>` tokens).
template <typename F>
Launcher<F*> launcher(F* kernel, dim3 grid, dim3 block, std::size_t shared = 0,
                      cudaStream_t stream = nullptr) {
  (void)stream;
  return Launcher<F*>{kernel, grid, block, shared};
}

// An atomic read-modify-write: one read and one write of `*addr`, recorded at the caller's line
// (the body itself is not instrumented). Fibers switch only at barriers, so it is atomic.
template <typename T, typename Op>
STRIDESCOPE_NOT_TRACED T atomic_rmw(T* addr, Op op, void* pc) {
  note_access(addr, sizeof(T), 'r', pc);
  T old = *addr;
  *addr = op(old);
  note_access(addr, sizeof(T), 'w', pc);
  return old;
}
template <typename T>
std::uint64_t bits_of(T v) {
  static_assert(sizeof(T) <= 8, "__shfl_*_sync of a value wider than 8 bytes");
  std::uint64_t b = 0;
  std::memcpy(&b, &v, sizeof v);
  return b;
}
template <typename T>
T from_bits(std::uint64_t b) {
  T v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}
}  // namespace stridescope_rt

#ifndef __CUDA__
#define __syncthreads() ::stridescope_rt::syncthreads(__LINE__)
#define __syncwarp(...) \
  ::stridescope_rt::syncwarp(::stridescope_rt::mask_or_all(__VA_ARGS__), __LINE__)
#define __shfl_sync(m, v, ...) \
  ::stridescope_rt::shfl(::stridescope_rt::ShuffleKind::Index, m, v, __LINE__, __VA_ARGS__)
#define __shfl_up_sync(m, v, ...) \
  ::stridescope_rt::shfl(::stridescope_rt::ShuffleKind::Up, m, v, __LINE__, __VA_ARGS__)
#define __shfl_down_sync(m, v, ...) \
  ::stridescope_rt::shfl(::stridescope_rt::ShuffleKind::Down, m, v, __LINE__, __VA_ARGS__)
#define __shfl_xor_sync(m, v, ...) \
  ::stridescope_rt::shfl(::stridescope_rt::ShuffleKind::Xor, m, v, __LINE__, __VA_ARGS__)
namespace stridescope_rt {
inline unsigned mask_or_all(unsigned mask = 0xffffffffu) {
  return mask;
}
template <typename T>
T shfl(ShuffleKind kind, unsigned mask, T value, int line, int arg, int width = 32) {
  return from_bits<T>(shuffle(kind, mask, bits_of(value), sizeof(T),
                              std::is_floating_point_v<T> ? 2
                              : std::is_signed_v<T>       ? 1
                                                          : 0,
                              arg, width, line));
}
}  // namespace stridescope_rt
#else
void __syncwarp(unsigned mask = 0xffffffffu);
template <typename T>
T __shfl_sync(unsigned mask, T v, int lane, int width = 32);
template <typename T>
T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32);
template <typename T>
T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32);
template <typename T>
T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32);
#endif

#define STRIDESCOPE_ATOMIC(name, expr)                                      \
  template <typename T, typename U>                                         \
  STRIDESCOPE_NOT_TRACED T name(T* addr, U val) {                           \
    return ::stridescope_rt::atomic_rmw(                                    \
        addr, [&](T old) { return T(expr); }, __builtin_return_address(0)); \
  }
STRIDESCOPE_ATOMIC(atomicAdd, old + T(val))
STRIDESCOPE_ATOMIC(atomicSub, old - T(val))
STRIDESCOPE_ATOMIC(atomicExch, val)
STRIDESCOPE_ATOMIC(atomicMax, old < T(val) ? T(val) : old)
STRIDESCOPE_ATOMIC(atomicMin, T(val) < old ? T(val) : old)
STRIDESCOPE_ATOMIC(atomicAnd, old& T(val))
STRIDESCOPE_ATOMIC(atomicOr, old | T(val))
STRIDESCOPE_ATOMIC(atomicXor, old ^ T(val))
#undef STRIDESCOPE_ATOMIC
template <typename T, typename U, typename V>
STRIDESCOPE_NOT_TRACED T atomicCAS(T* addr, U compare, V val) {
  return ::stridescope_rt::atomic_rmw(
      addr, [&](T old) { return old == T(compare) ? T(val) : old; }, __builtin_return_address(0));
}
inline void __threadfence() {}
inline void __threadfence_block() {}
inline void __threadfence_system() {}

// A device buffer, remembered with the caller's address (its line names the buffer) and, where
// known, its element type.
namespace stridescope_rt {
cudaError_t device_malloc(void** ptr, std::size_t bytes, void* pc, unsigned element_size,
                          const char* type);
template <typename T>
constexpr const char* scalar_name() {
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, int>) return "int";
  if constexpr (std::is_same_v<T, unsigned>) return "unsigned int";
  if constexpr (std::is_same_v<T, char>) return "char";
  if constexpr (std::is_same_v<T, short>) return "short";
  if constexpr (std::is_same_v<T, long>) return "long";
  return "";
}
}  // namespace stridescope_rt
cudaError_t cudaMalloc(void** ptr, std::size_t bytes);
// CUDA's runtime header has this overload too: cudaMalloc(&d, bytes) with d an int*.
template <typename T>
cudaError_t cudaMalloc(T** ptr, std::size_t bytes) {
  void** p = (void**)ptr;
  if constexpr (std::is_void_v<T>) {
    return ::stridescope_rt::device_malloc(p, bytes, __builtin_return_address(0), 0, "");
  } else {
    return ::stridescope_rt::device_malloc(p, bytes, __builtin_return_address(0),
                                           unsigned(sizeof(T)),
                                           ::stridescope_rt::scalar_name<std::remove_cv_t<T>>());
  }
}
cudaError_t cudaFree(void* ptr);
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned flags);
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes);
template <typename T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, std::size_t bytes,
                               std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpy(reinterpret_cast<char*>(&symbol) + offset, src, bytes, kind);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes,
                                 std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, bytes, kind);
}
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t error);
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

// Named so that clang says which feature a file uses that the CPU runtime cannot run.
template <typename T, int dim = 1, int mode = 0>
struct STRIDESCOPE_UNSUPPORTED("texture memory") texture {};
typedef unsigned long long cudaTextureObject_t;
template <typename T, typename... A>
STRIDESCOPE_UNSUPPORTED("texture memory")
T tex1Dfetch(A...);
template <typename T, typename... A>
STRIDESCOPE_UNSUPPORTED("texture memory")
T tex1D(A...);
template <typename T, typename... A>
STRIDESCOPE_UNSUPPORTED("texture memory")
T tex2D(A...);
template <typename... A>
STRIDESCOPE_UNSUPPORTED("texture memory")
cudaError_t cudaBindTexture(A...);
template <typename... A>
STRIDESCOPE_UNSUPPORTED("texture memory")
cudaError_t cudaBindTexture2D(A...);
template <typename... A>
STRIDESCOPE_UNSUPPORTED("texture memory")
cudaError_t cudaCreateTextureObject(A...);
template <typename... A>
STRIDESCOPE_UNSUPPORTED("a cooperative launch (grid-wide synchronization)")
cudaError_t cudaLaunchCooperativeKernel(A...);
template <typename... A>
STRIDESCOPE_UNSUPPORTED("streams")
cudaError_t cudaStreamCreate(A...);

#ifdef __CUDA__
#pragma clang force_cuda_host_device end
#endif
