// `stridescope diff A.json B.json`: where two traces of a program first differ (exit 1), or that
// every step's shared memory agrees (exit 0); bad input is one error line (exit 2).
#pragma once

#include <iosfwd>
#include <string>

#include "model/diff_text.h"

namespace stridescope {

int command_diff(const std::string& path_a, const std::string& path_b, std::ostream& out,
                 std::ostream& err);

}  // namespace stridescope
