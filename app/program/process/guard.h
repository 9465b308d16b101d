// The child side of run_process (process/child_process.h): the guard process between stridescope
// and a program, and the reaper that runs the program, ends what it started and says how it ended.
// Everything here runs between fork() and exec() of a threaded process, so it calls only
// async-signal-safe functions and allocates nothing: the plan is made before the fork.
#pragma once

#include <sys/types.h>

#include <cstdint>

namespace stridescope::guard {

// How the program ended, as the reaper writes it to the record pipe.
enum class Ending : int {
  Started = 1,      // value: the program's pid (as stridescope sees it: without a namespace)
  Exited,           // value: its exit status
  Signalled,        // value: the signal that ended it
  TimedOut,         // past the wall-time limit; stopped with everything it started
  SignalledParent,  // value: the signal it sent to the process that started it (or its group)
  Stopped,          // stridescope asked (it is being interrupted or closed)
  SetupFailed,      // value: errno of the step that failed (open, fork); the program never ran
};

struct Record {
  int ending = 0;
  int value = 0;
};

// What the guard needs, made before fork().
struct Plan {
  const char* program = "";  // the path to exec; "" ends the child with status 127
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  const char* in_path = "/dev/null";
  const char* out_path = "";
  const char* err_path = "";
  std::uint64_t cpu_s = 0, memory_bytes = 0, file_bytes = 0;  // 0: none (set on the program only)
  std::uint64_t wall_ms = 0;                                  // 0: none
  // The user's processes and threads the program may bring the count to (RLIMIT_NPROC; 0: none).
  std::uint64_t processes = 0;
  // A PID namespace (and a mount namespace with a /proc of its own) for the program where the
  // system allows it; else, and for tools, a subreaper that ends every process the program left.
  bool own_pid_namespace = false;
  // A user's program runs without capabilities, even as root: it cannot unmount its namespace's
  // /proc (and find stridescope's processes under it), mount, trace, or mark files immutable.
  bool no_capabilities = false;
  pid_t app_pid = 0;  // stridescope: its signals to the guard are requests to stop
  // For a user namespace when the caller is not root: "UID UID 1" and "GID GID 1".
  const char* uid_map = "";
  const char* gid_map = "";
  int record_fd = -1;  // the pipe's write end (at least 3); every other descriptor is closed
};

// Runs the guard (in the child of fork()): its own session, stopped with stridescope, the program
// under it. Never returns.
[[noreturn]] void run_guard(const Plan& plan);

}  // namespace stridescope::guard
