// Whether a kernel's threads share memory between two __syncthreads(): one thread reads or writes
// a word another thread of its block wrote since the last barrier, or writes one another read
// (atomics among themselves excepted: any order of them ends the same). Where a block of a
// kernel shared nothing, the kernel's later blocks (of that size) run each lane to its next
// barrier or collective instead of taking turns at every access, which ends the same and saves
// a switch per access; a kernel that shared something, printed or read the clock keeps the turns
// for every block. The first blocks of each kernel are probed: a block whose threads share only
// in other blocks' data (`if (blockIdx.x == 7)`) goes unseen.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace stridescope_rt {

class SharingProbe {
 public:
  void begin_block(std::size_t shared_bytes);
  void next_interval() { ++stamp_; }  // every thread passed a __syncthreads()
  void shared_access(std::uint32_t offset, unsigned size, char kind, unsigned thread);
  void global_access(std::uintptr_t address, unsigned size, char kind, unsigned thread);
  void shared_something() { shared_ = true; }  // a printf, a clock reading
  bool shared() const { return shared_; }

 private:
  // A word's accesses since the last barrier: the thread of each kind (-1 none, -2 several).
  struct Word {
    std::uint32_t stamp = 0;
    std::int32_t writer = -1, reader = -1, atomic = -1;
  };
  void note(Word& word, char kind, std::int32_t thread);

  std::vector<Word> shared_words_;
  std::unordered_map<std::uintptr_t, Word> global_words_;
  std::uint32_t stamp_ = 0;
  bool shared_ = false;
};

// What is known of a kernel's blocks of `threads` threads.
enum class Sharing : std::uint8_t { Unknown, None, Some };
// Where it is kept: looked up once a launch (under a lock), read at every block without one.
const std::atomic<Sharing>& sharing_slot(const void* kernel, unsigned threads);
// A probed block of it ended: whether its threads shared something.
void probed(const void* kernel, unsigned threads, bool shared);

}  // namespace stridescope_rt
