// The page's state for its tests (shown_state.h).
#include "web/shown_state.h"

#include <nlohmann/json.hpp>

#include "model/view_address.h"
#include "ui/state/session.h"

namespace stridescope {

std::string shown_state(const Session& session, bool in_lesson, int frames_drawn) {
  nlohmann::json state = {{"error", session.error()},
                          {"step", session.shown_step()},
                          {"compare", session.compare_runs().size()},
                          {"frames", frames_drawn}};
  if (session.has_trace()) {
    const Trace& trace = session.trace();
    state["variant"] = trace.run.variant;
    state["block"] = trace.run.block_size;
    state["steps"] = session.model().step_count();
    const bool one_run = !in_lesson && !session.comparing();
    state["address"] = one_run ? view_address(trace, session.shown_step()) : "";
  }
  return state.dump();
}

}  // namespace stridescope
