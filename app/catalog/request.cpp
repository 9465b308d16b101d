// Checks a run request against the catalog: one clear line for each thing that is wrong.
#include "catalog/request.h"

#include <cmath>

#include "core/format.h"
#include "core/input.h"
#include "registry.h"
#include "trace/trace.h"

namespace stridescope {
namespace {

constexpr EnumName<SecondStage> kChoosableStages[] = {{SecondStage::Host, "host"},
                                                      {SecondStage::Relaunch, "relaunch"}};

void validate_block(const RunRequest& r, const VariantInfo& variant) {
  if (block_supported(variant, r.block)) return;
  const LaunchPolicy& launch = variant.launch;
  if (launch.any_block_size) {
    throw RunError("block size " + std::to_string(r.block) + " is not supported by " + r.variant +
                   ": use " + std::to_string(launch.min_block) + " to 1024 threads");
  }
  throw RunError("block size " + std::to_string(r.block) + " is not supported by " + r.variant +
                 ": use a power of two from " + std::to_string(launch.min_block) +
                 " to 1024 (these variants halve the block at every step)");
}

void validate_second_stage(const RunRequest& r, const VariantInfo& variant) {
  if (!r.second_stage) return;
  bool choosable = false;
  for (const EnumName<SecondStage>& stage : kChoosableStages)
    choosable |= stage.value == r.second_stage;
  if (!choosable) {
    throw RunError("second stage '" + std::string(name_of(*r.second_stage)) +
                   "' is not one of host, relaunch");
  }
  if (*r.second_stage == SecondStage::Relaunch && !can_relaunch(variant)) {
    throw RunError(r.variant + " cannot be relaunched on its block results: " +
                   (variant.writes_grid_total()
                        ? "it finishes the grid itself (" +
                              std::string(name_of(variant.launch.second_stage)) + ")"
                        : std::string("it reads two vectors")));
  }
}

// A custom input: one value per element, each one the element type holds exactly.
void validate_values(const RunRequest& r) {
  if (r.input != InputPattern::Custom) return;
  if (r.values.size() != r.n) {
    throw RunError("the custom input has " + std::to_string(r.values.size()) + " values but n is " +
                   std::to_string(r.n) + ": give one value per element");
  }
  for (double v : r.values) {
    if (!std::isfinite(v)) throw RunError("input values must be finite numbers");
    if (r.element_type == ElementType::Int &&
        (v != std::floor(v) || v < -2147483648.0 || v > 2147483647.0)) {
      throw RunError("input value " + value_text(v) +
                     " is not an int (a whole number from -2147483648 to 2147483647): use "
                     "--type float or double");
    }
  }
}

}  // namespace

RunRequest request_of(const Trace& trace) {
  const RunInfo& run = trace.run;
  RunRequest r;
  r.variant = run.variant;
  r.element_type = run.element_type;
  r.n = run.n;
  r.block = run.block_size;
  r.input = run.input_pattern;
  r.seed = run.seed;
  r.values = run.input_values;
  r.traced_block = trace.blocks.empty() ? 0 : trace.blocks.front().block;
  for (const EnumName<SecondStage>& stage : kChoosableStages) {
    if (stage.value == trace.second_stage) r.second_stage = stage.value;
  }
  return r;
}

double input_of(const RunRequest& request, std::uint64_t i, unsigned which) {
  if (request.input == InputPattern::Custom) return which == 0 ? request.values.at(i) : 1.0;
  if (request.input == InputPattern::BookDot) return static_cast<double>(i) * (which + 1);
  return input_value(request.input, i, request.seed + which);
}

const VariantInfo& variant_of(const RunRequest& r) {
  if (const VariantInfo* variant = find_variant(r.variant)) return *variant;
  std::string known;
  for (const VariantInfo& v : variant_catalog())
    known += (known.empty() ? "" : ", ") + std::string(v.id);
  throw RunError("unknown variant '" + r.variant + "' (known: " + known + ")");
}

void validate(const RunRequest& r) {
  const VariantInfo& variant = variant_of(r);
  validate_block(r, variant);
  if (r.n == 0) throw RunError("n = 0: there is nothing to reduce; n must be at least 1");
  if (r.n > kMaxEmulatedElements) {
    throw RunError("n = " + std::to_string(r.n) + " is over the CPU emulator's limit of " +
                   std::to_string(kMaxEmulatedElements) + " elements");
  }
  if (r.input == InputPattern::Uniform && r.element_type == ElementType::Int) {
    throw RunError("input 'uniform' is numbers in [0, 1): use it with float or double, not int");
  }
  validate_values(r);
  validate_second_stage(r, variant);
  std::uint64_t grid = grid_blocks(variant.launch.grid, r.n, r.block);
  if (r.traced_block >= grid) {
    throw RunError("traced block " + std::to_string(r.traced_block) +
                   " does not exist: the grid has " + std::to_string(grid) + " block(s)");
  }
}

bool block_supported(const VariantInfo& variant, unsigned block) {
  const LaunchPolicy& launch = variant.launch;
  bool power_of_two = block != 0 && (block & (block - 1)) == 0;
  return block >= launch.min_block && block <= 1024 && (launch.any_block_size || power_of_two);
}

bool can_relaunch(const VariantInfo& variant) {
  return !variant.writes_grid_total() && variant.launch.inputs == 1;
}

std::span<const EnumName<SecondStage>> choosable_second_stages() {
  return kChoosableStages;
}

SecondStage second_stage_of(const RunRequest& request) {
  const VariantInfo* variant = find_variant(request.variant);
  if (variant == nullptr) return SecondStage::Host;
  if (variant->writes_grid_total() || !request.second_stage) return variant->launch.second_stage;
  return *request.second_stage;
}

}  // namespace stridescope
