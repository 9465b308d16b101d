// The runtime's record of global memory (part of runtime.cpp, built without instrumentation): the
// cudaMalloc buffers with the caller's address, and per step of the traced block the bytes it
// loaded and stored in each of them, as merged byte ranges. A non-shared access costs a bounds
// check, and in the traced block a binary search over the few live buffers and a bit set per byte.
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace stridescope_rt_global {

struct Allocation {
  std::uintptr_t begin = 0, end = 0;  // the bytes asked for
  std::uintptr_t limit = 0;           // end rounded up to 16 bytes: what may be touched
  std::uintptr_t pc = 0;              // cudaMalloc's return address, in the user's code
  std::uint32_t element_size = 0;     // sizeof(T) for cudaMalloc(T**, ...), 0 when unknown
  std::string type;                   // "float" where the runtime knows it
  bool live = true;
  std::string name;  // as the allocating call named it, where its line cannot ("" otherwise)
};

// Loads (or stores) into one buffer during one step. A buffer of up to kBitmapBytes keeps a bit
// per byte (a few nanoseconds an access, whatever the order); a larger one a list of ranges.
constexpr std::uint64_t kBitmapBytes = 16ull << 20;
constexpr std::size_t kKinds = 3;  // a buffer's traffic slots: reads, writes, atomics

struct Traffic {
  std::uint64_t accesses = 0, bytes = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;  // [begin, end), unmerged tail
  std::size_t merged = 0;                // ranges[0, merged) are sorted and apart
  std::vector<std::uint64_t> bits;       // a bit per byte touched this step (small buffers)
  std::size_t low = SIZE_MAX, high = 0;  // the words of `bits` that may be set

  void add(std::uint64_t begin, std::uint64_t end) {
    ++accesses;
    bytes += end - begin;
    if (!bits.empty()) {
      for (std::uint64_t x = begin; x < end; ++x) bits[x >> 6] |= 1ull << (x & 63);
      low = std::min<std::size_t>(low, begin >> 6);
      high = std::max<std::size_t>(high, (end - 1) >> 6);
      return;
    }
    if (!ranges.empty() && begin <= ranges.back().second && end >= ranges.back().first) {
      ranges.back().first = std::min(ranges.back().first, begin);  // the common case: the next
      ranges.back().second = std::max(ranges.back().second, end);  // element of a run
      return;
    }
    ranges.emplace_back(begin, end);
    if (ranges.size() > 2 * merged + 4096) merge();  // bounded by the distinct ranges
  }
  void merge() {
    std::sort(ranges.begin(), ranges.end());
    std::size_t out = 0;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
      if (out > 0 && ranges[i].first <= ranges[out - 1].second) {
        ranges[out - 1].second = std::max(ranges[out - 1].second, ranges[i].second);
      } else {
        ranges[out++] = ranges[i];
      }
    }
    ranges.resize(out);
    merged = out;
  }
  // The set bits as ranges, clearing them.
  void ranges_from_bits() {
    std::uint64_t start = UINT64_MAX;
    for (std::size_t w = low; w <= high && low != SIZE_MAX; ++w) {
      const std::uint64_t v = bits[w];
      bits[w] = 0;
      if ((v == 0 && start == UINT64_MAX) || (v == ~0ull && start != UINT64_MAX)) continue;
      for (std::uint64_t i = 0; i < 64; ++i) {
        const bool on = (v >> i & 1) != 0;
        if (on && start == UINT64_MAX) start = w * 64 + i;
        if (!on && start != UINT64_MAX) {
          ranges.emplace_back(start, w * 64 + i);
          start = UINT64_MAX;
        }
      }
    }
    if (start != UINT64_MAX) ranges.emplace_back(start, (high + 1) * 64);
    low = SIZE_MAX;
    high = 0;
  }
  // The step's record, and a fresh step (the bitmap kept, cleared).
  nlohmann::json take_json() {
    if (!bits.empty()) ranges_from_bits();
    merge();
    nlohmann::json flat = nlohmann::json::array();
    for (const auto& [b, e] : ranges) flat.push_back({b, e});
    nlohmann::json out = {accesses, bytes, flat};
    accesses = bytes = 0;
    ranges.clear();
    merged = 0;
    return out;
  }
};

class GlobalRecord {
 public:
  void allocated(void* p, std::size_t bytes, void* pc, std::uint32_t element_size, const char* type,
                 std::string name = "") {
    const auto b = reinterpret_cast<std::uintptr_t>(p);
    all_.push_back({b, b + bytes, b + (bytes + 15) / 16 * 16, reinterpret_cast<std::uintptr_t>(pc),
                    element_size, type ? type : "", true, std::move(name)});
  }
  void freed(void* p) {
    for (Allocation& a : all_)
      if (a.live && a.begin == reinterpret_cast<std::uintptr_t>(p)) a.live = false;
  }

  // The traced launch starts: its buffers are the live ones.
  void begin_launch() {
    watched_.clear();
    for (std::size_t i = 0; i < all_.size(); ++i)
      if (all_[i].live && all_[i].end > all_[i].begin) watched_.push_back(i);
    std::sort(watched_.begin(), watched_.end(),
              [&](std::size_t a, std::size_t b) { return all_[a].begin < all_[b].begin; });
    low_ = watched_.empty() ? 1 : all_[watched_.front()].begin;
    high_ = 0;
    for (std::size_t i : watched_) high_ = std::max(high_, all_[i].limit);
    step_.assign(watched_.size() * kKinds, Traffic{});
    for (std::size_t slot = 0; slot < step_.size(); ++slot) {
      const Allocation& a = all_[watched_[slot / kKinds]];
      if (a.limit - a.begin <= kBitmapBytes)
        step_[slot].bits.assign((a.limit - a.begin) / 64 + 1, 0);
    }
    launch_buffers_ = watched_;
    std::sort(launch_buffers_.begin(), launch_buffers_.end());  // allocation order
  }

  // A load or store of the traced block outside shared memory.
  void note(const char* p, std::uint32_t size, char kind) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    if (a < low_ || a >= high_) return;
    auto it = std::upper_bound(watched_.begin(), watched_.end(), a,
                               [&](std::uintptr_t x, std::size_t i) { return x < all_[i].begin; });
    if (it == watched_.begin()) return;
    const Allocation& buffer = all_[*(it - 1)];
    if (a >= buffer.limit) return;  // between buffers
    const std::size_t slot = std::size_t(it - 1 - watched_.begin()) * kKinds + (kind == 'w'   ? 1
                                                                                : kind == 'a' ? 2
                                                                                              : 0);
    step_[slot].add(a - buffer.begin, a - buffer.begin + size);
  }

  // The step's record, [[buffer, "r"|"w"|"a", accesses, bytes, [[begin, end], ...]], ...]
  // (buffer: index into buffers_json(); "a": atomics, also counted as reads and writes), and a
  // fresh step.
  nlohmann::json end_step() {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t slot = 0; slot < step_.size(); ++slot) {
      Traffic& t = step_[slot];
      if (t.accesses == 0) continue;
      const std::size_t index =
          std::size_t(std::lower_bound(launch_buffers_.begin(), launch_buffers_.end(),
                                       watched_[slot / kKinds]) -
                      launch_buffers_.begin());
      nlohmann::json entry = t.take_json();
      entry.insert(entry.begin(), slot % kKinds == 1 ? "w" : slot % kKinds == 2 ? "a" : "r");
      entry.insert(entry.begin(), index);
      out.push_back(std::move(entry));
    }
    return out;
  }

  // The traced launch's buffers, in allocation order.
  nlohmann::json buffers_json() const {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i : launch_buffers_) {
      const Allocation& a = all_[i];
      out.push_back({{"pc", a.pc},
                     {"bytes", a.end - a.begin},
                     {"element_size", a.element_size},
                     {"type", a.type}});
      if (!a.name.empty()) out.back()["name"] = a.name;
    }
    return out;
  }

 private:
  std::vector<Allocation> all_;              // every cudaMalloc, in order
  std::vector<std::size_t> watched_;         // the traced launch's buffers, by address
  std::vector<std::size_t> launch_buffers_;  // the same, in allocation order
  std::uintptr_t low_ = 1, high_ = 0;        // the watched addresses
  std::vector<Traffic> step_;                // per watched buffer: loads, stores
};

}  // namespace stridescope_rt_global
