// The fuzzed pipelines: JSON text -> Trace -> TraceModel -> the check table and the views' text,
// as a trace file is read (`check`, the window's open) and as a run's raw record is (`run`).
#include "trace_pipeline.h"

#include <sstream>

#include "cli/commands.h"
#include "core/format.h"
#include "core/json_shape.h"
#include "model/fact_rows.h"
#include "model/trace_model.h"
#include "program/record/program_symbols.h"
#include "program/record/raw_record.h"
#include "program/record/raw_trace.h"
#include "trace/trace_consistency.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

// What every view builds from a trace: true if it made any text.
bool exercise_views(Trace trace) {
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

// The bytes as a trace file, read as load_trace reads one.
bool exercise_trace_file(const nlohmann::json& document) {
  Trace trace;
  try {
    trace = trace_from_json(document);
  } catch (const TraceFormatError&) {
    return false;
  }
  return exercise_views(std::move(trace));
}

// The bytes as a run's raw record, read as BuiltProgram::run reads one (without a program: no
// lines or sources; the shared arrays' places are the record's own).
bool exercise_raw_record(const nlohmann::json& json) {
  RawRecord raw;
  try {
    raw = raw_record_of(json);
  } catch (const RawRecordError&) {
    return false;
  }
  if (!raw.traced_run()) return false;
  TraceInputs in;
  in.symbols = record_shared_symbols(raw);
  Trace trace = trace_of_raw(raw, in);
  if (first_inconsistency(trace)) return false;
  return exercise_views(std::move(trace));
}

}  // namespace

bool exercise_trace_pipeline(std::string_view bytes) {
  if (json_shape_problem(bytes)) return false;
  const nlohmann::json document = nlohmann::json::parse(bytes, nullptr, false);
  if (document.is_discarded()) return false;
  const bool trace = exercise_trace_file(document);
  return exercise_raw_record(document) || trace;
}

}  // namespace stridescope
