// The precision study: the serial float loop computed here, each variant traced on the emulator.
#include "emu/precision_study.h"

#include "core/input.h"
#include "emu/run_variant.h"
#include "registry.h"

namespace stridescope {

PrecisionStudy precision_study(std::uint64_t n, std::uint64_t seed, unsigned block) {
  PrecisionStudy study{n, seed, block, 0, {}};
  RunRequest request;
  request.n = n;
  request.seed = seed;
  request.block = block;
  request.input = "uniform";
  request.element_type = "float";
  validate(request);

  std::vector<float> input = make_input<float>("uniform", n, seed);
  float serial = 0;  // one thread, left to right: what a CPU loop does
  for (float x : input) serial += x;
  double reference = 0;
  for (float x : input) reference += x;
  study.reference = reference;
  study.rows.push_back(
      {"serial loop (one CPU thread)", "", "float", serial, precision(serial, reference, "float")});

  for (const VariantInfo& v : variant_catalog()) {
    if (!v.broken_on_purpose.empty() || block < v.min_block || v.op != "sum") continue;
    request.variant = std::string(v.id);
    Trace trace = run_on_emulator(request);
    study.rows.push_back({std::string(v.title), request.variant, "float", trace.result,
                          precision(trace.result, reference, "float")});
  }
  request.variant = "sequential";
  request.element_type = "double";
  Trace in_double = run_on_emulator(request);
  study.rows.push_back({"3. Sequential addressing, in double", "sequential", "double",
                        in_double.result, precision(in_double.result, reference, "double")});
  return study;
}

}  // namespace stridescope
