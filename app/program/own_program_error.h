// The one error of `stridescope run`'s pipeline (read, build, run, record): its message is the
// `stridescope: error:` line. A header of its own, so that the process runner below the pipeline
// throws it without including the pipeline (own_program.h).
#pragma once

#include <stdexcept>

namespace stridescope {

// The program could not be built or traced (a compile error, an unsupported construct, no clang).
class OwnProgramError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace stridescope
