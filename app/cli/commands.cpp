// The text commands: they print to a stream and return the process exit status.
#include "cli/commands.h"

#include <iomanip>
#include <ostream>

#include "core/format.h"
#include "model/fact_rows.h"
#include "model/global_memory_text.h"
#include "model/grid_summary.h"
#include "model/launch_list.h"
#include "model/trace_model.h"
#include "registry.h"
#include "trace/trace_json.h"
#include "trace/word_types.h"

namespace stridescope {
namespace {

void print_step_table(const TraceModel& model, std::size_t b, std::ostream& out) {
  out << "block " << model.block(b).block << "\n" << std::left << std::setw(5) << "step";
  for (const FactRow& row : step_fact_rows(model, model.facts(0, b), b)) {
    out << (row.left ? std::left : std::right) << std::setw(row.width) << row.short_name;
  }
  out << "\n";
  for (std::size_t s = 0; s < model.step_count(b); ++s) {
    out << std::left << std::setw(5) << s;
    StepFacts facts = model.facts(s, b);
    for (const FactRow& row : step_fact_rows(model, facts, b)) {
      out << (row.left ? std::left : std::right) << std::setw(row.width) << row.cell;
    }
    out << "\n      " << facts.narration << "\n";
  }
  const ConflictTotals& conflicts = model.conflict_totals(b);
  out << "bank conflicts (extra wavefronts, whole block): ld " << conflicts.loads << " st "
      << conflicts.stores << "\n";
  const WorkDepth& wd = model.work(b);
  bool cmp = compares(model.trace().run.op);
  out << "work in shared memory: ";
  if (wd.additions > 0) {
    out << combinations_text(cmp, wd.additions) << ", depth " << wd.depth << " ("
        << combinations_word(cmp) << " one after another); ";
  } else {  // a transpose adds nothing; a shuffle reduction adds in registers
    out << "no " << combinations_word(cmp)
        << (model.has_shuffles() ? " (they are made in registers, by shuffles); " : "; ");
  }
  out << count_text(wd.barrier_steps, "__syncthreads()", "__syncthreads()") << " passed";
  if (model.trace().result_in_word0) out << "; block result " << value_text(model.block(b).partial);
  out << "\n";
}

}  // namespace

// The input's pattern, or a custom input's values (the first 8).
std::string input_text(const RunInfo& run) {
  if (run.input_pattern != InputPattern::Custom) return std::string(name_of(run.input_pattern));
  std::string text;
  for (std::size_t i = 0; i < run.input_values.size() && i < 8; ++i) {
    text += (i == 0 ? "" : ",") + value_text(run.input_values[i]);
  }
  return run.input_values.size() > 8 ? text + ",..." : text;
}

int command_list(std::ostream& out) {
  for (const VariantInfo& v : variant_catalog()) {
    out << std::left << std::setw(30) << v.id << v.lesson.title << "\n"
        << std::setw(30) << "" << v.lesson.reference << "\n";
  }
  return 0;
}

int command_trace(const Tracer& tracer, const RunRequest& request, const std::string& out_path,
                  std::ostream& out) {
  Trace trace = tracer(request);
  save_trace(trace, out_path);
  out << "wrote " << out_path << ": " << trace.blocks[0].steps.size() << " steps of block "
      << trace.blocks[0].block;
  if (trace.divergence) {
    out << ", no result: the run stopped at a divergent barrier (see stridescope check)\n";
  } else {
    out << ", result " << value_text(trace.result) << " (reference " << value_text(trace.reference)
        << ")\n";
    std::optional<Overflow> o =
        overflow(trace.result, trace.reference, trace.run.element_type, trace.run.op);
    if (o) out << "warning: " << o->sentence << "\n";
  }
  return 0;
}

// A user's program's cudaMalloc buffers: what the traced block read and wrote, then step by step.
void print_global_memory(const GlobalMemory& memory, std::uint32_t block, std::ostream& out) {
  out << "global memory of block " << block << " over the launch (cudaMalloc buffers):\n";
  for (const std::string& line : launch_lines(memory)) out << "  " << line << "\n";
  if (memory.buffers.empty()) out << "  none\n";
  for (std::size_t s = 0; s < memory.steps.size(); ++s)
    if (!memory.steps[s].empty()) out << "  step " << s << ": " << step_line(memory, s) << "\n";
}

// A user's program's trace: its launch and its blocks' results, not an n, input or reference (its
// n and input would be what its blocks stored in shared memory; its output says what it computed).
void print_program_facts(const TraceModel& model, std::ostream& out) {
  const Trace& trace = model.trace();
  out << trace.run.variant << "  " << shared_types_text(trace) << " in shared memory  traced "
      << traced_launch_text(trace) << "  backend=" << trace.run.backend << "\n"
      << "note: traced from a program run by `stridescope run` (" << trace.run.variant.substr(4)
      << "): its file is its source\n";
  for (std::size_t b = 0; b < model.block_count(); ++b) print_step_table(model, b, out);
  if (trace.global_memory) print_global_memory(*trace.global_memory, trace.blocks[0].block, out);
  if (trace.divergence) {
    out << "no result: " << trace.divergence->message << "\n";
  } else if (!trace.result_in_word0) {
    out << "no block results: " << no_block_results_reason(trace) << "\n";
  } else {
    out << "block " << trace.blocks[0].block << "'s result in "
        << shared_word_name(model.words(), 0)
        << " at its end: " << value_text(trace.blocks[0].partial)
        << " (the program's output says what it makes of the blocks' results)\n";
  }
}

void print_facts_table(const TraceModel& model, std::ostream& out) {
  if (model.program()) return print_program_facts(model, out);
  const Trace& trace = model.trace();
  const RunInfo& r = trace.run;
  out << r.variant << "  " << r.element_type << " " << r.op << "  n=" << r.n
      << "  block=" << r.block_size << "  grid=" << r.grid_size << "  input=" << input_text(r)
      << "  backend=" << r.backend << "\n";
  if (model.variant() == nullptr) {
    out << "note: variant '" << r.variant
        << "' is not in this build's catalog: its source and lesson are unknown, the narration "
           "uses generic names\n";
  }
  for (std::size_t b = 0; b < model.block_count(); ++b) print_step_table(model, b, out);
  if (trace.global_memory) print_global_memory(*trace.global_memory, trace.blocks[0].block, out);
  out << "second stage: " << trace.second_stage;
  for (std::size_t i = 0; i < trace.passes.size(); ++i) {
    out << (i == 0 ? "; launches: " : " -> ") << trace.passes[i].n << " elements in "
        << count_text(trace.passes[i].grid, "block", "blocks");
  }
  out << "\n";
  if (trace.divergence) {
    out << "no result: " << trace.divergence->message << "\n";
    return;
  }
  if (!trace.result_in_word0) {
    out << "no result to check: the blocks do not add into shared word 0 (the program's output "
           "says what it computed)\n";
    return;
  }
  if (const std::optional<Overflow>& o = model.overflow()) {
    out << "result " << value_text(trace.result) << "  reference " << value_text(trace.reference)
        << "\n"
        << o->sentence << "\n";
    return;
  }
  Precision p = *model.result_error();
  out << "result " << std::setprecision(17) << trace.result << "  reference " << trace.reference
      << std::setprecision(6) << "  abs error " << p.absolute << "  rel error " << p.relative
      << "  ulps " << p.ulps << "\n";
}

int command_check(const std::string& trace_path, std::ostream& out) {
  TraceModel model(load_trace(trace_path));
  print_facts_table(model, out);
  return 0;
}

}  // namespace stridescope
