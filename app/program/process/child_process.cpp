// Child processes with limits for `stridescope run`: clang, llvm-symbolizer, the user's program,
// each under a guard (process/guard.h) that ends everything it started; stridescope's side here.
#include "program/process/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "core/files.h"
#include "core/spawn.h"
#include "program/own_program_error.h"
#include "program/process/guard.h"
#include "program/process/memory_watch.h"
#include "program/process/stop.h"

namespace stridescope {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path, std::uint64_t max_bytes) {
  try {
    return read_input_file(path.string(), max_bytes, "file");
  } catch (const FileError& e) {
    throw OwnProgramError(e.what());
  }
}

namespace {

// What `path` (which is there) is, when it is not a regular file of at most `limit` bytes: "a
// FIFO".
std::string what_it_is(const fs::path& path, std::uint64_t limit) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return "nothing";
  if (S_ISLNK(info.st_mode)) return "a symbolic link";
  if (S_ISFIFO(info.st_mode)) return "a FIFO";
  if (S_ISDIR(info.st_mode)) return "a folder";
  if (S_ISREG(info.st_mode) && std::uint64_t(info.st_size) > limit)
    return "a file of " + std::to_string(info.st_size >> 20) + " MiB, over its limit of " +
           std::to_string(limit >> 20) + " MiB";
  return "a device or a socket";
}

}  // namespace

std::string read_what_it_left(const fs::path& path, std::uint64_t limit, std::string& failure) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)) {
    try {
      return read_file(path, limit);
    } catch (const OwnProgramError&) {
    }
  }
  const std::string name = path.filename().string();
  if (!failure.empty()) return {};
  if (::lstat(path.c_str(), &info) != 0) {
    failure = "the program removed " + name + ", a file of its run's folder";
  } else {
    failure = "the program replaced " + name + ", a file of its run's folder, by " +
              what_it_is(path, limit) + " (nothing of it is read)";
  }
  return {};
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

// Whether a program may have a PID namespace: not where STRIDESCOPE_SANDBOX=group asks for the
// process group and subreaper only ("namespace", empty or unset: the default).
bool namespaces_wanted() {
  const char* choice = std::getenv("STRIDESCOPE_SANDBOX");
  const std::string mode = choice == nullptr ? "" : choice;
  if (mode.empty() || mode == "namespace") return true;
  if (mode == "group") return false;
  throw OwnProgramError("STRIDESCOPE_SANDBOX is '" + mode +
                        "': 'namespace' (the default, where the system allows one) or 'group'");
}

// The processes (and threads: the kernel counts both) the user runs now, from /proc's folders'
// owners: the program may add 1024 (root is not limited by the kernel at all).
std::uint64_t process_limit(Isolation isolation) {
  if (isolation != Isolation::Program || getuid() == 0) return 0;
  std::uint64_t mine = 0;
  std::error_code error;
  for (fs::directory_iterator it("/proc", error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    struct stat s {};
    if (name.find_first_not_of("0123456789") != std::string::npos ||
        stat(it->path().c_str(), &s) != 0 || s.st_uid != getuid())
      continue;
    std::uint64_t threads = 0;  // each counted; a process that just went counts one
    std::error_code gone;
    for (fs::directory_iterator t(it->path() / "task", gone), end_t; !gone && t != end_t;
         t.increment(gone))
      ++threads;
    mine += threads > 0 ? threads : 1;
  }
  return mine + 1024;
}

// The record pipe, both ends above stdin, stdout and stderr (the guard moves its files there).
struct RecordPipe {
  int read_end = -1, write_end = -1;
  RecordPipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw OwnProgramError("pipe failed");
    read_end = above_stderr(fds[0]);
    write_end = above_stderr(fds[1]);
    fcntl(read_end, F_SETFL, O_NONBLOCK);
  }
  ~RecordPipe() {
    if (read_end >= 0) close(read_end);
    if (write_end >= 0) close(write_end);
  }
  void close_write_end() {
    close(write_end);
    write_end = -1;
  }
  RecordPipe(const RecordPipe&) = delete;
  RecordPipe& operator=(const RecordPipe&) = delete;
  static int above_stderr(int fd) {
    if (fd > 2) return fd;
    const int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return moved;
  }
  // The records written so far: the program's pid, then how it ended (ending 0 if none came).
  void read_records(guard::Record& final_record, pid_t& program) const {
    guard::Record r;
    while (read(read_end, &r, sizeof r) == ssize_t(sizeof r)) {
      if (r.ending == int(guard::Ending::Started)) {
        program = r.value;
      } else if (final_record.ending != int(guard::Ending::SetupFailed)) {
        final_record = r;  // a failed exec's record stays: the reaper's "exited 127" follows it
      }
    }
  }
};

// The guard, registered while it runs (stop_all_children can reach it).
struct LiveGuard {
  pid_t pid;
  explicit LiveGuard(pid_t p) : pid(p) { register_guard(p); }
  ~LiveGuard() { unregister_guard(pid); }
  LiveGuard(const LiveGuard&) = delete;
  LiveGuard& operator=(const LiveGuard&) = delete;
};

// Whether the guard has ended (waiting for it if `block`); if so it leaves the registry before it
// is reaped, so that its pid, free again, is never signalled by stop_all_children. Throws if the
// wait fails.
bool reap_if_ended(pid_t guard, int& status, bool block) {
  siginfo_t ended{};
  for (;;) {
    const int rc = waitid(P_PID, guard, &ended, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
    if (rc == 0 && ended.si_pid != guard) return false;  // WNOHANG: still running
    if (rc == 0) break;
    if (errno != EINTR)
      throw OwnProgramError(std::string("waitid failed: ") + std::strerror(errno));
  }
  unregister_guard(guard);
  while (waitpid(guard, &status, 0) < 0 && errno == EINTR) {
  }
  return true;
}

// Sleeps until the guard ends or `ms` pass, whichever is first: on the guard's pidfd (Linux 5.3),
// so its end is seen at once; without one, for 2 ms at most (the caller looks again).
class GuardWait {
 public:
  explicit GuardWait(pid_t guard) : fd_(int(::syscall(SYS_pidfd_open, guard, 0))) {}
  ~GuardWait() {
    if (fd_ >= 0) ::close(fd_);
  }
  GuardWait(const GuardWait&) = delete;
  GuardWait& operator=(const GuardWait&) = delete;
  void wait(int ms) const {
    if (fd_ < 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(ms < 2 ? ms : 2));
      return;
    }
    pollfd ended{fd_, POLLIN, 0};
    ::poll(&ended, 1, ms);  // a signal or the time passing ends it early: the caller looks again
  }

 private:
  int fd_;
};

// Asks the guard to stop (it ends the program and what it started), kills it if it does not within
// 2 s, and reaps it.
void stop_guard(pid_t guard) {
  const GuardWait waiting(guard);
  kill(guard, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  int status = 0;
  while (!reap_if_ended(guard, status, false)) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(-guard, SIGKILL);
      kill(guard, SIGKILL);
      reap_if_ended(guard, status, true);
      return;
    }
    waiting.wait(20);
  }
}

// Why stridescope killed a guard itself, if it did.
enum class Killed { No, PastWallTime, PastMemory };

// Waits for the guard: its wait status. The guard keeps the program's wall-time limit; this is the
// backstop (5 s later), the watch on the memory of all the program's processes together (every
// 200 ms), and the place where a request to stop stridescope is seen (within 20 ms).
int wait_for_guard(pid_t guard, const Limits& limits, Killed& killed) {
  const auto backstop = std::chrono::steady_clock::now() +
                        std::chrono::seconds(limits.wall_s ? limits.wall_s + 5 : 0);
  MemoryWatch memory(guard, limits.total_memory_bytes);
  const GuardWait waiting(guard);
  int status = 0;
  for (;;) {
    if (reap_if_ended(guard, status, false)) return status;
    if (const int signal = stop_request(); signal != 0) {
      stop_guard(guard);
      throw Interrupted(signal);
    }
    const bool past_time = limits.wall_s > 0 && std::chrono::steady_clock::now() > backstop;
    if (killed == Killed::No && (past_time || memory.over())) {
      // The guard dies at once; its reaper with it (and, in a namespace, every process there).
      kill(-guard, SIGKILL);
      kill(guard, SIGKILL);
      killed = past_time ? Killed::PastWallTime : Killed::PastMemory;
    }
    waiting.wait(20);  // its end at once; a request to stop within 20 ms
  }
}

// The guard's fork: every signal blocked across it, so that the child starts with none handled.
pid_t fork_guard(const guard::Plan& plan) {
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  const pid_t pid = fork();
  if (pid == 0) guard::run_guard(plan);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (pid < 0) throw OwnProgramError(std::string("fork failed: ") + std::strerror(errno));
  return pid;
}

// The exit status run_process returns, from the guard's record and its own wait status.
int exit_code_of(const guard::Record& r, int guard_status, Killed killed, pid_t program,
                 bool reachable, const std::string& name) {
  if (killed == Killed::PastMemory) {
    if (program > 0) kill(-program, SIGKILL);
    return kPastMemoryLimit;
  }
  switch (guard::Ending(r.ending)) {
    case guard::Ending::Exited:
      return r.value;
    case guard::Ending::Signalled:
      return kKilledBy + r.value;
    case guard::Ending::SignalledParent:
      return kSignalledParent + r.value;
    case guard::Ending::TimedOut:
      return kPastWallTime;
    case guard::Ending::Stopped:  // by stridescope itself (stopping) or by someone else
      if (const int signal = stop_request(); signal != 0) throw Interrupted(signal);
      return kStoppedFromOutside + r.value;
    case guard::Ending::SetupFailed:
      throw OwnProgramError("could not start " + name + ": " + std::strerror(r.value));
    case guard::Ending::Started:
      break;
  }
  // No record: the guard itself was killed, by the backstop, by the program where it can reach
  // the guard (SIGKILL, which no guard can take), or else from outside. What the program started
  // goes with its group.
  if (program > 0) kill(-program, SIGKILL);
  if (killed != Killed::No || !WIFSIGNALED(guard_status)) return kPastWallTime;
  return (reachable ? kSignalledParent : kStoppedFromOutside) + WTERMSIG(guard_status);
}

}  // namespace

// Everything the child needs is made before fork(): between fork() and exec the guard and the
// program call only async-signal-safe functions and allocate nothing. A fork of a threaded process
// (the GUI traces on a worker thread) may find the allocator's lock held by another thread, and
// under AddressSanitizer an allocation after the RLIMIT_AS cut fails outright.
int run_process(const std::vector<std::string>& argv, const fs::path& out, const fs::path& err,
                const std::vector<std::string>& env, const Limits& limits, const fs::path& in,
                const std::string& shown_name) {
  if (argv.empty()) throw OwnProgramError("run_process: no program");
  if (const int signal = stop_request(); signal != 0) throw Interrupted(signal);
  std::vector<std::string> args = argv, environment = child_environment(env);
  if (!shown_name.empty()) args[0] = shown_name;
  const std::string program =
      argv[0].find('/') != std::string::npos ? argv[0] : find_tool({argv[0]});
  std::vector<char*> arg_pointers = pointers(args), env_pointers = pointers(environment);
  const std::string in_path = in.empty() ? "/dev/null" : in.string();
  const std::string out_path = out.string(), err_path = err.string();
  const std::string uid_map = std::to_string(getuid()) + " " + std::to_string(getuid()) + " 1";
  const std::string gid_map = std::to_string(getgid()) + " " + std::to_string(getgid()) + " 1";
  RecordPipe pipe;
  guard::Plan plan;
  plan.program = program.c_str();
  plan.argv = arg_pointers.data();
  plan.envp = env_pointers.data();
  plan.in_path = in_path.c_str();
  plan.out_path = out_path.c_str();
  plan.err_path = err_path.c_str();
  plan.cpu_s = limits.cpu_s;
  plan.memory_bytes = limits.memory_bytes;
  plan.file_bytes = limits.file_bytes;
  plan.wall_ms = std::uint64_t(limits.wall_s) * 1000;
  plan.processes = process_limit(limits.isolation);
  plan.own_pid_namespace = limits.isolation == Isolation::Program && namespaces_wanted();
  plan.no_capabilities = limits.isolation == Isolation::Program;
  plan.app_pid = getpid();
  plan.uid_map = uid_map.c_str();
  plan.gid_map = gid_map.c_str();
  plan.record_fd = pipe.write_end;
  const LiveGuard guard(fork_guard(plan));
  pipe.close_write_end();
  Killed killed = Killed::No;
  const int status = wait_for_guard(guard.pid, limits, killed);
  guard::Record record;
  pid_t program_pid = 0;
  pipe.read_records(record, program_pid);
  // Only a program outside a PID namespace can reach its guard: there the program started by
  // the reaper says so (Started); in a namespace the guard is beyond what the program can see.
  const bool reachable = limits.isolation == Isolation::Program && program_pid > 0;
  return exit_code_of(record, status, killed, program_pid, reachable, argv[0]);
}

std::string ending_text(int exit_code, const Limits& limits, const std::string& who) {
  if (exit_code == kPastMemoryLimit) {
    const std::uint64_t mib = limits.total_memory_bytes >> 20;
    return who + " and the processes it started held over " +
           (mib % 1024 == 0 ? std::to_string(mib >> 10) + " GiB" : std::to_string(mib) + " MiB") +
           " of memory together: they were stopped";
  }
  if (exit_code >= kSignalledParent && exit_code < kKilledBy)
    return who + " sent " + signal_name(exit_code - kSignalledParent) +
           " to the process that started it: it was stopped, with everything it started";
  if (exit_code >= kStoppedFromOutside)
    return who + " was stopped from outside stridescope (" +
           signal_name(exit_code - kStoppedFromOutside) + " to the process running it)";
  if (!ended_abnormally(exit_code)) return "";
  // What may have kept it: a program's guesses; a tool's, a huge or generated source. A program's
  // limits follow --time-limit (the emulator's own watch says more, first; a GPU program's are
  // these).
  const bool program = limits.isolation == Isolation::Program;
  if (exit_code == kPastWallTime)
    return who + " ran past its " + std::to_string(limits.wall_s) + " s wall-time limit" +
           (program ? ", set by --time-limit (waiting for something, or sleeping?)" : "");
  const int signal = exit_code - kKilledBy;
  if (signal == SIGXCPU)
    return who + " ran past its " + std::to_string(limits.cpu_s) + " s of CPU time" +
           (program ? ", set by --time-limit (an endless loop, or more work than that?)" : "");
  if (signal == SIGXFSZ)
    return who + " wrote more than " + std::to_string(limits.file_bytes >> 10) + " KiB" +
           (program ? " (its output, or its trace)" : "") + "; it was stopped";
  return who + " died: " + strsignal(signal);
}

std::string find_tool(const std::vector<std::string>& names) {
  return find_on_path(names).value_or("");
}

}  // namespace stridescope
