// Child processes with limits for `stridescope run`: clang, llvm-symbolizer, the user's program.
#include "owncuda/child_process.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "owncuda/own_program.h"

namespace stridescope {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OwnProgramError("cannot read " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int run_process(const std::vector<std::string>& argv, const fs::path& out, const fs::path& err,
                const std::vector<std::string>& env, const Limits& limits, const fs::path& in) {
  pid_t pid = fork();
  if (pid < 0) throw OwnProgramError("fork failed");
  if (pid == 0) {
    int fd_in = open(in.empty() ? "/dev/null" : in.c_str(), O_RDONLY);
    int fd_out = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fd_err = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_in < 0 || fd_out < 0 || fd_err < 0) _exit(126);
    dup2(fd_in, 0);
    dup2(fd_out, 1);
    dup2(fd_err, 2);
    if (limits.cpu_s) {
      rlimit r{limits.cpu_s, limits.cpu_s + 1};
      setrlimit(RLIMIT_CPU, &r);
    }
    if (limits.memory_bytes) {
      rlimit r{limits.memory_bytes, limits.memory_bytes};
      setrlimit(RLIMIT_AS, &r);
    }
    if (limits.file_bytes) {  // a write past it fails with SIGXFSZ
      rlimit r{limits.file_bytes, limits.file_bytes};
      setrlimit(RLIMIT_FSIZE, &r);
    }
    for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.wall_s);
  for (;;) {
    const pid_t done = waitpid(pid, &status, limits.wall_s ? WNOHANG : 0);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) throw OwnProgramError("waitpid failed");
    if (done == 0 && std::chrono::steady_clock::now() > deadline) kill(pid, SIGKILL);
    if (done == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

std::string find_tool(const std::vector<std::string>& names) {
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/bin:/bin";
  for (const std::string& name : names) {
    std::stringstream dirs(p);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  return "";
}

}  // namespace stridescope
