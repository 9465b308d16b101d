// Hazard analysis: conflicting accesses to one word by different threads within one step, unless
// a warp barrier both lanes passed orders them. Near-linear: vector clocks per lane for the
// ordering, per-word state for the earlier accesses.
#include "analysis/hazards.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace stridescope {
namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

// The step's warp barriers, warp by warp: for each lane, the barriers it passed in order, and for
// each barrier each member lane's position among its own barriers.
class WarpBarriers {
 public:
  explicit WarpBarriers(const Step& step) {
    for (const WarpSync& sync : step.warp_syncs) {
      Warp& warp = warps_[sync.warp];
      Barrier barrier{sync.mask, {}};
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        if ((sync.mask >> lane & 1u) == 0) continue;
        barrier.position[lane] = static_cast<std::uint32_t>(warp.lane_barriers[lane].size());
        warp.lane_barriers[lane].push_back(static_cast<std::uint32_t>(warp.barriers.size()));
      }
      warp.barriers.push_back(barrier);
    }
  }

  // Advances `clock` (what lane `lane` of `warp` knows: for each other lane, the position of the
  // latest barrier they passed together) from `applied` barriers of that lane to `epoch`.
  void advance(unsigned warp, unsigned lane, std::uint32_t epoch, std::uint32_t& applied,
               std::array<std::int64_t, kWarpSize>& clock) const {
    auto it = warps_.find(warp);
    if (it == warps_.end()) return;
    const Warp& w = it->second;
    const std::vector<std::uint32_t>& mine = w.lane_barriers[lane];
    for (; applied < epoch && applied < mine.size(); ++applied) {
      const Barrier& b = w.barriers[mine[applied]];
      for (unsigned other = 0; other < kWarpSize; ++other) {
        if ((b.mask >> other & 1u) != 0) clock[other] = b.position[other];
      }
    }
  }

 private:
  struct Barrier {
    std::uint32_t mask = 0;
    std::array<std::uint32_t, kWarpSize> position{};
  };
  struct Warp {
    std::vector<Barrier> barriers;
    std::array<std::vector<std::uint32_t>, kWarpSize> lane_barriers;  // indices into barriers
  };
  std::unordered_map<unsigned, Warp> warps_;
};

// Earlier accesses of one kind (reads or writes) to one word.
struct Earlier {
  std::size_t first = kNone;            // the earliest, any thread
  std::size_t first_elsewhere = kNone;  // the earliest by a warp other than `first`'s
  std::size_t first_other = kNone;      // the earliest by a thread other than `first`'s
  // With warp barriers in the step: per warp and lane, (warp epoch, access index) in the trace's
  // order. Without, any earlier access by another thread races, and the three above suffice.
  std::unordered_map<unsigned,
                     std::array<std::vector<std::pair<std::uint32_t, std::size_t>>, kWarpSize>>
      by_lane;
};

struct WordState {
  Earlier reads, writes, atomics;
  std::array<bool, 3> reported{};  // by HazardKind
};

class HazardFinder {
 public:
  HazardFinder(const Step& step, unsigned word_size)
      : step_(step), word_size_(word_size), barriers_(step), ordered_(!step.warp_syncs.empty()) {
    std::uint64_t end = 0;
    for (const Access& a : step.accesses) end = std::max<std::uint64_t>(end, a.address + a.size);
    words_.resize((end + word_size - 1) / word_size);
  }

  std::vector<Hazard> run() {
    for (std::size_t i = 0; i < step_.accesses.size(); ++i) visit(i);
    return std::move(found_);
  }

 private:
  struct ThreadClock {
    std::uint32_t applied = 0;  // barriers of the lane applied to `clock`
    std::array<std::int64_t, kWarpSize> clock;
    ThreadClock() { clock.fill(-1); }
  };

  void visit(std::size_t i) {
    const Access& a = step_.accesses[i];
    ThreadClock& tc = ordered_ ? clocks_[a.thread] : no_barriers_;
    if (ordered_) {
      barriers_.advance(a.thread / kWarpSize, a.thread % kWarpSize, a.warp_epoch, tc.applied,
                        tc.clock);
    }
    unsigned first_word = a.address / word_size_;
    unsigned last_word = (a.address + a.size - 1) / word_size_;
    for (unsigned word = first_word; word <= last_word; ++word) {
      WordState& w = words_[word];
      // Two atomics on one word do not race; an atomic and a plain access do.
      if (a.kind == AccessKind::Read) {
        check(w, w.writes, HazardKind::ReadAfterWrite, word, i, tc);
        check(w, w.atomics, HazardKind::ReadAfterWrite, word, i, tc);
        remember(w.reads, i, a);
      } else {
        check(w, w.writes, HazardKind::WriteAfterWrite, word, i, tc);
        if (a.kind == AccessKind::Write)
          check(w, w.atomics, HazardKind::WriteAfterWrite, word, i, tc);
        check(w, w.reads, HazardKind::WriteAfterRead, word, i, tc);
        remember(a.kind == AccessKind::Atomic ? w.atomics : w.writes, i, a);
      }
    }
  }

  // The earliest earlier access that races with `a`, if any: a different warp's, or another
  // lane's of the same warp that no common barrier orders before `a`.
  void check(WordState& w, const Earlier& earlier, HazardKind kind, unsigned word, std::size_t i,
             const ThreadClock& tc) {
    const Access& a = step_.accesses[i];
    auto& reported = w.reported[static_cast<int>(kind)];
    if (reported || earlier.first == kNone) return;
    unsigned warp = a.thread / kWarpSize, lane = a.thread % kWarpSize;
    std::size_t best = kNone;
    if (!ordered_) {  // nothing orders two threads within the step
      best = step_.accesses[earlier.first].thread != a.thread ? earlier.first : earlier.first_other;
      if (best == kNone) return;
      reported = true;
      found_.push_back({kind, word, step_.accesses[best], a, i});
      return;
    }
    best = warp_of(earlier.first) != warp ? earlier.first : earlier.first_elsewhere;
    auto it = earlier.by_lane.find(warp);
    if (it != earlier.by_lane.end()) {
      for (unsigned other = 0; other < kWarpSize; ++other) {
        if (other == lane) continue;
        const auto& list = it->second[other];
        // Ordered before `a`: the other lane's accesses up to the barrier both passed last.
        auto known = static_cast<std::uint32_t>(std::max<std::int64_t>(tc.clock[other] + 1, 0));
        auto racing =
            std::lower_bound(list.begin(), list.end(), std::make_pair(known, std::size_t{0}));
        if (racing != list.end()) best = std::min(best, racing->second);
      }
    }
    if (best == kNone) return;
    reported = true;
    found_.push_back({kind, word, step_.accesses[best], a, i});
  }

  void remember(Earlier& earlier, std::size_t i, const Access& a) {
    unsigned warp = a.thread / kWarpSize;
    if (earlier.first == kNone) {
      earlier.first = i;
      return remember_lane(earlier, i, a);
    }
    if (earlier.first_elsewhere == kNone && warp_of(earlier.first) != warp) {
      earlier.first_elsewhere = i;
    }
    if (earlier.first_other == kNone && step_.accesses[earlier.first].thread != a.thread) {
      earlier.first_other = i;
    }
    remember_lane(earlier, i, a);
  }

  void remember_lane(Earlier& earlier, std::size_t i, const Access& a) {
    if (ordered_)
      earlier.by_lane[a.thread / kWarpSize][a.thread % kWarpSize].emplace_back(a.warp_epoch, i);
  }

  unsigned warp_of(std::size_t i) const { return step_.accesses[i].thread / kWarpSize; }

  const Step& step_;
  unsigned word_size_;
  WarpBarriers barriers_;
  bool ordered_;  // the step has warp barriers: lanes of a warp may be ordered
  std::unordered_map<unsigned, ThreadClock> clocks_;
  ThreadClock no_barriers_;
  std::vector<WordState> words_;
  std::vector<Hazard> found_;
};

}  // namespace

std::string hazard_name(HazardKind kind) {
  switch (kind) {
    case HazardKind::ReadAfterWrite:
      return "read-after-write";
    case HazardKind::WriteAfterRead:
      return "write-after-read";
    case HazardKind::WriteAfterWrite:
      break;
  }
  return "write-after-write";
}

std::vector<Hazard> hazards(const Step& step, unsigned word_size) {
  return HazardFinder(step, word_size).run();
}

}  // namespace stridescope
