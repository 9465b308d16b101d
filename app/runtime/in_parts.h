// A large host-side loop over a buffer's words or bytes split among the workers' number of threads:
// a host copy's first touch of fresh pages (the kernel clears each) costs as much as the copy, and
// page faults on separate pages run in parallel.
#pragma once

#include <algorithm>
#include <cstddef>
#include <system_error>
#include <thread>
#include <vector>

namespace stridescope_rt {

// Below this many items the loop runs on the caller's thread (a thread costs ~50 us to start).
inline constexpr std::size_t kItemsWorthThreads = std::size_t(1) << 20;

// part(begin, end) over [0, count), in `threads` contiguous pieces (page-aligned for 4 KiB of
// items of `item_bytes`), the last on the caller's thread.
template <typename Part>
void in_parts(std::size_t count, unsigned threads, std::size_t item_bytes, Part part) {
  if (count < kItemsWorthThreads || threads <= 1) {
    part(std::size_t(0), count);
    return;
  }
  const std::size_t align = std::max<std::size_t>(1, 4096 / std::max<std::size_t>(1, item_bytes));
  const std::size_t piece = (count / threads + align - 1) / align * align;
  std::vector<std::thread> helpers;
  helpers.reserve(threads);  // no growth (and no throw) once a helper runs
  std::size_t begin = 0;
  for (unsigned t = 0; t + 1 < threads && begin + piece < count; ++t, begin += piece) {
    try {
      helpers.emplace_back([&part, begin, piece] { part(begin, begin + piece); });
    } catch (const std::system_error&) {  // no thread to be had (a limit on them): this one does it
      part(begin, begin + piece);
    }
  }
  part(begin, count);
  for (std::thread& h : helpers) h.join();
}

}  // namespace stridescope_rt
