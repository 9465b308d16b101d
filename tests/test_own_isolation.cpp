// A learner's program can never take stridescope down or outlive it: a program that signals the
// process that started it, forks, calls setsid(), or loops while stridescope is stopped leaves no
// process and no temporary folder behind; with a PID namespace (the default where the system
// allows one) and with the process-group fallback (STRIDESCOPE_SANDBOX=group).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cli/run_command.h"
#include "program/own_program.h"
#include "program/process/child_process.h"
#include "program/process/work_dir.h"
#include "run_command.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using test_support::have_clang_tools;

using test_support::processes_named;

// Whether every process named `name` is gone within `seconds`.
bool all_gone(const std::string& name, double seconds = 2) {
  return test_support::wait_until([&] { return processes_named(name) == 0; }, seconds);
}

// A name no other test's process has (a process name holds 15 characters).
std::string marker(const std::string& kind) {
  return (kind + std::to_string(getpid() % 100000)).substr(0, 15);
}

// Whether this system gives stridescope a PID namespace: root's own, or one in a user namespace.
bool namespaces_allowed() {
  return test_support::run("unshare --pid --fork --mount-proc true").status == 0 ||
         test_support::run("unshare --user --map-root-user --pid --fork --mount-proc true")
                 .status == 0;
}

// A program that starts a process in a session of its own (setsid) which starts another, both
// named `name` and waiting forever, then does `then` and returns.
std::string forking_program(const std::string& name, const std::string& then) {
  return "#include <csignal>\n#include <cstdio>\n#include <sys/prctl.h>\n#include <unistd.h>\n"
         "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
         "int main() {\n"
         "  int* d;\n  cudaMalloc(&d, 64);\n  k<<<1, 4>>>(d);\n"
         "  int ready[2];\n  if (pipe(ready) != 0) return 1;\n"
         "  if (fork() == 0) {\n    setsid();\n    prctl(PR_SET_NAME, \"" +
         name +
         "\");\n"
         "    if (fork() == 0) {\n      prctl(PR_SET_NAME, \"" +
         name +
         "\");\n"
         "      if (write(ready[1], \"x\", 1) != 1) return 1;\n      for (;;) pause();\n    }\n"
         "    for (;;) pause();\n  }\n"
         "  char c;\n  if (read(ready[0], &c, 1) != 1) return 1;\n  " +
         then + "\n  return 0;\n}\n";
}

std::string write_program(const std::string& name, const std::string& source) {
  const std::string path = (fs::path(STRIDESCOPE_TEST_TMP) / name).string();
  std::ofstream(path) << source;
  return path;
}

struct Sandbox {
  explicit Sandbox(const char* mode) {
    if (mode != nullptr) setenv("STRIDESCOPE_SANDBOX", mode, 1);
  }
  ~Sandbox() { unsetenv("STRIDESCOPE_SANDBOX"); }
};

// What each program does after its forks, and what `stridescope run` must say.
struct Case {
  const char* then;
  int status;           // -1: 0 or 2 (a PID namespace's init cannot take SIGKILL from inside)
  const char* message;  // in stderr ("" for none)
};

// `stopped`: how a SIGSTOP to the program's parent ends (a namespace's init ignores it; the
// fallback's reaper is stopped, and that is said).
void run_cases(const char* mode, const Case& stopped) {
  const Sandbox sandbox(mode);
  const Case cases[] = {
      {"", 0, ""},
      {"kill(getppid(), SIGTERM);", 2, "sent SIGTERM to the process that started it"},
      {"kill(getppid(), SIGHUP);", 2, "sent SIGHUP to the process that started it"},
      {"kill(getppid(), SIGKILL);", -1, ""},
      {"kill(0, SIGINT);", 2, "the program died: Interrupt"},
      stopped,
  };
  int k = 0;
  for (const Case& c : cases) {
    const std::string name = marker("ssiso" + std::to_string(k++));
    OwnRunOptions options;
    options.file = write_program(name + ".cu", forking_program(name, c.then));
    std::ostringstream out, err;
    const int status = command_run(options, "", false, out, err);
    if (c.status >= 0) {
      EXPECT_EQ(status, c.status) << c.then << "\n" << err.str();
    } else {
      EXPECT_TRUE(status == 0 || status == 2) << c.then << "\n" << err.str();
    }
    EXPECT_NE(err.str().find(c.message), std::string::npos) << c.then << "\n" << err.str();
    EXPECT_TRUE(all_gone(name)) << "what '" << c.then << "' started is still running";
  }
}

TEST(OwnIsolation, WhatAProgramStartsEndsWithItAndItsSignalsToItsParentAreNamed) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  if (!namespaces_allowed()) GTEST_SKIP() << "this system allows no PID namespace";
  run_cases(nullptr, {"kill(getppid(), SIGSTOP);", 0, ""});
}

TEST(OwnIsolation, TheProcessGroupFallbackEndsWhatAProgramStartedToo) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  run_cases("group",
            {"kill(getppid(), SIGSTOP);", 2, "sent SIGSTOP to the process that started it"});
}

// In its PID namespace a program sees itself as pid 2 under an init of ours, and no other process.
TEST(OwnIsolation, AProgramInItsNamespaceSeesNoProcessButItsOwn) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  if (!namespaces_allowed()) GTEST_SKIP() << "this system allows no PID namespace";
  OwnRunOptions options;
  options.file =
      write_program("ssiso_sees.cu",
                    "#include <cstdio>\n#include <dirent.h>\n#include <unistd.h>\n"
                    "int main() {\n  int n = 0;\n  DIR* d = opendir(\"/proc\");\n"
                    "  for (dirent* e; d && (e = readdir(d));) n += e->d_name[0] >= '0' && "
                    "e->d_name[0] <= '9';\n"
                    "  printf(\"pid %d, parent %d, %d processes\\n\", getpid(), getppid(), n);\n  "
                    "return 0;\n}\n");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("pid 2, parent 1, 2 processes"), std::string::npos) << out.str();
}

// exit(-1) is a status of 255, as a shell shows it: no signal.
TEST(OwnIsolation, AnExitStatusAbove128IsTheProgramsNotASignal) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = write_program(
      "ssiso_exit.cu",
      "#include <cstdlib>\n__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
      "int main() {\n  int* d;\n  cudaMalloc(&d, 64);\n  k<<<1, 4>>>(d);\n  exit(-1);\n}\n");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 255) << err.str();
  EXPECT_EQ(err.str().find("died"), std::string::npos) << err.str();
}

// A sandbox mode that is neither of the two is one error before anything runs, not the default.
TEST(OwnIsolation, AnUnknownSandboxModeIsOneError) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const test_support::Split s =
      test_support::run_split(std::string("STRIDESCOPE_SANDBOX=grop ") + STRIDESCOPE_BINARY +
                              " run " + STRIDESCOPE_SOURCE_DIR + "/examples/sum4.cu");
  EXPECT_TRUE(s.one_error_line()) << s.said();
  EXPECT_NE(s.err.find("STRIDESCOPE_SANDBOX is 'grop': 'namespace' (the default"),
            std::string::npos)
      << s.said();
  EXPECT_EQ(s.out, "") << s.said();
}

// A fork bomb fails to fork once the user runs 1024 processes more than before (RLIMIT_NPROC; the
// kernel never limits root, so as root the test runs stridescope as nobody), and every process it
// made ends with it.
TEST(OwnIsolation, AForkBombFailsToForkAndWhatItMadeEndsWithIt) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string name = marker("ssbomb");
  const std::string file =
      write_program(name + ".cu",
                    "#include <cstdio>\n#include <sys/prctl.h>\n#include <unistd.h>\n"
                    "int main() {\n  int n = 0;\n"
                    "  for (; n < 20000; ++n) {\n    const int pid = fork();\n"
                    "    if (pid < 0) break;\n"
                    "    if (pid == 0) {\n      prctl(PR_SET_NAME, \"" +
                        name +
                        "\");\n      for (;;) pause();\n    }\n  }\n"
                        "  printf(\"forked %d, then fork failed: %s\\n\", n, n < 20000 ? \"yes\" : "
                        "\"no\");\n  return 0;\n}\n");
  fs::permissions(file, fs::perms::others_read, fs::perm_options::add);
  const std::string as_user =
      getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups env TMPDIR=/tmp " : "";
  const test_support::Split s =
      test_support::run_split(as_user + STRIDESCOPE_BINARY + " run " + file + " --time-limit 60");
  EXPECT_EQ(s.status, 0) << s.said();
  EXPECT_NE(s.out.find("then fork failed: yes"), std::string::npos) << s.said();
  EXPECT_TRUE(all_gone(name, 10)) << "what the fork bomb made is still running";
}

// A program inherits stdin, stdout and stderr only: none of stridescope's other open files.
TEST(OwnIsolation, AProgramInheritsNoDescriptorButItsThree) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  std::ofstream held(std::string(STRIDESCOPE_TEST_TMP) + "/held_open.txt");  // open while it runs
  OwnRunOptions options;
  options.file =
      write_program("ssiso_fds.cu",
                    "#include <cstdio>\n#include <dirent.h>\n"
                    "int main() {\n  int n = 0;\n  DIR* d = opendir(\"/proc/self/fd\");\n"
                    "  for (dirent* e; d && (e = readdir(d));) n += e->d_name[0] != '.';\n"
                    "  printf(\"%d descriptors\\n\", n - 1);\n  return 0;\n}\n");
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("3 descriptors"), std::string::npos) << out.str();
}

// stridescope stopped by SIGTERM or SIGINT while the program loops: one error line, exit 2, the
// program and what it started gone, no temporary folder left.
TEST(OwnIsolation, StoppingStridescopeEndsTheProgramAndRemovesItsFolder) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  for (const int signal : {SIGTERM, SIGINT}) {
    const std::string name = marker("ssstop" + std::to_string(signal));
    const std::string file = write_program(
        name + ".cu", forking_program(name, "for (volatile int i = 0;; i = i + 1) {\n  }"));
    const fs::path temp = fs::path(STRIDESCOPE_TEST_TMP) / ("stop_tmp_" + name);
    fs::remove_all(temp);
    fs::create_directories(temp);
    const std::string err_path = (temp.string() + ".err");
    const pid_t app = fork();
    if (app == 0) {
      setenv("TMPDIR", temp.c_str(), 1);
      freopen(err_path.c_str(), "w", stderr);
      freopen("/dev/null", "w", stdout);
      execl(STRIDESCOPE_BINARY, STRIDESCOPE_BINARY, "run", file.c_str(), "--time-limit", "60",
            static_cast<char*>(nullptr));
      _exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (processes_named(name) < 2 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_EQ(processes_named(name), 2) << "the program did not start";
    kill(app, signal);
    int status = 0;
    waitpid(app, &status, 0);
    std::ifstream in(err_path);
    std::string first, second;
    std::getline(in, first);
    EXPECT_FALSE(std::getline(in, second)) << second;
    EXPECT_EQ(first.rfind("stridescope: error: stopped by SIG", 0), 0u) << first;
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << status;
    EXPECT_TRUE(all_gone(name));
    EXPECT_TRUE(fs::is_empty(temp)) << "a temporary folder was left in " << temp;
  }
}

// A folder is stale when no one holds its lock and it is over a minute old; its name's pid says
// nothing (a stridescope in another PID namespace sharing $TMPDIR has pids this one cannot see).
TEST(OwnIsolation, StaleWorkFoldersAreThoseNoOneHoldsLocked) {
  const fs::path temp = fs::path(STRIDESCOPE_TEST_TMP) / "stale_work_dirs";
  fs::remove_all(temp);
  const pid_t gone = fork();
  if (gone == 0) _exit(0);
  waitpid(gone, nullptr, 0);
  const std::string dead = std::to_string(gone);
  const fs::path stale = temp / ("stridescope-run-" + dead + "-abc123");
  const fs::path held = temp / ("stridescope-run-" + dead + "-def456");  // its owner: elsewhere
  const fs::path young = temp / ("stridescope-run-" + dead + "-ghi789");
  const fs::path other = temp / "stridescope-notes";
  for (const fs::path& d : {stale, held, young, other}) fs::create_directories(d / "src");
  const auto old = fs::file_time_type::clock::now() - std::chrono::minutes(2);
  for (const fs::path& d : {stale, held, other}) fs::last_write_time(d, old);
  int ready[2], done[2];
  ASSERT_EQ(pipe(ready), 0);
  ASSERT_EQ(pipe(done), 0);
  const pid_t owner = fork();  // holds `held` locked until told to go
  if (owner == 0) {
    const int fd = open(held.c_str(), O_RDONLY | O_DIRECTORY);
    char c = flock(fd, LOCK_EX) == 0 ? 'y' : 'n';
    if (write(ready[1], &c, 1) != 1 || read(done[0], &c, 1) != 1) _exit(1);
    _exit(0);
  }
  char locked = 0;
  ASSERT_EQ(read(ready[0], &locked, 1), 1);
  ASSERT_EQ(locked, 'y');
  {
    const WorkDir mine("", "run");  // this process's own: held
    fs::last_write_time(mine.path(), old);
    EXPECT_EQ(remove_stale_work_dirs(temp), 1);
    remove_stale_work_dirs(mine.path().parent_path());  // where its sweep would look
    EXPECT_TRUE(fs::exists(mine.path()));
  }
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(held));
  EXPECT_TRUE(fs::exists(young));
  EXPECT_TRUE(fs::exists(other));
  ASSERT_EQ(write(done[1], "x", 1), 1);
  waitpid(owner, nullptr, 0);
  EXPECT_EQ(remove_stale_work_dirs(temp), 1);  // its owner gone: stale now
  EXPECT_FALSE(fs::exists(held));
}

// One --keep folder for two runs at once: the second is refused, not mixed with the first.
TEST(OwnIsolation, AKeptFolderInUseByAnotherRunIsRefused) {
  const std::string keep = (fs::path(STRIDESCOPE_TEST_TMP) / "kept_in_use").string();
  fs::create_directories(keep);
  int ready[2], done[2];
  ASSERT_EQ(pipe(ready), 0);
  ASSERT_EQ(pipe(done), 0);
  const pid_t runner = fork();  // another stridescope's run in it
  if (runner == 0) {
    const WorkDir work(keep, "run");
    char c = 'y';
    if (write(ready[1], &c, 1) != 1 || read(done[0], &c, 1) != 1) _exit(1);
    _exit(0);
  }
  char c = 0;
  ASSERT_EQ(read(ready[0], &c, 1), 1);
  try {
    const WorkDir second(keep, "run");
    ADD_FAILURE() << "a folder in use was taken";
  } catch (const OwnProgramError& e) {
    EXPECT_NE(std::string(e.what()).find("is in use by another stridescope run"), std::string::npos)
        << e.what();
  }
  ASSERT_EQ(write(done[1], "x", 1), 1);
  waitpid(runner, nullptr, 0);
  const WorkDir after(keep, "run");   // free again
  const WorkDir nested(keep, "run");  // and this process's own second use of it shares it
  EXPECT_TRUE(fs::exists(keep));
}

TEST(OwnIsolation, AKeepFolderThatIsAFileIsOneClearError) {
  const std::string file = write_program("not_a_folder.txt", "x");
  try {
    const WorkDir dir(file, "run");
    ADD_FAILURE() << "no error";
  } catch (const OwnProgramError& e) {
    EXPECT_NE(std::string(e.what()).find("is not a folder"), std::string::npos) << e.what();
  }
}

// libclang reads the file in a process of its own: a reader that fails is one error, never
// stridescope's end.
TEST(OwnIsolation, AReaderThatCannotRunIsOneError) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  setenv("STRIDESCOPE_READ_TOOL", "/bin/false", 1);
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
  std::ostringstream out, err;
  const int status = command_run(options, "", false, out, err);
  unsetenv("STRIDESCOPE_READ_TOOL");
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.str().find("libclang's reader /bin/false could not read"), std::string::npos)
      << err.str();
}

TEST(OwnIsolation, EachEndingPastALimitIsSaidInWords) {
  const Limits limits{30, 0, 1 << 20, 40, Isolation::Program};
  EXPECT_EQ(ending_text(0, limits, "the program"), "");
  EXPECT_EQ(ending_text(3, limits, "the program"), "");
  EXPECT_EQ(ending_text(255, limits, "the program"), "");  // exit(-1): a status, no signal
  EXPECT_EQ(ending_text(kKilledBy + SIGXCPU, limits, "the program"),
            "the program ran past its 30 s of CPU time, set by --time-limit (an endless loop, or "
            "more work than that?)");
  EXPECT_EQ(ending_text(kKilledBy + SIGXCPU, kToolLimits, "clang"),
            "clang ran past its 120 s of CPU time");
  EXPECT_EQ(ending_text(kPastWallTime, limits, "the program"),
            "the program ran past its 40 s wall-time limit, set by --time-limit (waiting for "
            "something, or sleeping?)");
  EXPECT_EQ(ending_text(kKilledBy + SIGXFSZ, limits, "the program"),
            "the program wrote more than 1024 KiB (its output, or its trace); it was stopped");
  EXPECT_EQ(ending_text(kSignalledParent + SIGTERM, limits, "the program"),
            "the program sent SIGTERM to the process that started it: it was stopped, with "
            "everything it started");
  EXPECT_EQ(ending_text(kKilledBy + SIGSEGV, limits, "nvcc"), "nvcc died: Segmentation fault");
}

// A program that cannot be started (missing, not executable) is one error saying why, not "exit
// status 127".
TEST(OwnIsolation, AProgramThatCannotBeExecutedIsOneErrorSayingWhy) {
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP);
  const std::string not_executable = write_program("not_executable.sh", "#!/bin/sh\necho hi\n");
  fs::permissions(not_executable,
                  fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::remove);
  const std::pair<std::string, std::string> cases[] = {
      {"/nonexistent/program", "could not start /nonexistent/program: No such file or directory"},
      {not_executable, "could not start " + not_executable + ": Permission denied"},
  };
  for (const auto& [program, expected] : cases) {
    try {
      const int code = run_process({program}, dir / "exec.out", dir / "exec.err");
      ADD_FAILURE() << program << ": no error, code " << code;
    } catch (const OwnProgramError& e) {
      EXPECT_EQ(std::string(e.what()), expected);
    }
  }
}

// The pids of this process's children (from /proc: each process's parent).
std::vector<pid_t> children_of_this_process() {
  std::vector<pid_t> found;
  for (const fs::directory_entry& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(e.path() / "stat");
    std::string line;
    std::getline(stat, line);
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    pid_t parent = 0;
    rest >> state >> parent;
    if (parent == getpid()) found.push_back(std::stoi(name));
  }
  return found;
}

// A child's guard stopped by something other than stridescope (a `kill` from a shell) is said as
// such, not as the wall-time limit it never reached.
// `signal` sent from outside to the guard of /bin/sleep run with `isolation`: what run_process
// says.
int stopped_from_outside(Isolation isolation, int signal) {
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP);
  const Limits limits{20, 0, 0, 20, isolation};
  int code = -1;
  std::thread runner([&] {
    code = run_process({"/bin/sleep", "10"}, dir / "outside.out", dir / "outside.err", {}, limits);
  });
  std::vector<pid_t> guards;
  test_support::wait_until([&] { return !(guards = children_of_this_process()).empty(); }, 5);
  EXPECT_EQ(guards.size(), 1u);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the guard waits for its reaper
  if (!guards.empty()) kill(guards[0], signal);
  runner.join();
  return code;
}

// Three processes of 40 MB each: under a limit of 64 MiB apiece, over it together. They are
// stopped, all of them, and that is said; a limit on each process alone would let them be.
TEST(OwnIsolation, TheMemoryOfAProgramsProcessesIsBoundedTogether) {
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP);
  const std::string name = marker("ssmem");
  const fs::path sleeper = dir / name;  // sleep, under a name of its own (its comm)
  fs::remove(sleeper);
  fs::create_symlink("/bin/sleep", sleeper);
  for (const bool in_namespace : {false, true}) {
    if (in_namespace && !namespaces_allowed()) continue;
    const Sandbox sandbox(in_namespace ? nullptr : "group");
    Limits limits{20, 0, 0, 20, Isolation::Program, 64ull << 20};
    const auto t0 = std::chrono::steady_clock::now();
    const int code =
        run_process({"/bin/bash", "-c",
                     "for i in 1 2 3; do (x=$(head -c 40000000 /dev/zero | tr '\\0' a); " +
                         sleeper.string() + " 15 & wait; :) & done; wait"},
                    dir / "memory.out", dir / "memory.err", {}, limits);
    EXPECT_EQ(code, kPastMemoryLimit) << (in_namespace ? "namespace" : "group");
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
    EXPECT_EQ(ending_text(code, limits, "the program"),
              "the program and the processes it started held over 64 MiB of memory together: "
              "they were stopped");
    EXPECT_TRUE(all_gone(name)) << "a process of the program outlived it";
  }
}

TEST(OwnIsolation, AChildStoppedFromOutsideIsSaidSoNotAsATimeLimit) {
  const Limits limits{20, 0, 0, 20, Isolation::Tool};
  const int code = stopped_from_outside(Isolation::Tool, SIGTERM);
  EXPECT_EQ(code, kStoppedFromOutside + SIGTERM);
  EXPECT_EQ(ending_text(code, limits, "sleep"),
            "sleep was stopped from outside stridescope (SIGTERM to the process running it)");
  // SIGKILL, which the guard cannot take: still from outside, not the program's doing.
  EXPECT_EQ(stopped_from_outside(Isolation::Tool, SIGKILL), kStoppedFromOutside + SIGKILL);
  if (namespaces_allowed())  // a program in its namespace cannot reach its guard
    EXPECT_EQ(stopped_from_outside(Isolation::Program, SIGKILL), kStoppedFromOutside + SIGKILL);
}

// --keep and --schedules run in one folder again and again: a run that writes no record (killed)
// is not read as the run before it.
TEST(OwnIsolation, ARunInTheFolderOfAnEarlierOneIsNotReadAsThatOne) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const fs::path keep = fs::path(STRIDESCOPE_TEST_TMP) / "keep_again";
  fs::remove_all(keep);
  const std::string kernel =
      "__global__ void k(int* out) {\n  __shared__ int s[4];\n  s[threadIdx.x + 1] = 1;\n"
      "  out[threadIdx.x] = s[threadIdx.x];\n}\n";
  const std::string overrun = kernel +
                              "int main() {\n  int* d;\n  cudaMalloc(&d, 16);\n  k<<<1, 4>>>(d);\n"
                              "  cudaDeviceSynchronize();\n}\n";
  const std::string killed =
      "#include <csignal>\n#include <unistd.h>\nint main() {\n"
      "  kill(getpid(), SIGKILL);\n}\n";
  std::string said[2];
  int status[2];
  int k = 0;
  for (const std::string& source : {overrun, killed}) {
    OwnRunOptions options;
    options.file = write_program("keep_again.cu", source);
    options.work_dir = keep.string();
    std::ostringstream out, err;
    status[k] = command_run(options, "", false, out, err);
    said[k++] = err.str();
  }
  EXPECT_EQ(status[0], 2);
  EXPECT_NE(said[0].find("past the end of __shared__ s"), std::string::npos) << said[0];
  EXPECT_EQ(status[1], 2);
  EXPECT_NE(said[1].find("the program died: Killed"), std::string::npos) << said[1];
  EXPECT_EQ(said[1].find("past the end"), std::string::npos) << said[1];
}

// A tool's run is limited too: a child past its wall-time limit is stopped, with what it started.
TEST(OwnIsolation, AToolPastItsWallTimeLimitIsStoppedWithWhatItStarted) {
  const std::string name = marker("sstool");
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP);
  const fs::path sleeper = dir / name;  // sleep under a name of its own
  fs::copy_file("/bin/sleep", sleeper, fs::copy_options::overwrite_existing);
  const auto t0 = std::chrono::steady_clock::now();
  const int code =
      run_process({"/bin/sh", "-c", sleeper.string() + " 30 & exec " + sleeper.string() + " 30"},
                  dir / "tool.out", dir / "tool.err", {}, Limits{5, 0, 0, 1});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(code, kPastWallTime);
  EXPECT_LT(seconds, 5);
  EXPECT_TRUE(all_gone(name));
}

}  // namespace
}  // namespace stridescope
