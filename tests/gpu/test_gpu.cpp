// The device build on a real GPU: each variant's untraced kernel gives the emulator's sums.
#include <gtest/gtest.h>

#include "catalog/cuda/device_reduce.h"
#include "catalog/emu/run_variant.h"
#include "catalog/launch_common.h"
#include "core/input.h"
#include "registry.h"

namespace stridescope {
namespace {

class Gpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda::device_name().empty()) GTEST_SKIP() << "no CUDA device: GPU test not run";
  }
};

// Variants whose GPU run is deterministic: every correct one, and the bugs without races or
// divergent barriers (bug-odd-block loses the same elements every time).
bool deterministic_on_gpu(const VariantInfo& v) {
  return !v.behaviour.timing_dependent && !v.behaviour.stops_at_divergence;
}

// Powers of two from the variant's smallest block, and for any-size variants two odd sizes too.
std::vector<unsigned> block_sizes(const VariantInfo& v) {
  std::vector<unsigned> sizes;
  for (unsigned block = v.launch.min_block; block <= 1024; block *= 2) sizes.push_back(block);
  if (v.launch.any_block_size) sizes.insert(sizes.end(), {96, 100});
  return sizes;
}

TEST_F(Gpu, EveryVariantAndBlockSizeMatchesTheEmulator) {
  for (const VariantInfo& v : variant_catalog()) {
    if (!deterministic_on_gpu(v)) continue;
    for (unsigned block : block_sizes(v)) {
      for (std::uint64_t n : {std::uint64_t{block}, 3 * std::uint64_t{block} + 5}) {
        RunRequest r;
        r.variant = std::string(v.id);
        r.block = block;
        r.n = n;
        r.input = InputPattern::Random;
        r.seed = 9;
        std::vector<int> input = variant_input<int>(r, v.launch.inputs);
        std::vector<int> sums = cuda::block_sums_int(std::string(v.id), input, block);
        unsigned grid = grid_blocks(v.launch.grid, n, block);
        Trace trace = run_on_emulator(r);
        EXPECT_EQ(sums[0], trace.blocks[0].partial) << v.id << " " << block << " " << n;
        EXPECT_EQ(grid_result(sums, grid, v.writes_grid_total(), v.launch.op), trace.result)
            << v.id;
      }
    }
  }
}

TEST_F(Gpu, BadVariantIsAClearError) {
  EXPECT_THROW(cuda::block_sums_int("nope", {1, 2, 3}, 32), cuda::CudaError);
}

}  // namespace
}  // namespace stridescope

#include <algorithm>
#include <tuple>

#include "catalog/cuda/cuda_trace.h"

namespace stridescope {
namespace {

// The emulator lists accesses in the order they happened, the device in an order that respects
// barriers: compare them thread by thread.
std::vector<Access> by_thread(std::vector<Access> accesses) {
  std::sort(accesses.begin(), accesses.end(), [](const Access& x, const Access& y) {
    return std::tie(x.thread, x.order) < std::tie(y.thread, y.order);
  });
  return accesses;
}

// Where two steps' shuffle rounds first differ, in words.
std::string shuffle_difference(const Step& gpu, const Step& cpu, std::size_t s) {
  std::string where = "shuffles of step " + std::to_string(s) + ": ";
  if (gpu.shuffles.size() != cpu.shuffles.size()) {
    return where + std::to_string(gpu.shuffles.size()) + " vs " +
           std::to_string(cpu.shuffles.size()) + " rounds";
  }
  for (std::size_t i = 0; i < gpu.shuffles.size(); ++i) {
    const ShuffleRound &g = gpu.shuffles[i], &c = cpu.shuffles[i];
    std::string round = "round " + std::to_string(i) + " (warp " + std::to_string(c.warp) +
                        ", delta " + std::to_string(c.delta) + ") ";
    if (g.warp != c.warp || g.delta != c.delta || g.mask != c.mask || g.line != c.line) {
      return where + round + "header: gpu warp " + std::to_string(g.warp) + " delta " +
             std::to_string(g.delta) + " mask " + std::to_string(g.mask) + " line " +
             std::to_string(g.line) + " vs mask " + std::to_string(c.mask) + " line " +
             std::to_string(c.line);
    }
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (g.sent[lane] != c.sent[lane] || g.received[lane] != c.received[lane]) {
        return where + round + "lane " + std::to_string(lane) + ": gpu sent " +
               std::to_string(g.sent[lane]) + " got " + std::to_string(g.received[lane]) +
               ", cpu sent " + std::to_string(c.sent[lane]) + " got " +
               std::to_string(c.received[lane]);
      }
    }
  }
  return where + "?";
}

// Compares everything but the backend's name, device and toolkit; says where traces first differ.
std::string first_difference(const Trace& gpu, const Trace& cpu) {
  if (gpu.result != cpu.result)
    return "result " + std::to_string(gpu.result) + " vs " + std::to_string(cpu.result);
  const auto& a = gpu.blocks.at(0).steps;
  const auto& b = cpu.blocks.at(0).steps;
  if (a.size() != b.size())
    return "steps " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  for (std::size_t s = 0; s < a.size(); ++s) {
    if (a[s].snapshot != b[s].snapshot) return "snapshot of step " + std::to_string(s);
    if (by_thread(a[s].accesses) != by_thread(b[s].accesses)) {
      return "accesses of step " + std::to_string(s);
    }
    if (a[s].warp_syncs != b[s].warp_syncs) return "warp barriers of step " + std::to_string(s);
    if (a[s].shuffles != b[s].shuffles) return shuffle_difference(a[s], b[s], s);
    if (a[s].line != b[s].line || a[s].label != b[s].label || a[s].kind != b[s].kind) {
      return "line/label/kind of step " + std::to_string(s);
    }
  }
  if (gpu.blocks[0].partial != cpu.blocks[0].partial) return "block partial";
  if (gpu.passes != cpu.passes) return "grid passes (every block's result)";
  return "";
}

TEST_F(Gpu, TracesEqualTheEmulatorsForEveryVariantBlockTypeAndN) {
  int compared = 0;
  for (const VariantInfo& v : variant_catalog()) {
    if (!deterministic_on_gpu(v)) continue;
    for (unsigned block : block_sizes(v)) {
      for (ElementType type : {ElementType::Int, ElementType::Float, ElementType::Double}) {
        for (std::uint64_t n : {std::uint64_t{block}, 3 * std::uint64_t{block} + 5}) {
          RunRequest r;
          r.variant = std::string(v.id);
          r.block = block;
          r.n = n;
          r.element_type = type;
          r.input = InputPattern::Random;
          r.seed = block * 7 + n;
          r.traced_block = grid_blocks(v.launch.grid, n, block) > 1 ? 1 : 0;
          Trace gpu = cuda::trace_on_device(r);
          Trace cpu = run_on_emulator(r);
          EXPECT_EQ(gpu.run.backend, Backend::Cuda);
          EXPECT_EQ(first_difference(gpu, cpu), "")
              << v.id << " block " << block << " " << type << " n " << n;
          ++compared;
        }
      }
    }
  }
  // Float sums that round: 0..n-1 in float; the last block's words are near 2^20, so its tree sums
  // pass 2^24 and lose low bits. The same additions in the same order must round the same way on
  // both backends (no FMA: nothing is multiplied).
  for (const VariantInfo& v : variant_catalog()) {
    // Which block finishes last depends on GPU timing; the emulator's last block is the highest.
    if (v.writes_grid_total() || !deterministic_on_gpu(v)) continue;
    // nvcc fuses temp += a[i] * b[i] into one FMA (one rounding), the emulator rounds twice: with
    // iota's large products the float sums differ (random 0..9 inputs above are exact either way).
    if (v.launch.op == Operator::Dot) continue;
    RunRequest r;
    r.variant = std::string(v.id);
    r.block = 1024;
    r.n = std::uint64_t{1} << 20;
    r.element_type = ElementType::Float;
    r.input = InputPattern::Iota;
    r.traced_block = grid_blocks(v.launch.grid, r.n, r.block) - 1;
    Trace gpu = cuda::trace_on_device(r);
    Trace cpu = run_on_emulator(r);
    EXPECT_EQ(first_difference(gpu, cpu), "") << v.id << " float iota, rounding";
    // The host's float sum of the partials rounds; relaunched trees happen to land on it exactly.
    if (cpu.second_stage == SecondStage::Host && v.launch.op == Operator::Sum) {
      EXPECT_NE(cpu.result, cpu.reference) << v.id << ": the float sum was expected to round";
    }
    ++compared;
  }
  std::printf("trace equality: %d GPU traces compared with the emulator's\n", compared);
}

TEST_F(Gpu, TraceRequestErrorsAreClear) {
  RunRequest r;
  r.block = 3;
  EXPECT_THROW(cuda::trace_on_device(r), RunError);
  r.block = 64;
  r.variant = "bug-sync-in-branch";  // would wait at a divergent barrier on the device
  EXPECT_THROW(cuda::trace_on_device(r), RunError);
}

// The race-free warp tail records its warp barriers on the device exactly as the emulator does.
TEST_F(Gpu, WarpBarriersAreTracedOnTheDevice) {
  RunRequest r;
  r.variant = "unroll-last-warp";
  r.block = 128;
  r.n = 256;
  Trace gpu = cuda::trace_on_device(r);
  std::size_t syncs = 0;
  for (const Step& step : gpu.blocks[0].steps) syncs += step.warp_syncs.size();
  EXPECT_EQ(syncs, 12u);  // six read-sync-write-sync rounds in warp 0
  EXPECT_EQ(first_difference(gpu, run_on_emulator(r)), "");
}

}  // namespace
}  // namespace stridescope
