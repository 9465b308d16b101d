// The fuzzed pipeline: JSON text -> Trace -> TraceModel -> the check table and the views' text.
#include "trace_pipeline.h"

#include <sstream>

#include "cli/commands.h"
#include "core/format.h"
#include "model/fact_rows.h"
#include "model/trace_model.h"
#include "trace/trace_json.h"

namespace stridescope {

bool exercise_trace_pipeline(std::string_view bytes) {
  nlohmann::json document = nlohmann::json::parse(bytes, nullptr, false);
  if (document.is_discarded()) return false;
  Trace trace;
  try {
    trace = trace_from_json(document);
  } catch (const TraceFormatError&) {
    return false;
  }
  TraceModel model(std::move(trace));
  std::ostringstream out;
  print_facts_table(model, out);  // every step's fact rows and narration, the run's totals
  out << lab_summary_line(model.lab()) << model.grid().heading << model.grid().sentence
      << model.grid().result_line;
  for (std::size_t s = 0; s < model.step_count(); ++s) {  // what the canvas and panels add
    out << model.divergence_banner(s) << model.words_holding_lost(s).size()
        << model.uninitialized_words(s).size() << model.warp_shuffles(s, 0).size();
    out << printf_literal(model.facts(s).label.text());
  }
  return !out.str().empty();
}

}  // namespace stridescope
