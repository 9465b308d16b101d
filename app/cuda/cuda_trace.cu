// The CUDA trace runner: launches the DeviceProbe build and rebuilds steps from the device buffer.
// device_probe.cuh comes first: in this file the kernels' __syncthreads() is the probe's barrier.
#include "device_probe.cuh"
// (the kernels must see the probe's __syncthreads first)
#include "cuda/cuda_trace.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <vector>

#include "analysis/additions.h"
#include "core/input.h"
#include "cuda/cuda_check.h"
#include "cuda/device_kernels.cuh"
#include "cuda/device_reduce.h"
#include "registry.h"

namespace stridescope::cuda {
namespace {

constexpr unsigned kMaxSteps = 64;
constexpr unsigned kRecordCapacity = 1u << 20;
constexpr unsigned kSyncCapacity = 1u << 16;
constexpr unsigned kShuffleCapacity = 1u << 12;

template <typename T>
std::vector<double> words_of(const std::uint8_t* bytes, unsigned words) {
  std::vector<double> values(words);
  for (unsigned w = 0; w < words; ++w) {
    T value;
    std::memcpy(&value, bytes + w * sizeof(T), sizeof(T));
    values[w] = static_cast<double>(value);
  }
  return values;
}

template <typename T>
GridPass pass_of(const std::vector<T>& sums, std::uint64_t n, unsigned grid) {
  GridPass pass{n, grid, {}};
  for (unsigned b = 0; b < grid; ++b) pass.partials.push_back(static_cast<double>(sums[b]));
  return pass;
}

std::vector<int> untraced_block_sums(const std::string& v, const std::vector<int>& in, unsigned b) {
  return block_sums_int(v, in, b);
}
std::vector<float> untraced_block_sums(const std::string& v, const std::vector<float>& in,
                                       unsigned b) {
  return block_sums_float(v, in, b);
}
std::vector<double> untraced_block_sums(const std::string& v, const std::vector<double>& in,
                                        unsigned b) {
  return block_sums_double(v, in, b);
}

template <typename T>
Trace trace_typed(const RunRequest& r) {
  if (find_variant(r.variant)->stops_at_divergence) {
    throw RunError(r.variant +
                   " stops at a divergent barrier: a traced GPU launch could hang, so trace it on "
                   "the emulator (compute-sanitizer --tool synccheck checks the plain build)");
  }
  DeviceKernel<T> kernel = device_kernel<T, DeviceProbe>(r.variant, r.block);
  if (kernel == nullptr) throw RunError("variant '" + r.variant + "' has no traced device build");
  std::string device = device_name();
  if (device.empty()) throw CudaError("no CUDA device found");
  const VariantInfo& info = *find_variant(r.variant);
  std::vector<T> input = variant_input<T>(r, info.inputs);
  unsigned grid = info.grid(r.n, r.block);
  unsigned slots = block_sum_slots(grid, info.writes_grid_total);
  unsigned snapshot_bytes = r.block * sizeof(T);

  DeviceArray<T> d_in(input.size()), d_out(slots);
  check(cudaMemset(d_out.get(), 0, slots * sizeof(T)), "cudaMemset(block sums)");
  DeviceArray<std::uint8_t> d_snapshots(std::size_t{kMaxSteps} * snapshot_bytes);
  DeviceArray<std::int32_t> d_lines(kMaxSteps);
  DeviceArray<std::uint32_t> d_counters(4), d_shuffle_sequence(32), d_order(r.block),
      d_epoch(r.block), d_sequence(32);
  DeviceArray<DeviceWarpSyncRecord> d_syncs(kSyncCapacity);
  DeviceArray<DeviceShuffleRecord> d_shuffles(kShuffleCapacity);
  check(cudaMemset(d_shuffles.get(), 0, kShuffleCapacity * sizeof(DeviceShuffleRecord)),
        "cudaMemset(shuffles)");
  check(cudaMemset(d_shuffle_sequence.get(), 0, 32 * sizeof(std::uint32_t)),
        "cudaMemset(shuffle sequence)");
  DeviceArray<DeviceAccessRecord> d_records(kRecordCapacity);
  check(cudaMemcpy(d_in.get(), input.data(), input.size() * sizeof(T), cudaMemcpyHostToDevice),
        "cudaMemcpy(input)");
  check(cudaMemset(d_counters.get(), 0, 4 * sizeof(std::uint32_t)), "cudaMemset(counters)");
  check(cudaMemset(d_order.get(), 0, r.block * sizeof(std::uint32_t)), "cudaMemset(order)");
  check(cudaMemset(d_epoch.get(), 0, r.block * sizeof(std::uint32_t)), "cudaMemset(epochs)");
  check(cudaMemset(d_sequence.get(), 0, 32 * sizeof(std::uint32_t)), "cudaMemset(sequence)");
  DeviceTraceBuffer buffer{};
  buffer.traced_block = r.traced_block;
  buffer.max_steps = kMaxSteps;
  buffer.snapshot_bytes = snapshot_bytes;
  buffer.record_capacity = kRecordCapacity;
  buffer.snapshots = d_snapshots.get();
  buffer.step_lines = d_lines.get();
  buffer.step_count = d_counters.get();
  buffer.thread_order = d_order.get();
  buffer.records = d_records.get();
  buffer.record_count = d_counters.get() + 1;
  buffer.thread_epoch = d_epoch.get();
  buffer.warp_sequence = d_sequence.get();
  buffer.syncs = d_syncs.get();
  buffer.sync_count = d_counters.get() + 2;
  buffer.sync_capacity = kSyncCapacity;
  buffer.shuffles = d_shuffles.get();
  buffer.shuffle_count = d_counters.get() + 3;
  buffer.warp_shuffle_sequence = d_shuffle_sequence.get();
  buffer.shuffle_capacity = kShuffleCapacity;
  check(cudaMemcpyToSymbol(device_trace, &buffer, sizeof buffer),
        "cudaMemcpyToSymbol(trace buffer)");
  kernel<<<grid, r.block, snapshot_bytes>>>(d_in.get(), d_out.get(), static_cast<unsigned>(r.n));
  check(cudaGetLastError(), "traced kernel launch");
  check(cudaDeviceSynchronize(), "traced kernel run");

  std::uint32_t counters[4];
  check(cudaMemcpy(counters, d_counters.get(), sizeof counters, cudaMemcpyDeviceToHost),
        "cudaMemcpy(counters)");
  unsigned steps = counters[0], records = counters[1], sync_records = counters[2];
  unsigned shuffle_records = counters[3];
  if (shuffle_records > kShuffleCapacity)
    throw CudaError("trace buffer overflow: " + std::to_string(shuffle_records) + " shuffles");
  if (sync_records > kSyncCapacity)
    throw CudaError("trace buffer overflow: " + std::to_string(sync_records) + " warp barriers");
  if (steps > kMaxSteps) throw CudaError("the traced block passed more than 64 barriers");
  if (records > kRecordCapacity)
    throw CudaError("trace buffer overflow: " + std::to_string(records) + " accesses");
  std::vector<T> sums(slots);
  std::vector<std::int32_t> lines(kMaxSteps);
  std::vector<std::uint8_t> snapshots(std::size_t{kMaxSteps} * snapshot_bytes);
  std::vector<DeviceAccessRecord> log(records);
  check(cudaMemcpy(sums.data(), d_out.get(), slots * sizeof(T), cudaMemcpyDeviceToHost),
        "cudaMemcpy(block sums)");
  check(cudaMemcpy(lines.data(), d_lines.get(), lines.size() * sizeof(std::int32_t),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy(lines)");
  check(cudaMemcpy(snapshots.data(), d_snapshots.get(), snapshots.size(), cudaMemcpyDeviceToHost),
        "cudaMemcpy(snapshots)");
  if (records > 0) {
    check(cudaMemcpy(log.data(), d_records.get(), records * sizeof(DeviceAccessRecord),
                     cudaMemcpyDeviceToHost),
          "cudaMemcpy(access log)");
  }
  std::vector<DeviceWarpSyncRecord> syncs(sync_records);
  if (sync_records > 0) {
    check(cudaMemcpy(syncs.data(), d_syncs.get(), sync_records * sizeof(DeviceWarpSyncRecord),
                     cudaMemcpyDeviceToHost),
          "cudaMemcpy(warp barriers)");
  }
  std::vector<DeviceShuffleRecord> shuffles(shuffle_records);
  if (shuffle_records > 0) {
    check(cudaMemcpy(shuffles.data(), d_shuffles.get(),
                     shuffle_records * sizeof(DeviceShuffleRecord), cudaMemcpyDeviceToHost),
          "cudaMemcpy(shuffles)");
  }
  std::sort(shuffles.begin(), shuffles.end(),
            [](const DeviceShuffleRecord& a, const DeviceShuffleRecord& b) {
              return std::tie(a.step, a.warp, a.sequence) < std::tie(b.step, b.warp, b.sequence);
            });
  std::sort(syncs.begin(), syncs.end(),
            [](const DeviceWarpSyncRecord& a, const DeviceWarpSyncRecord& b) {
              return std::tie(a.step, a.warp, a.sequence) < std::tie(b.step, b.warp, b.sequence);
            });
  // The device does not record when each access happened. Step, then warp epoch, then thread
  // gives an order that respects every barrier: lanes' accesses after a __syncwarp() come after
  // everything before it (race-free kernels need no finer order).
  std::sort(log.begin(), log.end(), [](const DeviceAccessRecord& a, const DeviceAccessRecord& b) {
    return std::tie(a.step, a.warp_epoch, a.thread, a.order) <
           std::tie(b.step, b.warp_epoch, b.thread, b.order);
  });

  BlockTrace block;
  block.block = r.traced_block;
  block.partial = static_cast<double>(sums[r.traced_block]);
  std::vector<std::uint8_t> memory(snapshot_bytes, 0);
  for (unsigned s = 0; s <= steps; ++s) {
    Step step;
    step.kind = s < steps ? StepKind::Barrier : StepKind::Exit;
    for (const DeviceAccessRecord& rec : log) {
      if (rec.step != s) continue;
      step.accesses.push_back({rec.thread, rec.order, rec.address, rec.size,
                               rec.is_write ? AccessKind::Write : AccessKind::Read, rec.line,
                               rec.warp_epoch});
      if (s == steps && rec.is_write && rec.address + rec.size <= snapshot_bytes) {
        std::memcpy(memory.data() + rec.address, &rec.value_bits, rec.size);
      }
    }
    for (const DeviceWarpSyncRecord& sync : syncs) {
      if (sync.step == s) step.warp_syncs.push_back({sync.warp, sync.mask, sync.line});
    }
    for (const DeviceShuffleRecord& shuffle : shuffles) {
      if (shuffle.step != s) continue;
      step.shuffles.push_back({shuffle.warp, shuffle.mask, shuffle.delta, shuffle.line,
                               std::vector<double>(shuffle.sent, shuffle.sent + 32),
                               std::vector<double>(shuffle.received, shuffle.received + 32)});
    }
    if (s < steps) {
      std::memcpy(memory.data(), snapshots.data() + std::size_t{s} * snapshot_bytes,
                  snapshot_bytes);
      step.line = lines[s];
    } else {
      if (step.accesses.empty() && step.shuffles.empty()) break;
      step.line = exit_line(step.accesses, step.shuffles);
    }
    step.snapshot = words_of<T>(memory.data(), r.block);
    step.label = step_label(step, sizeof(T));
    block.steps.push_back(std::move(step));
  }
  Trace trace = trace_header(r, grid, sizeof(T), "cuda", device, toolkit_description());
  trace.blocks.push_back(std::move(block));
  trace.passes.push_back(pass_of(sums, r.n, grid));
  if (trace.second_stage != "relaunch") {
    trace.result = grid_result(sums, grid, info.writes_grid_total, info.op);
    return trace;
  }
  // The untraced build (device_reduce.cu) on its own block sums until one block is left.
  while (grid > 1) {
    std::vector<T> partials(sums.begin(), sums.begin() + grid);
    sums = untraced_block_sums(r.variant, partials, r.block);
    grid = info.grid(partials.size(), r.block);
    trace.passes.push_back(pass_of(sums, partials.size(), grid));
  }
  trace.result = static_cast<double>(sums[0]);
  return trace;
}

}  // namespace

std::string toolkit_description() {
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  auto version = [](int v) {
    return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
  };
  return "CUDA runtime " + version(runtime) + ", driver " + version(driver);
}

Trace trace_on_device(const RunRequest& request) {
  validate(request);
  if (request.element_type == "float") return trace_typed<float>(request);
  if (request.element_type == "double") return trace_typed<double>(request);
  return trace_typed<int>(request);
}

}  // namespace stridescope::cuda
