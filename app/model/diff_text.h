// Where two traces differ (analysis/trace_diff.h), in words: "same: ..." or "differ: step 3 of
// block 0 (...), cache[5] is 7 in A and 9 in B", with the accesses that wrote the word.
#pragma once

#include <string>

#include "analysis/trace_diff.h"

namespace stridescope {

// The difference in words, naming the traces by `name_a` and `name_b`.
std::string diff_text(const TraceDifference& d, const std::string& name_a,
                      const std::string& name_b);

// What the window says of two traces side by side: the difference in words (or why they cannot
// be compared word by word), and the step of `a` where they first differ (0 when they agree).
struct DifferenceNote {
  std::string text;
  std::size_t step = 0;
};
DifferenceNote difference_note(const Trace& a, const Trace& b, const std::string& name_a,
                               const std::string& name_b);

}  // namespace stridescope
