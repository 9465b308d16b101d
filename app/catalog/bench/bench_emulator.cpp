// Benchmark: time to trace one block of each variant on the CPU emulator (prints figures, asserts
// none).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "catalog/emu/run_variant.h"
#include "registry.h"

int main(int argc, char** argv) {
  using Clock = std::chrono::steady_clock;
  unsigned block = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 1024;
  const int repeats = 15;
  std::printf("CPU emulator: trace one %u-thread block (int, iota), median of %d runs\n", block,
              repeats);
  std::printf("%-24s %10s %10s %8s\n", "variant", "median ms", "min ms", "steps");
  for (const stridescope::VariantInfo& v : stridescope::variant_catalog()) {
    stridescope::RunRequest request;
    request.variant = std::string(v.id);
    request.block = block;
    request.n = block;
    std::vector<double> ms;
    std::size_t steps = 0;
    for (int r = 0; r < repeats; ++r) {
      auto start = Clock::now();
      stridescope::Trace trace = stridescope::run_on_emulator(request);
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      steps = trace.blocks[0].steps.size();
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-24s %10.2f %10.2f %8zu\n", request.variant.c_str(), ms[ms.size() / 2],
                ms.front(), steps);
  }
  // Whole-grid throughput: how long the emulator's largest run takes.
  stridescope::RunRequest big;
  big.n = stridescope::kMaxEmulatedElements;
  big.block = 1024;
  auto start = Clock::now();
  stridescope::run_on_emulator(big);
  std::printf("sequential, n = %llu (the emulator's limit), block 1024: %.0f ms\n",
              static_cast<unsigned long long>(big.n),
              std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  return 0;
}
