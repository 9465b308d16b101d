// Programs the app itself starts and waits for: a file dialog, the GIF export's child, ffmpeg, and
// the tools of the program pipeline are found here on PATH. posix_spawn (safe in a threaded
// process); stdin and stdout as pipes where asked. A learner's program and the compiler tools run
// under program/process/ instead: limits, a guard that ends what they start, namespaces.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace stridescope {

struct SpawnPipes {
  bool stdin_pipe = false;        // write its standard input through SpawnedChild::in
  bool stdout_pipe = false;       // read its standard output through SpawnedChild::out
  bool stderr_to_stdout = false;  // its standard error into the same pipe (with stdout_pipe)
};

struct SpawnedChild {
  pid_t pid = -1;  // -1: it did not start (errno says why)
  int in = -1;     // our end of its stdin pipe, or -1
  int out = -1;    // our end of its stdout pipe, or -1
};

// Starts argv[0] (a path) with argv; whatever it does not get as a pipe it inherits.
SpawnedChild spawn_child(const std::vector<std::string>& argv, const SpawnPipes& pipes);

// Waits for it to end: its exit status, or -1 if a signal ended it.
int wait_child(pid_t pid);

struct ChildOutput {
  int status = -1;  // its exit status; -1 if it could not start or did not exit
  std::string text;
};

// Runs argv[0] (a path) with argv to its end; its standard output, and its standard error too when
// `with_errors`, captured.
ChildOutput run_for_output(const std::vector<std::string>& argv, bool with_errors);

// The full path of the first of `names` found on PATH (/usr/bin:/bin where PATH is unset) that is
// a regular, executable file.
std::optional<std::string> find_on_path(const std::vector<std::string>& names);

}  // namespace stridescope
