// Hand-written kernels WITHOUT the probe, for the SASS check only: scripts/sass_compare.py shows
// the untraced (NoProbe) build of each variant compiles to the same machine code as these. Not
// linked into any program.

namespace stridescope::plain {

template <typename T>
__global__ void reduce_sequential(const T* in, T* block_sums, unsigned n) {
  extern __shared__ __align__(16) unsigned char bytes[];
  T* s = reinterpret_cast<T*>(bytes);
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

template <typename T>
__global__ void reduce_interleaved_divergent(const T* in, T* block_sums, unsigned n) {
  extern __shared__ __align__(16) unsigned char bytes[];
  T* s = reinterpret_cast<T*>(bytes);
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (tid % (2 * stride) == 0) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

template <typename T>
__global__ void reduce_interleaved_strided(const T* in, T* block_sums, unsigned n) {
  extern __shared__ __align__(16) unsigned char bytes[];
  T* s = reinterpret_cast<T*>(bytes);
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < blockDim.x) s[index] += s[index + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

template __global__ void reduce_sequential<float>(const float*, float*, unsigned);
template __global__ void reduce_interleaved_divergent<float>(const float*, float*, unsigned);
template __global__ void reduce_interleaved_strided<float>(const float*, float*, unsigned);
template __global__ void reduce_sequential<int>(const int*, int*, unsigned);
template __global__ void reduce_interleaved_divergent<int>(const int*, int*, unsigned);
template __global__ void reduce_interleaved_strided<int>(const int*, int*, unsigned);

}  // namespace stridescope::plain
