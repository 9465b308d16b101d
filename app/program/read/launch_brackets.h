// A launch written with spaces inside its brackets, as clang-format leaves it
// (`sum << <grid, block >> > (a, b)`): nvcc reads it as a launch, clang does not. The brackets are
// joined before the file is parsed and built, offsets and lines kept.
#pragma once

#include <string>

namespace stridescope {

// `source` with each `<< <` that opens a launch (after a name, a `>` or a `)`) made `<<<` and its
// closing `>> >` made `>>>`, the blanks between them moved after the bracket: the same length,
// the same lines. Comments, strings and character literals are left alone.
std::string launch_brackets_joined(const std::string& source);

}  // namespace stridescope
