// A hostile or careless program (issue 35): one that replaces the files stridescope reads after
// it, forges its record or its messages, or is run where another run works, ends in one clear
// line; nothing blocks, nothing grows without bound, nothing is lost in silence.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_command.h"
#include "program/own_program.h"
#include "program/process/work_dir.h"
#include "run_command.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using test_support::have_clang_tools;

std::string write_program(const std::string& name, const std::string& source) {
  const std::string path = (fs::path(STRIDESCOPE_TEST_TMP) / name).string();
  std::ofstream(path) << source;
  return path;
}

struct Said {
  int status;
  std::string out, err;
};

Said run_program(const std::string& name, const std::string& source) {
  OwnRunOptions options;
  options.file = write_program(name, source);
  std::ostringstream out, err;
  const int status = command_run(options, "", false, out, err);
  return {status, out.str(), err.str()};
}

// A program that, before main(), does `what` to the file its output goes to (found through its
// descriptor 1), then prints and launches as usual.
std::string replacing_program(const std::string& what) {
  return "#include <cstdio>\n#include <sys/stat.h>\n#include <unistd.h>\n"
         "struct Early { Early() { char p[512]; ssize_t n = readlink(\"/proc/self/fd/1\", p, "
         "511);\n"
         "  if (n <= 0) return; p[n] = 0; unlink(p); " +
         what +
         " } } early;\n"
         "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
         "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d); printf(\"hi\\n\"); }\n";
}

TEST(OwnHostile, AnOutputFileReplacedByAFifoOrADeviceIsSaidAndNeverRead) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const struct {
    const char* what;
    const char* said;
  } cases[] = {
      {"mkfifo(p, 0600);", "replaced program.out, a file of its run's folder, by a FIFO"},
      {"symlink(\"/dev/zero\", p);", "by a symbolic link"},
      {"mkdir(p, 0700);", "by a folder"},
      {"", "the program removed program.out, a file of its run's folder"},
  };
  int k = 0;
  for (const auto& c : cases) {
    const Said s =
        run_program("hostile_out" + std::to_string(k++) + ".cu", replacing_program(c.what));
    EXPECT_EQ(s.status, 2) << c.what << ": " << s.err;
    EXPECT_NE(s.err.find(c.said), std::string::npos) << c.what << ": " << s.err;
    if (!std::string(c.what).empty())  // (removed: there is nothing to read)
      EXPECT_NE(s.err.find("(nothing of it is read)"), std::string::npos) << s.err;
    EXPECT_EQ(s.err.find("was not run"), std::string::npos) << s.err;
    EXPECT_LT(s.out.size(), 4096u) << c.what;
  }
}

// A program that writes `record` as its run's record (where the runtime would) and ends before
// the runtime can write its own.
std::string forging_program(const std::string& record) {
  return "#include <cstdio>\n#include <cstdlib>\n#include <unistd.h>\n"
         "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
         "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d);\n"
         "  FILE* f = fopen(getenv(\"STRIDESCOPE_RAW\"), \"w\"); if (!f) return 1;\n"
         "  " +
         record + "\n  fclose(f); _exit(0); }\n";
}

TEST(OwnHostile, ARecordTheProgramForgedIsRefusedWithWhatIsWrongInIt) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string traced =
      R"({\"traced\": true, \"shared_bytes\": 4, \"grid\": [1,1,1], \"block\": [1,1,1], )";
  const struct {
    std::string record, said;
  } cases[] = {
      {"for (int i = 0; i < 1000000; ++i) fputc('[', f);", "its JSON nested 1000000 deep"},
      {R"(fputs("{\"traced\": true, \"steps\": 5}", f);)", "steps: not an array"},
      {R"(fputs("[1, 2]", f);)", "not a JSON object"},
      {"fputs(\"" + traced +
           R"(\"steps\": [{\"kind\": \"exit\", \"line\": 0, \"accesses\": [[0]], \"snapshot\": [0]}]}", f);)",
       "steps[0].accesses[0]: not [thread, order, offset, size, kind, pc, value]"},
      {"fputs(\"" + traced +
           R"(\"steps\": [{\"kind\": \"exit\", \"line\": 0, \"accesses\": [[0,0,64,4,\"w\",0,1]], \"snapshot\": [0]}]}", f);)",
       "offset 64 past the 4 bytes of shared memory"},
      {R"(fputs("{\"error\": \"a\\nstridescope: error: forged\"}", f);)",
       "a\\nstridescope: error: forged"},
  };
  int k = 0;
  for (const auto& c : cases) {
    const Said s =
        run_program("hostile_record" + std::to_string(k++) + ".cu", forging_program(c.record));
    EXPECT_EQ(s.status, 2) << c.record << ": " << s.err;
    EXPECT_NE(s.err.find(c.said), std::string::npos) << c.record << ": " << s.err;
    EXPECT_EQ(std::count(s.err.begin(), s.err.end(), '\n'), 1) << c.record << ": " << s.err;
  }
}

// A trace the record makes that does not agree with itself (shared memory changed where no
// thread wrote) is refused as `check` refuses such a file; nothing is written.
TEST(OwnHostile, ARecordWhoseTraceIsInconsistentWritesNoTrace) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "hostile_inconsistent.cu",
      forging_program(
          R"(fputs("{\"traced\": true, \"shared_bytes\": 4, \"grid\": [1,1,1], \"block\": [1,1,1], \"steps\": [{\"kind\": \"barrier\", \"line\": 3, \"accesses\": [], \"snapshot\": [0]}, {\"kind\": \"exit\", \"line\": 0, \"accesses\": [], \"snapshot\": [7]}]}", f);)"));
  const std::string out_path = std::string(STRIDESCOPE_TEST_TMP) + "/hostile_inconsistent.json";
  fs::remove(out_path);
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, out_path, false, out, err), 2) << err.str();
  EXPECT_NE(err.str().find("is not one the runtime writes"), std::string::npos) << err.str();
  EXPECT_FALSE(fs::exists(out_path));
}

TEST(OwnHostile, AnExceptionsMessageStaysOnOneQuotedLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s =
      run_program("hostile_exception.cu",
                  "#include <stdexcept>\n__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                  "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d);\n"
                  "  throw std::runtime_error(\"bad\\nstridescope: error: forged\"); }\n");
  EXPECT_EQ(s.status, 2);
  EXPECT_NE(s.err.find("uncaught C++ exception: \"bad\\nstridescope: error: forged\""),
            std::string::npos)
      << s.err;
  EXPECT_EQ(std::count(s.err.begin(), s.err.end(), '\n'), 1) << s.err;
}

// A file whose path holds a quote or a newline builds, and its messages name it.
TEST(OwnHostile, APathWithAQuoteOrANewlineBuildsAndRuns) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  for (const std::string folder : {"quote\"d", "new\nline", "back\\slash"}) {
    const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / folder;
    fs::create_directories(dir);
    OwnRunOptions options;
    options.file = (dir / "odd.cu").string();
    std::ofstream(options.file) << "#include <cstdio>\n"
                                   "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                                   "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d);\n"
                                   "  printf(\"%s\\n\", __FILE__); }\n";
    std::ostringstream out, err;
    EXPECT_EQ(command_run(options, "", false, out, err), 0) << folder << ": " << err.str();
    EXPECT_EQ(out.str().substr(0, options.file.size()), options.file) << out.str();
  }
}

// Run as root, a program keeps no capability: it cannot unmount its namespace's /proc to find
// stridescope's processes under it.
TEST(OwnHostile, AProgramRunAsRootCannotUnmountItsProc) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  if (geteuid() != 0) GTEST_SKIP() << "not root: a program has no capability to drop";
  const Said s =
      run_program("hostile_umount.cu",
                  "#include <cstdio>\n#include <sys/mount.h>\n#include <sys/prctl.h>\n"
                  "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                  "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d);\n"
                  "  printf(\"umount %d mount %d\\n\", umount2(\"/proc\", MNT_DETACH),\n"
                  "         mount(\"none\", \"/mnt\", \"tmpfs\", 0, nullptr));\n"
                  "  printf(\"caps %d\\n\", prctl(PR_CAPBSET_READ, 21 /* CAP_SYS_ADMIN */)); }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_NE(s.out.find("umount -1 mount -1\ncaps 0\n"), std::string::npos) << s.out;
}

// A run's folder on a disk that fills up: the program's output is cut, and that is said, not
// passed off as the whole output (root only: a small tmpfs in a mount namespace of its own).
TEST(OwnHostile, AFullDiskIsSaidNotPassedOffAsTheWholeOutput) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const fs::path disk = fs::path(STRIDESCOPE_TEST_TMP) / "small_disk";
  fs::create_directories(disk);
  const std::string file = write_program(
      "hostile_full_disk.cu",
      "#include <cstdio>\n__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
      "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d);\n"
      "  for (int i = 0; i < (1 << 20); ++i) std::puts(\"a line of the program's output, "
      "sixty-four bytes long........\"); }\n");
  const test_support::Split s = test_support::run_split(
      "unshare --mount sh -c 'mount -t tmpfs -o size=48m tmpfs " + disk.string() +
      " && TMPDIR=" + disk.string() + " " + STRIDESCOPE_BINARY + " run " + file + " >/dev/null'");
  if (s.err.find("unshare") != std::string::npos || s.err.find("mount") == 0)
    GTEST_SKIP() << "no mount namespace here: " << s.err;
  EXPECT_EQ(s.status, 2) << s.said();
  EXPECT_NE(s.err.find("is full"), std::string::npos) << s.said();
  EXPECT_NE(s.err.find("the program's output and its record were cut"), std::string::npos)
      << s.said();
}

// A fresh folder the program left undeletable (here: a file in it made immutable) is said once,
// with its path, when it cannot be removed.
TEST(OwnHostile, AFolderThatCannotBeRemovedIsSaidWithItsPath) {
  std::string path;
  int fd = -1;
  testing::internal::CaptureStderr();
  {
    const WorkDir work("", "run");
    path = work.path().string();
    std::ofstream(work.path() / "stuck") << "x";
    fd = open((work.path() / "stuck").c_str(), O_RDONLY);
    int flags = 0;
    if (ioctl(fd, FS_IOC_GETFLAGS, &flags) != 0 ||
        (flags |= FS_IMMUTABLE_FL, ioctl(fd, FS_IOC_SETFLAGS, &flags) != 0)) {
      close(fd);
      fd = -1;
    }
  }
  const std::string said = testing::internal::GetCapturedStderr();
  if (fd < 0) GTEST_SKIP() << "no immutable files here (not root, or the file system has none)";
  int flags = 0;
  ioctl(fd, FS_IOC_GETFLAGS, &flags);
  flags &= ~FS_IMMUTABLE_FL;
  ioctl(fd, FS_IOC_SETFLAGS, &flags);
  close(fd);
  EXPECT_TRUE(fs::exists(path));
  fs::remove_all(path);
  EXPECT_EQ(said, "stridescope: warning: cannot remove the run's folder " + path +
                      ": Operation not permitted (the program made it undeletable?)\n");
}

// An access out of bounds in a header of the user's, or through an intrinsic (__ldg), is named at
// its place as compute-sanitizer names it: the header's line, the line that calls the intrinsic.
TEST(OwnHostile, AFaultInAHeaderOrThroughAnIntrinsicNamesItsPlace) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  write_program("hostile_helper.cuh", "__device__ inline void put(int* p, int i) { p[i] = 1; }\n");
  const Said header = run_program(
      "hostile_header.cu",
      "#include \"hostile_helper.cuh\"\n__global__ void k(int* out) { put(out, threadIdx.x + 60); "
      "}\n"
      "int main() { int* d; cudaMalloc(&d, 256); k<<<1, 8>>>(d); cudaDeviceSynchronize(); }\n");
  EXPECT_EQ(header.status, 2);
  EXPECT_NE(header.err.find("past the end of the cudaMalloc buffer d"), std::string::npos)
      << header.err;
  EXPECT_NE(header.err.find("of launch 0 at hostile_helper.cuh:1;"), std::string::npos)
      << header.err;
  const Said intrinsic =
      run_program("hostile_ldg.cu",
                  "__global__ void k(const int* in, int* out) {\n"
                  "  out[threadIdx.x] = __ldg(&in[threadIdx.x + 60]);\n}\n"
                  "int main() { int* d; int* o; cudaMalloc(&d, 256); cudaMalloc(&o, 256);\n"
                  "  k<<<1, 8>>>(d, o); cudaDeviceSynchronize(); }\n");
  EXPECT_EQ(intrinsic.status, 2);
  EXPECT_NE(intrinsic.err.find("the program read d[64]"), std::string::npos) << intrinsic.err;
  EXPECT_NE(intrinsic.err.find("of launch 0 at hostile_ldg.cu:2;"), std::string::npos)
      << intrinsic.err;
}

// An access at an address not a multiple of its size stops the program where a GPU stops the
// kernel with "misaligned address" (checked on an H200: global 4 and 8 bytes, shared 4 bytes); a
// packed struct's fields, which nvcc reads byte by byte, run as on the GPU.
TEST(OwnHostile, AMisalignedAccessStopsTheProgramAsOnAGpu) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const struct {
    std::string kernel, said;
  } cases[] = {
      {"__global__ void k(char* p) { *(int*)(p + 1 + 4 * threadIdx.x) = 1; }",
       "wrote 4 bytes at a misaligned address, byte 1 of the cudaMalloc buffer d (a 4-byte access "
       "must start at a multiple of 4; a GPU stops the kernel: misaligned address), in thread 0 "
       "of block 0 of launch 0 at hostile_misaligned0.cu:1"},
      {"__global__ void k(char* p) { double* q = (double*)(p + 2); q[threadIdx.x] = 1.0; }",
       "wrote 8 bytes at a misaligned address, byte 2 of the cudaMalloc buffer d (an 8-byte"},
      {"__global__ void k(char* p) { __shared__ char s[64]; s[threadIdx.x] = 1;\n"
       "  int v = *(int*)(s + 2); p[threadIdx.x] = char(v); }",
       "read 4 bytes at a misaligned address, byte 2 of shared memory"},
  };
  int k = 0;
  for (const auto& c : cases) {
    const Said s = run_program("hostile_misaligned" + std::to_string(k++) + ".cu",
                               c.kernel +
                                   "\nint main() { char* d; cudaMalloc(&d, 256);\n"
                                   "  k<<<1, 4>>>(d); cudaDeviceSynchronize(); }\n");
    EXPECT_EQ(s.status, 2) << c.kernel;
    EXPECT_NE(s.err.find(c.said), std::string::npos) << c.kernel << "\n" << s.err;
  }
  const Said packed = run_program(
      "hostile_packed.cu",
      "#include <cstdio>\nstruct __attribute__((packed)) P { char c; int i; };\n"
      "__global__ void k(P* p) { p[threadIdx.x].i = threadIdx.x; }\n"
      "int main() { P* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d); P h[4];\n"
      "  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf(\"%d\\n\", h[3].i); }\n");
  EXPECT_EQ(packed.status, 0) << packed.err;
  EXPECT_EQ(packed.out.substr(0, 2), "3\n");
  // A struct of two floats 4 bytes off a multiple of 8, copied whole: clang loads its 8 bytes at
  // once, nvcc as two floats; a GPU runs it, and so does this.
  const Said pair = run_program(
      "hostile_pair.cu",
      "#include <cstdio>\nstruct Pair { float a, b; };\nstruct Item { int id; Pair p; };\n"
      "__global__ void k(const Item* in, Pair* out) { Pair p = in[threadIdx.x].p; out[threadIdx.x] "
      "= p; }\n"
      "int main() { Item* d; Pair* o; cudaMalloc(&d, 4 * sizeof(Item)); cudaMalloc(&o, 32);\n"
      "  cudaMemset(d, 0, 4 * sizeof(Item)); k<<<1, 4>>>(d, o); cudaDeviceSynchronize();\n"
      "  printf(\"done\\n\"); }\n");
  EXPECT_EQ(pair.status, 0) << pair.err;
}

// A kernel that reads cudaMalloc'd memory nothing wrote (no copy, no memset, no kernel) reads
// whatever a GPU's memory held (compute-sanitizer's initcheck names it): `run` warns, with the
// element, line and thread; the exercises' checker fails it. A harness's input, a copy, a memset,
// an earlier launch's write and managed memory the host wrote are not that.
TEST(OwnHostile, AReadOfMemoryNothingWroteIsNamed) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string kernel =
      "#include <cstdio>\n__global__ void k(const int* in, int* out) {\n"
      "  out[threadIdx.x] += in[threadIdx.x]; }\n";
  const Said unwritten =
      run_program("hostile_unwritten.cu",
                  kernel +
                      "int main() { int *d, *o; cudaMalloc(&d, 64); cudaMalloc(&o, 64);\n"
                      "  cudaMemset(o, 0, 64); k<<<1, 4>>>(d, o); cudaDeviceSynchronize(); }\n");
  EXPECT_EQ(unwritten.status, 0) << unwritten.err;
  EXPECT_NE(unwritten.err.find("stridescope: warning: a read of uninitialized memory: launch 0 "
                               "reads d[0] at line 3 (thread 0 of block 0) before anything wrote "
                               "it: cudaMalloc does not clear memory"),
            std::string::npos)
      << unwritten.err;
  EXPECT_EQ(unwritten.err.find("reads o["), std::string::npos) << unwritten.err;  // memset
  const Said written =
      run_program("hostile_written.cu",
                  kernel +
                      "__global__ void fill(int* p) { p[threadIdx.x] = 2; }\n"
                      "int main() { int *d, *o, *m; int h[16] = {1};\n"
                      "  cudaMalloc(&d, 64); cudaMalloc(&o, 64); cudaMallocManaged(&m, 64);\n"
                      "  cudaMemcpy(d, h, 64, cudaMemcpyHostToDevice); fill<<<1, 16>>>(o);\n"
                      "  for (int i = 0; i < 16; ++i) m[i] = i;\n"
                      "  k<<<1, 4>>>(d, o); k<<<1, 4>>>(m, o); cudaDeviceSynchronize(); }\n");
  EXPECT_EQ(written.status, 0) << written.err;
  EXPECT_EQ(written.err.find("uninitialized"), std::string::npos) << written.err;
}

// A copy or set of a million words or more is split among threads (in_parts.h): every word is
// copied, and each word's shadow says who wrote it: a kernel reading one word past the copied part
// of a 3 Mi-int buffer (the copy 8 MiB + 4 bytes, so the parts' edge falls inside a page) reads
// uninitialized memory there and nowhere else; a device-to-device copy and a set carry it on.
TEST(OwnHostile, ALargeCopySplitAmongThreadsMarksEveryWordItWrote) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "hostile_large_copy.cu",
      "#include <cstdio>\n#include <vector>\n"
      "__global__ void probe(const int* in, int* out, int n) {\n"
      "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) out[i] = in[i] + 1; }\n"
      "int main() { const int n = 3 << 20, copied = (2 << 20) + 1;\n"
      "  std::vector<int> h(n); for (int i = 0; i < n; ++i) h[i] = i;\n"
      "  int *a, *b, *c; cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4); cudaMalloc(&c, n * 4);\n"
      "  cudaMemset(b, 1, n * 4); cudaMemcpy(a, h.data(), copied * 4, cudaMemcpyHostToDevice);\n"
      "  cudaMemcpy(b, a, copied * 4, cudaMemcpyDeviceToDevice);\n"
      "  probe<<<(copied + 256) / 256, 256>>>(b, c, copied + 1);\n"
      "  probe<<<(copied + 256) / 256, 256>>>(a, c, copied + 1);\n"
      "  cudaMemcpy(h.data(), c, n * 4, cudaMemcpyDeviceToHost);\n"
      "  long long sum = 0; for (int i = 0; i < copied; ++i) sum += h[i] - i;\n"
      "  printf(\"%lld\\n\", sum); }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 8), "2097153\n") << s.out;  // every copied word arrived, plus one
  EXPECT_EQ(s.err.find("reads b["), std::string::npos) << s.err;  // b was set, then copied into
  EXPECT_NE(s.err.find("launch 1 reads a[2097153] at line 5"), std::string::npos) << s.err;
  EXPECT_EQ(s.err.find("reads a[2097152]"), std::string::npos) << s.err;
}

// A copy within one buffer whose ranges overlap is marked as memmove copies: each word takes its
// source's state before the copy (the host wrote [0, 1 Mi); [0, 2 Mi) copied up by 1 Mi leaves
// [2 Mi, 3 Mi) unwritten, as its source [1 Mi, 2 Mi) was): a read there is of uninitialized
// memory, a read in [1 Mi, 2 Mi) is not. (Marked forwards, the copy's own first half was taken
// for the second's source.)
TEST(OwnHostile, AnOverlappingCopyWithinABufferKeepsEachWordsSourceState) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Said s = run_program(
      "hostile_overlap_copy.cu",
      "#include <cstdio>\n#include <vector>\n"
      "__global__ void probe(const int* a, int* out, int i) { out[0] = a[i]; }\n"
      "int main() { const int m = 1 << 20;\n  std::vector<int> h(m, 7);\n  int *a, *out;\n"
      "  cudaMalloc(&a, 3 * m * 4); cudaMalloc(&out, 4);\n"
      "  cudaMemcpy(a, h.data(), m * 4, cudaMemcpyHostToDevice);\n"
      "  cudaMemcpy(a + m, a, 2 * m * 4, cudaMemcpyDeviceToDevice);\n"
      "  probe<<<1, 1>>>(a, out, m + m / 2);\n  probe<<<1, 1>>>(a, out, 2 * m + m / 2);\n"
      "  cudaDeviceSynchronize(); printf(\"done\\n\"); }\n");
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(s.err.find("launch 0 reads a["), std::string::npos) << s.err;
  EXPECT_NE(s.err.find("launch 1 reads a[2621440] at line 3"), std::string::npos) << s.err;
}

// A program that makes its run's folder read-only (as a user who is not root: root ignores the
// mode, and as root the test runs stridescope as nobody) is still traced, and the folder is
// removed; one that ends with _exit() (no exit handlers: the runtime writes nothing at the end)
// is said to, not passed off as a program that launched nothing.
TEST(OwnHostile, AFolderMadeReadOnlyOrAnExitWithoutHandlersIsSaid) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const fs::path temp = fs::path(STRIDESCOPE_TEST_TMP) / "hostile_readonly";
  fs::remove_all(temp);
  fs::create_directories(temp);
  fs::permissions(temp, fs::perms::all);
  const std::string file = write_program(
      "hostile_readonly.cu",
      "#include <cstdio>\n#include <string>\n#include <libgen.h>\n#include <sys/stat.h>\n"
      "#include <unistd.h>\n__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
      "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d);\n"
      "  char p[512]; ssize_t n = readlink(\"/proc/self/fd/1\", p, 511); p[n > 0 ? n : 0] = 0;\n"
      "  const std::string dir = dirname(p); mkdir((dir + \"/sub\").c_str(), 0700);\n"
      "  chmod((dir + \"/sub\").c_str(), 0500); chmod(dir.c_str(), 0500); }\n");
  fs::permissions(file, fs::perms::others_read, fs::perm_options::add);
  const std::string as_user =
      getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  const test_support::Split s = test_support::run_split(
      "cd " + temp.string() + " && " + as_user + "env TMPDIR=" + temp.string() +
      " HOME=" + temp.string() + " " + STRIDESCOPE_BINARY + " run " + file);
  EXPECT_EQ(s.status, 0) << s.said();
  EXPECT_NE(s.out.find("traced 1 step of block 0 of launch 0"), std::string::npos) << s.said();
  for (const auto& entry : fs::directory_iterator(temp))
    EXPECT_FALSE(entry.path().filename().string().starts_with("stridescope-run-"))
        << entry.path() << " was left";
  const Said ended =
      run_program("hostile_exit.cu",
                  "#include <unistd.h>\n__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                  "int main() { int* d; cudaMalloc(&d, 64); k<<<1, 4>>>(d); _exit(0); }\n");
  EXPECT_EQ(ended.status, 2);
  EXPECT_NE(ended.err.find("the program ended without running its exit handlers (an _exit()?)"),
            std::string::npos)
      << ended.err;
  EXPECT_EQ(ended.out.find("no kernel launch"), std::string::npos) << ended.out;
}

}  // namespace
}  // namespace stridescope
