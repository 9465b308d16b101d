// CUDA features the CPU runtime cannot run, declared so that clang names them with their line
// when the file is read: `FILE:LINE: 'cudaMallocArray' is not supported by stridescope run (CUDA
// arrays); nvcc runs it` (program_parse turns clang's "unavailable" into that).
// Names the runtime does not know at all get the same kind of line (program_parse.cpp).
#pragma once

#define STRIDESCOPE_UNSUPPORTED_FUNCTION(name, why) \
  template <typename... A>                          \
  STRIDESCOPE_UNSUPPORTED(why)                      \
  cudaError_t name(A...);
#define STRIDESCOPE_UNSUPPORTED_FETCH(name, why) \
  template <typename T = int, typename... A>     \
  STRIDESCOPE_UNSUPPORTED(why)                   \
  T name(A...);

#define STRIDESCOPE_TEXTURES "texture memory"
template <typename T, int dim = 1, int mode = 0>
struct STRIDESCOPE_UNSUPPORTED(STRIDESCOPE_TEXTURES) texture {};
template <typename T, int dim = 1>
struct STRIDESCOPE_UNSUPPORTED("surface memory") surface {};
struct cudaArray;
typedef struct cudaArray* cudaArray_t;
typedef const struct cudaArray* cudaArray_const_t;
struct STRIDESCOPE_UNSUPPORTED(STRIDESCOPE_TEXTURES) cudaChannelFormatDesc {
  int x, y, z, w, f;
};
struct STRIDESCOPE_UNSUPPORTED(STRIDESCOPE_TEXTURES) cudaResourceDesc {};
struct STRIDESCOPE_UNSUPPORTED(STRIDESCOPE_TEXTURES) cudaTextureDesc {};
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};
STRIDESCOPE_UNSUPPORTED_FETCH(tex1D, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(tex1Dfetch, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(tex2D, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(tex3D, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(tex1DLayered, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(tex2DLayered, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(texCubemap, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(tex2Dgather, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(surf1Dread, "surface memory")
STRIDESCOPE_UNSUPPORTED_FETCH(surf2Dread, "surface memory")
STRIDESCOPE_UNSUPPORTED_FETCH(surf1Dwrite, "surface memory")
STRIDESCOPE_UNSUPPORTED_FETCH(surf2Dwrite, "surface memory")
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaBindTexture, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaBindTexture2D, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaBindTextureToArray, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaUnbindTexture, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaCreateTextureObject, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaDestroyTextureObject, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FETCH(cudaCreateChannelDesc, STRIDESCOPE_TEXTURES)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaCreateSurfaceObject, "surface memory")
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaDestroySurfaceObject, "surface memory")
#define STRIDESCOPE_ARRAYS "CUDA arrays"
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMallocArray, STRIDESCOPE_ARRAYS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMalloc3DArray, STRIDESCOPE_ARRAYS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaFreeArray, STRIDESCOPE_ARRAYS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMemcpyToArray, STRIDESCOPE_ARRAYS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMemcpyFromArray, STRIDESCOPE_ARRAYS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMemcpy2DToArray, STRIDESCOPE_ARRAYS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMemcpy2DFromArray, STRIDESCOPE_ARRAYS)
#define STRIDESCOPE_GRAPHS "CUDA graphs"
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphCreate, STRIDESCOPE_GRAPHS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphInstantiate, STRIDESCOPE_GRAPHS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphLaunch, STRIDESCOPE_GRAPHS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphAddKernelNode, STRIDESCOPE_GRAPHS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaStreamBeginCapture, STRIDESCOPE_GRAPHS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaStreamEndCapture, STRIDESCOPE_GRAPHS)
#define STRIDESCOPE_PEERS "several GPUs (peer access, IPC)"
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaDeviceEnablePeerAccess, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaDeviceDisablePeerAccess, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMemcpyPeer, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaMemcpyPeerAsync, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaIpcGetMemHandle, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaIpcOpenMemHandle, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaIpcCloseMemHandle, STRIDESCOPE_PEERS)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaIpcGetEventHandle, STRIDESCOPE_PEERS)
#define STRIDESCOPE_COOPERATIVE "a cooperative launch (grid-wide synchronization)"
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaLaunchCooperativeKernel, STRIDESCOPE_COOPERATIVE)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaLaunchCooperativeKernelMultiDevice, STRIDESCOPE_COOPERATIVE)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaLaunchKernelEx, "launch attributes and clusters")
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaLaunchKernelExC, "launch attributes and clusters")
#define STRIDESCOPE_GL "OpenGL interoperability"
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphicsGLRegisterBuffer, STRIDESCOPE_GL)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphicsGLRegisterImage, STRIDESCOPE_GL)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphicsMapResources, STRIDESCOPE_GL)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphicsUnmapResources, STRIDESCOPE_GL)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphicsResourceGetMappedPointer, STRIDESCOPE_GL)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGraphicsUnregisterResource, STRIDESCOPE_GL)
STRIDESCOPE_UNSUPPORTED_FUNCTION(cudaGLSetGLDevice, STRIDESCOPE_GL)
// cudaLaunchKernel with the kernel cast to void*: its parameters cannot be known.
STRIDESCOPE_UNSUPPORTED(
    "cudaLaunchKernel of an untyped kernel pointer (pass the kernel itself, not a void*)")
cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** args,
                             std::size_t shared = 0, cudaStream_t stream = nullptr);
#undef STRIDESCOPE_UNSUPPORTED_FUNCTION
#undef STRIDESCOPE_UNSUPPORTED_FETCH
