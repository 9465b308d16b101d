// The global-memory race detector (see global_races.h).
#include "global_races.h"

#include <algorithm>
#include <tuple>

namespace stridescope_rt {

namespace {

char kind_of(const AccessNote& n, char plain) {
  return (n.flags & kAtomic) != 0 ? 'a' : plain;
}

// A spin lock over a stripe of words (a few instructions when no other worker holds it).
class StripeLock {
 public:
  explicit StripeLock(std::atomic<std::uint8_t>& l) : l_(l) {
    while (l_.exchange(1, std::memory_order_acquire) != 0) {
      while (l_.load(std::memory_order_relaxed) != 0) {
      }
    }
  }
  ~StripeLock() { l_.store(0, std::memory_order_release); }

 private:
  std::atomic<std::uint8_t>& l_;
};

}  // namespace

RaceChecker& RaceChecker::get() {
  static RaceChecker* checker = new RaceChecker;  // never destroyed: workers may outlive exit
  return *checker;
}

void RaceChecker::begin_launch() {
  std::lock_guard<std::mutex> lock(atomic_mutex_);
  log_.clear();
}

std::uint16_t RaceChecker::site_of(void* pc) {
  const auto p = reinterpret_cast<std::uintptr_t>(pc);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = site_index_.find(p);
  if (it != site_index_.end()) return it->second;
  if (sites_.size() > 0xffff) return 0;  // more places than a note holds: unnamed
  const auto site = std::uint16_t(sites_.size());
  sites_.push_back(p);
  site_index_.emplace(p, site);
  return site;
}

std::uintptr_t RaceChecker::pc_of(std::uint16_t site) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return site < sites_.size() ? sites_[site] : 0;
}

AccessNote RaceChecker::note_of(const Accessor& who, void* pc, bool atomic) {
  AccessNote n;
  n.block = std::uint32_t(who.block);
  n.thread = std::uint16_t(who.thread);
  n.site = site_of(pc);
  n.barrier = std::uint16_t(who.barrier);
  n.fence = std::uint8_t(std::min<std::uint32_t>(who.fence, 255));
  n.flags = std::uint8_t(kNoted | (atomic ? kAtomic : 0));
  return n;
}

// The earlier access's block released (a __threadfence() after it, then an atomic on a flag) and
// the later block acquired that release (its atomic on the same flag ran after it).
bool RaceChecker::ordered(const AccessNote& earlier, const Accessor& later) const {
  if (later.acquired == nullptr || later.acquired->empty()) return false;
  std::lock_guard<std::mutex> lock(const_cast<std::mutex&>(atomic_mutex_));
  for (const auto& [flag, seen] : *later.acquired) {
    auto it = log_.find(flag);
    if (it == log_.end()) continue;
    const auto& releases = it->second;
    for (std::size_t i = 0; i < seen && i < releases.size(); ++i)
      if (releases[i].first == earlier.block && releases[i].second > earlier.fence) return true;
  }
  return false;
}

// Whether the later access and the earlier one (at least one of them plain) can run in either
// order: two blocks with nothing ordering them, or two warps of one block between the same two
// __syncthreads() (lanes of one warp are left to the shared-memory checks' rules).
bool RaceChecker::conflicts(const AccessNote& earlier, const Accessor& later,
                            bool later_atomic) const {
  if ((earlier.flags & kNoted) == 0) return false;
  if ((earlier.flags & kAtomic) != 0 && later_atomic) return false;
  if (earlier.block == std::uint32_t(later.block) && (earlier.flags & kOtherBlocks) == 0) {
    return earlier.thread / 32 != later.thread / 32 &&
           earlier.barrier == std::uint16_t(later.barrier);
  }
  if ((earlier.flags & kOtherBlocks) != 0) return true;  // several blocks: one of them unordered
  return !ordered(earlier, later);
}

void RaceChecker::access(WordState& word, std::uintptr_t address, const Accessor& who, char kind,
                         void* pc) {
  StripeLock lock(locks_[(address >> 2) % std::size(locks_)]);
  if (word.launch != who.launch) {
    word.launch = who.launch;
    word.write = AccessNote{};
    word.read = AccessNote{};
  }
  const bool atomic = kind == 'a';
  const bool writes = kind != 'r';
  if (writes) word.provenance = (word.provenance & kReadByKernel) | who.launch;
  if (kind != 'w') word.provenance |= kReadByKernel;
  const std::uint32_t block = std::uint32_t(who.block);
  // Against the launch's last writer: any access but an atomic after an atomic.
  if (conflicts(word.write, who, atomic))
    report(word.write, kind_of(word.write, 'w'), address, who, kind, pc);
  // Against a reader: a write (plain or atomic) after a plain read.
  if (writes && conflicts(word.read, who, false)) report(word.read, 'r', address, who, kind, pc);
  if (writes) {
    const AccessNote before = word.write;
    AccessNote now = note_of(who, pc, atomic);
    // Another block wrote it before without anything ordering the two: later accesses race with
    // one of them whatever this block does.
    const bool other = (before.flags & kNoted) != 0 && before.block != block &&
                       ((before.flags & kOtherBlocks) != 0 || !ordered(before, who));
    if (other) now.flags |= kOtherBlocks;
    word.write = now;
    if ((word.read.flags & kNoted) != 0 && word.read.block != block &&
        (word.read.flags & kOtherBlocks) == 0 && ordered(word.read, who))
      word.read = AccessNote{};  // the read is ordered before this write (and so before later ones)
    return;
  }
  if (atomic) return;
  AccessNote& r = word.read;
  if ((r.flags & kNoted) == 0 || r.block == block) {
    const std::uint8_t keep = r.flags & kOtherBlocks;
    r = note_of(who, pc, false);
    r.flags |= keep;
  } else if ((r.flags & kOtherBlocks) == 0 && ordered(r, who)) {
    r = note_of(who, pc, false);
  } else {
    r.flags |= kOtherBlocks;
  }
}

void RaceChecker::report(const AccessNote& earlier, char earlier_kind, std::uintptr_t address,
                         const Accessor& later, char kind, void* pc) {
  ++raced_;
  GlobalRace race;
  race.launch = long(later.launch) - 1;
  race.address = address;
  race.first = {earlier.block, earlier.thread, pc_of(earlier.site), earlier_kind};
  race.second = {later.block, later.thread, reinterpret_cast<std::uintptr_t>(pc), kind};
  std::lock_guard<std::mutex> lock(mutex_);
  // One race per pair of places and kinds: the one with the lowest blocks and threads, so that the
  // record says the same whatever order the workers ran the blocks in.
  const auto key = [](const GlobalRace& r) {
    const auto lo =
        std::min(std::tie(r.first.pc, r.first.kind), std::tie(r.second.pc, r.second.kind));
    const auto hi =
        std::max(std::tie(r.first.pc, r.first.kind), std::tie(r.second.pc, r.second.kind));
    return std::make_tuple(r.launch, std::get<0>(lo), std::get<1>(lo), std::get<0>(hi),
                           std::get<1>(hi));
  };
  const auto rank = [](const GlobalRace& r) {
    return std::make_tuple(std::min(r.first.block, r.second.block),
                           std::max(r.first.block, r.second.block), r.address,
                           std::min(r.first.thread, r.second.thread));
  };
  for (GlobalRace& known : races_) {
    if (key(known) != key(race)) continue;
    if (rank(race) < rank(known)) known = race;
    return;
  }
  if (races_.size() < kMaxRaces) races_.push_back(race);
}

std::vector<GlobalRace> RaceChecker::races() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return races_;
}

void RaceChecker::atomic_done(std::uintptr_t flag, const Accessor& who,
                              std::vector<std::pair<std::uintptr_t, std::size_t>>& acquired) {
  // atomic_mutex_ is held by the caller, around the atomic itself.
  auto it = log_.find(flag);
  if (it != log_.end() && !it->second.empty()) {
    if (!acquired.empty() && acquired.back().first == flag) {
      acquired.back().second = it->second.size();
    } else {
      acquired.emplace_back(flag, it->second.size());
    }
  }
  if (who.fence == 0) return;  // no __threadfence() yet: nothing released
  auto& releases = log_[flag];
  const std::pair<std::uint32_t, std::uint32_t> entry{std::uint32_t(who.block), who.fence};
  if (releases.empty() || releases.back() != entry) releases.push_back(entry);
}

}  // namespace stridescope_rt
