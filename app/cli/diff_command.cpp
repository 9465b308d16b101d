// `stridescope diff`: loads both traces, compares them (analysis/trace_diff.h), says the result.
#include "cli/diff_command.h"

#include <ostream>
#include <sstream>

#include "core/error_line.h"
#include "model/diff_text.h"
#include "trace/trace_json.h"

namespace stridescope {

int command_diff(const std::string& path_a, const std::string& path_b, std::ostream& out,
                 std::ostream& err) {
  TraceDifference d;
  try {
    d = diff_traces(load_trace(path_a), load_trace(path_b));
  } catch (const TraceDiffError& e) {
    err << error_line(path_a + " and " + path_b + ": " + e.what());
    return 2;
  } catch (const std::exception& e) {
    err << error_line(e.what());
    return 2;
  }
  out << diff_text(d, path_a, path_b);
  return d.kind == DiffKind::Same ? 0 : 1;
}

}  // namespace stridescope
