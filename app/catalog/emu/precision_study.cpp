// The precision study: the serial float loop computed here, each variant traced on the emulator.
#include "catalog/emu/precision_study.h"

#include "core/input.h"
#include "catalog/emu/run_variant.h"
#include "registry.h"
#include "catalog/request.h"

namespace stridescope {

namespace {

PrecisionRow row(Summation summation, std::string label, std::string variant, ElementType type,
                 double result, double reference) {
  PrecisionRow r{summation, std::move(label), std::move(variant),
                 type,      result,           precision(result, reference, type),
                 0};
  r.bar = log_error_position(r.error.relative);
  return r;
}

}  // namespace

PrecisionStudy precision_study(std::uint64_t n, std::uint64_t seed, unsigned block) {
  PrecisionStudy study{n, seed, block, 0, {}};
  RunRequest request;
  request.n = n;
  request.seed = seed;
  request.block = block;
  request.input = InputPattern::Uniform;
  request.element_type = ElementType::Float;
  if (block < 64 || block > 1024 || (block & (block - 1)) != 0) {
    throw RunError("block size " + std::to_string(block) +
                   " is not supported by the precision study: use a power of two from 64 to 1024 "
                   "(every variant runs at it)");
  }
  validate(request);

  std::vector<float> input = make_input<float>(InputPattern::Uniform, n, seed);
  float serial = 0;  // one thread, left to right: what a CPU loop does
  for (float x : input) serial += x;
  double reference = 0;
  for (float x : input) reference += x;
  study.reference = reference;
  study.rows.push_back(row(Summation::SerialLoop, "serial loop (one CPU thread)", "",
                           ElementType::Float, serial, reference));

  for (const VariantInfo& v : variant_catalog()) {
    if (v.broken_on_purpose() || block < v.launch.min_block || v.launch.op != Operator::Sum) {
      continue;
    }
    request.variant = std::string(v.id);
    Trace trace = run_on_emulator(request);
    Summation summation = v.behaviour.compensated ? Summation::Compensated : Summation::Tree;
    study.rows.push_back(row(summation, std::string(v.lesson.title), request.variant,
                             ElementType::Float, trace.result, reference));
  }
  request.variant = "sequential";
  request.element_type = ElementType::Double;
  Trace in_double = run_on_emulator(request);
  study.rows.push_back(row(Summation::Double, "3. Sequential addressing, in double", "sequential",
                           ElementType::Double, in_double.result, reference));
  return study;
}

}  // namespace stridescope
