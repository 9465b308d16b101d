// The CUDA trace runner: launches the DeviceProbe build and rebuilds steps from the device buffer.
// device_probe.cuh comes first: in this file the kernels' __syncthreads() is the probe's barrier.
#include "device_probe.cuh"
// (the kernels must see the probe's __syncthreads first)
#include "catalog/cuda/cuda_trace.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <vector>

#include "analysis/step_label.h"
#include "catalog/cuda/cuda_check.h"
#include "catalog/cuda/device_kernels.cuh"
#include "catalog/cuda/device_reduce.h"
#include "catalog/launch_common.h"
#include "catalog/warp_rounds.h"
#include "trace/word_values.h"

namespace stridescope::cuda {
namespace {

constexpr unsigned kMaxSteps = 64;
constexpr unsigned kRecordCapacity = 1u << 20;
constexpr unsigned kSyncCapacity = 1u << 16;
constexpr unsigned kShuffleCapacity = 1u << 12;

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
std::vector<T> copy_back(const T* device, std::size_t count, const char* what) {
  std::vector<T> host(count);
  if (count > 0)
    check(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost), what);
  return host;
}

// The device trace buffer's allocations, zeroed where the probe counts, freed on scope exit.
struct DeviceLog {
  DeviceLog(unsigned block, unsigned traced_block, unsigned snapshot_bytes)
      : snapshots(std::size_t{kMaxSteps} * snapshot_bytes),
        lines(kMaxSteps),
        counters(4),
        shuffle_sequence(kWarpSize),
        order(block),
        epoch(block),
        round(block),
        sequence(kWarpSize),
        syncs(kSyncCapacity),
        shuffles(kShuffleCapacity),
        records(kRecordCapacity) {
    check(cudaMemset(shuffles.get(), 0, kShuffleCapacity * sizeof(DeviceShuffleRecord)),
          "cudaMemset(shuffles)");
    check(cudaMemset(shuffle_sequence.get(), 0, kWarpSize * sizeof(std::uint32_t)),
          "cudaMemset(shuffle sequence)");
    check(cudaMemset(counters.get(), 0, 4 * sizeof(std::uint32_t)), "cudaMemset(counters)");
    check(cudaMemset(order.get(), 0, block * sizeof(std::uint32_t)), "cudaMemset(order)");
    check(cudaMemset(epoch.get(), 0, block * sizeof(std::uint32_t)), "cudaMemset(epochs)");
    check(cudaMemset(round.get(), 0, block * sizeof(std::uint32_t)), "cudaMemset(rounds)");
    check(cudaMemset(sequence.get(), 0, kWarpSize * sizeof(std::uint32_t)), "cudaMemset(sequence)");
    DeviceTraceBuffer buffer{};
    buffer.traced_block = traced_block;
    buffer.max_steps = kMaxSteps;
    buffer.snapshot_bytes = snapshot_bytes;
    buffer.record_capacity = kRecordCapacity;
    buffer.snapshots = snapshots.get();
    buffer.step_lines = lines.get();
    buffer.step_count = counters.get();
    buffer.thread_order = order.get();
    buffer.records = records.get();
    buffer.record_count = counters.get() + 1;
    buffer.thread_epoch = epoch.get();
    buffer.thread_round = round.get();
    buffer.warp_sequence = sequence.get();
    buffer.syncs = syncs.get();
    buffer.sync_count = counters.get() + 2;
    buffer.sync_capacity = kSyncCapacity;
    buffer.shuffles = shuffles.get();
    buffer.shuffle_count = counters.get() + 3;
    buffer.warp_shuffle_sequence = shuffle_sequence.get();
    buffer.shuffle_capacity = kShuffleCapacity;
    check(cudaMemcpyToSymbol(device_trace, &buffer, sizeof buffer),
          "cudaMemcpyToSymbol(trace buffer)");
  }
  DeviceArray<std::uint8_t> snapshots;
  DeviceArray<std::int32_t> lines;
  DeviceArray<std::uint32_t> counters, shuffle_sequence, order, epoch, round, sequence;
  DeviceArray<DeviceWarpSyncRecord> syncs;
  DeviceArray<DeviceShuffleRecord> shuffles;
  DeviceArray<DeviceAccessRecord> records;
};

// What the traced block logged, copied back and put in an order that respects every barrier.
struct HostLog {
  unsigned steps = 0;
  std::vector<std::int32_t> lines;
  std::vector<std::uint8_t> snapshots;
  std::vector<DeviceAccessRecord> accesses;
  std::vector<DeviceWarpSyncRecord> syncs;
  std::vector<DeviceShuffleRecord> shuffles;
};

HostLog read_log(const DeviceLog& d, unsigned snapshot_bytes) {
  std::vector<std::uint32_t> counters = copy_back(d.counters.get(), 4, "cudaMemcpy(counters)");
  if (counters[3] > kShuffleCapacity)
    throw CudaError("trace buffer overflow: " + std::to_string(counters[3]) + " shuffles");
  if (counters[2] > kSyncCapacity)
    throw CudaError("trace buffer overflow: " + std::to_string(counters[2]) + " warp barriers");
  if (counters[0] > kMaxSteps) throw CudaError("the traced block passed more than 64 barriers");
  if (counters[1] > kRecordCapacity)
    throw CudaError("trace buffer overflow: " + std::to_string(counters[1]) + " accesses");
  HostLog log;
  log.steps = counters[0];
  log.lines = copy_back(d.lines.get(), kMaxSteps, "cudaMemcpy(lines)");
  log.snapshots = copy_back(d.snapshots.get(), std::size_t{kMaxSteps} * snapshot_bytes,
                            "cudaMemcpy(snapshots)");
  log.accesses = copy_back(d.records.get(), counters[1], "cudaMemcpy(access log)");
  log.syncs = copy_back(d.syncs.get(), counters[2], "cudaMemcpy(warp barriers)");
  log.shuffles = copy_back(d.shuffles.get(), counters[3], "cudaMemcpy(shuffles)");
  auto by_step_warp = [](const auto& a, const auto& b) {
    return std::tie(a.step, a.warp, a.sequence) < std::tie(b.step, b.warp, b.sequence);
  };
  std::sort(log.shuffles.begin(), log.shuffles.end(), by_step_warp);
  std::sort(log.syncs.begin(), log.syncs.end(), by_step_warp);
  // The device does not record when each access happened. Step, then warp epoch, then thread
  // gives an order that respects every barrier: lanes' accesses after a __syncwarp() come after
  // everything before it (race-free kernels need no finer order).
  std::sort(log.accesses.begin(), log.accesses.end(),
            [](const DeviceAccessRecord& a, const DeviceAccessRecord& b) {
              return std::tie(a.step, a.warp_epoch, a.thread, a.order) <
                     std::tie(b.step, b.warp_epoch, b.thread, b.order);
            });
  return log;
}

template <typename T>
double value_of(std::uint64_t bits) {
  T value;
  std::memcpy(&value, &bits, sizeof(T));
  return static_cast<double>(value);
}

// Barrier interval `s` of the log (the steps up to its __syncthreads(), or to kernel exit), with
// each access's, warp barrier's and shuffle's round; `memory` holds shared memory at its start and
// becomes the memory at its end (the snapshot at a barrier, the logged writes at kernel exit).
template <typename T>
RecordedInterval interval_of(const HostLog& log, unsigned s, std::vector<std::uint8_t>& memory) {
  RecordedInterval in;
  in.end = s < log.steps ? StepKind::Barrier : StepKind::Exit;
  for (const DeviceAccessRecord& rec : log.accesses) {
    if (rec.step != s) continue;
    Access a{rec.thread,
             rec.order,
             rec.address,
             rec.size,
             rec.is_write ? AccessKind::Write : AccessKind::Read,
             rec.line,
             rec.warp_epoch};
    if (rec.size == sizeof(T)) a.value = value_of<T>(rec.value_bits);
    in.accesses.push_back({a, rec.round});
    if (s == log.steps && rec.is_write && rec.address + rec.size <= memory.size()) {
      std::memcpy(memory.data() + rec.address, &rec.value_bits, rec.size);
    }
  }
  for (const DeviceWarpSyncRecord& sync : log.syncs) {
    if (sync.step == s) in.warp_syncs.push_back({{sync.warp, sync.mask, sync.line}, sync.round});
  }
  for (const DeviceShuffleRecord& r : log.shuffles) {
    if (r.step != s) continue;
    in.shuffles.push_back(
        {{r.warp, r.mask, r.delta, r.line, std::vector<double>(r.sent, r.sent + kWarpSize),
          std::vector<double>(r.received, r.received + kWarpSize)},
         r.round});
  }
  if (s < log.steps) {
    std::memcpy(memory.data(), log.snapshots.data() + std::size_t{s} * memory.size(),
                memory.size());
    in.end_line = log.lines[s];
  } else {
    std::vector<Access> accesses;
    std::vector<ShuffleRound> shuffles;
    for (const auto& a : in.accesses) accesses.push_back(a.item);
    for (const auto& r : in.shuffles) shuffles.push_back(r.item);
    in.end_line = exit_line(accesses, shuffles);
  }
  return in;
}

template <typename T>
BlockTrace rebuild_block(const HostLog& log, unsigned traced_block, unsigned block) {
  BlockTrace trace;
  trace.block = traced_block;
  std::vector<std::uint8_t> memory(block * sizeof(T), 0);
  for (unsigned s = 0; s <= log.steps; ++s) {
    std::vector<double> before = word_values<T>(memory.data(), block);
    RecordedInterval in = interval_of<T>(log, s, memory);
    if (s == log.steps && in.accesses.empty() && in.shuffles.empty()) break;
    in.memory_after = word_values<T>(memory.data(), block);
    std::vector<Step> steps = split_into_rounds(std::move(in), before, sizeof(T));
    std::vector<StepLabel> labels = step_labels(steps, sizeof(T));
    for (std::size_t k = 0; k < steps.size(); ++k) {
      steps[k].label = labels[k].text();
      trace.steps.push_back(std::move(steps[k]));
    }
  }
  return trace;
}

template <typename T>
Trace trace_typed(const RunRequest& r, const VariantInfo& info) {
  if (info.behaviour.stops_at_divergence) {
    throw RunError(r.variant +
                   " stops at a divergent barrier: a traced GPU launch could hang, so trace it on "
                   "the emulator (compute-sanitizer --tool synccheck checks the plain build)");
  }
  DeviceKernel<T> kernel = device_kernel<T, DeviceProbe>(r.variant, r.block);
  if (kernel == nullptr) throw RunError("variant '" + r.variant + "' has no traced device build");
  std::string device = device_name();
  if (device.empty()) throw CudaError("no CUDA device found");
  std::vector<T> input = variant_input<T>(r, info.launch.inputs);
  unsigned grid = grid_blocks(info.launch.grid, r.n, r.block);
  unsigned slots = block_sum_slots(grid, info.writes_grid_total());
  unsigned snapshot_bytes = r.block * sizeof(T);

  DeviceArray<T> d_in(input.size()), d_out(slots);
  check(cudaMemset(d_out.get(), 0, slots * sizeof(T)), "cudaMemset(block sums)");
  check(cudaMemcpy(d_in.get(), input.data(), input.size() * sizeof(T), cudaMemcpyHostToDevice),
        "cudaMemcpy(input)");
  DeviceLog device_log(r.block, r.traced_block, snapshot_bytes);
  kernel<<<grid, r.block, snapshot_bytes>>>(d_in.get(), d_out.get(), static_cast<unsigned>(r.n));
  check(cudaGetLastError(), "traced kernel launch");
  check(cudaDeviceSynchronize(), "traced kernel run");
  HostLog log = read_log(device_log, snapshot_bytes);
  std::vector<T> sums = copy_back(d_out.get(), slots, "cudaMemcpy(block sums)");

  Trace trace = trace_header(r, grid, sizeof(T), Backend::Cuda, device, toolkit_description());
  BlockTrace block = rebuild_block<T>(log, r.traced_block, r.block);
  block.partial = static_cast<double>(sums[r.traced_block]);
  trace.blocks.push_back(std::move(block));
  // Relaunches use the untraced build (device_reduce.cu).
  finish_grid<T>(trace, info, sums, grid, [&](const std::vector<T>& partials) {
    return untraced_block_sums(r.variant, partials, r.block);
  });
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
  const VariantInfo& info = variant_of(request);
  switch (request.element_type) {
    case ElementType::Float:
      return trace_typed<float>(request, info);
    case ElementType::Double:
      return trace_typed<double>(request, info);
    case ElementType::Int:
      break;
  }
  return trace_typed<int>(request, info);
}

}  // namespace stridescope::cuda
