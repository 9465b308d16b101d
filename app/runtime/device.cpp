// The one device `stridescope run` offers (the CPU emulator) and CUDA's error strings.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include "program.h"

using stridescope_rt::Program;

namespace {

// What the emulator is, in cudaDeviceProp's terms: the GPU the corpus of public programs was
// checked on (an NVIDIA H200: compute capability 9.0, 132 multiprocessors, its clocks, caches and
// limits), so that a program that sizes its work from the device (a grid from the multiprocessor
// count, a matrix from a "performance scaling factor") chooses what it would choose there. Where
// the emulator differs it says so: its name, its memory (what a program may allocate here), no
// texture units, no cooperative launches, no ECC, 48 KiB of shared memory per block at most.
cudaDeviceProp emulator_properties() {
  cudaDeviceProp p{};
  std::snprintf(p.name, sizeof p.name, "StrideScope CPU emulator");
  p.totalGlobalMem = 3ull << 30;
  p.sharedMemPerBlock = 48 * 1024;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647;
  p.maxGridSize[1] = p.maxGridSize[2] = 65535;
  p.clockRate = 1980000;  // kHz
  p.totalConstMem = 65536;
  p.major = 9;
  p.minor = 0;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.deviceOverlap = 1;
  p.multiProcessorCount = 132;
  p.integrated = 0;
  p.canMapHostMemory = 1;
  p.computeMode = cudaComputeModeDefault;
  p.concurrentKernels = 1;
  p.asyncEngineCount = 3;
  p.unifiedAddressing = 1;
  p.memoryClockRate = 3201000;  // kHz
  p.memoryBusWidth = 6016;
  p.l2CacheSize = 60 << 20;
  p.persistingL2CacheMaxSize = 0;
  p.maxThreadsPerMultiProcessor = 2048;
  p.streamPrioritiesSupported = 1;
  p.sharedMemPerMultiprocessor = 233472;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;
  p.isMultiGpuBoard = 0;
  p.concurrentManagedAccess = 1;
  p.pageableMemoryAccess = 0;
  p.computePreemptionSupported = 1;
  p.hostNativeAtomicSupported = 0;
  p.cooperativeLaunch = 0;
  p.sharedMemPerBlockOptin = 48 * 1024;
  p.directManagedMemAccessFromHost = 0;
  p.maxBlocksPerMultiProcessor = 32;
  p.globalL1CacheSupported = p.localL1CacheSupported = 1;
  p.singleToDoublePrecisionPerfRatio = 2;
  p.hostRegisterSupported = 1;
  p.pciDeviceID = 0;
  return p;
}

using Field = int (*)(const cudaDeviceProp&);
#define STRIDESCOPE_FIELD(attr, expr)                       \
  {                                                         \
    attr, [](const cudaDeviceProp& p) { return int(expr); } \
  }

// cudaDeviceGetAttribute's answers: each attribute the emulator has, as cudaDeviceProp says it.
const std::vector<std::pair<cudaDeviceAttr, Field>>& attribute_fields() {
  static const std::vector<std::pair<cudaDeviceAttr, Field>> fields{
      STRIDESCOPE_FIELD(cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock),
      STRIDESCOPE_FIELD(cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]),
      STRIDESCOPE_FIELD(cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1]),
      STRIDESCOPE_FIELD(cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]),
      STRIDESCOPE_FIELD(cudaDevAttrMaxGridDimX, p.maxGridSize[0]),
      STRIDESCOPE_FIELD(cudaDevAttrMaxGridDimY, p.maxGridSize[1]),
      STRIDESCOPE_FIELD(cudaDevAttrMaxGridDimZ, p.maxGridSize[2]),
      STRIDESCOPE_FIELD(cudaDevAttrMaxSharedMemoryPerBlock, p.sharedMemPerBlock),
      STRIDESCOPE_FIELD(cudaDevAttrTotalConstantMemory, p.totalConstMem),
      STRIDESCOPE_FIELD(cudaDevAttrWarpSize, p.warpSize),
      STRIDESCOPE_FIELD(cudaDevAttrMaxPitch, p.memPitch),
      STRIDESCOPE_FIELD(cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock),
      STRIDESCOPE_FIELD(cudaDevAttrClockRate, p.clockRate),
      STRIDESCOPE_FIELD(cudaDevAttrTextureAlignment, p.textureAlignment),
      STRIDESCOPE_FIELD(cudaDevAttrGpuOverlap, p.deviceOverlap),
      STRIDESCOPE_FIELD(cudaDevAttrMultiProcessorCount, p.multiProcessorCount),
      STRIDESCOPE_FIELD(cudaDevAttrKernelExecTimeout, p.kernelExecTimeoutEnabled),
      STRIDESCOPE_FIELD(cudaDevAttrIntegrated, p.integrated),
      STRIDESCOPE_FIELD(cudaDevAttrCanMapHostMemory, p.canMapHostMemory),
      STRIDESCOPE_FIELD(cudaDevAttrComputeMode, p.computeMode),
      STRIDESCOPE_FIELD(cudaDevAttrConcurrentKernels, p.concurrentKernels),
      STRIDESCOPE_FIELD(cudaDevAttrMemoryClockRate, p.memoryClockRate),
      STRIDESCOPE_FIELD(cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth),
      STRIDESCOPE_FIELD(cudaDevAttrL2CacheSize, p.l2CacheSize),
      STRIDESCOPE_FIELD(cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor),
      STRIDESCOPE_FIELD(cudaDevAttrAsyncEngineCount, p.asyncEngineCount),
      STRIDESCOPE_FIELD(cudaDevAttrUnifiedAddressing, p.unifiedAddressing),
      STRIDESCOPE_FIELD(cudaDevAttrComputeCapabilityMajor, p.major),
      STRIDESCOPE_FIELD(cudaDevAttrComputeCapabilityMinor, p.minor),
      STRIDESCOPE_FIELD(cudaDevAttrMaxSharedMemoryPerMultiprocessor, p.sharedMemPerMultiprocessor),
      STRIDESCOPE_FIELD(cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor),
      STRIDESCOPE_FIELD(cudaDevAttrManagedMemory, p.managedMemory),
      STRIDESCOPE_FIELD(cudaDevAttrConcurrentManagedAccess, p.concurrentManagedAccess),
      STRIDESCOPE_FIELD(cudaDevAttrPageableMemoryAccess, p.pageableMemoryAccess),
      STRIDESCOPE_FIELD(cudaDevAttrCooperativeLaunch, p.cooperativeLaunch),
      STRIDESCOPE_FIELD(cudaDevAttrMaxSharedMemoryPerBlockOptin, p.sharedMemPerBlockOptin),
      STRIDESCOPE_FIELD(cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor),
      STRIDESCOPE_FIELD(cudaDevAttrHostNativeAtomicSupported, p.hostNativeAtomicSupported),
  };
  return fields;
}
#undef STRIDESCOPE_FIELD

}  // namespace

extern "C" {

cudaError_t cudaGetDeviceCount(int* count) {
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) {
  return Program::get().note(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp*) {
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDeviceFlags(unsigned int) {
  return cudaSuccess;
}
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  *flags = cudaDeviceMapHost;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (device != 0) return Program::get().note(cudaErrorInvalidDevice);
  *prop = emulator_properties();
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
  if (device != 0) return Program::get().note(cudaErrorInvalidDevice);
  const cudaDeviceProp p = emulator_properties();
  *value = 0;  // what the emulator does not have
  for (const auto& [attr, field] : attribute_fields())
    if (attr == attribute) *value = field(p);
  return cudaSuccess;
}
cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit) {
  *value = limit == cudaLimitStackSize        ? 256 * 1024
           : limit == cudaLimitPrintfFifoSize ? 1 << 20
                                              : 8 << 20;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetLimit(cudaLimit, std::size_t) {
  return cudaSuccess;
}
cudaError_t cudaDeviceCanAccessPeer(int* can, int, int) {
  *can = 0;
  return cudaSuccess;
}
cudaError_t cudaDriverGetVersion(int* version) {
  *version = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* version) {
  *version = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaThreadSynchronize(void) {
  return cudaDeviceSynchronize();
}
cudaError_t cudaDeviceReset(void) {  // a new context: no error is sticky any more
  Program& program = Program::get();
  program.sticky_error = program.last_error = cudaSuccess;
  return cudaSuccess;
}
cudaError_t cudaThreadExit(void) {
  return cudaDeviceReset();
}
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) {
  return cudaSuccess;
}
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
  *config = cudaFuncCachePreferNone;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig) {
  return cudaSuccess;
}
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
  *config = cudaSharedMemBankSizeFourByte;
  return cudaSuccess;
}
cudaError_t cudaProfilerStart(void) {
  return cudaSuccess;
}
cudaError_t cudaProfilerStop(void) {
  return cudaSuccess;
}
cudaError_t cudaGetLastError(void) {
  Program& program = Program::get();
  const cudaError_t e = program.last_error;
  program.last_error = program.sticky_error;
  return e;
}
cudaError_t cudaPeekAtLastError(void) {
  return Program::get().last_error;
}

const char* cudaGetErrorString(cudaError_t error) {
  switch (error) {
    case cudaSuccess:
      return "no error";
    case cudaErrorInvalidValue:
      return "invalid argument";
    case cudaErrorMemoryAllocation:
      return "out of memory";
    case cudaErrorInitializationError:
      return "initialization error";
    case cudaErrorInvalidConfiguration:
      return "invalid configuration argument";
    case cudaErrorInvalidPitchValue:
      return "invalid pitch argument";
    case cudaErrorInvalidSymbol:
      return "invalid device symbol";
    case cudaErrorInvalidDevicePointer:
      return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection:
      return "invalid copy direction for memcpy";
    case cudaErrorInvalidDeviceFunction:
      return "invalid device function";
    case cudaErrorNoDevice:
      return "no CUDA-capable device is detected";
    case cudaErrorInvalidDevice:
      return "invalid device ordinal";
    case cudaErrorNoKernelImageForDevice:
      return "no kernel image is available for execution on the device";
    case cudaErrorInvalidResourceHandle:
      return "invalid resource handle";
    case cudaErrorNotReady:
      return "device not ready";
    case cudaErrorIllegalAddress:
      return "an illegal memory access was encountered";
    case cudaErrorLaunchOutOfResources:
      return "too many resources requested for launch";
    case cudaErrorAssert:
      return "device-side assert triggered";
    case cudaErrorIllegalInstruction:
      return "an illegal instruction was encountered";
    case cudaErrorMisalignedAddress:
      return "misaligned address";
    case cudaErrorLaunchFailure:
      return "unspecified launch failure";
    case cudaErrorCooperativeLaunchTooLarge:
      return "too many blocks in cooperative launch";
    case cudaErrorNotSupported:
      return "operation not supported";
    default:
      return "unknown error";
  }
}

const char* cudaGetErrorName(cudaError_t error) {
  switch (error) {
#define STRIDESCOPE_NAME(e) \
  case e:                   \
    return #e;
    STRIDESCOPE_NAME(cudaSuccess)
    STRIDESCOPE_NAME(cudaErrorInvalidValue)
    STRIDESCOPE_NAME(cudaErrorMemoryAllocation)
    STRIDESCOPE_NAME(cudaErrorInitializationError)
    STRIDESCOPE_NAME(cudaErrorInvalidConfiguration)
    STRIDESCOPE_NAME(cudaErrorInvalidPitchValue)
    STRIDESCOPE_NAME(cudaErrorInvalidSymbol)
    STRIDESCOPE_NAME(cudaErrorInvalidDevicePointer)
    STRIDESCOPE_NAME(cudaErrorInvalidMemcpyDirection)
    STRIDESCOPE_NAME(cudaErrorInvalidDeviceFunction)
    STRIDESCOPE_NAME(cudaErrorNoDevice)
    STRIDESCOPE_NAME(cudaErrorInvalidDevice)
    STRIDESCOPE_NAME(cudaErrorNoKernelImageForDevice)
    STRIDESCOPE_NAME(cudaErrorInvalidResourceHandle)
    STRIDESCOPE_NAME(cudaErrorNotReady)
    STRIDESCOPE_NAME(cudaErrorIllegalAddress)
    STRIDESCOPE_NAME(cudaErrorLaunchOutOfResources)
    STRIDESCOPE_NAME(cudaErrorAssert)
    STRIDESCOPE_NAME(cudaErrorIllegalInstruction)
    STRIDESCOPE_NAME(cudaErrorMisalignedAddress)
    STRIDESCOPE_NAME(cudaErrorLaunchFailure)
    STRIDESCOPE_NAME(cudaErrorCooperativeLaunchTooLarge)
    STRIDESCOPE_NAME(cudaErrorNotSupported)
#undef STRIDESCOPE_NAME
    default:
      return "cudaErrorUnknown";
  }
}

}  // extern "C"

// Kernels' attributes: accepted; answered for a CPU.
cudaError_t stridescope_func_set_cache_config(const void*, cudaFuncCache) {
  return cudaSuccess;
}
cudaError_t stridescope_func_set_attribute(const void*, cudaFuncAttribute attribute, int value) {
  if (attribute == cudaFuncAttributeMaxDynamicSharedMemorySize && value > 48 * 1024)
    return Program::get().note(cudaErrorInvalidValue);
  return cudaSuccess;
}
cudaError_t stridescope_func_get_attributes(cudaFuncAttributes* attributes, const void*) {
  *attributes = cudaFuncAttributes{};
  attributes->maxThreadsPerBlock = 1024;
  attributes->numRegs = 32;
  attributes->ptxVersion = attributes->binaryVersion = 80;
  attributes->maxDynamicSharedSizeBytes = 48 * 1024;
  return cudaSuccess;
}
// Blocks of `block_size` threads a multiprocessor holds: by its threads and its block slots (the
// emulator knows no kernel's registers or shared memory, which a GPU also counts).
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void*, int block_size,
                                                          std::size_t) {
  *blocks = block_size > 0 ? std::min(2048 / block_size, 32) : 0;
  return cudaSuccess;
}
