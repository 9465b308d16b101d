// The SIMT engine's stackful contexts: each lane of a block runs on a stack of its own and is
// suspended and resumed by swapping stacks. On x86-64 a swap saves and restores the six
// callee-saved registers and the stack pointer and nothing else (a few nanoseconds: a block of 256
// threads swaps thousands of times). In the browser, emscripten's fibers (ASYNCIFY) do it;
// elsewhere, and in the sanitizer build (AddressSanitizer must see every stack switch),
// Boost.Context's fibers.
#pragma once

#include <cstdint>
#include <vector>

#if defined(__x86_64__) && !defined(BOOST_USE_UCONTEXT)
#define STRIDESCOPE_SIMT_FAST_CONTEXT 1
extern "C" void stridescope_swap_context(void** save, void* load);
#elif defined(__EMSCRIPTEN__)
#define STRIDESCOPE_SIMT_EMSCRIPTEN_CONTEXT 1
#include <emscripten/fiber.h>

#include <memory>
#else
#define STRIDESCOPE_SIMT_BOOST_CONTEXT 1
#include <boost/context/fiber.hpp>
#endif

namespace stridescope::simt {

class GuardedStacks;

class Contexts {
 public:
  static constexpr unsigned kMain = 0xffffffffu;       // the thread that runs the engine
  using Entry = void (*)(void* owner, unsigned lane);  // never returns

  explicit Contexts(GuardedStacks& stacks);
  ~Contexts();
  Contexts(const Contexts&) = delete;
  Contexts& operator=(const Contexts&) = delete;

  // Lanes [0, lanes) exist; each new one starts in `entry(owner, lane)` when first swapped to.
  void ensure(unsigned lanes, Entry entry, void* owner);
  // The lane's stack is dropped (with Boost, unwound): it starts in `entry` again when swapped to.
  void restart(unsigned lane);
  // Drops every lane.
  void clear();
  // Suspends `from` (a lane or kMain, the one running now) and resumes `to`.
#if defined(STRIDESCOPE_SIMT_FAST_CONTEXT)
  void swap(unsigned from, unsigned to) {
    stridescope_swap_context(&sp_[from + 1u], sp_[to + 1u]);  // kMain + 1 wraps to 0
  }
#else
  void swap(unsigned from, unsigned to);
#endif
  // The lowest address of the lane's stack.
  const char* stack_low(unsigned lane) const {
    return low_[lane];
  }

 private:
  GuardedStacks& stacks_;
  Entry entry_ = nullptr;
  void* owner_ = nullptr;
  std::vector<const char*> low_;
#if defined(STRIDESCOPE_SIMT_FAST_CONTEXT)
  void start(unsigned lane);
  std::vector<char*> top_;          // each lane's stack top
  std::vector<void*> sp_{nullptr};  // [0]: kMain's saved stack pointer, [lane + 1]: the lane's
#elif defined(STRIDESCOPE_SIMT_EMSCRIPTEN_CONTEXT)
  struct Lane {
    emscripten_fiber_t fiber;
    Contexts* self;
    unsigned index;
    char* top;                            // its C stack's top (from the pool)
    std::unique_ptr<char[]> wasm_frames;  // where ASYNCIFY keeps its wasm frames while swapped out
  };
  static void enter(void* lane);
  void start(unsigned lane);
  emscripten_fiber_t& fiber_of(unsigned lane) {
    return lane == kMain ? main_ : lanes_[lane]->fiber;
  }
  std::vector<std::unique_ptr<Lane> > lanes_;  // addresses stay: each fiber holds its Lane's
  emscripten_fiber_t main_{};
  std::unique_ptr<char[]> main_wasm_frames_;
#else
  void start(unsigned lane);
  void park(boost::context::fiber&& from);
  std::vector<boost::context::fiber> fibers_;
  boost::context::fiber main_;
  unsigned from_ = kMain;  // who swapped last: its continuation goes back to its place
  bool tearing_down_ = false;
#endif
};

}  // namespace stridescope::simt
