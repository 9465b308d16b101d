// The emulator runner: validates a request, launches the kernel, records the traced block and
// finishes the grid.
#include "catalog/emu/run_variant.h"

#include <memory>

#include "catalog/emu/emulator.h"
#include "catalog/emu/trace_recorder.h"
#include "catalog/launch_common.h"

namespace stridescope {
namespace {

// Relaunches are not traced.
class NoTrace final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return false; }
  void on_access(unsigned, const Access&, std::uint32_t, unsigned long long) override {}
  void on_step_end(unsigned, StepKind, int, std::span<const std::byte>) override {}
};

template <typename T>
EmulatedKernel<T> kernel_of(const VariantInfo& variant);
template <>
EmulatedKernel<int> kernel_of<int>(const VariantInfo& variant) {
  return variant.emulate.int_kernel;
}
template <>
EmulatedKernel<float> kernel_of<float>(const VariantInfo& variant) {
  return variant.emulate.float_kernel;
}
template <>
EmulatedKernel<double> kernel_of<double>(const VariantInfo& variant) {
  return variant.emulate.double_kernel;
}

// One launch over `input`: the block sums, and the recorder of `traced_block` (none: untraced).
template <typename T>
std::unique_ptr<TraceRecorder<T>> launch(const RunRequest& request, const VariantInfo& variant,
                                         const std::vector<T>& input, std::uint64_t n,
                                         std::vector<T>& block_sums, int traced_block) {
  unsigned grid = grid_blocks(variant.launch.grid, n, request.block);
  block_sums.assign(block_sum_slots(grid, variant.writes_grid_total()), T(0));
  emu::LaunchShape shape{grid, request.block, static_cast<unsigned>(request.block * sizeof(T))};
  EmulatedKernel<T> kernel = kernel_of<T>(variant);
  auto count = static_cast<unsigned>(n);
  auto recorder = std::make_unique<TraceRecorder<T>>(traced_block < 0 ? grid : traced_block);
  NoTrace silent;
  emu::Observer& observer = traced_block < 0 ? static_cast<emu::Observer&>(silent) : *recorder;
  try {
    emu::launch(
        shape, [&] { kernel(input.data(), block_sums.data(), count); }, observer);
  } catch (const emu::BarrierDivergence& e) {
    if (traced_block < 0) throw RunError(request.variant + " (relaunch): " + e.what());
    // The recorder holds the divergence; the trace shows the steps up to it.
  } catch (const std::exception& e) {
    throw RunError(request.variant + (traced_block < 0 ? " (relaunch): " : ": ") + e.what());
  }
  return recorder;
}

template <typename T>
Trace run_typed(const RunRequest& request, const VariantInfo& variant) {
  std::vector<T> input = variant_input<T>(request, variant.launch.inputs);
  std::vector<T> block_sums;
  auto traced = static_cast<int>(request.traced_block);
  auto recorder = launch(request, variant, input, request.n, block_sums, traced);
  if (recorder->divergence() && recorder->divergence()->block != request.traced_block) {
    // An earlier block stopped the run before the traced one started: trace that block instead.
    traced = static_cast<int>(recorder->divergence()->block);
    recorder = launch(request, variant, input, request.n, block_sums, traced);
  }
  unsigned grid = grid_blocks(variant.launch.grid, request.n, request.block);
  Trace trace = trace_header(request, grid, sizeof(T), Backend::Emulator,
                             "CPU emulator (Boost.Context fibers)", "");
  BlockTrace block = recorder->take();
  block.partial = static_cast<double>(block_sums[block.block]);
  trace.blocks.push_back(std::move(block));
  trace.divergence = recorder->divergence();
  // A stopped run has no result: 0 stands in, and readers check `divergence` first.
  if (trace.divergence) return trace;
  finish_grid<T>(trace, variant, block_sums, grid, [&](const std::vector<T>& partials) {
    std::vector<T> sums;
    launch(request, variant, partials, partials.size(), sums, -1);
    return sums;
  });
  return trace;
}

}  // namespace

Trace run_on_emulator(const RunRequest& request) {
  validate(request);
  const VariantInfo& variant = variant_of(request);
  switch (request.element_type) {
    case ElementType::Float:
      return run_typed<float>(request, variant);
    case ElementType::Double:
      return run_typed<double>(request, variant);
    case ElementType::Int:
      break;
  }
  return run_typed<int>(request, variant);
}

}  // namespace stridescope
