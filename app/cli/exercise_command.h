// `stridescope exercise list|start|check|hint|solution`: the exercises on the command line.
#pragma once

#include <iosfwd>
#include <string>

namespace stridescope {

struct ExerciseCommand {
  std::string action;     // list, start, check, hint, solution
  std::string name;       // the exercise
  std::string file;       // check: the learner's file
  std::string dir = ".";  // start: where NAME.cu is written
  unsigned hint = 0;      // hint: which one (0: the next not yet seen)
};

// Exit status: 0 (done, or passed), 1 (check: failed, with its reasons), 2 (an error, one line).
int command_exercise(const ExerciseCommand& command, std::ostream& out, std::ostream& err);

// The starter file as `start` writes it: the statement as a comment, then the starter.
std::string starter_file_text(const std::string& name);

}  // namespace stridescope
