// A hostile or careless program (issue 35): one that replaces the files stridescope reads after
// it, forges its record or its messages, or is run where another run works, ends in one clear
// line; nothing blocks, nothing grows without bound, nothing is lost in silence.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_command.h"
#include "owncuda/own_program.h"
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
         "struct Early { Early() { char p[512]; ssize_t n = readlink(\"/proc/self/fd/1\", p, 511);\n"
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
  };
  int k = 0;
  for (const auto& c : cases) {
    const Said s = run_program("hostile_out" + std::to_string(k++) + ".cu", replacing_program(c.what));
    EXPECT_EQ(s.status, 2) << c.what << ": " << s.err;
    EXPECT_NE(s.err.find(c.said), std::string::npos) << c.what << ": " << s.err;
    EXPECT_NE(s.err.find("(nothing of it is read)"), std::string::npos) << s.err;
    EXPECT_EQ(s.err.find("was not run"), std::string::npos) << s.err;
    EXPECT_LT(s.out.size(), 4096u) << c.what;
  }
}

}  // namespace
}  // namespace stridescope
