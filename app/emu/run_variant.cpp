// The emulator runner: validates a request, launches the kernel, and records the traced block.
#include "emu/run_variant.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <span>

#include "analysis/additions.h"
#include "core/input.h"
#include "emu/emulator.h"
#include "registry.h"

namespace stridescope {
namespace {

// Builds the trace of one block from the emulator's callbacks.
template <typename T>
class TraceRecorder final : public emu::Observer {
 public:
  explicit TraceRecorder(unsigned traced_block) { block_.block = traced_block; }

  bool traces_block(unsigned block) const override { return block == block_.block; }
  void on_access(unsigned, const Access& access) override { pending_.push_back(access); }
  void on_warp_sync(unsigned, const WarpSync& sync) override { pending_syncs_.push_back(sync); }
  // Shuffled values are taken to be of the element type (as in every kernel of the catalog).
  void on_shuffle(unsigned, unsigned warp, unsigned mask, unsigned delta, int line,
                  const std::vector<unsigned long long>& sent,
                  const std::vector<unsigned long long>& received) override {
    ShuffleRound round{warp, mask, delta, line, {}, {}};
    for (std::size_t lane = 0; lane < sent.size(); ++lane) {
      round.sent.push_back(from_bits(sent[lane]));
      round.received.push_back(from_bits(received[lane]));
    }
    pending_shuffles_.push_back(std::move(round));
  }
  void on_step_end(unsigned, StepKind kind, int line, std::span<const std::byte> shared) override {
    if (kind == StepKind::Exit && pending_.empty() && pending_shuffles_.empty()) return;
    if (kind == StepKind::Exit) line = exit_line(pending_, pending_shuffles_);
    add_step(kind, line, shared);
  }
  void on_divergence(const Divergence& divergence, std::span<const std::byte> shared) override {
    divergence_ = divergence;
    if (divergence.block != block_.block) return;
    add_step(StepKind::Divergence, divergence.waiting.empty() ? 0 : divergence.waiting[0].line,
             shared);
  }

  const std::optional<Divergence>& divergence() const { return divergence_; }
  BlockTrace take() { return std::move(block_); }

 private:
  void add_step(StepKind kind, int line, std::span<const std::byte> shared) {
    Step step;
    step.kind = kind;
    step.line = line;
    step.accesses = std::move(pending_);
    pending_.clear();
    std::stable_sort(pending_syncs_.begin(), pending_syncs_.end(),
                     [](const WarpSync& a, const WarpSync& b) { return a.warp < b.warp; });
    step.warp_syncs = std::move(pending_syncs_);
    pending_syncs_.clear();
    std::stable_sort(pending_shuffles_.begin(), pending_shuffles_.end(),
                     [](const ShuffleRound& a, const ShuffleRound& b) { return a.warp < b.warp; });
    step.shuffles = std::move(pending_shuffles_);
    pending_shuffles_.clear();
    std::size_t words = shared.size() / sizeof(T);
    step.snapshot.resize(words);
    for (std::size_t w = 0; w < words; ++w) {
      T value;
      std::memcpy(&value, shared.data() + w * sizeof(T), sizeof(T));
      step.snapshot[w] = static_cast<double>(value);
    }
    step.label = step_label(step, sizeof(T));
    block_.steps.push_back(std::move(step));
  }

  static double from_bits(unsigned long long bits) {
    T value;
    std::memcpy(&value, &bits, sizeof(T));
    return static_cast<double>(value);
  }

  BlockTrace block_;
  std::vector<Access> pending_;
  std::vector<WarpSync> pending_syncs_;
  std::vector<ShuffleRound> pending_shuffles_;
  std::optional<Divergence> divergence_;
};

// Relaunches are not traced.
class NoTrace final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return false; }
  void on_access(unsigned, const Access&) override {}
  void on_step_end(unsigned, StepKind, int, std::span<const std::byte>) override {}
};

template <typename T>
GridPass pass_of(const std::vector<T>& block_sums, std::uint64_t n, unsigned grid) {
  GridPass pass{n, grid, {}};
  for (unsigned b = 0; b < grid; ++b) pass.partials.push_back(static_cast<double>(block_sums[b]));
  return pass;
}

template <typename T>
Trace run_typed(const RunRequest& request, const VariantInfo& variant, EmulatedKernel<T> kernel) {
  std::vector<T> input = variant_input<T>(request, variant.inputs);
  unsigned grid = variant.grid(request.n, request.block);
  std::vector<T> block_sums(block_sum_slots(grid, variant.writes_grid_total), T(0));
  emu::LaunchShape shape{grid, request.block, static_cast<unsigned>(request.block * sizeof(T))};
  auto n = static_cast<unsigned>(request.n);
  auto launch = [&](unsigned traced_block) {
    std::fill(block_sums.begin(), block_sums.end(), T(0));
    auto recorder = std::make_unique<TraceRecorder<T>>(traced_block);
    try {
      emu::launch(
          shape, [&] { kernel(input.data(), block_sums.data(), n); }, *recorder);
    } catch (const emu::BarrierDivergence&) {
      // The recorder holds the divergence; the trace shows the steps up to it.
    } catch (const std::exception& e) {
      throw RunError(request.variant + ": " + e.what());
    }
    return recorder;
  };
  auto recorder = launch(request.traced_block);
  if (recorder->divergence() && recorder->divergence()->block != request.traced_block) {
    // An earlier block stopped the run before the traced one started: trace that block instead.
    recorder = launch(recorder->divergence()->block);
  }
  Trace trace =
      trace_header(request, grid, sizeof(T), "emulator", "CPU emulator (Boost.Context fibers)", "");
  BlockTrace block = recorder->take();
  block.partial = static_cast<double>(block_sums[block.block]);
  trace.blocks.push_back(std::move(block));
  trace.divergence = recorder->divergence();
  // A stopped run has no result: 0 stands in, and readers check `divergence` first.
  if (trace.divergence) return trace;
  trace.passes.push_back(pass_of(block_sums, request.n, grid));
  if (trace.second_stage != "relaunch") {
    trace.result = grid_result(block_sums, grid, variant.writes_grid_total, variant.op);
    return trace;
  }
  // The same kernel on its own block sums, untraced, until one block is left.
  while (grid > 1) {
    std::vector<T> partials(block_sums.begin(), block_sums.begin() + grid);
    auto count = static_cast<unsigned>(partials.size());
    grid = variant.grid(count, request.block);
    block_sums.assign(block_sum_slots(grid, false), T(0));
    emu::LaunchShape next{grid, request.block, shape.shared_bytes};
    NoTrace silent;
    try {
      emu::launch(
          next, [&] { kernel(partials.data(), block_sums.data(), count); }, silent);
    } catch (const std::exception& e) {
      throw RunError(request.variant + " (relaunch): " + e.what());
    }
    trace.passes.push_back(pass_of(block_sums, count, grid));
  }
  trace.result = static_cast<double>(block_sums[0]);
  return trace;
}

}  // namespace

// An input value as the element type holds it.
double element_value(double value, const std::string& element_type) {
  if (element_type == "int") return static_cast<double>(static_cast<int>(value));
  if (element_type == "float") return static_cast<double>(static_cast<float>(value));
  return value;
}

Trace trace_header(const RunRequest& request, unsigned grid, unsigned word_size,
                   std::string backend, std::string device, std::string toolkit) {
  const VariantInfo* variant = find_variant(request.variant);
  std::string op = variant != nullptr ? std::string(variant->op) : "sum";
  bool dot = op == "dot";
  Trace trace;
  trace.run = {request.variant,   request.element_type, op,
               request.n,         request.block,        grid,
               request.input,     request.seed,         std::move(backend),
               std::move(device), std::move(toolkit)};
  trace.word_size = word_size;
  trace.shared_words = request.block;
  trace.second_stage = second_stage_of(request);
  double reference = 0;
  for (std::uint64_t i = 0; i < request.n; ++i) {
    double a = input_value(request.input, i, request.seed);
    if (op == "max" || op == "min") {  // the element type's value, as the kernel compares it
      a = element_value(a, request.element_type);
      if (i == 0 || (op == "max" ? a > reference : a < reference)) reference = a;
      continue;
    }
    reference += dot ? a * input_value(request.input, i, request.seed + 1) : a;
  }
  trace.reference = reference;
  return trace;
}

std::string second_stage_of(const RunRequest& request) {
  const VariantInfo* variant = find_variant(request.variant);
  if (variant == nullptr) return "host";
  if (variant->writes_grid_total || request.second_stage.empty()) {
    return std::string(variant->second_stage);
  }
  return request.second_stage;
}

int exit_line(const std::vector<Access>& accesses, const std::vector<ShuffleRound>& shuffles) {
  int line = 0;
  for (const Access& a : accesses) line = std::max(line, a.line);
  for (const ShuffleRound& r : shuffles) line = std::max(line, r.line);
  return line;
}

void validate(const RunRequest& r) {
  const VariantInfo* variant = find_variant(r.variant);
  if (variant == nullptr) {
    std::string known;
    for (const VariantInfo& v : variant_catalog())
      known += (known.empty() ? "" : ", ") + std::string(v.id);
    throw RunError("unknown variant '" + r.variant + "' (known: " + known + ")");
  }
  bool power_of_two = (r.block & (r.block - 1)) == 0;
  if (variant->any_block_size && (r.block < variant->min_block || r.block > 1024)) {
    throw RunError("block size " + std::to_string(r.block) + " is not supported by " + r.variant +
                   ": use " + std::to_string(variant->min_block) + " to 1024 threads");
  }
  if (!variant->any_block_size &&
      (r.block < variant->min_block || r.block > 1024 || !power_of_two)) {
    throw RunError("block size " + std::to_string(r.block) + " is not supported by " + r.variant +
                   ": use a power of two from " + std::to_string(variant->min_block) +
                   " to 1024 (these variants halve the block at every step)");
  }
  if (r.n == 0) throw RunError("n = 0: there is nothing to reduce; n must be at least 1");
  if (r.n > kMaxEmulatedElements) {
    throw RunError("n = " + std::to_string(r.n) + " is over the CPU emulator's limit of " +
                   std::to_string(kMaxEmulatedElements) + " elements");
  }
  if (r.element_type != "int" && r.element_type != "float" && r.element_type != "double") {
    throw RunError("element type '" + r.element_type + "' is not supported (int, float, double)");
  }
  if (!is_input_pattern(r.input)) {
    throw RunError("unknown input pattern '" + r.input + "' (ones, iota, random, uniform)");
  }
  if (r.input == "uniform" && r.element_type == "int") {
    throw RunError("input 'uniform' is numbers in [0, 1): use it with float or double, not int");
  }
  if (!r.second_stage.empty() && r.second_stage != "host" && r.second_stage != "relaunch") {
    throw RunError("second stage '" + r.second_stage + "' is not one of host, relaunch");
  }
  if (r.second_stage == "relaunch" && (variant->writes_grid_total || variant->inputs != 1)) {
    throw RunError(r.variant + " cannot be relaunched on its block results: " +
                   (variant->writes_grid_total
                        ? "it finishes the grid itself (" + std::string(variant->second_stage) + ")"
                        : std::string("it reads two vectors")));
  }
  std::uint64_t grid = variant->grid(r.n, r.block);
  if (r.traced_block >= grid) {
    throw RunError("traced block " + std::to_string(r.traced_block) +
                   " does not exist: the grid has " + std::to_string(grid) + " block(s)");
  }
}

Trace run_on_emulator(const RunRequest& request) {
  validate(request);
  const VariantInfo& variant = *find_variant(request.variant);
  if (request.element_type == "float")
    return run_typed<float>(request, variant, variant.emulate.float_kernel);
  if (request.element_type == "double")
    return run_typed<double>(request, variant, variant.emulate.double_kernel);
  return run_typed<int>(request, variant, variant.emulate.int_kernel);
}

}  // namespace stridescope
