// The order a warp's printf calls print in (printf_order.h): a merge of its lanes' sequences.
#include "printf_order.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace stridescope_rt {

CallPath call_path(const void* frame, const void* outer) {
  // The outermost 64 frames compare (a printf deep in a recursion compares by where the kernel
  // started it); a walk of more than 4096 frames stops.
  constexpr std::size_t kMostFrames = 4096, kKept = 64;
  CallPath path;
  auto f = reinterpret_cast<const std::uintptr_t*>(frame);
  const auto end = reinterpret_cast<std::uintptr_t>(outer);
  while (f != nullptr && path.size() < kMostFrames) {
    const auto here = reinterpret_cast<std::uintptr_t>(f);
    if (here % sizeof(std::uintptr_t) != 0 || here >= end) break;
    path.push_back(f[1]);  // the return address into the caller
    const std::uintptr_t up = f[0];
    if (up <= here) break;
    f = reinterpret_cast<const std::uintptr_t*>(up);
  }
  std::reverse(path.begin(), path.end());
  if (path.size() > kKept) path.resize(kKept);
  return path;
}

void PrintfCalls::add(unsigned thread, const void* site, const CallPath& path, std::size_t index) {
  Thread& lane = by_thread_[thread];
  Warp& warp = warps_[thread / 32];
  const std::uint32_t time = lane.times[site]++;
  const auto [it, made] = warp.ids.try_emplace({site, time}, std::uint32_t(warp.calls.size()));
  if (made) warp.calls.push_back(Call{path, {}, {}, 0});
  Call& call = warp.calls[it->second];
  call.path = std::min(call.path, path);
  call.lines.push_back(index);
  if (lane.last >= 0) {
    std::vector<std::uint32_t>& next = warp.calls[std::size_t(lane.last)].next;
    if (std::find(next.begin(), next.end(), it->second) == next.end()) {
      next.push_back(it->second);
      ++call.before;
    }
  }
  lane.last = it->second;
}

std::vector<std::uint32_t> PrintfCalls::merged_order(const std::vector<Call>& calls) {
  const auto lower = [&calls](std::uint32_t a, std::uint32_t b) {
    return std::tie(calls[a].path, a) < std::tie(calls[b].path, b);
  };
  std::set<std::uint32_t, decltype(lower)> ready(lower), left(lower);
  std::vector<std::uint32_t> before(calls.size()), order;
  for (std::uint32_t c = 0; c < calls.size(); ++c) {
    before[c] = calls[c].before;
    (before[c] == 0 ? ready : left).insert(c);
  }
  while (!ready.empty() || !left.empty()) {
    auto& from = ready.empty() ? left : ready;  // a cycle: the lowest call left goes on
    const std::uint32_t pick = *from.begin();
    from.erase(from.begin());
    order.push_back(pick);
    for (std::uint32_t n : calls[pick].next)
      if (before[n] > 0 && --before[n] == 0 && left.erase(n) != 0) ready.insert(n);
  }
  return order;
}

void PrintfCalls::number(std::vector<Printed>& output) const {
  for (const auto& [w, warp] : warps_) {
    const std::vector<std::uint32_t> order = merged_order(warp.calls);
    for (std::uint32_t rank = 0; rank < order.size(); ++rank)
      for (std::size_t line : warp.calls[order[rank]].lines) output[line].call = rank;
  }
}

}  // namespace stridescope_rt
