// The GPU benchmark: CUDA events, warm-up, median of repeats; every variant reduces to one value.
#include "cuda/bench.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cub/device/device_reduce.cuh>
#include <memory>
#include <utility>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/cuda_trace.h"
#include "cuda/device_kernels.cuh"
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

// Median time of `launch` in microseconds, after warm-up.
template <typename Launch>
double median_us(Launch launch, int repeats) {
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  for (int i = 0; i < 3; ++i) launch();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    check(cudaEventRecord(start), "cudaEventRecord");
    launch();
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    times.push_back(ms * 1000.0);
  }
  check(cudaGetLastError(), "benchmark launches");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Median times of two launches measured alternately (A, B, A, B, ...), so that both see the same
// clocks and neighbours: for comparisons that are close, like the tuned variant against CUB.
template <typename LaunchA, typename LaunchB>
std::pair<double, double> median_pair_us(LaunchA a, LaunchB b, int repeats) {
  std::vector<double> times_a, times_b;
  for (int i = 0; i < repeats; ++i) {
    times_a.push_back(median_us(a, 1));
    times_b.push_back(median_us(b, 1));
  }
  std::sort(times_a.begin(), times_a.end());
  std::sort(times_b.begin(), times_b.end());
  return {times_a[times_a.size() / 2], times_b[times_b.size() / 2]};
}

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

// One catalog variant reduced to one value at n: relaunched on its block sums, or in one launch
// where it finishes the grid itself or reads two vectors (the dot products). Checks the value.
template <typename T>
void time_variant(const VariantInfo& v, DeviceKernel<T> kernel, BenchBuffers<T>& b, std::uint64_t n,
                  int repeats, unsigned block, ElementType type, BenchReport& report) {
  double bytes = static_cast<double>(n * sizeof(T));
  unsigned inputs = v.launch.inputs;
  if (inputs == 2 || v.launch.second_stage == SecondStage::AtomicAdd) {
    const T* data = inputs == 2 ? b.vectors.get() : b.input.get();
    T* results = inputs == 2 ? b.dot_results.get() : b.partial_a.get();
    double us = median_us([&] { time_single_launch(v, kernel, data, n, results, block); }, repeats);
    expect_value(time_single_launch(v, kernel, data, n, results, block), n, std::string(v.id));
    report.entries.push_back({std::string(v.id), type, n, us, inputs * bytes / us / 1e3});
    return;
  }
  T* final_value = nullptr;
  double us = median_us(
      [&] {
        final_value = reduce_to_one(kernel, v.launch.grid, b.input.get(), n, b.partial_a.get(),
                                    b.partial_b.get(), block);
      },
      repeats);
  // All ones: the sum is n; the maximum and the minimum are 1.
  expect_sum(final_value, v.launch.op == Operator::Sum ? n : 1, std::string(v.id));
  report.entries.push_back({std::string(v.id), type, n, us, bytes / us / 1e3});
}

// The tuned variant and CUB, timed alternately, and the device copy, at n.
template <typename T>
void time_references(BenchBuffers<T>& b, std::uint64_t n, int repeats, unsigned block,
                     ElementType type, BenchReport& report) {
  double bytes = static_cast<double>(n * sizeof(T));
  T* tuned_total = nullptr;
  auto [tuned_us, cub_us] = median_pair_us(
      [&] { tuned_total = launch_tuned<T>(b.input.get(), n, b.tuned_sums.get(), block); },
      [&] {
        std::size_t temp = b.cub_bytes;
        cub::DeviceReduce::Sum(b.cub_temp->get(), temp, b.input.get(), b.result.get(),
                               static_cast<int>(n));
      },
      repeats);
  expect_sum(tuned_total, n, "tuned");
  report.entries.push_back({"tuned", type, n, tuned_us, bytes / tuned_us / 1e3});
  expect_sum(b.result.get(), n, "cub");
  report.entries.push_back({"cub", type, n, cub_us, bytes / cub_us / 1e3});
  double copy_us = median_us(
      [&] {
        cudaMemcpyAsync(b.copy_target.get(), b.input.get(), n * sizeof(T),
                        cudaMemcpyDeviceToDevice);
      },
      repeats);
  report.entries.push_back({"copy", type, n, copy_us, 2 * bytes / copy_us / 1e3});
}

template <typename T>
void bench_type(const BenchOptions& o, ElementType type, BenchReport& report) {
  BenchBuffers<T> buffers(std::uint64_t{1} << o.max_log2);
  for (unsigned log2 = o.min_log2; log2 <= o.max_log2; ++log2) {
    std::uint64_t n = std::uint64_t{1} << log2;
    // Microsecond launches get many repeats (their spread is launch jitter); DRAM-sized ones fewer.
    int repeats = log2 >= 26   ? std::max(5, o.repeats / 2)
                  : log2 <= 22 ? std::max(o.repeats, 100)
                               : o.repeats;
    for (const VariantInfo& v : variant_catalog()) {
      if (v.id == "tuned") continue;        // timed below, beside CUB
      if (v.broken_on_purpose()) continue;  // the bug playground is not timed
      DeviceKernel<T> kernel = device_kernel<T, NoProbe>(v.id, o.block);
      if (kernel == nullptr) continue;
      time_variant(v, kernel, buffers, n, repeats, o.block, type, report);
    }
    time_references(buffers, n, repeats, o.block, type, report);
  }
}

}  // namespace

BenchReport run_benchmark(const BenchOptions& o) {
  if (o.block < 32 || o.block > 1024 || (o.block & (o.block - 1)) != 0) {
    throw CudaError("bench block size must be a power of two from 32 to 1024");
  }
  if (o.repeats < 1) throw CudaError("repeats must be at least 1");
  if (o.min_log2 < 1 || o.max_log2 > 30 || o.min_log2 > o.max_log2) {
    throw CudaError("sizes must satisfy 1 <= min_log2 <= max_log2 <= 30");
  }
  BenchReport report;
  report.device = device_name();
  if (report.device.empty()) throw CudaError("no CUDA device found");
  report.toolkit = toolkit_description();
  std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  report.date = date;
  report.method = "CUDA events after 50 warm-up copies; per point 3 warm-up launches, median of " +
                  std::to_string(o.repeats) +
                  " (at least 100 up to 2^22, half from 2^26; tuned and CUB "
                  "timed alternately), block " +
                  std::to_string(o.block) +
                  "; variants relaunch on their block sums until one block remains; the dot "
                  "products are one launch of at most 32 blocks over two vectors (GB/s counts "
                  "both) and the host adds their partials (appendix version: the lock does); "
                  "input all ones; every result checked";
  bench_type<float>(o, ElementType::Float, report);
  bench_type<int>(o, ElementType::Int, report);
  return report;
}

}  // namespace stridescope::cuda
