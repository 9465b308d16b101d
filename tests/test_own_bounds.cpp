// Out-of-bounds accesses in `stridescope run` (docs/own-programs.md, "Out-of-bounds accesses"):
// an index just past the end or just before the start of a __shared__ array (static, several in a
// kernel, extern dynamic) or of a cudaMalloc buffer, read, written or atomic, stops the program
// with one line naming the array, the index, the thread, its block and the line; a stack overflow
// names its thread and the recursion's line; legitimate neighbours of those accesses run as before.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/run_command.h"
#include "program/build/program_build.h"
#include "program/own_program.h"
#include "run_command.h"

namespace stridescope {
namespace {

using stridescope::test_support::have_clang_tools;

#define SKIP_WITHOUT_CLANG() \
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

std::string write_program(const std::string& name, const std::string& source) {
  const std::filesystem::path path = std::filesystem::path(STRIDESCOPE_TEST_TMP) / name;
  std::ofstream(path) << source;
  return path.string();
}

// "FILE:N", N the line of `source` that holds `marker`.
std::string place(const std::string& file, const std::string& source, const std::string& marker) {
  const std::size_t at = source.find(marker);
  EXPECT_NE(at, std::string::npos) << marker;
  const auto line = std::count(source.begin(), source.begin() + long(at), '\n') + 1;
  return file + ":" + std::to_string(line);
}

// Runs the built program with `args`; its failure line ("" when it ran to its end).
std::string failure_of(const BuiltProgram& program, const std::vector<std::string>& args,
                       unsigned workers = 2, ThreadSchedule schedule = ThreadSchedule::Warps) {
  OwnRunOptions run;
  run.args = args;
  run.workers = workers;
  run.schedule = schedule;
  const OwnRunResult r = program.run(run);
  if (r.failure.empty()) {
    EXPECT_EQ(r.exit_code, 0) << r.errors;
  }
  return r.failure;
}

OwnRunOptions options_for(const std::string& path) {
  OwnRunOptions options;
  options.file = path;
  return options;
}

// Static arrays, several in one kernel, and the dynamic memory: only block 1's thread 3 touches
// a[index] or b[index] (or e[index]).
const std::string kShared = R"(#include <cstdio>
#include <cstdlib>
__global__ void several(int* d, int which, int index) {
  __shared__ int a[16];
  __shared__ float b[16];
  const int t = threadIdx.x;
  a[t] = t;
  b[t] = t;
  __syncthreads();
  if (blockIdx.x == 1 && t == 3) {
    if (which == 0) d[0] = a[index];  // read a
    if (which == 1) b[index] = 1;  // write b
  }
  __syncthreads();
  d[t] = a[t] + int(b[t]);
}
__global__ void dynamic_only(int* d, int which, int index) {
  extern __shared__ int e[];
  const int t = threadIdx.x;
  e[t] = t;  // fill e
  __syncthreads();
  if (blockIdx.x != 1 || t != 3) return;
  if (which == 2) d[0] = e[index];  // read e
  if (which == 3) atomicAdd(&e[index], 1);  // atomic e
}
__global__ void a_kernel_too(int* d) {  // its e is dynamic_only's e too
  extern __shared__ int e[];
  e[threadIdx.x] = d[threadIdx.x];
}
__global__ void never_launched(float* d) {  // its extern array is not dynamic_only's
  extern __shared__ float other[];
  other[threadIdx.x] = d[threadIdx.x];
  d[threadIdx.x] = other[threadIdx.x];
}
int main(int argc, char** argv) {
  const int which = std::atoi(argv[1]), index = std::atoi(argv[2]);
  int* d;
  cudaMalloc(&d, 16 * sizeof(int));
  if (which < 2) several<<<2, 16>>>(d, which, index);
  else dynamic_only<<<2, 16, std::atoi(argv[3])>>>(d, which, index);
  cudaDeviceSynchronize();
  std::printf("ran\n");
}
)";

TEST(OwnBounds, SharedArraysBothEndsStopTheProgramNamingArrayIndexThreadAndLine) {
  SKIP_WITHOUT_CLANG();
  const std::string path = write_program("own_bounds_shared.cu", kShared);
  const BuiltProgram program(options_for(path));
  const std::string file = "own_bounds_shared.cu";
  const std::string who = ", in thread 3 of block 1 of launch 0 at ";
  EXPECT_EQ(failure_of(program, {"0", "-1"}),
            "the program read a[-1], before the start of __shared__ a (a[0]..a[15], 4-byte "
            "elements)" +
                who + place(file, kShared, "// read a"));
  EXPECT_EQ(failure_of(program, {"1", "16"}),
            "the program wrote b[16], past the end of __shared__ b (b[0]..b[15], 4-byte elements)" +
                who + place(file, kShared, "// write b"));
  EXPECT_EQ(failure_of(program, {"2", "16", "64"}),
            "the program read e[16], past the end of the dynamic shared memory extern __shared__ "
            "e[] (this launch gives it 64 bytes: e[0]..e[15], 4-byte elements)" +
                who + place(file, kShared, "// read e"));
  EXPECT_EQ(failure_of(program, {"3", "-1", "64"}),
            "the program made an atomic read-modify-write of e[-1], before the start of the "
            "dynamic shared memory extern __shared__ e[] (this launch gives it 64 bytes: "
            "e[0]..e[15], 4-byte elements)" +
                who + place(file, kShared, "// atomic e"));
  // A launch that gives its extern array no bytes: the first thread's first store.
  EXPECT_EQ(failure_of(program, {"2", "0", "0"}, 1),
            "the program wrote e[0], past the end of the dynamic shared memory extern __shared__ "
            "e[] (this launch gives it 0 bytes; a launch gives it its size as its third "
            "parameter, k<<<grid, block, bytes>>>), in thread 0 of block 0 of launch 0 at " +
                place(file, kShared, "// fill e"));
}

// The neighbours of those accesses: first and last elements, and an index past `a` into `b`, the
// same kernel's next array, which a GPU lays out beside it too (memcheck says nothing either).
TEST(OwnBounds, SharedFirstLastAndTheKernelsNextArrayAreNotErrors) {
  SKIP_WITHOUT_CLANG();
  const BuiltProgram program(options_for(write_program("own_bounds_shared.cu", kShared)));
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"0", "0"},
                                             {"0", "15"},
                                             {"1", "0"},
                                             {"1", "15"},
                                             {"0", "16"},
                                             {"1", "-16"},
                                             {"2", "0", "64"},
                                             {"2", "15", "64"},
                                             {"3", "15", "64"}})
    EXPECT_EQ(failure_of(program, args), "") << args[0] << " " << args[1];
}

// An index past one kernel's array into another kernel's is out of bounds: on a GPU the other
// kernel's arrays are not in the launch's shared memory at all.
TEST(OwnBounds, AnIndexIntoAnotherKernelsArrayIsOutOfBounds) {
  SKIP_WITHOUT_CLANG();
  const std::string source = R"(__global__ void first(int* d, int past) {
  __shared__ int a[32];
  a[threadIdx.x] = threadIdx.x;
  __syncthreads();
  d[threadIdx.x] = a[int(threadIdx.x) + past];  // first's
}
__global__ void second(int* d, int past) {
  __shared__ int b[32];
  b[threadIdx.x] = threadIdx.x;
  __syncthreads();
  d[threadIdx.x] = b[int(threadIdx.x) + past];  // second's
}
int main(int, char** argv) {
  int* d;
  cudaMalloc(&d, 32 * sizeof(int));
  if (argv[1][0] == 'a') first<<<1, 32>>>(d, 32);
  else second<<<1, 32>>>(d, -32);
  cudaDeviceSynchronize();
}
)";
  const BuiltProgram program(options_for(write_program("own_bounds_kernels.cu", source)));
  const std::string file = "own_bounds_kernels.cu";
  EXPECT_EQ(failure_of(program, {"a"}),
            "the program read a[32], past the end of __shared__ a (a[0]..a[31], 4-byte "
            "elements), in thread 0 of block 0 of launch 0 at " +
                place(file, source, "// first's"));
  EXPECT_EQ(failure_of(program, {"b"}),
            "the program read b[-32], before the start of __shared__ b (b[0]..b[31], 4-byte "
            "elements), in thread 0 of block 0 of launch 0 at " +
                place(file, source, "// second's"));
}

// cudaMalloc buffers: d between two others; only block 1's thread 3 touches d[index].
const std::string kGlobal = R"(#include <cstdio>
#include <cstdlib>
__global__ void touch(int* d, char* odd, int which, int index) {
  if (blockIdx.x != 1 || threadIdx.x != 3) return;
  if (which == 0) d[1] = d[index];  // read d
  if (which == 1) d[index] = 7;  // write d
  if (which == 2) atomicAdd(&d[index], 1);  // atomic d
  if (which == 3) d[0] = odd[index];  // read odd
  if (which == 4) d[0] = int(d + index - d);  // a pointer formed, not used
}
int main(int argc, char** argv) {
  int *before, *d;
  char* odd;
  float* after;
  cudaMalloc(&before, 64 * sizeof(int));
  cudaMalloc((void**)&d, 32 * sizeof(int));  // d
  cudaMalloc(&odd, 10);  // odd
  cudaMalloc(&after, 64 * sizeof(float));
  touch<<<2, 32>>>(d, odd, std::atoi(argv[1]), std::atoi(argv[2]));
  cudaDeviceSynchronize();
  std::printf("ran\n");
}
)";

TEST(OwnBounds, CudaMallocBuffersBothEndsStopTheProgramNamingBufferIndexAndLine) {
  SKIP_WITHOUT_CLANG();
  const BuiltProgram program(options_for(write_program("own_bounds_global.cu", kGlobal)));
  const std::string file = "own_bounds_global.cu";
  const std::string d = " of the cudaMalloc buffer d (d[0]..d[31], 4-byte elements, allocated at " +
                        place(file, kGlobal, "// d") + "), in thread 3 of block 1 of launch 0 at ";
  EXPECT_EQ(failure_of(program, {"0", "32"}), "the program read d[32] (byte 128), past the end" +
                                                  d + place(file, kGlobal, "// read d"));
  EXPECT_EQ(failure_of(program, {"0", "-1"}), "the program read d[-1] (byte -4), before the start" +
                                                  d + place(file, kGlobal, "// read d"));
  // 256 bytes before d: in d's red zone, not in the buffer allocated before it.
  EXPECT_EQ(failure_of(program, {"1", "-64"}),
            "the program wrote d[-64] (byte -256), before the start" + d +
                place(file, kGlobal, "// write d"));
  EXPECT_EQ(failure_of(program, {"1", "32"}), "the program wrote d[32] (byte 128), past the end" +
                                                  d + place(file, kGlobal, "// write d"));
  EXPECT_EQ(failure_of(program, {"2", "32"}),
            "the program made an atomic read-modify-write of d[32] (byte 128), past the end" + d +
                place(file, kGlobal, "// atomic d"));
  // 10 bytes: the 6 that round it up to 16 are not its own.
  EXPECT_EQ(failure_of(program, {"3", "10"}),
            "the program read odd[10] (byte 10), past the end of the cudaMalloc buffer odd "
            "(odd[0]..odd[9], 1-byte elements, allocated at " +
                place(file, kGlobal, "// odd") + "), in thread 3 of block 1 of launch 0 at " +
                place(file, kGlobal, "// read odd"));
}

TEST(OwnBounds, CudaMallocFirstLastAndAPointerPastTheEndAreNotErrors) {
  SKIP_WITHOUT_CLANG();
  const BuiltProgram program(options_for(write_program("own_bounds_global.cu", kGlobal)));
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"0", "0"}, {"0", "31"}, {"1", "31"}, {"2", "0"}, {"3", "9"}, {"4", "32"}, {"4", "-64"}})
    EXPECT_EQ(failure_of(program, args), "") << args[0] << " " << args[1];
}

// What `stridescope run` prints: one error line, exit status 2, no trace.
TEST(OwnBounds, TheCommandPrintsOneErrorLineExitsTwoAndWritesNoTrace) {
  SKIP_WITHOUT_CLANG();
  OwnRunOptions options = options_for(write_program("own_bounds_global.cu", kGlobal));
  options.args = {"1", "-64"};
  const std::string out_path =
      (std::filesystem::path(STRIDESCOPE_TEST_TMP) / "own_bounds_trace.json").string();
  std::filesystem::remove(out_path);
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, out_path, false, out, err), 2);
  const std::string said = err.str();
  EXPECT_EQ(said.rfind("stridescope: error: the program wrote d[-64] (byte -256)", 0), 0u) << said;
  EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
  EXPECT_NE(said.find("; no trace written\n"), std::string::npos) << said;
  EXPECT_FALSE(std::filesystem::exists(out_path));
  EXPECT_EQ(out.str(), "") << "the program stopped before its printf";
}

// Legitimate programs around the checked places run and print what they printed before: a pointer
// into the middle of a shared array indexed both ways, a pointer one past the end formed and
// compared, arrays at file scope and in a __device__ function, a template kernel, cooperative
// groups' reduce (its own __shared__ slots), a kernel that writes its dynamic memory's last word.
TEST(OwnBounds, LegitimateSharedMemoryUsesRunAsBefore) {
  SKIP_WITHOUT_CLANG();
  const std::string source = R"(#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__shared__ int file_scope[32];
__device__ int helper(int t) {
  __shared__ int scratch[32];
  scratch[t] = t * 2;
  __syncwarp();
  return scratch[31 - t];
}
template <int N>
__global__ void tk(int* d) {
  __shared__ int s[N];
  const int t = threadIdx.x;
  s[t] = t;
  file_scope[t] = 1;
  __syncthreads();
  int* mid = s + N / 2;
  int* end = s + N;
  int x = t < N / 2 ? mid[-1 - t] : mid[t - N / 2];
  for (int* p = s; p != end; ++p) x += *p == t;
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  d[t] = cg::reduce(tile, x, cg::plus<int>()) + helper(t) + file_scope[N - 1 - t];
}
__global__ void last_word(int* d) {
  extern __shared__ int e[];
  e[blockDim.x - 1 - threadIdx.x] = threadIdx.x;
  __syncthreads();
  d[threadIdx.x] += e[threadIdx.x];
}
int main() {
  int* d;
  cudaMalloc(&d, 32 * sizeof(int));
  tk<32><<<2, 32>>>(d);
  last_word<<<1, 32, 32 * sizeof(int)>>>(d);
  int h[32];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("%d %d %d\n", h[0], h[1], h[31]);
}
)";
  const OwnRunResult r = run_own_program(options_for(write_program("own_bounds_ok.cu", source)));
  EXPECT_EQ(r.failure, "");
  EXPECT_EQ(r.exit_code, 0);
  // h[t] = 528 (the reduce: every mirrored index, plus one each) + 2 (31 - t) (helper) + 1
  // (file_scope) + 31 - t (e), as the emulator printed before the checks.
  EXPECT_EQ(r.output, "622 619 529\n");
  EXPECT_TRUE(r.traced);
}

// A __device__ recursion too deep for thread 5 while its warp's other lanes run on: the error
// names thread 5 and the recursion's line, under the default schedule and under a random one
// (which switches threads inside the callbacks the overflow may happen in).
TEST(OwnBounds, AStackOverflowNamesItsThreadAndTheRecursionsLine) {
  SKIP_WITHOUT_CLANG();
  const std::string source = R"(__shared__ int s[64];
__device__ int depth(int n) { int x = s[n & 31]; return n == 0 ? x : depth(n - 1) * x + 1; }
__device__ int wide(int n, int* p) { int local[1500]; local[n % 1500] = n; p[0] = local[(n * 7) % 1500]; return n == 0 ? 0 : wide(n - 1, p) + 1; }
__global__ void first() {}
__global__ void k(int* out, int which) {
  const int t = threadIdx.x;
  if (t == 5) {
    out[t] = which == 0 ? depth(100000000) : wide(100000, out + 64);
  } else {
    for (int i = 0; i < 1000000; ++i) s[32 + (t & 31)] += i;
  }
}
int main(int, char** argv) {
  int* d;
  cudaMalloc(&d, 128 * sizeof(int));
  first<<<1, 1>>>();
  k<<<2, 32>>>(d, argv[1][0] - '0');
  cudaDeviceSynchronize();
}
)";
  const BuiltProgram program(options_for(write_program("own_bounds_stack.cu", source)));
  const std::string file = "own_bounds_stack.cu";
  const std::string words =
      "the program overflowed a thread's stack (128 KiB) in thread 5 of "
      "block 0 of launch 1 (a recursion too deep, or too large local "
      "arrays?) at ";
  EXPECT_EQ(failure_of(program, {"0"}, 1), words + place(file, source, "int depth"));
  EXPECT_EQ(failure_of(program, {"0"}, 1, ThreadSchedule::Random),
            words + place(file, source, "int depth"));
  EXPECT_EQ(failure_of(program, {"1"}, 1), words + place(file, source, "int wide"));
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// A launch spec's main() allocates the kernel's arrays: an access past one names the parameter.
TEST(OwnBounds, ALaunchSpecsArrayIsNamedAsTheKernelsParameter) {
  if (!test_support::have_clang_tools()) GTEST_SKIP() << "clang++-14 not installed";
  const std::string path = write_program(
      "own_bounds_spec.cu",
      "__global__ void copy(const int* in, int* out) { out[threadIdx.x] = in[threadIdx.x]; }\n");
  OwnRunOptions options = options_for(path);
  options.launch_spec = "copy<<<1,8>>>(in=iota(8), out=zeros(4))";
  const OwnRunResult r = run_own_program(options);
  EXPECT_NE(r.failure.find("wrote out[4] (byte 16), past the end of the cudaMalloc buffer out "
                           "(out[0]..out[3], 4-byte elements)"),
            std::string::npos)
      << r.failure;
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// Random thread orders meet an out-of-bounds write in other threads first, at other indexes: the
// same fault at the same line is no race.
TEST(OwnBounds, TheSameOverrunUnderOtherThreadOrdersIsNoRace) {
  if (!test_support::have_clang_tools()) GTEST_SKIP() << "clang++-14 not installed";
  const std::string path = write_program(
      "own_bounds_orders.cu",
      "__global__ void k(int from, int* out) {\n  __shared__ int s[32];\n"
      "  s[threadIdx.x + from] = 1;\n  out[threadIdx.x] = s[threadIdx.x];\n}\n"
      "int main() {\n  int* d;\n  cudaMalloc(&d, 32 * sizeof(int));\n  k<<<1, 32>>>(32, d);\n"
      "  cudaDeviceSynchronize();\n  return 0;\n}\n");
  std::ostringstream out, err;
  EXPECT_EQ(command_run_schedules(options_for(path), 6, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("(the program wrote s[32]"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find(": 0 runs printed something else\n"), std::string::npos) << out.str();
}

// memset and memcpy in a kernel are checked through two macros, left out of a file that declares
// its own (a declaration, not a call, a cast or a comment).
TEST(OwnBounds, AFileThatDeclaresItsOwnMemcpyOrMemsetIsToldApartFromOneThatCallsThem) {
  EXPECT_TRUE(declares_memory_functions("extern \"C\" void* memcpy(void*, const void*, size_t);"));
  EXPECT_TRUE(declares_memory_functions("__device__ void *memset (void* d, int v, size_t n) {}"));
  EXPECT_TRUE(declares_memory_functions("void\n*\nmemcpy\n(void* d, const void* s, size_t n);"));
  EXPECT_FALSE(declares_memory_functions("  memcpy(a, b, 8);\n  std::memset(s, 0, 16);"));
  EXPECT_FALSE(declares_memory_functions("p = (void*)memcpy(a, b, 8);"));
  EXPECT_FALSE(declares_memory_functions("// like void *memset(p, 0, n)\n/* void* memcpy( */"));
  EXPECT_FALSE(declares_memory_functions("void* my_memcpy(void*, const void*, size_t);"));
  EXPECT_FALSE(declares_memory_functions("avoid* memcpy(x);"));
}

}  // namespace
}  // namespace stridescope
