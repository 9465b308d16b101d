// The CUDA runtime and device functions a textbook program uses, for tests/test_own_semantics.cpp:
// streams and events in issue order, async copies and sets, pinned, mapped and managed memory,
// __constant__ with cudaMemcpyToSymbol, device queries, vector types, integer min/max and bit
// intrinsics, and printf in a kernel (in block order, as if the blocks ran one after another).
#include <cstdio>

__constant__ float scale[4];
__device__ int counter;

__global__ void scaled(const float4* in, float4* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 v = in[i];
  out[i] = make_float4(v.x * scale[0], v.y * scale[1], v.z * scale[2], v.w * scale[3]);
  atomicAdd(&counter, 1);
}

__global__ void bits(int* out) {
  const unsigned t = threadIdx.x;
  out[t] = __popc(0xf0f0u + t) * 1000 + __clz(int(t + 1)) * 10 + __ffs(int(t + 8)) +
           min(int(t), 2) + max(3u, t);
  if (t == 0) {
    out[8] = int(__brev(1u));
    out[9] = int(__byte_perm(0x33221100u, 0x77665544u, 0x5140));
    out[10] = __float_as_int(1.0f);
    out[11] = __mul24(1 << 20, 3) + __umulhi(0x80000000u, 4u);
    const int2 p = make_int2(3, -4);
    const double2 q = make_double2(0.5, 0.25);
    out[12] = p.x * p.y + int(4 * (q.x + q.y));
  }
}

__global__ void hello() {
  printf("block %d thread %d of %d\n", blockIdx.x, threadIdx.x, blockDim.x);
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int count = 0, warp = 0;
  cudaGetDeviceCount(&count);
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  printf("devices %d, warp %d, max threads %d, shared per block %zu\n", count, warp,
         prop.maxThreadsPerBlock, prop.sharedMemPerBlock);

  const int n = 256;
  float4 *h_in, *h_out, *d_in, *d_out;
  cudaMallocHost(&h_in, n * sizeof(float4));
  cudaHostAlloc(&h_out, n * sizeof(float4), cudaHostAllocDefault);
  for (int i = 0; i < n; i++) h_in[i] = make_float4(i, 2 * i, 3 * i, 4 * i);
  cudaMalloc(&d_in, n * sizeof(float4));
  cudaMalloc(&d_out, n * sizeof(float4));
  const float host_scale[4] = {1, 0.5f, 2, -1};
  cudaMemcpyToSymbol(scale, host_scale, sizeof host_scale);
  const int zero = 0;
  cudaMemcpyToSymbol(counter, &zero, sizeof zero);
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaEvent_t start, stop, copied;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventCreateWithFlags(&copied, cudaEventDisableTiming);
  cudaEventRecord(start, a);
  cudaMemsetAsync(d_out, 0, n * sizeof(float4), b);
  cudaMemcpyAsync(d_in, h_in, n * sizeof(float4), cudaMemcpyHostToDevice, a);
  cudaEventRecord(copied, a);
  cudaStreamWaitEvent(b, copied, 0);
  scaled<<<n / 64, 64, 0, b>>>(d_in, d_out);
  cudaMemcpyAsync(h_out, d_out, n * sizeof(float4), cudaMemcpyDeviceToHost, b);
  cudaEventRecord(stop, b);
  cudaStreamSynchronize(b);
  cudaEventSynchronize(stop);
  float ms = -1;
  cudaEventElapsedTime(&ms, start, stop);
  int launched = 0;
  cudaMemcpyFromSymbol(&launched, counter, sizeof launched);
  printf("out[10] = (%g, %g, %g, %g), threads counted %d, events ordered %d\n", h_out[10].x,
         h_out[10].y, h_out[10].z, h_out[10].w, launched, ms >= 0);

  int* managed;
  cudaMallocManaged(&managed, 16 * sizeof(int));
  bits<<<1, 8>>>(managed);
  cudaDeviceSynchronize();
  printf("bits:");
  for (int i = 0; i < 13; i++) printf(" %d", managed[i]);
  printf("\n");

  hello<<<2, 3>>>();
  cudaDeviceSynchronize();
  const cudaError_t last = cudaGetLastError();
  printf("last error: %s (%s)\n", cudaGetErrorName(last), cudaGetErrorString(last));
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFreeHost(h_in);
  cudaFreeHost(h_out);
  cudaFree(managed);
  return 0;
}
