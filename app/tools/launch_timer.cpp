// Linked by nvcc into the program `stridescope run FILE.cu --backend cuda` builds: times each
// kernel launch with CUDA events and appends it to the file named by $STRIDESCOPE_LAUNCHES.
//
// A launch `k<<<g, b, s, st>>>(args)` reaches the CUDA runtime through one of the symbols below
// (which one depends on the toolkit: CUDA 13's stub calls __cudaGetKernel once and then
// __cudaLaunchKernel with the kernel's handle; older ones, and __NV_LEGACY_LAUNCH, call
// cudaLaunchKernel with the host stub's address). The program is linked with -cudart shared, so
// these definitions in the executable come first and the real ones are found with
// dlsym(RTLD_NEXT). Each launch: record an event, launch, record an event, wait for it.
// Not part of stridescope's own build: nvcc compiles it beside the user's file at run time.
#include <cuda_runtime_api.h>
#include <cxxabi.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

namespace {

using LaunchFn = cudaError_t (*)(const void*, dim3, dim3, void**, size_t, cudaStream_t);
using LaunchExFn = cudaError_t (*)(const cudaLaunchConfig_t*, const void*, void**);
using GetKernelFn = cudaError_t (*)(void**, const void*);

thread_local int depth = 0;  // > 0 inside one of ours: a nested call is forwarded untimed
std::mutex guard;
std::map<const void*, const void*> host_of_handle;  // a kernel handle -> its host stub
bool device_written = false;

template <typename F>
F real(const char* name) {
  void* f = dlsym(RTLD_NEXT, name);
  if (!f) {
    std::fprintf(stderr, "stridescope launch timer: the CUDA runtime has no %s\n", name);
    std::abort();
  }
  return reinterpret_cast<F>(f);
}

// "dot(float*, float*, float*)" -> "dot"; "void sum<int>(int*)" keeps "sum<int>".
std::string without_parameters(const std::string& name) {
  int angle = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '<') ++angle;
    if (name[i] == '>') --angle;
    if (name[i] == '(' && angle == 0) return name.substr(0, i);
  }
  return name;
}

std::string demangled(const char* name) {
  int status = 0;
  char* text = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string result = status == 0 && text ? text : name;
  std::free(text);
  return without_parameters(result);
}

// The kernel's name from its host stub: the runtime's registration (CUDA 12.3 and later), else the
// dynamic symbol table (nvcc 13 makes the stubs local, so only older toolkits' are there).
std::string kernel_name(const void* func) {
  {
    std::lock_guard<std::mutex> lock(guard);
    auto found = host_of_handle.find(func);
    if (found != host_of_handle.end()) func = found->second;
  }
#if CUDART_VERSION >= 12030
  const char* registered = nullptr;
  if (cudaFuncGetName(&registered, func) == cudaSuccess && registered) return demangled(registered);
#endif
  Dl_info info{};
  if (dladdr(func, &info) && info.dli_sname && info.dli_saddr == func)
    return demangled(info.dli_sname);
  char text[32];
  std::snprintf(text, sizeof text, "kernel@%p", func);
  return text;
}

void write_device_line(std::FILE* out) {
  int device = 0;
  cudaDeviceProp properties{};
  if (cudaGetDevice(&device) == cudaSuccess &&
      cudaGetDeviceProperties(&properties, device) == cudaSuccess) {
    std::fprintf(out, "device\t%s\t%d.%d\t%d\n", properties.name, properties.major,
                 properties.minor, CUDART_VERSION);
    device_written = true;
  }
}

void record(const std::string& name, dim3 g, dim3 b, size_t shared, float ms, cudaError_t error) {
  const char* path = std::getenv("STRIDESCOPE_LAUNCHES");
  if (!path) return;
  std::lock_guard<std::mutex> lock(guard);
  std::FILE* out = std::fopen(path, "a");
  if (!out) return;
  if (!device_written && error == cudaSuccess) write_device_line(out);
  std::fprintf(out, "launch\t%s\t%u %u %u\t%u %u %u\t%zu\t%.6f\t%s\n", name.c_str(), g.x, g.y, g.z,
               b.x, b.y, b.z, shared, ms, error == cudaSuccess ? "" : cudaGetErrorString(error));
  std::fclose(out);
}

// This thread's two events, made at its first launch and kept (few calls around each launch, so
// that a program's own events around it measure little of ours).
bool events_ready(cudaEvent_t& start, cudaEvent_t& stop) {
  thread_local cudaEvent_t made[2] = {nullptr, nullptr};
  if (!made[0] && cudaEventCreate(&made[0]) != cudaSuccess) made[0] = nullptr;
  if (!made[1] && cudaEventCreate(&made[1]) != cudaSuccess) made[1] = nullptr;
  start = made[0];
  stop = made[1];
  return start && stop;
}

// Events around `launch` on `stream`; the launch's own error, else the wait's (a kernel's fault).
template <typename Launch>
cudaError_t timed(const void* func, dim3 g, dim3 b, size_t shared, cudaStream_t stream,
                  Launch launch) {
  if (depth > 0 || !std::getenv("STRIDESCOPE_LAUNCHES")) return launch();
  ++depth;
  // Named before the launch: after a kernel's fault the context answers nothing but the fault.
  const std::string name = kernel_name(func);
  cudaEvent_t start = nullptr, stop = nullptr;
  const bool events = events_ready(start, stop) && cudaEventRecord(start, stream) == cudaSuccess;
  const cudaError_t result = launch();
  cudaError_t seen = result;
  float ms = -1;
  if (result == cudaSuccess && events) {
    seen = cudaEventRecord(stop, stream);
    if (seen == cudaSuccess) seen = cudaEventSynchronize(stop);
    if (seen == cudaSuccess) cudaEventElapsedTime(&ms, start, stop);
  }
  --depth;
  record(name, g, b, shared, ms, seen);
  return result;
}

}  // namespace

// Our definitions carry the runtime's symbol names through asm labels, so that no header's own
// declaration of them (some are C++ overloads, some internal) can clash with ours.
#define SS_LAUNCH_ARGS \
  const void *func, dim3 g, dim3 b, void **args, size_t shared, cudaStream_t stream
extern "C" {
cudaError_t ss_get_kernel(void** handle, const void* func) __asm__("__cudaGetKernel");
cudaError_t ss_launch(SS_LAUNCH_ARGS) __asm__("cudaLaunchKernel");
cudaError_t ss_launch_ptsz(SS_LAUNCH_ARGS) __asm__("cudaLaunchKernel_ptsz");
cudaError_t ss_internal_launch(SS_LAUNCH_ARGS) __asm__("__cudaLaunchKernel");
cudaError_t ss_internal_launch_ptsz(SS_LAUNCH_ARGS) __asm__("__cudaLaunchKernel_ptsz");
cudaError_t ss_launch_ex(const cudaLaunchConfig_t* config, const void* func,
                         void** args) __asm__("cudaLaunchKernelExC");
cudaError_t ss_launch_ex_ptsz(const cudaLaunchConfig_t* config, const void* func,
                              void** args) __asm__("cudaLaunchKernelExC_ptsz");
}

cudaError_t ss_get_kernel(void** handle, const void* func) {
  static const GetKernelFn next = real<GetKernelFn>("__cudaGetKernel");
  const cudaError_t result = next(handle, func);
  if (result == cudaSuccess && handle && *handle) {
    std::lock_guard<std::mutex> lock(guard);
    host_of_handle[*handle] = func;
  }
  return result;
}

#define SS_FORWARD(name)                             \
  static const LaunchFn next = real<LaunchFn>(name); \
  return timed(func, g, b, shared, stream, [&] { return next(func, g, b, args, shared, stream); })
cudaError_t ss_launch(SS_LAUNCH_ARGS) {
  SS_FORWARD("cudaLaunchKernel");
}
cudaError_t ss_launch_ptsz(SS_LAUNCH_ARGS) {
  SS_FORWARD("cudaLaunchKernel_ptsz");
}
cudaError_t ss_internal_launch(SS_LAUNCH_ARGS) {
  SS_FORWARD("__cudaLaunchKernel");
}
cudaError_t ss_internal_launch_ptsz(SS_LAUNCH_ARGS) {
  SS_FORWARD("__cudaLaunchKernel_ptsz");
}

#define SS_FORWARD_EX(name)                                                                       \
  static const LaunchExFn next = real<LaunchExFn>(name);                                          \
  return timed(func, config->gridDim, config->blockDim, config->dynamicSmemBytes, config->stream, \
               [&] { return next(config, func, args); })
cudaError_t ss_launch_ex(const cudaLaunchConfig_t* config, const void* func, void** args) {
  SS_FORWARD_EX("cudaLaunchKernelExC");
}
cudaError_t ss_launch_ex_ptsz(const cudaLaunchConfig_t* config, const void* func, void** args) {
  SS_FORWARD_EX("cudaLaunchKernelExC_ptsz");
}
