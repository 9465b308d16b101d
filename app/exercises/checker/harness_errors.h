// A compile error in an exercise's harness (the main() appended after the learner's last line)
// said as what it means: the file does not define what the exercise runs, as the starter declares
// it (an empty file, a file of another exercise), instead of a line number past the file's end.
#pragma once

#include <string>

#include "exercises/exercise.h"

namespace stridescope {

// `said` (clang's messages) unchanged where its first error is on a line of the learner's file;
// else one sentence naming the declarations the harness calls and clang's error.
std::string harness_error(const Exercise& exercise, const std::string& file,
                          const std::string& said);

}  // namespace stridescope
