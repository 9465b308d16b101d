// `stridescope diff A.json B.json`: where two traces of a program first differ (exit 1), or that
// every step's shared memory agrees (exit 0); bad input is one error line (exit 2).
#pragma once

#include <iosfwd>
#include <string>

#include "analysis/trace_diff.h"

namespace stridescope {

// The difference in words, naming the traces by `name_a` and `name_b` (their paths).
std::string diff_text(const TraceDifference& d, const std::string& name_a,
                      const std::string& name_b);

int command_diff(const std::string& path_a, const std::string& path_b, std::ostream& out,
                 std::ostream& err);

}  // namespace stridescope
