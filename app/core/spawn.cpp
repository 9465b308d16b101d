// Starting and waiting for the programs the app runs itself (see spawn.h).
#include "core/spawn.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

extern char** environ;

namespace stridescope {

namespace {

void close_both(int fds[2]) {
  if (fds[0] >= 0) ::close(fds[0]);
  if (fds[1] >= 0) ::close(fds[1]);
}

}  // namespace

SpawnedChild spawn_child(const std::vector<std::string>& argv, const SpawnPipes& pipes) {
  SpawnedChild child;
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  if (argv.empty() || (pipes.stdin_pipe && ::pipe2(in, O_CLOEXEC) != 0) ||
      (pipes.stdout_pipe && ::pipe2(out, O_CLOEXEC) != 0)) {
    const int error = argv.empty() ? EINVAL : errno;
    close_both(in);
    close_both(out);
    errno = error;
    return child;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (pipes.stdin_pipe) posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  if (pipes.stdout_pipe) {
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    if (pipes.stderr_to_stdout) posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int failed = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (in[0] >= 0) ::close(in[0]);
  if (out[1] >= 0) ::close(out[1]);
  if (failed != 0) {
    if (in[1] >= 0) ::close(in[1]);
    if (out[0] >= 0) ::close(out[0]);
    errno = failed;
    return child;
  }
  child.pid = pid;
  child.in = in[1];
  child.out = out[0];
  return child;
}

int wait_child(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

ChildOutput run_for_output(const std::vector<std::string>& argv, bool with_errors) {
  ChildOutput result;
  const SpawnedChild child = spawn_child(argv, {false, true, with_errors});
  if (child.pid < 0) return result;
  char buffer[4096];
  for (ssize_t got; (got = ::read(child.out, buffer, sizeof buffer)) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    result.text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(child.out);
  result.status = wait_child(child.pid);
  return result;
}

std::optional<std::string> find_on_path(const std::vector<std::string>& names) {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  for (const std::string& name : names) {
    if (name.empty()) continue;
    for (std::size_t start = 0; start <= dirs.size();) {  // an empty entry, even the last, is "."
      std::size_t end = dirs.find(':', start);
      if (end == std::string::npos) end = dirs.size();
      const std::string dir = dirs.substr(start, end - start);
      start = end + 1;
      if (dirs.empty()) break;  // PATH set but empty: nowhere
      const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
      struct stat info {};
      if (::stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
          ::access(candidate.c_str(), X_OK) == 0)
        return candidate;
    }
  }
  return std::nullopt;
}

}  // namespace stridescope
