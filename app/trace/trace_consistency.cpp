// Consistency of a trace with itself: memory, block results, launches and result agree.
#include "trace/trace_consistency.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/format.h"

namespace stridescope {
namespace {

std::string at(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

bool same_value(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

// A word whose value changed in a step must have been written in that step (or, for a word
// several words wide access, covered by one).
std::optional<std::string> unexplained_change(const BlockTrace& block, std::size_t b,
                                              std::uint32_t word_size) {
  std::vector<bool> written;
  for (std::size_t s = 1; s < block.steps.size(); ++s) {
    const Step& before = block.steps[s - 1];
    const Step& step = block.steps[s];
    written.assign(step.snapshot.size(), false);
    for (const Access& a : step.accesses) {
      if (!writes_memory(a.kind)) continue;
      std::size_t first = a.address / word_size;
      std::size_t last = (a.address + a.size - 1) / word_size;
      for (std::size_t w = first; w <= last && w < written.size(); ++w) written[w] = true;
    }
    for (std::size_t w = 0; w < step.snapshot.size(); ++w) {
      if (written[w] || same_value(before.snapshot[w], step.snapshot[w])) continue;
      return at(at(at("$.blocks", b) + ".steps", s) + ".snapshot", w) + ": changed from " +
             value_text(before.snapshot[w]) + " to " + value_text(step.snapshot[w]) +
             " but no access of this step writes it";
    }
  }
  return std::nullopt;
}

std::optional<std::string> broken_chain(const Trace& trace) {
  const RunInfo& run = trace.run;
  if (trace.passes.front().n != run.n) {
    return "$.passes[0].n: " + std::to_string(trace.passes.front().n) +
           " elements, but $.run.n is " + std::to_string(run.n);
  }
  if (trace.passes.front().grid != run.grid_size) {
    return "$.passes[0].grid: " + std::to_string(trace.passes.front().grid) +
           " blocks, but $.run.grid_size is " + std::to_string(run.grid_size);
  }
  for (std::size_t i = 1; i < trace.passes.size(); ++i) {
    if (trace.passes[i].n != trace.passes[i - 1].grid) {
      return at("$.passes", i) + ".n: " + std::to_string(trace.passes[i].n) +
             " elements, but the launch before it left " +
             std::to_string(trace.passes[i - 1].grid) + " block results";
    }
  }
  for (std::size_t b = 0; b < trace.blocks.size(); ++b) {
    const BlockTrace& block = trace.blocks[b];
    double launched = trace.passes.front().partials.at(block.block);
    if (!same_value(block.partial, launched)) {
      return at("$.blocks", b) + ".partial: " + value_text(block.partial) + ", but " +
             at("$.passes[0].partials", block.block) + " (the same block) is " +
             value_text(launched);
    }
  }
  return std::nullopt;
}

// The result against the last launch's block results combined by the operator: exact for int
// (up to wrapping at 2^32) and for max and min, within the rounding of the additions otherwise.
std::optional<std::string> result_mismatch(const Trace& trace) {
  const std::vector<double>& last = trace.passes.back().partials;
  if (last.empty()) return std::nullopt;
  Operator op = trace.run.op;
  double combined = last.front(), magnitude = std::fabs(last.front());
  for (std::size_t i = 1; i < last.size(); ++i) {
    double v = last[i];
    magnitude += std::fabs(v);
    combined = op == Operator::Max   ? std::max(combined, v)
               : op == Operator::Min ? std::min(combined, v)
                                     : combined + v;
  }
  double difference = std::fabs(trace.result - combined);
  bool agrees = false;
  if (compares(op)) {
    agrees = same_value(trace.result, combined);
  } else if (trace.run.element_type == ElementType::Int) {
    agrees = std::fmod(difference, 4294967296.0) == 0;  // int additions wrap at 2^32
  } else {
    double epsilon = trace.run.element_type == ElementType::Float ? 0x1p-23 : 0x1p-52;
    agrees = difference <= static_cast<double>(last.size()) * epsilon * magnitude ||
             (std::isnan(trace.result) && std::isnan(combined));
  }
  if (agrees) return std::nullopt;
  return "$.result: " + value_text(trace.result) + ", but the " + std::to_string(last.size()) +
         " block results of the last launch ($.passes[" + std::to_string(trace.passes.size() - 1) +
         "]) combine to " + value_text(combined);
}

}  // namespace

std::optional<std::string> first_inconsistency(const Trace& trace) {
  // A catalog run reduces at least one element; a program's trace (it lists its launches) keeps
  // none where its kernel has no shared memory.
  if (trace.run.n == 0 && trace.launches.empty())
    return "$.run.n: 0 elements: a run reduces at least one element";
  for (std::size_t b = 0; b < trace.blocks.size(); ++b) {
    if (auto problem = unexplained_change(trace.blocks[b], b, trace.word_size)) return problem;
  }
  if (trace.divergence || trace.passes.empty()) return std::nullopt;  // no result to check
  if (auto problem = broken_chain(trace)) return problem;
  return result_mismatch(trace);
}

}  // namespace stridescope
