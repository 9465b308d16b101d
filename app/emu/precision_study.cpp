// The precision study: the serial float loop computed here, each variant traced on the emulator.
#include "emu/precision_study.h"

#include "core/input.h"
#include "emu/run_variant.h"
#include "registry.h"
#include "run/request.h"

namespace stridescope {

PrecisionStudy precision_study(std::uint64_t n, std::uint64_t seed, unsigned block) {
  PrecisionStudy study{n, seed, block, 0, {}};
  RunRequest request;
  request.n = n;
  request.seed = seed;
  request.block = block;
  request.input = InputPattern::Uniform;
  request.element_type = ElementType::Float;
  validate(request);

  std::vector<float> input = make_input<float>(InputPattern::Uniform, n, seed);
  float serial = 0;  // one thread, left to right: what a CPU loop does
  for (float x : input) serial += x;
  double reference = 0;
  for (float x : input) reference += x;
  study.reference = reference;
  study.rows.push_back({"serial loop (one CPU thread)", "", ElementType::Float, serial,
                        precision(serial, reference, ElementType::Float)});

  for (const VariantInfo& v : variant_catalog()) {
    if (v.broken_on_purpose() || block < v.launch.min_block || v.launch.op != Operator::Sum) {
      continue;
    }
    request.variant = std::string(v.id);
    Trace trace = run_on_emulator(request);
    study.rows.push_back({std::string(v.lesson.title), request.variant, ElementType::Float,
                          trace.result, precision(trace.result, reference, ElementType::Float)});
  }
  request.variant = "sequential";
  request.element_type = ElementType::Double;
  Trace in_double = run_on_emulator(request);
  study.rows.push_back({"3. Sequential addressing, in double", "sequential", ElementType::Double,
                        in_double.result,
                        precision(in_double.result, reference, ElementType::Double)});
  return study;
}

}  // namespace stridescope
