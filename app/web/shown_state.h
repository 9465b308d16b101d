// What the page shows, as JSON: the run's variant and block size, the step shown and how many
// there are, how many runs a compare holds, the run's error and the frames drawn so far (for the
// page's tests), and the view's
// address (model/view_address.h; none in a lesson or a compare), which the page keeps in its own.
#pragma once

#include <string>

namespace stridescope {

class Session;

std::string shown_state(const Session& session, bool in_lesson, int frames_drawn);

}  // namespace stridescope
