// Only a kernel, no main(): the halving reduction of examples/sum256.cu over a grid of blocks of up
// to 256 threads (a power of two), each block's sum into out[blockIdx.x]. `stridescope run` makes
// the main() from a launch given on the command line (docs/own-programs.md), here:
//   build/stridescope run examples/reduce_kernel_only.cu --launch 'reduce<<<4,256>>>(in=iota(1024), out=zeros(4), n=1024)'
// which prints out = [32640, 98176, 163712, 229248], the sums of 0..255, 256..511, 512..767 and
// 768..1023. The window (--open) runs the launch written above.
#define BLOCK 256

__global__ void reduce(const int* in, int* out, int n) {
  __shared__ int cache[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  cache[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int s = blockDim.x / 2; s != 0; s /= 2) {
    if (tid < s) cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = cache[0];
}
