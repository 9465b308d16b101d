// The GPU benchmark: kernels take turns in rounds of trials (CUDA events around each launch), until
// each point's spread is small or its trials run out; every value is checked.
#include "catalog/cuda/bench.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cub/device/device_reduce.cuh>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "catalog/cuda/cuda_check.h"
#include "catalog/cuda/cuda_trace.h"
#include "catalog/cuda/device_kernels.cuh"
#include "registry.h"

namespace stridescope::cuda {
namespace {

template <typename T>
__global__ void fill_ones(T* data, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x) {
    data[i] = T(1);
  }
}

// Times one launch with CUDA events, from an idle GPU to the end of its work (the launch itself
// included, as a caller waiting for the value would see it).
class EventTimer {
 public:
  EventTimer() {
    check(cudaEventCreate(&start_), "cudaEventCreate");
    check(cudaEventCreate(&stop_), "cudaEventCreate");
  }
  ~EventTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  double time_us(const std::function<void()>& launch) {
    check(cudaEventRecord(start_), "cudaEventRecord");
    launch();
    check(cudaEventRecord(stop_), "cudaEventRecord");
    check(cudaEventSynchronize(stop_), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
    return ms * 1000.0;
  }

 private:
  cudaEvent_t start_, stop_;
};

// Launches `kernel` on its own block sums until one block remains (Harris's multi-pass scheme);
// returns where the final value is.
template <typename T>
T* reduce_to_one(DeviceKernel<T> kernel, GridPolicy policy, const T* in, std::uint64_t n, T* a,
                 T* b, unsigned block) {
  const T* source = in;
  T* target = a;
  for (;;) {
    unsigned grid = grid_blocks(policy, n, block);
    kernel<<<grid, block, block * sizeof(T)>>>(source, target, static_cast<unsigned>(n));
    if (grid == 1) return target;
    n = grid;
    source = target;
    target = target == a ? b : a;
  }
}

// One launch that reduces the whole input: either the kernel finishes the grid itself (an atomic
// or a lock adds each block's sum into results[grid], zeroed first), or, as in the book's dot
// product (ch. 5), the host copies the block results back and adds them.
template <typename T>
double time_single_launch(const VariantInfo& v, DeviceKernel<T> kernel, const T* in,
                          std::uint64_t n, T* results, unsigned block) {
  unsigned grid = grid_blocks(v.launch.grid, n, block);
  if (v.writes_grid_total()) {
    check(cudaMemsetAsync(results + grid, 0, sizeof(T)), "cudaMemsetAsync(dot total)");
  }
  kernel<<<grid, block, block * sizeof(T)>>>(in, results, static_cast<unsigned>(n));
  std::vector<T> partials(grid + 1);
  check(cudaMemcpy(partials.data(), results, (grid + 1) * sizeof(T), cudaMemcpyDeviceToHost),
        "cudaMemcpy(dot partials)");
  if (v.writes_grid_total()) return static_cast<double>(partials[grid]);
  T total = T(0);
  for (unsigned b = 0; b < grid; ++b) total += partials[b];
  return static_cast<double>(total);
}

constexpr std::uint64_t kMaxTunedBlocks = 65536;

// The tuned variant: one launch, as many blocks as fit on the GPU at once (fewer for small n).
template <typename T>
T* launch_tuned(const T* in, std::uint64_t n, T* block_sums, unsigned block) {
  static int resident_blocks = 0;
  if (resident_blocks == 0) {
    int per_sm = 0, sms = 0, device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "SM count");
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernels::reduce_tuned<T, NoProbe>,
                                                        block, block * sizeof(T)),
          "occupancy");
    resident_blocks = per_sm * sms;
  }
  std::uint64_t wanted = (n + 16ull * block - 1) / (16ull * block);
  auto grid = static_cast<unsigned>(
      std::min<std::uint64_t>({wanted, std::uint64_t(resident_blocks), kMaxTunedBlocks}));
  kernels::reduce_tuned<T, NoProbe>
      <<<grid, block, block * sizeof(T)>>>(in, block_sums, static_cast<unsigned>(n));
  return block_sums + grid;
}

// Every timed kernel must also be right: the input is all ones, so the sum is n (max, min: 1).
void expect_value(double value, std::uint64_t expected, const std::string& kernel) {
  if (value != static_cast<double>(expected)) {
    throw CudaError(kernel + " computed " + std::to_string(value) + " where " +
                    std::to_string(expected) + " was expected (input all ones)");
  }
}

template <typename T>
void expect_sum(const T* device_value, std::uint64_t n, const std::string& kernel) {
  T value{};
  check(cudaMemcpy(&value, device_value, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy(result)");
  expect_value(static_cast<double>(value), n, kernel);
}

// The device buffers of one element type's benchmark, filled with ones (so every sum is n).
template <typename T>
struct BenchBuffers {
  explicit BenchBuffers(std::uint64_t max_n)
      : input(max_n),
        copy_target(max_n),
        partial_a(max_n / 2 + 2),
        partial_b(max_n / 2 + 2),
        result(1),
        tuned_sums(kMaxTunedBlocks + 2),  // block sums, total, and the zeroed counter
        vectors(2 * max_n),               // the dot products' a and b, back to back: a . b = n
        dot_results(34) {
    check(cudaMemset(tuned_sums.get(), 0, (kMaxTunedBlocks + 2) * sizeof(T)),
          "cudaMemset(tuned sums)");
    fill_ones<T><<<1024, 256>>>(input.get(), max_n);
    fill_ones<T><<<1024, 256>>>(vectors.get(), 2 * max_n);
    check(cudaMemset(dot_results.get(), 0, 34 * sizeof(T)), "cudaMemset(dot results)");
    check(cudaDeviceSynchronize(), "fill input");
    for (int i = 0; i < 50; ++i) {  // bring the clocks up before the first timed point
      cudaMemcpyAsync(copy_target.get(), input.get(), max_n * sizeof(T), cudaMemcpyDeviceToDevice);
    }
    check(cudaDeviceSynchronize(), "warm-up copies");
    check(cub::DeviceReduce::Sum(nullptr, cub_bytes, input.get(), result.get(),
                                 static_cast<int>(max_n)),
          "cub::DeviceReduce::Sum (size query)");
    cub_temp = std::make_unique<DeviceArray<unsigned char>>(cub_bytes);
  }
  DeviceArray<T> input, copy_target, partial_a, partial_b, result, tuned_sums, vectors, dot_results;
  std::size_t cub_bytes = 0;
  std::unique_ptr<DeviceArray<unsigned char>> cub_temp;
};

// One kernel of a point's rounds: a full reduction to one value (or the copy), and the check of
// the value its last launch left.
struct Contestant {
  std::string kernel;
  double bytes = 0;  // what its GB/s counts
  std::function<void()> launch;
  std::function<void()> verify;  // throws CudaError on a wrong value
};

// One catalog variant at n: relaunched on its block sums, or in one launch where it finishes the
// grid itself or reads two vectors (the dot products).
template <typename T>
Contestant variant_contestant(const VariantInfo& v, DeviceKernel<T> kernel, BenchBuffers<T>& b,
                              std::uint64_t n, unsigned block) {
  double bytes = static_cast<double>(n * sizeof(T));
  std::string id(v.id);
  if (v.launch.inputs == 2 || v.launch.second_stage == SecondStage::AtomicAdd) {
    const T* data = v.launch.inputs == 2 ? b.vectors.get() : b.input.get();
    T* results = v.launch.inputs == 2 ? b.dot_results.get() : b.partial_a.get();
    auto value = std::make_shared<double>(0);
    return {id, v.launch.inputs * bytes,
            [=, &v] { *value = time_single_launch(v, kernel, data, n, results, block); },
            [=] { expect_value(*value, n, id); }};
  }
  auto final_value = std::make_shared<T*>(nullptr);
  std::uint64_t expected = v.launch.op == Operator::Sum ? n : 1;  // all ones: max and min are 1
  return {id, bytes,
          [=, &b, &v] {
            *final_value = reduce_to_one(kernel, v.launch.grid, b.input.get(), n, b.partial_a.get(),
                                         b.partial_b.get(), block);
          },
          [=] { expect_sum(*final_value, expected, id); }};
}

// The tuned variant and CUB (next to each other: one unit, timed alternately), then the copy.
template <typename T>
void add_references(std::vector<Contestant>& out, BenchBuffers<T>& b, std::uint64_t n,
                    unsigned block) {
  double bytes = static_cast<double>(n * sizeof(T));
  auto tuned_total = std::make_shared<T*>(nullptr);
  out.push_back(
      {"tuned", bytes,
       [=, &b] { *tuned_total = launch_tuned<T>(b.input.get(), n, b.tuned_sums.get(), block); },
       [=] { expect_sum(*tuned_total, n, "tuned"); }});
  out.push_back({"cub", bytes,
                 [=, &b] {
                   std::size_t temp = b.cub_bytes;
                   check(cub::DeviceReduce::Sum(b.cub_temp->get(), temp, b.input.get(),
                                                b.result.get(), static_cast<int>(n)),
                         "cub::DeviceReduce::Sum");
                 },
                 [=, &b] { expect_sum(b.result.get(), n, "cub"); }});
  out.push_back({"copy", 2 * bytes,
                 [=, &b] {
                   check(cudaMemcpyAsync(b.copy_target.get(), b.input.get(), n * sizeof(T),
                                         cudaMemcpyDeviceToDevice),
                         "cudaMemcpyAsync(copy)");
                 },
                 [] {}});  // not a reduction: nothing to check
}

// Every timed kernel at n, in catalog order, then tuned, CUB and the copy.
template <typename T>
std::vector<Contestant> contestants(BenchBuffers<T>& b, std::uint64_t n, unsigned block) {
  std::vector<Contestant> out;
  for (const VariantInfo& v : variant_catalog()) {
    if (v.id == "tuned") continue;        // timed beside CUB
    if (v.broken_on_purpose()) continue;  // the bug playground is not timed
    DeviceKernel<T> kernel = device_kernel<T, NoProbe>(v.id, block);
    if (kernel != nullptr) out.push_back(variant_contestant(v, kernel, b, n, block));
  }
  add_references(out, b, n, block);
  return out;
}

// The units of the rounds: each kernel alone, but tuned and CUB together (alternately).
std::vector<std::vector<std::size_t>> round_units(const std::vector<Contestant>& cs) {
  std::vector<std::vector<std::size_t>> units;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (cs[i].kernel == "cub") continue;  // in tuned's unit
    if (cs[i].kernel == "tuned" && i + 1 < cs.size() && cs[i + 1].kernel == "cub") {
      units.push_back({i, i + 1});
    } else {
      units.push_back({i});
    }
  }
  return units;
}

// One trial of a unit: one untimed launch of each kernel, then `launches` timed launches of each,
// in turn; each kernel's figure is the median of its launches. Every kernel's value is checked.
void run_trial(const std::vector<std::size_t>& unit, std::vector<Contestant>& cs,
               std::vector<std::vector<double>>& series, int launches, EventTimer& timer) {
  for (std::size_t c : unit) cs[c].launch();
  check(cudaDeviceSynchronize(), "warm-up launch");
  std::vector<std::vector<double>> times(unit.size());
  for (int i = 0; i < launches; ++i) {
    for (std::size_t k = 0; k < unit.size(); ++k)
      times[k].push_back(timer.time_us(cs[unit[k]].launch));
  }
  check(cudaGetLastError(), "benchmark launches");
  for (std::size_t k = 0; k < unit.size(); ++k) {
    cs[unit[k]].verify();
    series[unit[k]].push_back(median(times[k]));
  }
}

BenchEntry entry_of(const Contestant& c, ElementType type, std::uint64_t n,
                    const std::vector<double>& trials, int launches, TrialVerdict verdict) {
  Quartiles q = quartiles(trials);
  BenchSpread spread{q.min,
                     q.q1,
                     q.q3,
                     q.max,
                     static_cast<int>(trials.size()),
                     launches,
                     verdict == TrialVerdict::Unstable};
  return {c.kernel, type, n, q.median, c.bytes / q.median / 1e3, spread};
}

// Every kernel at (type, n), in rounds until each point is stable or out of trials.
template <typename T>
void time_point(const BenchOptions& o, BenchBuffers<T>& b, std::uint64_t n, ElementType type,
                EventTimer& timer, BenchReport& report) {
  std::vector<Contestant> cs = contestants(b, n, o.block);
  std::vector<std::vector<std::size_t>> units = round_units(cs);
  std::vector<std::vector<double>> series(cs.size());
  int launches = launches_per_trial(n);
  auto start = std::chrono::steady_clock::now();
  std::vector<TrialVerdict> verdicts = run_rounds(
      units, series, o.trials,
      [&](std::size_t u) { run_trial(units[u], cs, series, launches, timer); },
      [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      });
  for (std::size_t i = 0; i < cs.size(); ++i) {
    report.entries.push_back(entry_of(cs[i], type, n, series[i], launches, verdicts[i]));
  }
}

template <typename T>
void bench_type(const BenchOptions& o, ElementType type, BenchReport& report) {
  BenchBuffers<T> buffers(std::uint64_t{1} << o.max_log2);
  EventTimer timer;
  for (unsigned log2 = o.min_log2; log2 <= o.max_log2; ++log2) {
    time_point(o, buffers, std::uint64_t{1} << log2, type, timer, report);
  }
}

std::string method_text(const BenchOptions& o) {
  const TrialPlan& p = o.trials;
  return "CUDA events around each launch (from an idle GPU, the launch included) after 50 warm-up "
         "copies. Per (type, n) the kernels take turns in rounds (A, B, C, A, B, C, ...; tuned and "
         "CUB alternate within their trials); a trial is one untimed launch and then L timed ones "
         "(L = 30 up to 2^20, 20 up to 2^23, 10 up to 2^25, 5 above), its figure their median; "
         "trials are added (at least " +
         std::to_string(p.min_trials) + ", at most " + std::to_string(p.max_trials) + ", " +
         std::to_string(static_cast<int>(p.point_budget_s)) +
         " s per (type, n)) until (q3 - q1) / median <= " +
         std::to_string(static_cast<int>(p.max_relative_iqr * 100 + 0.5)) +
         "%, else the point is marked unstable; min, q1, median, q3 and max are over the trials' "
         "figures. Block " +
         std::to_string(o.block) +
         "; variants relaunch on their block sums until one block remains; the dot products are "
         "one launch of at most 32 blocks over two vectors (GB/s counts both) and the host adds "
         "their partials (appendix version: the lock does); input all ones; every trial's result "
         "checked";
}

}  // namespace

BenchReport run_benchmark(const BenchOptions& options) {
  BenchOptions o = options;
  if (o.block < 32 || o.block > 1024 || (o.block & (o.block - 1)) != 0) {
    throw CudaError("bench block size must be a power of two from 32 to 1024");
  }
  if (o.repeats < 1) throw CudaError("repeats must be at least 1");
  if (o.min_log2 < 1 || o.max_log2 > 30 || o.min_log2 > o.max_log2) {
    throw CudaError("sizes must satisfy 1 <= min_log2 <= max_log2 <= 30");
  }
  o.trials.min_trials = std::max(5, o.repeats);  // quartiles of fewer trials say little
  o.trials.max_trials = std::max(o.trials.max_trials, o.trials.min_trials);
  BenchReport report;
  report.device = device_name();
  if (report.device.empty()) throw CudaError("no CUDA device found");
  report.toolkit = toolkit_description();
  int device = 0, l2 = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device), "L2 cache size");
  report.l2_cache_bytes = static_cast<std::uint64_t>(l2);
  std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  report.date = date;
  report.method = method_text(o);
  bench_type<float>(o, ElementType::Float, report);
  bench_type<int>(o, ElementType::Int, report);
  return report;
}

}  // namespace stridescope::cuda
