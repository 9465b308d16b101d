// Stopping what stridescope started when stridescope itself stops: SIGINT, SIGTERM or SIGHUP to
// the command line, or the window closing while a program is traced. Every running child's guard
// is known here; a wait for a child sees the request and ends it with everything it started.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>

namespace stridescope {

// Thrown from a wait for a child when stridescope was asked to stop: the child and what it started
// are gone; unwinding removes the work folders.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

// A signal's name as the shell says it: "SIGTERM" ("signal 70" for one without a name).
std::string signal_name(int signal);

// The command line's handlers for SIGINT, SIGTERM and SIGHUP: each notes the signal (a second
// one ends stridescope at once, as an impatient Ctrl+C expects).
void stop_on_signals();
// The signal noted (0: none). Async-signal-safe to note.
int stop_signal();
void note_stop_signal(int signal);
// What a wait for a child stops for: the signal noted, SIGTERM once stop_all_children was called,
// else 0.
int stop_request();

// Every running child's guard, as run_process registers it.
void register_guard(pid_t guard);
void unregister_guard(pid_t guard);
// Stops every running child now (each guard ends its program and what it started) and waits up to
// `seconds` for their waits to see it; then kills what is left. For the window's exit.
void stop_all_children(double seconds = 2.0);

}  // namespace stridescope
