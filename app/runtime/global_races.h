// Races in global memory, found without depending on timing: within one launch, a word of a
// cudaMalloc buffer touched by two blocks (or two warps of one block between the same two
// __syncthreads()), one access a plain write, or a plain read of what another block writes, not
// both atomics, and not ordered by a __threadfence() + atomic flag (a release) that the later
// block's atomic on the same flag saw (an acquire). Each buffer word has a shadow (WordState)
// beside it: the launch's last writer and a reader, and which launch's kernel wrote it last (what
// the exercises' checker calls computed on the device). compute-sanitizer's racecheck checks shared
// memory only.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace stridescope_rt {

// One access as its shadow keeps it.
struct AccessNote {
  std::uint32_t block = 0;    // linear block index (modulo 2^32)
  std::uint16_t thread = 0;   // linear thread index in the block
  std::uint16_t site = 0;     // the access's place (RaceChecker::pc_of)
  std::uint16_t barrier = 0;  // __syncthreads() the block had passed (modulo 2^16)
  std::uint8_t fence = 0;     // __threadfence()s the thread had made (saturating at 255)
  // kNoted, kAtomic, kOtherBlocks (another block too, nothing ordering them), kOtherWarps (a read
  // by several warps of the block between the same barriers), and in the high four bits the bytes
  // of the word it touched.
  std::uint8_t flags = 0;
};

inline constexpr std::uint8_t kNoted = 1, kAtomic = 2, kOtherBlocks = 4, kOtherWarps = 8;
// WordState::provenance: the launch (index + 1) whose kernel wrote the word last (0: the host or
// nobody), and this bit once any kernel read it.
inline constexpr std::uint32_t kReadByKernel = 1u << 31;
inline constexpr std::uint32_t kHostWritten = kReadByKernel - 1;  // a cudaMemcpy or cudaMemset
// An exercise harness's input (to_device, zeros_on_device): set, but by no kernel and no copy of
// the solution's. 0 is a word nothing wrote since cudaMalloc: a kernel that reads it reads whatever
// the GPU's memory held (compute-sanitizer's initcheck: "Uninitialized __global__ memory read").
inline constexpr std::uint32_t kInitial = kHostWritten - 1;

struct WordState {
  std::uint32_t launch = 0;  // index + 1 of the launch `write` and `read` belong to
  std::uint32_t provenance = 0;
  AccessNote write, read;
};
static_assert(sizeof(WordState) == 32);

// A word's settled mark: a byte per word, beside its shadow, that says "a plain read of all four
// bytes of this word changes nothing in launch L" (read_changes_nothing, for the whole word) in one
// byte instead of the shadow's 32, so that a kernel reading an input many blocks read (a matrix
// multiply's rows and columns) touches 1/32 of the memory. Set under the word's stripe lock when
// a read leaves the word so; cleared by any write to it (a kernel's, under the lock, or a host
// copy's); its value is settled_tag(L), which repeats every 255 launches: all marks are cleared
// at each launch where it starts again (clear_settled_marks in memory.cpp).
inline std::uint8_t settled_tag(std::uint32_t launch) {  // launch: index + 1
  return std::uint8_t(1 + (launch - 1) % 255);
}
inline bool settled_tags_restart(std::uint32_t launch) {
  return launch > 1 && (launch - 1) % 255 == 0;
}

// The accessing thread, as the worker knows it.
struct Accessor {
  std::uint32_t launch = 0;  // index + 1
  std::uint64_t block = 0;
  std::uint32_t thread = 0;
  std::uint32_t barrier = 0;        // __syncthreads() its block passed
  std::uint32_t fence = 0;          // __threadfence()s the thread made
  std::uint32_t fence_barrier = 0;  // the barrier count at its last one
  std::uint64_t grid_blocks = 1;
  // The block's acquires: (flag address, how much of its release log it had seen).
  const std::vector<std::pair<std::uintptr_t, std::size_t>>* acquired = nullptr;
};

// One side of a race: what the trace needs to name it.
struct RaceSide {
  std::uint64_t block = 0;
  std::uint32_t thread = 0;
  std::uintptr_t pc = 0;
  char kind = 'r';  // 'r', 'w' or 'a'
};

struct GlobalRace {
  long launch = 0;             // index
  std::uintptr_t address = 0;  // of the word
  RaceSide first, second;      // the earlier access (as the shadow kept it) and the later
};

// A kernel's read (or atomic) of a word of a cudaMalloc buffer that nothing had written.
struct UninitializedRead {
  long launch = 0;
  std::uintptr_t address = 0;
  RaceSide reader;
};

class RaceChecker {
 public:
  static RaceChecker& get() {
    static RaceChecker* checker = new RaceChecker;  // never destroyed: workers may outlive exit
    return *checker;
  }

  // A new launch: the flags' release logs of the last one are forgotten.
  void begin_launch();
  // A kernel's access to the bytes `mask` (bit k: byte k) of `word` (the shadow of the word at
  // `address`), checked and noted. `host_writes_unseen`: a managed buffer, which host code writes
  // without a copy: no word of it is known to be unwritten. `settled`: the word's settled mark
  // (above), set or cleared here.
  void access(WordState& word, std::uintptr_t address, const Accessor& who, char kind,
              unsigned mask, void* pc, bool host_writes_unseen = false,
              std::uint8_t* settled = nullptr);
  // A plain read that would change nothing and report nothing, told without the lock: the word
  // is known written before the launch, read by it already, no block of the launch wrote it, and
  // several blocks read these bytes. (A write racing with it is found by the write, against those
  // readers.) Most reads of a kernel's input are such, by every block after the first few.
  static bool read_changes_nothing(const WordState& word, const Accessor& who, unsigned mask) {
    const std::uint32_t launch = __atomic_load_n(&word.launch, __ATOMIC_RELAXED);
    const std::uint32_t provenance = __atomic_load_n(&word.provenance, __ATOMIC_RELAXED);
    const std::uint8_t written = __atomic_load_n(&word.write.flags, __ATOMIC_RELAXED);
    const std::uint8_t read = __atomic_load_n(&word.read.flags, __ATOMIC_RELAXED);
    return launch == who.launch && (provenance & kReadByKernel) != 0 &&
           (provenance & ~kReadByKernel) != 0 && (written & kNoted) == 0 &&
           (read & kOtherBlocks) != 0 && ((read >> 4) & mask) == mask;
  }
  // A plain read or write by the thread that made the word's last write in this launch (and its
  // last read, if any), between the same barriers, at the place its note already names (a loop's
  // `c[i] += ...` after the first turn): it would change nothing and report nothing. Told without
  // the lock from relaxed loads of each field: another block's access that changed them meanwhile
  // meets this thread's note under the lock and reports the race itself.
  // Inline, with what it calls: a loop's `c[i] += ...` in global memory makes two at every turn.
  bool repeats_own_access(const WordState& word, const Accessor& who, char kind, unsigned mask,
                          void* pc) {
    if (kind == 'a' || __atomic_load_n(&word.launch, __ATOMIC_RELAXED) != who.launch) return false;
    if (__atomic_load_n(&word.provenance, __ATOMIC_RELAXED) != (who.launch | kReadByKernel))
      return false;  // not written by this launch, or never read by a kernel
    const AccessNote own = note_of(who, pc, false, mask);
    if (kind == 'w') return note_is(word.write, own) && none_or_own(word.read, own);
    // A read: the last writer is this thread (no other block or warp), the last reader this read.
    const std::uint8_t written = __atomic_load_n(&word.write.flags, __ATOMIC_RELAXED);
    return (written & kNoted) != 0 && none_or_own(word.write, own) && note_is(word.read, own);
  }
  // An atomic on global memory at `flag` by `who`, made while the caller holds atomic_lock(): a
  // release where the thread has fenced, and an acquire of what was released before.
  void atomic_done(std::uintptr_t flag, const Accessor& who,
                   std::vector<std::pair<std::uintptr_t, std::size_t>>& acquired);
  std::mutex& atomic_lock() { return atomic_mutex_; }

  // The races found so far (at most kMaxRaces, one per pair of places and kinds) and how many
  // accesses raced in all.
  std::vector<GlobalRace> races() const;
  std::uint64_t raced() const { return raced_.load(); }
  static constexpr std::size_t kMaxRaces = 64;
  // The reads of unwritten words (at most kMaxRaces, one per launch and place) and how many in all.
  std::vector<UninitializedRead> uninitialized_reads() const;
  std::uint64_t uninitialized_total() const { return uninitialized_.load(); }

  std::uint16_t site_of(void* pc) {
    const auto p = reinterpret_cast<std::uintptr_t>(pc);
    // Each worker's own small cache first: nearly every access repeats a place seen before.
    thread_local std::array<std::pair<std::uintptr_t, std::uint16_t>, 256> cache{};
    auto& slot = cache[(p >> 2) % cache.size()];
    if (slot.first == p) [[likely]]
      return slot.second;
    return new_site(pc, slot);
  }
  std::uintptr_t pc_of(std::uint16_t site) const;

 private:
  std::uint16_t new_site(void* pc, std::pair<std::uintptr_t, std::uint16_t>& slot);
  bool ordered(const AccessNote& earlier, const Accessor& later) const;
  bool acquired_all(const Accessor& later) const;
  bool conflicts(const AccessNote& earlier, const Accessor& later, bool later_atomic,
                 unsigned mask) const;
  void report(const AccessNote& earlier, char earlier_kind, std::uintptr_t address,
              const Accessor& later, char kind, void* pc);
  AccessNote note_of(const Accessor& who, void* pc, bool atomic, unsigned mask) {
    AccessNote n;
    n.block = std::uint32_t(who.block);
    n.thread = std::uint16_t(who.thread);
    n.site = site_of(pc);
    n.barrier = std::uint16_t(who.barrier);
    n.fence = std::uint8_t(std::min<std::uint32_t>(who.fence, 255));
    n.flags = std::uint8_t(kNoted | (atomic ? kAtomic : 0) | (mask & 15) << 4);
    return n;
  }
  // Whether `note` (read field by field, relaxed) is `expected` exactly.
  static bool note_is(const AccessNote& note, const AccessNote& expected) {
    return __atomic_load_n(&note.flags, __ATOMIC_RELAXED) == expected.flags &&
           __atomic_load_n(&note.block, __ATOMIC_RELAXED) == expected.block &&
           __atomic_load_n(&note.thread, __ATOMIC_RELAXED) == expected.thread &&
           __atomic_load_n(&note.site, __ATOMIC_RELAXED) == expected.site &&
           __atomic_load_n(&note.barrier, __ATOMIC_RELAXED) == expected.barrier &&
           __atomic_load_n(&note.fence, __ATOMIC_RELAXED) == expected.fence;
  }
  // Whether `note` is none, or a plain access of `own`'s thread between the same barriers.
  static bool none_or_own(const AccessNote& note, const AccessNote& own) {
    const std::uint8_t flags = __atomic_load_n(&note.flags, __ATOMIC_RELAXED);
    if ((flags & kNoted) == 0) return true;
    return (flags & (kAtomic | kOtherBlocks | kOtherWarps)) == 0 &&
           __atomic_load_n(&note.block, __ATOMIC_RELAXED) == own.block &&
           __atomic_load_n(&note.thread, __ATOMIC_RELAXED) == own.thread &&
           __atomic_load_n(&note.barrier, __ATOMIC_RELAXED) == own.barrier;
  }
  void note_write(WordState& word, const Accessor& who, bool atomic, unsigned mask, void* pc);
  void note_read(AccessNote& read, const Accessor& who, unsigned mask, void* pc);
  void note_uninitialized(std::uintptr_t address, const Accessor& who, char kind, void* pc);

  std::atomic<std::uint8_t> locks_[4096] = {};
  mutable std::mutex mutex_;  // the sites and the races
  std::vector<std::uintptr_t> sites_{0};
  std::unordered_map<std::uintptr_t, std::uint16_t> site_index_;
  std::vector<GlobalRace> races_;
  std::atomic<std::uint64_t> raced_{0};
  std::vector<UninitializedRead> uninitialized_reads_;
  std::atomic<std::uint64_t> uninitialized_{0};
  std::mutex atomic_mutex_;  // held around a global atomic and its log entry
  // A release: a thread that had fenced made an atomic on the flag.
  struct Release {
    std::uint32_t block = 0, thread = 0, fence = 0, fence_barrier = 0;
    std::uint64_t distinct = 0;  // the blocks that had released to this flag, this one included
  };
  struct Log {
    std::vector<Release> releases;  // in the order their atomics ran
    std::unordered_set<std::uint32_t> blocks;
  };
  std::unordered_map<std::uintptr_t, Log> log_;  // per flag address
};

}  // namespace stridescope_rt
