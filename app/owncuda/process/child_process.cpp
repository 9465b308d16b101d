// Child processes with limits for `stridescope run`: clang, llvm-symbolizer, the user's program.
#include "owncuda/process/child_process.h"

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

namespace {

// The environment of the child: ours, with `env`'s NAME=VALUE entries replacing or adding.
std::vector<std::string> child_environment(const std::vector<std::string>& env) {
  std::vector<std::string> out;
  auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    bool replaced = false;
    for (const std::string& mine : env) replaced = replaced || name_of(mine) == name_of(entry);
    if (!replaced) out.push_back(entry);
  }
  out.insert(out.end(), env.begin(), env.end());
  return out;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

// Everything the child needs is made before fork(): between fork() and exec the child calls only
// async-signal-safe functions and allocates nothing. A fork of a threaded process (the GUI traces
// on a worker thread) may find the allocator's lock held by another thread, and under
// AddressSanitizer an allocation after the RLIMIT_AS cut fails outright.
int run_process(const std::vector<std::string>& argv, const fs::path& out, const fs::path& err,
                const std::vector<std::string>& env, const Limits& limits, const fs::path& in,
                const std::string& shown_name) {
  if (argv.empty()) throw OwnProgramError("run_process: no program");
  std::vector<std::string> args = argv, environment = child_environment(env);
  if (!shown_name.empty()) args[0] = shown_name;
  const std::string program =
      argv[0].find('/') != std::string::npos ? argv[0] : find_tool({argv[0]});
  std::vector<char*> arg_pointers = pointers(args), env_pointers = pointers(environment);
  const std::string in_path = in.empty() ? "/dev/null" : in.string();
  const std::string out_path = out.string(), err_path = err.string();
  pid_t pid = fork();
  if (pid < 0) throw OwnProgramError("fork failed");
  if (pid == 0) {
    int fd_in = open(in_path.c_str(), O_RDONLY);
    int fd_out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fd_err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
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
    if (!program.empty()) execve(program.c_str(), arg_pointers.data(), env_pointers.data());
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
      std::error_code error;
      if (!name.empty() && fs::is_regular_file(candidate, error) &&
          access(candidate.c_str(), X_OK) == 0)
        return candidate.string();
    }
  }
  return "";
}

}  // namespace stridescope
