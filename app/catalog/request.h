// A run as the user asks for it (variant, sizes, input), checked once before any backend runs it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope {

struct VariantInfo;

struct RunRequest {
  std::string variant = "sequential";
  ElementType element_type = ElementType::Int;
  std::uint64_t n = 16;
  unsigned block = 16;
  InputPattern input = InputPattern::Iota;
  std::uint64_t seed = 1;
  unsigned traced_block = 0;
  // Host or relaunch, for variants that do not finish the grid themselves; none: the variant's.
  std::optional<SecondStage> second_stage;
  // With input Custom: the n input values themselves (a dot product's second vector is all ones).
  std::vector<double> values;
};

struct Trace;
// The request that makes `trace` again (its run settings, traced block and second stage).
RunRequest request_of(const Trace& trace);

// Element i of the run's first input (which = 0) or second input (which = 1, the dot product's b).
double input_of(const RunRequest& request, std::uint64_t i, unsigned which = 0);

// The emulator runs every block on one core; beyond this n a run takes too long to be useful.
inline constexpr std::uint64_t kMaxEmulatedElements = 1ull << 22;

// Bad request or a fault in the kernel; the message is one clear line.
class RunError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void validate(const RunRequest& request);  // throws RunError

// The request's variant; throws RunError naming the known ones if it is not in the catalog.
const VariantInfo& variant_of(const RunRequest& request);

// The second stage a run uses: the variant's own where it finishes the grid itself, else the
// request's (or the variant's default).
SecondStage second_stage_of(const RunRequest& request);

// The rules the checks, the Run panel and the command line share:
// block sizes the variant takes (powers of two from its smallest, or any size from its smallest),
bool block_supported(const VariantInfo& variant, unsigned block);
// whether it can run again on its own block results (one input, and no total of its own),
bool can_relaunch(const VariantInfo& variant);
// and the second stages a user may ask for (the others are the kernels' own).
std::span<const EnumName<SecondStage>> choosable_second_stages();

}  // namespace stridescope
