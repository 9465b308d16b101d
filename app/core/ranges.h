// Formats sets of thread or warp numbers compactly for people: "0–63, 70, 96–127".
#pragma once

#include <string>
#include <vector>

namespace stridescope {

// `numbers` must be sorted ascending; an empty list gives "none".
std::string format_ranges(const std::vector<unsigned>& numbers);

}  // namespace stridescope
