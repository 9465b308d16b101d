// The window closed while it traces a program (SIGTERM, as a desktop's close or logout sends): the
// program and everything it started end, and no temporary folder is left behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "../run_command.h"

namespace {

namespace fs = std::filesystem;
using stridescope::test_support::have_clang_tools;
using stridescope::test_support::Outcome;
using stridescope::test_support::run;

using stridescope::test_support::processes_named;
using stridescope::test_support::wait_until;

TEST(GuiCloseMidTrace, TheProgramAndItsFolderGoWithTheWindow) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string name = "ssgui" + std::to_string(getpid() % 100000);
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / ("close_mid_trace_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir / "tmp");
  const fs::path program = dir / (name + ".cu");
  std::ofstream(program) << "#include <sys/prctl.h>\n#include <unistd.h>\n"
                            "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                            "int main() {\n  int* d;\n  cudaMalloc(&d, 64);\n  k<<<1, 4>>>(d);\n"
                            "  if (fork() == 0) {\n    setsid();\n    prctl(PR_SET_NAME, \""
                         << name
                         << "\");\n    for (;;) pause();\n  }\n"
                            "  prctl(PR_SET_NAME, \""
                         << name << "\");\n  for (volatile int i = 0;; i = i + 1) {\n  }\n}\n";
  const fs::path pid_file = dir / "window.pid";
  // The window under Xvfb, its pid written for the test (xvfb-run does not pass signals on).
  std::thread window([&] {
    run("TMPDIR=" + (dir / "tmp").string() + " xvfb-run -a -s '-screen 0 1280x720x24' sh -c '" +
        STRIDESCOPE_BINARY + " --open " + program.string() + " & echo $! > " + pid_file.string() +
        "; wait'");
  });
  const bool started = wait_until([&] { return processes_named(name) == 2; }, 60);
  int pid = 0;
  std::ifstream(pid_file) >> pid;
  if (pid > 0) kill(pid, SIGTERM);
  window.join();
  ASSERT_TRUE(started) << "the program was not traced";
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(wait_until([&] { return processes_named(name) == 0; }, 2))
      << "the program or what it started outlived the window";
  EXPECT_TRUE(fs::is_empty(dir / "tmp")) << "a temporary folder was left in " << dir / "tmp";
}

}  // namespace
