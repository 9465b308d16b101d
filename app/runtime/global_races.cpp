// The global-memory race detector (see global_races.h).
#include "global_races.h"

#include <algorithm>
#include <array>
#include <tuple>

namespace stridescope_rt {

namespace {

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

void RaceChecker::begin_launch() {
  std::lock_guard<std::mutex> lock(atomic_mutex_);
  log_.clear();
}

std::uint16_t RaceChecker::new_site(void* pc, std::pair<std::uintptr_t, std::uint16_t>& slot) {
  const auto p = reinterpret_cast<std::uintptr_t>(pc);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = site_index_.find(p);
  if (it != site_index_.end()) {
    slot = {p, it->second};
    return it->second;
  }
  if (sites_.size() > 0xffff) return 0;  // more places than a note holds: unnamed
  const auto site = std::uint16_t(sites_.size());
  sites_.push_back(p);
  site_index_.emplace(p, site);
  slot = {p, site};
  return site;
}

std::uintptr_t RaceChecker::pc_of(std::uint16_t site) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return site < sites_.size() ? sites_[site] : 0;
}

// The earlier access's thread released it (a __threadfence() of its own after it, or one after a
// __syncthreads() that followed it, then an atomic on a flag) and the later block acquired that
// release (its atomic on the same flag ran after it).
bool RaceChecker::ordered(const AccessNote& earlier, const Accessor& later) const {
  if (later.acquired == nullptr || later.acquired->empty()) return false;
  std::lock_guard<std::mutex> lock(const_cast<std::mutex&>(atomic_mutex_));
  for (const auto& [flag, seen] : *later.acquired) {
    auto it = log_.find(flag);
    if (it == log_.end()) continue;
    const std::vector<Release>& releases = it->second.releases;
    for (std::size_t i = 0; i < seen && i < releases.size(); ++i) {
      const Release& r = releases[i];
      if (r.block != earlier.block) continue;
      const bool own_fence = r.thread == earlier.thread && r.fence > earlier.fence;
      const bool fence_after_barrier = std::uint16_t(r.fence_barrier) > earlier.barrier;
      if (own_fence || fence_after_barrier) return true;
    }
  }
  return false;
}

// The later block acquired a flag every other block of the grid had released to (the last block
// of cuda-samples' threadFenceReduction): whatever they did before, it comes after.
bool RaceChecker::acquired_all(const Accessor& later) const {
  if (later.acquired == nullptr || later.acquired->empty() || later.grid_blocks < 2) return false;
  std::lock_guard<std::mutex> lock(const_cast<std::mutex&>(atomic_mutex_));
  for (const auto& [flag, seen] : *later.acquired) {
    auto it = log_.find(flag);
    if (it == log_.end() || seen == 0 || seen > it->second.releases.size()) continue;
    if (it->second.releases[seen - 1].distinct + 1 >= later.grid_blocks) return true;
  }
  return false;
}

// Whether the later access and the earlier one (at least one of them plain, on a byte both touch)
// can run in either order: two blocks with nothing ordering them, or two warps of one block between
// the same two __syncthreads() (lanes of one warp are left to the shared-memory checks' rules).
bool RaceChecker::conflicts(const AccessNote& earlier, const Accessor& later, bool later_atomic,
                            unsigned mask) const {
  if ((earlier.flags & kNoted) == 0 || ((earlier.flags >> 4) & mask) == 0) return false;
  const bool atomic = (earlier.flags & kAtomic) != 0;
  if (atomic && later_atomic) return false;
  const bool others = (earlier.flags & kOtherBlocks) != 0;
  // The same block (its own atomic is the last of a chain of atomics: those before it are in it).
  if (earlier.block == std::uint32_t(later.block) && (!others || atomic)) {
    if (earlier.barrier != std::uint16_t(later.barrier)) return false;
    return (earlier.flags & kOtherWarps) != 0 || earlier.thread / 32 != later.thread / 32;
  }
  // Several blocks, not all of them known: ordered only where every other block released to a
  // flag the later one acquired.
  if (others && !atomic) return !acquired_all(later);
  return !ordered(earlier, later);
}

// A write (plain or atomic) becomes the word's last; a reader ordered before it is forgotten.
void RaceChecker::note_write(WordState& word, const Accessor& who, bool atomic, unsigned mask,
                             void* pc) {
  const std::uint32_t block = std::uint32_t(who.block);
  const AccessNote before = word.write;
  AccessNote now = note_of(who, pc, atomic, mask);
  // Another block wrote these bytes before without anything ordering the two: later accesses race
  // with one of them whatever this block does.
  const bool other = (before.flags & kNoted) != 0 && before.block != block &&
                     ((before.flags >> 4) & mask) != 0 &&
                     ((before.flags & kOtherBlocks) != 0 || !ordered(before, who));
  if (other) now.flags |= kOtherBlocks;
  word.write = now;
  const AccessNote& r = word.read;
  if ((r.flags & kNoted) != 0 && r.block != block && (r.flags & kOtherBlocks) == 0 &&
      ordered(r, who))
    word.read = AccessNote{};  // the read is ordered before this write (and so before later ones)
}

// A plain read: the word's reader, or a mark that several blocks (or warps) read it.
void RaceChecker::note_read(AccessNote& r, const Accessor& who, unsigned mask, void* pc) {
  const std::uint32_t block = std::uint32_t(who.block);
  if ((r.flags & kNoted) == 0 || r.block == block) {
    const bool same_interval = (r.flags & kNoted) != 0 && r.barrier == std::uint16_t(who.barrier);
    std::uint8_t keep = r.flags & kOtherBlocks;
    if (same_interval) {
      keep |= r.flags & (kOtherWarps | 0xf0);  // the bytes read before in this interval too
      if (r.thread / 32 != who.thread / 32) keep |= kOtherWarps;
    }
    r = note_of(who, pc, false, mask);
    r.flags |= keep;
  } else if ((r.flags & kOtherBlocks) == 0 && ordered(r, who)) {
    r = note_of(who, pc, false, mask);
  } else {
    r.flags |= kOtherBlocks | std::uint8_t((mask & 15) << 4);
  }
}

void RaceChecker::access(WordState& word, std::uintptr_t address, const Accessor& who, char kind,
                         unsigned mask, void* pc, bool host_writes_unseen, std::uint8_t* settled) {
  StripeLock lock(locks_[(address >> 2) % std::size(locks_)]);
  if (kind != 'w' && !host_writes_unseen && (word.provenance & ~kReadByKernel) == 0) [[unlikely]]
    note_uninitialized(address, who, kind, pc);
  if (word.launch != who.launch) {
    word.launch = who.launch;
    word.write = AccessNote{};
    word.read = AccessNote{};
  }
  const bool atomic = kind == 'a';
  const bool writes = kind != 'r';
  if (writes) word.provenance = (word.provenance & kReadByKernel) | who.launch;
  if (kind != 'w') word.provenance |= kReadByKernel;
  // Against the launch's last writer: any access but an atomic after an atomic.
  if (conflicts(word.write, who, atomic, mask))
    report(word.write, (word.write.flags & kAtomic) != 0 ? 'a' : 'w', address, who, kind, pc);
  // Against a reader: a write (plain or atomic) after a plain read.
  if (writes && conflicts(word.read, who, false, mask))
    report(word.read, 'r', address, who, kind, pc);
  if (writes) {
    note_write(word, who, atomic, mask, pc);
  } else {
    note_read(word.read, who, mask, pc);
  }
  if (settled != nullptr) {  // under the lock: no write of the word comes between
    const bool now = !writes && read_changes_nothing(word, who, 0xf);
    const std::uint8_t mark = now ? settled_tag(who.launch) : std::uint8_t{0};
    // Stored only when it changes: the line of marks is shared by 64 words and every worker.
    if (__atomic_load_n(settled, __ATOMIC_RELAXED) != mark)
      __atomic_store_n(settled, mark, __ATOMIC_RELAXED);
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
  // The pair's sides in one order (place, kind, block, thread), compared whole: which race a key
  // keeps does not depend on which the workers met first.
  const auto rank = [](const GlobalRace& r) {
    const auto side = [](const RaceSide& x) { return std::tie(x.pc, x.kind, x.block, x.thread); };
    const auto a = side(r.first), b = side(r.second);
    return std::make_tuple(std::min(a, b), std::max(a, b), r.address);
  };
  for (GlobalRace& known : races_) {
    if (key(known) != key(race)) continue;
    if (rank(race) < rank(known)) known = race;
    return;
  }
  if (races_.size() < kMaxRaces) races_.push_back(race);
}

void RaceChecker::note_uninitialized(std::uintptr_t address, const Accessor& who, char kind,
                                     void* pc) {
  ++uninitialized_;
  const UninitializedRead read{long(who.launch) - 1,
                               address,
                               {who.block, who.thread, reinterpret_cast<std::uintptr_t>(pc), kind}};
  // One per launch and place: the lowest block, thread and address, whatever order blocks ran in.
  const auto rank = [](const UninitializedRead& r) {
    return std::make_tuple(r.reader.block, r.reader.thread, r.address);
  };
  std::lock_guard<std::mutex> lock(mutex_);
  for (UninitializedRead& known : uninitialized_reads_) {
    if (known.launch != read.launch || known.reader.pc != read.reader.pc) continue;
    if (rank(read) < rank(known)) known = read;
    return;
  }
  if (uninitialized_reads_.size() < kMaxRaces) uninitialized_reads_.push_back(read);
}

std::vector<UninitializedRead> RaceChecker::uninitialized_reads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return uninitialized_reads_;
}

std::vector<GlobalRace> RaceChecker::races() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return races_;
}

void RaceChecker::atomic_done(std::uintptr_t flag, const Accessor& who,
                              std::vector<std::pair<std::uintptr_t, std::size_t>>& acquired) {
  // atomic_mutex_ is held by the caller, around the atomic itself.
  if (who.fence == 0 && log_.empty()) return;  // nothing released yet, nothing to release
  Log& log = log_[flag];
  if (!log.releases.empty()) {
    if (!acquired.empty() && acquired.back().first == flag) {
      acquired.back().second = log.releases.size();
    } else {
      acquired.emplace_back(flag, log.releases.size());
    }
  }
  if (who.fence == 0) return;  // the thread made no __threadfence(): nothing released
  log.blocks.insert(std::uint32_t(who.block));
  const Release r{std::uint32_t(who.block), who.thread, who.fence, who.fence_barrier,
                  log.blocks.size()};
  const Release& last = log.releases.empty() ? Release{} : log.releases.back();
  if (log.releases.empty() || last.block != r.block || last.thread != r.thread ||
      last.fence != r.fence || last.fence_barrier != r.fence_barrier)
    log.releases.push_back(r);
}

}  // namespace stridescope_rt
