// What every backend does around its launches alike: the trace header and the exit line.
#include "catalog/launch_common.h"

#include <algorithm>

namespace stridescope {
namespace {

// An input value as the element type holds it.
double element_value(double value, ElementType type) {
  switch (type) {
    case ElementType::Int:
      return static_cast<double>(static_cast<int>(value));
    case ElementType::Float:
      return static_cast<double>(static_cast<float>(value));
    case ElementType::Double:
      break;
  }
  return value;
}

// float64 combination of the input: the sum (of products, for dot), or the max or min of the
// values as the element type holds them (as the kernel compares them).
double reference_of(const RunRequest& request, Operator op) {
  double reference = 0;
  for (std::uint64_t i = 0; i < request.n; ++i) {
    double a = input_of(request, i);
    if (compares(op)) {
      a = element_value(a, request.element_type);
      if (i == 0 || (op == Operator::Max ? a > reference : a < reference)) reference = a;
      continue;
    }
    reference += op == Operator::Dot ? a * input_of(request, i, 1) : a;
  }
  return reference;
}

}  // namespace

Trace trace_header(const RunRequest& request, unsigned grid, unsigned word_size, Backend backend,
                   std::string device, std::string toolkit) {
  const VariantInfo* variant = find_variant(request.variant);
  Operator op = variant != nullptr ? variant->launch.op : Operator::Sum;
  Trace trace;
  RunInfo& run = trace.run;
  run.variant = request.variant;
  run.element_type = request.element_type;
  run.op = op;
  run.n = request.n;
  run.block_size = request.block;
  run.grid_size = grid;
  run.input_pattern = request.input;
  run.seed = request.seed;
  run.backend = backend;
  run.device = std::move(device);
  run.toolkit = std::move(toolkit);
  if (request.input == InputPattern::Custom) trace.run.input_values = request.values;
  trace.word_size = word_size;
  trace.shared_words = request.block;
  trace.second_stage = second_stage_of(request);
  trace.reference = reference_of(request, op);
  return trace;
}

int exit_line(const std::vector<Access>& accesses, const std::vector<ShuffleRound>& shuffles) {
  int line = 0;
  for (const Access& a : accesses) line = std::max(line, a.line);
  for (const ShuffleRound& r : shuffles) line = std::max(line, r.line);
  return line;
}

}  // namespace stridescope
