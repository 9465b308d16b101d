// What the page shows, as JSON for the page's tests: the run's variant, block size and element
// type, the step shown and how many there are, how many runs a compare holds, and the run's error.
#pragma once

#include <string>

namespace stridescope {

class Session;

std::string shown_state(const Session& session);

}  // namespace stridescope
