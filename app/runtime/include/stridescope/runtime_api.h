// The CUDA runtime API as StrideScope's CPU runtime provides it (runtime/*.cpp): memory, copies,
// streams and events (executed in issue order: every call completes before it returns), device
// queries (one device, "StrideScope CPU emulator"), errors. The names, types and fields are the
// toolkit's, so programs and the cuda-samples' helper headers compile unchanged.
#pragma once

#include <cstddef>

#include "errors.h"
#include "vector_types.h"

// What the toolkit's headers define when they are included (helper_cuda.h tests these).
#define __DRIVER_TYPES_H__
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define CUDARTAPI
#define CUDART_CB
#define CUDA_CB

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};
enum cudaComputeMode {
  cudaComputeModeDefault = 0,
  cudaComputeModeExclusive = 1,
  cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3
};
enum cudaLimit {
  cudaLimitStackSize = 0,
  cudaLimitPrintfFifoSize = 1,
  cudaLimitMallocHeapSize = 2,
  cudaLimitDevRuntimeSyncDepth = 3,
  cudaLimitDevRuntimePendingLaunchCount = 4,
  cudaLimitMaxL2FetchGranularity = 5,
  cudaLimitPersistingL2CacheSize = 6
};
enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeRequiredClusterWidth = 10,
  cudaFuncAttributeMax
};
enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1,
  cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3,
  cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5,
  cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxPitch = 11,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrTextureAlignment = 14,
  cudaDevAttrGpuOverlap = 15,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrKernelExecTimeout = 17,
  cudaDevAttrIntegrated = 18,
  cudaDevAttrCanMapHostMemory = 19,
  cudaDevAttrComputeMode = 20,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrTccDriver = 35,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrPciDomainId = 50,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrStreamPrioritiesSupported = 78,
  cudaDevAttrGlobalL1CacheSupported = 79,
  cudaDevAttrLocalL1CacheSupported = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrIsMultiGpuBoard = 84,
  cudaDevAttrMultiGpuBoardGroupID = 85,
  cudaDevAttrHostNativeAtomicSupported = 86,
  cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
  cudaDevAttrPageableMemoryAccess = 88,
  cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrComputePreemptionSupported = 90,
  cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrCooperativeMultiDeviceLaunch = 96,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrCanFlushRemoteWrites = 98,
  cudaDevAttrHostRegisterSupported = 99,
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
  cudaDevAttrDirectManagedMemAccessFromHost = 101,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108,
  cudaDevAttrMaxAccessPolicyWindowSize = 109,
  cudaDevAttrReservedSharedMemoryPerBlock = 111,
  cudaDevAttrMax
};

// The toolkit's cudaDeviceProp, with the fields CUDA 13 dropped that books still print
// (clockRate, deviceOverlap, kernelExecTimeoutEnabled, memoryClockRate, computeMode...).
struct cudaUUID_st {
  char bytes[16];
};
typedef struct cudaUUID_st cudaUUID_t;
struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  std::size_t totalConstMem;
  int major;
  int minor;
  std::size_t textureAlignment;
  std::size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  std::size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  std::size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  std::size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  std::size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
};
struct cudaFuncAttributes {
  std::size_t sharedSizeBytes;
  std::size_t constSizeBytes;
  std::size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};
struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
};
struct cudaPitchedPtr {
  void* ptr;
  std::size_t pitch, xsize, ysize;
};
struct cudaExtent {
  std::size_t width, height, depth;
};
struct cudaPos {
  std::size_t x, y, z;
};
inline cudaPitchedPtr make_cudaPitchedPtr(void* d, std::size_t p, std::size_t xsz,
                                          std::size_t ysz) {
  return {d, p, xsz, ysz};
}
inline cudaExtent make_cudaExtent(std::size_t w, std::size_t h, std::size_t d) {
  return {w, h, d};
}
inline cudaPos make_cudaPos(std::size_t x, std::size_t y, std::size_t z) {
  return {x, y, z};
}
// A 3-D copy between pitched linear memory (a CUDA array side is not supported: the copy stops
// the program saying so). extent.width is in bytes, as for linear memory in CUDA.
struct cudaMemcpy3DParms {
  struct cudaArray* srcArray;
  cudaPos srcPos;
  cudaPitchedPtr srcPtr;
  struct cudaArray* dstArray;
  cudaPos dstPos;
  cudaPitchedPtr dstPtr;
  cudaExtent extent;
  cudaMemcpyKind kind;
};
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void* userData);
typedef void (*cudaHostFn_t)(void* userData);

extern "C" {
// Memory. Device buffers are mapped with an inaccessible page on each side: an access just
// outside one faults at its line.
cudaError_t cudaMalloc(void** ptr, std::size_t bytes);
cudaError_t cudaMallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height);
cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes,
                              unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes);
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned int flags);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned int flags);
cudaError_t cudaHostRegister(void* ptr, std::size_t bytes, unsigned int flags);
cudaError_t cudaHostUnregister(void* ptr);
cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                         std::size_t width, std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes);
cudaError_t cudaMalloc3D(cudaPitchedPtr* pitched, cudaExtent extent);
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p);
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream = 0);
cudaError_t cudaMemset3D(cudaPitchedPtr pitched, int value, cudaExtent extent);
cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width,
                         std::size_t height);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                              std::size_t width, std::size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream = 0);
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t stream = 0);
cudaError_t cudaMemPrefetchAsync(const void* ptr, std::size_t bytes, int device,
                                 cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice, int device);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* ptr, std::size_t bytes = 0,
                                     unsigned int flags = cudaMemAttachSingle);

// Streams and events: work runs when it is issued, so a stream is always idle.
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* user_data, unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* user_data);
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
// The emulator's wall time between the two records: a CPU's figure, not a GPU's.
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

// The device: one, the CPU emulator.
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int* flags);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device);
cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit);
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value);
cudaError_t cudaDeviceCanAccessPeer(int* can, int device, int peer);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

// Errors: a fault or a failed assert in a kernel is sticky, as on a GPU.
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);

// Removed from CUDA 12 (still in the books): the same as their cudaDevice* successors.
STRIDESCOPE_LEGACY("removed in CUDA 12: runs as cudaDeviceSynchronize()")
cudaError_t cudaThreadSynchronize(void);
STRIDESCOPE_LEGACY("removed in CUDA 12: runs as cudaDeviceReset()")
cudaError_t cudaThreadExit(void);
}

// Kernels' attributes and configuration: accepted, and answered for a CPU.
cudaError_t stridescope_func_set_cache_config(const void* func, cudaFuncCache config);
cudaError_t stridescope_func_set_attribute(const void* func, cudaFuncAttribute attribute,
                                           int value);
cudaError_t stridescope_func_get_attributes(cudaFuncAttributes* attributes, const void* func);
template <typename T>
cudaError_t cudaFuncSetCacheConfig(T* func, cudaFuncCache config) {
  return stridescope_func_set_cache_config(reinterpret_cast<const void*>(func), config);
}
template <typename T>
cudaError_t cudaFuncSetAttribute(T* func, cudaFuncAttribute attribute, int value) {
  return stridescope_func_set_attribute(reinterpret_cast<const void*>(func), attribute, value);
}
template <typename T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, T* func) {
  return stridescope_func_get_attributes(attributes, reinterpret_cast<const void*>(func));
}
template <typename T>
cudaError_t cudaFuncSetSharedMemConfig(T*, cudaSharedMemConfig) {
  return cudaSuccess;
}
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* func,
                                                          int block_size,
                                                          std::size_t dynamic_shared);
template <typename T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, T* func, int block_size,
                                                          std::size_t dynamic_shared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, reinterpret_cast<const void*>(func),
                                                       block_size, dynamic_shared);
}
template <typename T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block_size, T*, std::size_t = 0,
                                               int block_size_limit = 0) {
  *block_size = block_size_limit > 0 && block_size_limit < 1024 ? block_size_limit : 1024;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int per_sm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, reinterpret_cast<const void*>(0),
                                                *block_size, 0);
  *min_grid = sms * per_sm;
  return cudaSuccess;
}

// A device buffer, remembered with the caller's address (its line names the buffer) and, where
// known, its element type and the call's text (the macros below: an out-of-bounds access names the
// buffer by it).
namespace stridescope_rt {
struct MallocText {
  const char* arguments;  // "(void**)&dev_a, N * sizeof(int)"
  const char* file;
  int line;
};
cudaError_t device_malloc(void** ptr, std::size_t bytes, void* pc, unsigned element_size,
                          const char* type, bool managed, const MallocText* text = nullptr);
template <typename T>
constexpr const char* scalar_name() {
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, int>) return "int";
  if constexpr (std::is_same_v<T, unsigned>) return "unsigned int";
  if constexpr (std::is_same_v<T, char>) return "char";
  if constexpr (std::is_same_v<T, unsigned char>) return "unsigned char";
  if constexpr (std::is_same_v<T, short>) return "short";
  if constexpr (std::is_same_v<T, long>) return "long";
  if constexpr (std::is_same_v<T, long long>) return "long long";
  if constexpr (std::is_same_v<T, unsigned long long>) return "unsigned long long";
  return "";
}
template <typename T>
cudaError_t typed_malloc(T** ptr, std::size_t bytes, void* pc, bool managed,
                         const MallocText* text = nullptr) {
  void** p = (void**)ptr;
  if constexpr (std::is_void_v<T>) {
    return device_malloc(p, bytes, pc, 0, "", managed, text);
  } else {
    return device_malloc(p, bytes, pc, unsigned(sizeof(T)), scalar_name<std::remove_cv_t<T>>(),
                         managed, text);
  }
}
}  // namespace stridescope_rt

// The toolkit's typed overloads: cudaMalloc(&d, bytes) with d an int*, and friends.
template <typename T>
STRIDESCOPE_NOT_TRACED cudaError_t cudaMalloc(T** ptr, std::size_t bytes) {
  return ::stridescope_rt::typed_malloc(ptr, bytes, __builtin_return_address(0), false);
}
template <typename T>
STRIDESCOPE_NOT_TRACED cudaError_t cudaMallocManaged(T** ptr, std::size_t bytes,
                                                     unsigned int = cudaMemAttachGlobal) {
  return ::stridescope_rt::typed_malloc(ptr, bytes, __builtin_return_address(0), true);
}
template <typename T>
cudaError_t cudaMallocPitch(T** ptr, std::size_t* pitch, std::size_t width, std::size_t height) {
  return cudaMallocPitch(reinterpret_cast<void**>(ptr), pitch, width, height);
}
template <typename T>
cudaError_t cudaMallocHost(T** ptr, std::size_t bytes, unsigned int flags = 0) {
  return cudaHostAlloc(reinterpret_cast<void**>(ptr), bytes, flags);
}
template <typename T>
cudaError_t cudaHostAlloc(T** ptr, std::size_t bytes, unsigned int flags) {
  return cudaHostAlloc(reinterpret_cast<void**>(ptr), bytes, flags);
}
template <typename T>
cudaError_t cudaHostGetDevicePointer(T** device, void* host, unsigned int flags) {
  return cudaHostGetDevicePointer(reinterpret_cast<void**>(device), host, flags);
}
inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
  return cudaEventCreateWithFlags(event, flags);
}

// __constant__ and __device__ variables are ordinary memory.
template <typename T>
cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, std::size_t bytes,
                               std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpy(const_cast<char*>(reinterpret_cast<const char*>(&symbol)) + offset, src, bytes,
                    kind);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes,
                                 std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, bytes, kind);
}
template <typename T>
cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, std::size_t bytes,
                                    std::size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t = 0) {
  return cudaMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, std::size_t bytes,
                                      std::size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                      cudaStream_t = 0) {
  return cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
template <typename T>
cudaError_t cudaGetSymbolAddress(void** address, const T& symbol) {
  *address = const_cast<void*>(reinterpret_cast<const void*>(&symbol));
  return cudaSuccess;
}
template <typename T>
cudaError_t cudaGetSymbolSize(std::size_t* size, const T&) {
  *size = sizeof(T);
  return cudaSuccess;
}

#ifndef STRIDESCOPE_RUNTIME_BUILD
// In the user's code, cudaMalloc(&d, bytes) and cudaMallocManaged, cudaMallocPitch pass the text of
// their arguments and their place: an out-of-bounds access names the buffer ("d", allocated at
// "dot.cu:25"). Written `(cudaMalloc)(...)` or `cudaMalloc<T>(...)`, a call is not named.
template <typename T>
STRIDESCOPE_NOT_TRACED cudaError_t stridescope_cudaMalloc(const char* text, const char* file,
                                                          int line, T** ptr, std::size_t bytes) {
  const ::stridescope_rt::MallocText named{text, file, line};
  return ::stridescope_rt::typed_malloc(ptr, bytes, __builtin_return_address(0), false, &named);
}
template <typename T>
STRIDESCOPE_NOT_TRACED cudaError_t
stridescope_cudaMallocManaged(const char* text, const char* file, int line, T** ptr,
                              std::size_t bytes, unsigned int = cudaMemAttachGlobal) {
  const ::stridescope_rt::MallocText named{text, file, line};
  return ::stridescope_rt::typed_malloc(ptr, bytes, __builtin_return_address(0), true, &named);
}
template <typename T>
STRIDESCOPE_NOT_TRACED cudaError_t stridescope_cudaMallocPitch(const char* text, const char* file,
                                                               int line, T** ptr,
                                                               std::size_t* pitch,
                                                               std::size_t width,
                                                               std::size_t height) {
  const ::stridescope_rt::MallocText named{text, file, line};
  *pitch = (width + 255) / 256 * 256;
  return ::stridescope_rt::device_malloc(reinterpret_cast<void**>(ptr), *pitch * height,
                                         __builtin_return_address(0), 0, "", false, &named);
}
#define cudaMalloc(...) stridescope_cudaMalloc(#__VA_ARGS__, __FILE__, __LINE__, __VA_ARGS__)
#define cudaMallocManaged(...) \
  stridescope_cudaMallocManaged(#__VA_ARGS__, __FILE__, __LINE__, __VA_ARGS__)
#define cudaMallocPitch(...) \
  stridescope_cudaMallocPitch(#__VA_ARGS__, __FILE__, __LINE__, __VA_ARGS__)
#endif
