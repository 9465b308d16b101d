// Hazard analysis: conflicting accesses to one word by different threads within one step, unless
// a warp barrier both lanes passed orders them.
#include "analysis/hazards.h"

#include <map>
#include <set>

namespace stridescope {
namespace {

bool has_lane(const WarpSync& sync, unsigned thread) {
  return sync.warp == thread / kWarpSize && (sync.mask >> (thread % kWarpSize) & 1u) != 0;
}

// Index in step.warp_syncs of `thread`'s k-th warp barrier, or -1 if it passed fewer.
long nth_warp_sync(const Step& step, unsigned thread, std::uint32_t k) {
  std::uint32_t seen = 0;
  for (std::size_t i = 0; i < step.warp_syncs.size(); ++i) {
    if (!has_lane(step.warp_syncs[i], thread)) continue;
    if (seen++ == k) return static_cast<long>(i);
  }
  return -1;
}

// How many of `thread`'s warp barriers come before index `end` of step.warp_syncs.
std::uint32_t warp_syncs_before(const Step& step, unsigned thread, std::size_t end) {
  std::uint32_t count = 0;
  for (std::size_t i = 0; i < end; ++i) count += has_lane(step.warp_syncs[i], thread) ? 1 : 0;
  return count;
}

}  // namespace

std::string hazard_name(HazardKind kind) {
  switch (kind) {
    case HazardKind::ReadAfterWrite:
      return "read-after-write";
    case HazardKind::WriteAfterRead:
      return "write-after-read";
    default:
      return "write-after-write";
  }
}

bool ordered_by_warp_barrier(const Step& step, const Access& earlier, const Access& later) {
  if (earlier.thread / kWarpSize != later.thread / kWarpSize || step.warp_syncs.empty())
    return false;
  // The first barrier of the earlier thread after its access that the later thread also passed.
  for (std::uint32_t k = earlier.warp_epoch;; ++k) {
    long index = nth_warp_sync(step, earlier.thread, k);
    if (index < 0) return false;
    if (!has_lane(step.warp_syncs[index], later.thread)) continue;
    // The later thread passed it before its access if fewer than its epoch came before it.
    return warp_syncs_before(step, later.thread, static_cast<std::size_t>(index)) <
           later.warp_epoch;
  }
}

std::vector<Hazard> hazards(const Step& step, unsigned word_size) {
  struct Seen {
    std::vector<const Access*> reads, writes;
    std::set<HazardKind> reported;
  };
  std::map<unsigned, Seen> by_word;
  std::vector<Hazard> found;
  auto racing = [&](const Access& earlier, const Access& later) {
    return earlier.thread != later.thread && !ordered_by_warp_barrier(step, earlier, later) &&
           !ordered_by_warp_barrier(step, later, earlier);
  };
  auto check = [&](Seen& seen, const std::vector<const Access*>& earlier, HazardKind kind,
                   unsigned word, const Access& a) {
    if (seen.reported.count(kind) != 0) return;
    for (const Access* e : earlier) {
      if (!racing(*e, a)) continue;
      seen.reported.insert(kind);
      found.push_back({kind, word, *e, a});
      return;
    }
  };
  for (const Access& a : step.accesses) {
    unsigned first_word = a.address / word_size;
    unsigned last_word = (a.address + a.size - 1) / word_size;
    for (unsigned word = first_word; word <= last_word; ++word) {
      Seen& seen = by_word[word];
      if (a.kind == AccessKind::Read) {
        check(seen, seen.writes, HazardKind::ReadAfterWrite, word, a);
        seen.reads.push_back(&a);
      } else {
        check(seen, seen.writes, HazardKind::WriteAfterWrite, word, a);
        check(seen, seen.reads, HazardKind::WriteAfterRead, word, a);
        seen.writes.push_back(&a);
      }
    }
  }
  return found;
}

}  // namespace stridescope
