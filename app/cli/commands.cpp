// The text commands: they print to a stream and return the process exit status.
#include "cli/commands.h"

#include <cstdio>
#include <iomanip>
#include <ostream>

#include "analysis/additions.h"
#include "analysis/bank_conflicts.h"
#include "analysis/precision.h"
#include "analysis/step_facts.h"
#include "registry.h"
#include "trace/trace_json.h"

namespace stridescope {

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
    out << ", result " << trace.result << " (reference " << trace.reference << ")\n";
  }
  return 0;
}

void print_facts_table(const Trace& trace, std::ostream& out) {
  const RunInfo& r = trace.run;
  out << r.variant << "  " << name_of(r.element_type) << " " << name_of(r.op) << "  n=" << r.n
      << "  block=" << r.block_size << "  grid=" << r.grid_size
      << "  input=" << name_of(r.input_pattern) << "  backend=" << name_of(r.backend) << "\n";
  for (std::size_t b = 0; b < trace.blocks.size(); ++b) {
    out << "block " << trace.blocks[b].block << "\n";
    out << std::left << std::setw(5) << "step" << std::setw(18) << "label" << std::setw(6) << "line"
        << std::right << std::setw(8) << "active" << std::setw(10) << "divergent" << std::setw(6)
        << "idle" << std::setw(10) << "conflict" << std::setw(9) << "ld+st" << std::setw(11)
        << "additions" << std::setw(9) << "hazards" << std::setw(14) << "s[0]"
        << "\n";
    for (std::size_t s = 0; s < trace.blocks[b].steps.size(); ++s) {
      StepFacts f = step_facts(trace, b, s);
      std::string degree =
          f.worst_conflict_degree > 1 ? std::to_string(f.worst_conflict_degree) + "-way" : "none";
      out << std::left << std::setw(5) << s << std::setw(18) << f.label << std::setw(6) << f.line
          << std::right << std::setw(8) << f.activity.active_threads << std::setw(10)
          << f.activity.divergent_warps << std::setw(6) << f.activity.idle_warps << std::setw(10)
          << degree << std::setw(9)
          << std::to_string(f.conflicts.load_conflicts) + "+" +
                 std::to_string(f.conflicts.store_conflicts)
          << std::setw(11) << f.additions_so_far << std::setw(9) << f.hazards.size()
          << std::setw(14) << f.first_word << "\n";
      out << "      " << f.narration << "\n";
    }
    unsigned load_conflicts = 0, store_conflicts = 0;
    for (const Step& step : trace.blocks[b].steps) {
      StepConflicts c = bank_conflicts(step, r.block_size);
      load_conflicts += c.load_conflicts;
      store_conflicts += c.store_conflicts;
    }
    out << "bank conflicts (extra wavefronts, whole block): ld " << load_conflicts << " st "
        << store_conflicts << "\n";
    WorkDepth wd = work_and_depth(trace.blocks[b], trace.word_size);
    out << "work " << wd.additions << " additions, depth " << wd.depth << " (additions in a row), "
        << wd.reduction_steps << " reduction steps, " << wd.barrier_steps
        << " barriers; block partial " << trace.blocks[b].partial << "\n";
  }
  out << "second stage: " << name_of(trace.second_stage);
  for (std::size_t i = 0; i < trace.passes.size(); ++i) {
    out << (i == 0 ? "; launches: " : " -> ") << trace.passes[i].n << " elements in "
        << trace.passes[i].grid << (trace.passes[i].grid == 1 ? " block" : " blocks");
  }
  out << "\n";
  if (trace.divergence) {
    out << "no result: " << trace.divergence->message << "\n";
    return;
  }
  Precision p = precision(trace.result, trace.reference, r.element_type);
  out << "result " << std::setprecision(17) << trace.result << "  reference " << trace.reference
      << std::setprecision(6) << "  abs error " << p.absolute << "  rel error " << p.relative
      << "  ulps " << p.ulps << "\n";
}

int command_check(const std::string& trace_path, std::ostream& out) {
  Trace trace = load_trace(trace_path);
  print_facts_table(trace, out);
  return 0;
}

}  // namespace stridescope
