// The guard and the reaper of a child process (see guard.h): async-signal-safe calls only.
#include "program/process/guard.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <ctime>

namespace stridescope::guard {

namespace {

void put(const Plan& p, Ending ending, int value) {
  const Record r{static_cast<int>(ending), value};
  const ssize_t ignored = write(p.record_fd, &r, sizeof r);
  (void)ignored;
}

[[noreturn]] void setup_failed(const Plan& p) {
  put(p, Ending::SetupFailed, errno);
  _exit(126);
}

std::uint64_t now_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::uint64_t(t.tv_sec) * 1000 + std::uint64_t(t.tv_nsec) / 1000000;
}

// Every signal a program could send to the process that started it, and SIGCHLD: blocked in the
// guard and the reaper, taken one at a time by sigtimedwait (no handler ever runs in them).
sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s = 1; s < NSIG; ++s)  // real-time signals too
    if (s != SIGKILL && s != SIGSTOP && s != SIGCONT && s != SIGWINCH && s != SIGURG)
      sigaddset(&set, s);
  return set;
}

// Waits up to `ms` for one watched signal: its number, or 0.
int next_signal(const sigset_t& watched, std::uint64_t ms, siginfo_t& info) {
  timespec wait{time_t(ms / 1000), long(ms % 1000) * 1000000L};
  const int sig = sigtimedwait(&watched, &info, &wait);
  return sig > 0 ? sig : 0;
}

bool write_text(const char* path, const char* text) {
  const int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  const bool ok = write(fd, text, n) == ssize_t(n);
  close(fd);
  return ok;
}

// A PID namespace and a mount namespace: as root directly, else inside a user namespace that maps
// the caller's uid and gid to themselves. False where the system allows neither.
bool enter_namespaces(const Plan& p) {
  if (unshare(CLONE_NEWPID | CLONE_NEWNS) == 0) return true;
  if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS) != 0) return false;
  write_text("/proc/self/uid_map", p.uid_map);
  write_text("/proc/self/setgroups", "deny");
  write_text("/proc/self/gid_map", p.gid_map);
  return true;
}

// The namespace's own /proc, so that the program sees its own processes only. Mounts made private
// first: nothing done here reaches the caller's mount namespace. Where either fails, the program
// sees the machine's /proc (it still cannot signal what it sees: its PID namespace holds no other).
void own_proc() {
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return;
  mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr);
}

void set_limit(int resource, std::uint64_t value, std::uint64_t hard_extra = 0) {
  if (value == 0) return;
  const rlimit r{rlim_t(value), rlim_t(value + hard_extra)};
  setrlimit(resource, &r);
}

// Every capability gone, for good: out of the bounding set (root's exec would get them back from
// it) and out of the permitted, effective and inheritable sets; no exec can raise them again.
void drop_capabilities() {
  for (int capability = 0; capability < 64; ++capability)
    prctl(PR_CAPBSET_DROP, capability, 0, 0, 0);  // past the kernel's last one: EINVAL, harmless
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct none[2] = {};
  syscall(SYS_capset, &header, none);
  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

// The program: a process group of its own (as a shell starts a job), killed with its reaper, the
// signals as a program expects them (defaults, none blocked), the limits, then exec.
[[noreturn]] void start_program(const Plan& p) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  struct sigaction by_default {};
  by_default.sa_handler = SIG_DFL;
  for (int s = 1; s < NSIG; ++s) sigaction(s, &by_default, nullptr);  // KILL, STOP: refused
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  set_limit(RLIMIT_CPU, p.cpu_s, 1);
  set_limit(RLIMIT_AS, p.memory_bytes);
  set_limit(RLIMIT_FSIZE, p.file_bytes);  // a write past it: SIGXFSZ
  set_limit(RLIMIT_NPROC, p.processes);   // a fork bomb fails to fork, stridescope's threads go on
  if (p.no_capabilities) drop_capabilities();
  if (p.program[0] != '\0') {
    execve(p.program, p.argv, p.envp);
    put(p, Ending::SetupFailed, errno);  // the record pipe is open until an exec succeeds
  }
  _exit(127);
}

// Reads the pids of this process's children (/proc/self/task/TID/children) into `out`: how many,
// or -1 where the kernel does not list them.
int children_of_self(pid_t* out, int max) {
  char path[64] = "/proc/self/task/";
  char digits[16];
  int n = 0;
  for (pid_t v = getpid(); v > 0 && n < 15; v /= 10) digits[n++] = char('0' + v % 10);
  int at = 16;
  while (n > 0) path[at++] = digits[--n];
  for (const char* tail = "/children"; *tail != '\0';) path[at++] = *tail++;
  path[at] = '\0';
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char text[4096];
  const ssize_t got = read(fd, text, sizeof text - 1);
  close(fd);
  int count = 0;
  pid_t value = 0;
  for (ssize_t i = 0; i < got && count < max; ++i) {
    if (text[i] >= '0' && text[i] <= '9') {
      value = value * 10 + (text[i] - '0');
    } else if (value > 0) {
      out[count++] = value;
      value = 0;
    }
  }
  if (value > 0 && count < max) out[count++] = value;
  return count;
}

// Ends the program and every process it started. In a PID namespace its init kills them all;
// elsewhere the reaper (a subreaper: what the program's processes leave becomes its child) kills
// the program's group and then its children, round after round, until none is left. Where the
// kernel does not list a process's children (no CONFIG_PROC_CHILDREN) one that left the group
// cannot be found: it is waited for 2 s at most, never forever.
void end_everything(pid_t program, bool in_namespace) {
  if (program > 0) kill(-program, SIGKILL);
  if (in_namespace) kill(-1, SIGKILL);
  const std::uint64_t give_up = now_ms() + 2000;
  for (;;) {
    pid_t children[256];
    const int n = in_namespace ? 0 : children_of_self(children, 256);
    for (int i = 0; i < n; ++i) kill(children[i], SIGKILL);
    int status = 0;
    const bool blind = n < 0;  // the children unknown: waits that can end
    const pid_t done = waitpid(-1, &status, blind ? WNOHANG : 0);
    if (done < 0 && errno == ECHILD) return;
    if (blind && done == 0) {
      if (now_ms() > give_up) return;
      const timespec pause{0, 10 * 1000000L};
      nanosleep(&pause, nullptr);
    }
  }
}

// How the program ended, from its wait status.
void note_ending(int status, Ending& ending, int& value) {
  if (WIFSIGNALED(status)) {
    ending = Ending::Signalled;
    value = WTERMSIG(status);
  } else {
    ending = Ending::Exited;
    value = WIFEXITED(status) ? WEXITSTATUS(status) : 127;
  }
}

// Whether a signal the reaper took is not the program's: in a namespace, a sender outside it shows
// as pid 0. (Outside a namespace only the program and what it started signal the reaper: the guard
// above it kills it outright.)
bool from_outside(const siginfo_t& info, bool in_namespace) {
  return in_namespace && info.si_pid == 0;
}

// The reaper: starts the program, waits for it (its time limit, a signal it sends to its parent,
// stridescope's request to stop), ends what is left, writes how it ended, exits.
[[noreturn]] void reap(const Plan& p, bool in_namespace) {
  const sigset_t watched = watched_signals();
  if (in_namespace) own_proc();
  prctl(PR_SET_CHILD_SUBREAPER, 1);  // (pid 1 of a namespace is one anyway)
  const pid_t program = fork();
  if (program < 0) setup_failed(p);
  if (program == 0) start_program(p);
  if (!in_namespace) put(p, Ending::Started, program);  // stridescope's last resort: its group
  const std::uint64_t deadline = p.wall_ms > 0 ? now_ms() + p.wall_ms : 0;
  Ending ending = Ending::Exited;
  int value = 0;
  for (bool running = true; running;) {
    int status = 0;
    for (pid_t done; (done = waitpid(-1, &status, WNOHANG)) > 0;)
      if (done == program) {
        note_ending(status, ending, value);
        running = false;
      }
    if (!running) break;
    const std::uint64_t now = now_ms();
    if (deadline > 0 && now >= deadline) {
      ending = Ending::TimedOut;
      break;
    }
    siginfo_t info{};
    const std::uint64_t wait = deadline > 0 && deadline - now < 100 ? deadline - now : 100;
    const int sig = next_signal(watched, wait, info);
    if (sig == 0 || sig == SIGCHLD) continue;
    ending = from_outside(info, in_namespace) ? Ending::Stopped : Ending::SignalledParent;
    value = sig;
    running = false;
  }
  end_everything(program, in_namespace);
  put(p, ending, value);
  _exit(0);
}

// The guard: waits for the reaper. A request to stop (stridescope's signal, or stridescope gone)
// kills the reaper; so does nothing else. Outside a namespace the guard is a subreaper too: when
// the reaper is killed (stopped, or by the program: SIGKILL to its parent cannot be taken), what
// the program left becomes the guard's and is ended here. In a namespace the reaper is its pid 1,
// whose end ends every process in it.
[[noreturn]] void wait_for_reaper(const Plan& p, pid_t reaper, bool in_namespace) {
  const sigset_t watched = watched_signals();
  // Its own deadline, past the reaper's: a reaper the program stopped or hung is ended here.
  const std::uint64_t deadline = p.wall_ms > 0 ? now_ms() + p.wall_ms + 3000 : 0;
  Ending ending = Ending::Stopped;
  int value = 0, status = 0;
  for (;;) {
    if (waitpid(reaper, &status, WNOHANG | WUNTRACED) == reaper) {
      if (WIFEXITED(status)) _exit(0);   // it wrote the record (how it ended, or what failed)
      ending = Ending::SignalledParent;  // killed or stopped by the program
      value = WIFSIGNALED(status) ? WTERMSIG(status) : WIFSTOPPED(status) ? WSTOPSIG(status) : 0;
      if (WIFSTOPPED(status)) {
        kill(reaper, SIGKILL);
        waitpid(reaper, &status, 0);
      }
      break;
    }
    if (deadline > 0 && now_ms() > deadline) {
      ending = Ending::TimedOut;
      kill(reaper, SIGKILL);
      waitpid(reaper, &status, 0);
      break;
    }
    siginfo_t info{};
    const int sig = next_signal(watched, 100, info);
    if ((sig != 0 && sig != SIGCHLD) || getppid() != p.app_pid) {
      kill(reaper, SIGKILL);
      waitpid(reaper, &status, 0);
      value = sig;
      break;
    }
  }
  if (!in_namespace) end_everything(-1, false);
  put(p, ending, value);
  _exit(0);
}

// stdin, stdout and stderr from the plan's files; every other descriptor of stridescope closed
// but the record pipe's.
void redirect(const Plan& p) {
  const int fd_in = open(p.in_path, O_RDONLY);
  const int fd_out = open(p.out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int fd_err = open(p.err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd_in < 0 || fd_out < 0 || fd_err < 0) setup_failed(p);
  dup2(fd_in, 0);
  dup2(fd_out, 1);
  dup2(fd_err, 2);
  const int keep = p.record_fd;
#ifdef SYS_close_range
  const bool closed = (keep <= 3 || syscall(SYS_close_range, 3u, unsigned(keep - 1), 0u) == 0) &&
                      syscall(SYS_close_range, unsigned(keep + 1), ~0u, 0u) == 0;
#else
  const bool closed = false;  // headers older than Linux 5.9: one by one
#endif
  if (closed) return;
  for (int fd = 3; fd < 4096; ++fd)
    if (fd != keep) close(fd);
}

}  // namespace

[[noreturn]] void run_guard(const Plan& p) {
  const sigset_t watched = watched_signals();
  sigprocmask(SIG_SETMASK, &watched, nullptr);
  struct sigaction by_default {};
  by_default.sa_handler = SIG_DFL;
  sigaction(SIGCHLD, &by_default, nullptr);  // never SIG_IGN: children must stay to be waited for
  setsid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);        // taken by sigtimedwait as a request to stop
  if (getppid() != p.app_pid) _exit(125);  // stridescope went before the line above
  redirect(p);
  const bool in_namespace = p.own_pid_namespace && enter_namespaces(p);
  if (!in_namespace) prctl(PR_SET_CHILD_SUBREAPER, 1);
  const pid_t reaper = fork();  // in a namespace: its pid 1
  if (reaper < 0) setup_failed(p);
  if (reaper == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    reap(p, in_namespace);
  }
  wait_for_reaper(p, reaper, in_namespace);
}

}  // namespace stridescope::guard
