// Which bytes of a C++ source are code: not in a comment, a string or a character literal. For the
// small textual passes made before clang reads a file (launch_brackets.h, kernel_prototypes.h).
#pragma once

#include <string>
#include <vector>

namespace stridescope {

// code[i] is false where byte i is in a comment (the newline ending a `//` one too), a string or a
// character literal (its quotes too).
std::vector<bool> code_bytes(const std::string& source);

}  // namespace stridescope
