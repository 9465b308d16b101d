// Lanes' contexts: the x86-64 swap of six registers and a stack pointer, emscripten's fibers in
// the browser, or Boost.Context's fibers (see context.h).
#include "simt/context.h"

#include <utility>

#include "simt/stacks.h"

#if defined(STRIDESCOPE_SIMT_FAST_CONTEXT)
// stridescope_swap_context(save, load): pushes the callee-saved registers, stores the stack pointer
// in *save, loads `load` as the stack pointer, pops the registers saved there and jumps to the
// return address saved there. Not `ret`: the return-stack predictor would guess the caller's own
// return address, wrong whenever the thread resumed had stopped at another place (a load after a
// barrier, a store after a load: nearly every switch). The indirect jump is predicted from the
// branch history, which repeats from warp to warp: a reduction of 2^21 ints ran 0.67 s -> 0.45 s
// (medians of 5, one worker), a loop of two loads, a store and a barrier 1.69 s -> 0.75 s.
// stridescope_context_start: where a new lane's stack first returns to: entry(owner, lane), held in
// r14(r12, r13) by the frame start() writes.
__asm__(
    ".text\n"
    ".globl stridescope_swap_context\n"
    ".type stridescope_swap_context,@function\n"
    "stridescope_swap_context:\n"
    "  pushq %rbp\n"
    "  pushq %rbx\n"
    "  pushq %r12\n"
    "  pushq %r13\n"
    "  pushq %r14\n"
    "  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n"
    "  popq %r14\n"
    "  popq %r13\n"
    "  popq %r12\n"
    "  popq %rbx\n"
    "  popq %rbp\n"
    "  popq %r11\n"
    "  jmpq *%r11\n"
    ".size stridescope_swap_context, .-stridescope_swap_context\n"
    ".globl stridescope_context_start\n"
    ".type stridescope_context_start,@function\n"
    "stridescope_context_start:\n"
    "  movq %r12, %rdi\n"
    "  movl %r13d, %esi\n"
    "  callq *%r14\n"
    "  ud2\n"
    ".size stridescope_context_start, .-stridescope_context_start\n");
extern "C" void stridescope_context_start();
#endif

namespace stridescope::simt {

Contexts::Contexts(GuardedStacks& stacks) : stacks_(stacks) {}

Contexts::~Contexts() {
  clear();
}

#if defined(STRIDESCOPE_SIMT_FAST_CONTEXT)

namespace {

// A lane's stack starts this far below its slot's top. Slots are a whole number of pages apart, so
// without it every lane's hot frames would sit at one offset within a page, in the same few sets
// of the L1 cache (12 ways for the 32 lanes of a warp that take turns at every access): each switch
// would miss. Lanes 64 apart share a line offset. A 2^21-int reduction ran 0.80 s plain, 0.70 s
// colored (medians of 9, one worker).
std::uintptr_t cache_color(unsigned lane) {
  return (lane % 64) * 64;
}

}  // namespace

void Contexts::ensure(unsigned lanes, Entry entry, void* owner) {
  entry_ = entry;
  owner_ = owner;
  while (top_.size() < lanes) {
    const unsigned lane = unsigned(top_.size());
    low_.push_back(stacks_.next_stack_low());
    top_.push_back(static_cast<char*>(stacks_.allocate().sp));
    sp_.push_back(nullptr);
    start(lane);
  }
}

// A frame the swap pops: r15, r14 = entry, r13 = lane, r12 = owner, rbx, rbp, then the address of
// stridescope_context_start, which its `ret` enters with the stack 16-byte aligned, so that the
// entry it calls starts with the stack as the ABI wants it after a call.
void Contexts::start(unsigned lane) {
  auto* top = reinterpret_cast<std::uintptr_t*>(
      (reinterpret_cast<std::uintptr_t>(top_[lane]) - cache_color(lane)) & ~std::uintptr_t(15));
  std::uintptr_t* frame = top - 7;
  frame[0] = 0;                                         // r15
  frame[1] = reinterpret_cast<std::uintptr_t>(entry_);  // r14
  frame[2] = lane;                                      // r13
  frame[3] = reinterpret_cast<std::uintptr_t>(owner_);  // r12
  frame[4] = 0;                                         // rbx
  frame[5] = 0;                                         // rbp
  frame[6] = reinterpret_cast<std::uintptr_t>(&stridescope_context_start);
  sp_[lane + 1] = frame;
}

void Contexts::restart(unsigned lane) {
  start(lane);
}

void Contexts::clear() {
  for (char* top : top_) {
    boost::context::stack_context s;
    s.sp = top;
    s.size = stacks_.stack_bytes();
    stacks_.deallocate(s);
  }
  top_.clear();
  sp_.resize(1);
  low_.clear();
}

#elif defined(STRIDESCOPE_SIMT_EMSCRIPTEN_CONTEXT)

namespace {

// ASYNCIFY unwinds a lane's wasm call stack into this buffer when it swaps out (kernel, device
// functions, barrier, engine: a few hundred bytes a frame) and rewinds it from there. The main
// context's holds the whole app's frame (a run started from a panel) and gets more.
constexpr std::size_t kWasmFrameBytes = 32 * 1024, kMainWasmFrameBytes = 256 * 1024;

}  // namespace

void Contexts::ensure(unsigned lanes, Entry entry, void* owner) {
  entry_ = entry;
  owner_ = owner;
  if (!main_wasm_frames_) {
    main_wasm_frames_ = std::make_unique<char[]>(kMainWasmFrameBytes);
    emscripten_fiber_init_from_current_context(&main_, main_wasm_frames_.get(),
                                               kMainWasmFrameBytes);
  }
  while (lanes_.size() < lanes) {
    auto lane = std::make_unique<Lane>();
    lane->self = this;
    lane->index = unsigned(lanes_.size());
    low_.push_back(stacks_.next_stack_low());
    lane->top = static_cast<char*>(stacks_.allocate().sp);
    lane->wasm_frames = std::make_unique<char[]>(kWasmFrameBytes);
    lanes_.push_back(std::move(lane));
    start(unsigned(lanes_.size() - 1));
  }
}

void Contexts::enter(void* lane) {
  auto* l = static_cast<Lane*>(lane);
  l->self->entry_(l->self->owner_, l->index);  // never returns
}

void Contexts::start(unsigned lane) {
  Lane& l = *lanes_[lane];
  const std::size_t bytes = stacks_.stack_bytes();
  emscripten_fiber_init(&l.fiber, &Contexts::enter, &l, l.top - bytes, bytes, l.wasm_frames.get(),
                        kWasmFrameBytes);
}

void Contexts::restart(unsigned lane) {
  start(lane);
}

void Contexts::clear() {
  for (const std::unique_ptr<Lane>& lane : lanes_) {
    boost::context::stack_context s;
    s.sp = lane->top;
    s.size = stacks_.stack_bytes();
    stacks_.deallocate(s);
  }
  lanes_.clear();
  low_.clear();
}

void Contexts::swap(unsigned from, unsigned to) {
  emscripten_fiber_swap(&fiber_of(from), &fiber_of(to));
}

#else

namespace ctx = boost::context;

void Contexts::ensure(unsigned lanes, Entry entry, void* owner) {
  entry_ = entry;
  owner_ = owner;
  while (fibers_.size() < lanes) {
    fibers_.emplace_back();
    low_.push_back(nullptr);
    start(unsigned(fibers_.size() - 1));
  }
}

void Contexts::start(unsigned lane) {
  low_[lane] = stacks_.next_stack_low();
  fibers_[lane] =
      ctx::fiber(std::allocator_arg, StackLease(stacks_), [this, lane](ctx::fiber&& caller) {
        // Boost's ucontext fibers (the sanitizer build) enter a fiber that
        // never ran when it is destroyed: it must then end at once.
        if (tearing_down_) return std::move(caller);
        park(std::move(caller));
        entry_(owner_, lane);  // never returns, but by unwinding
        return std::move(main_);
      });
}

void Contexts::restart(unsigned lane) {
  tearing_down_ = true;
  fibers_[lane] = ctx::fiber();  // unwinds a suspended one
  tearing_down_ = false;
  start(lane);
}

void Contexts::clear() {
  tearing_down_ = true;
  for (ctx::fiber& f : fibers_) f = ctx::fiber();
  tearing_down_ = false;
  fibers_.clear();
  low_.clear();
}

// Stores the continuation of whoever swapped to us (empty when that fiber ended).
void Contexts::park(ctx::fiber&& from) {
  if (!from) return;
  (from_ == kMain ? main_ : fibers_[from_]) = std::move(from);
}

void Contexts::swap(unsigned from, unsigned to) {
  from_ = from;
  ctx::fiber& target = to == kMain ? main_ : fibers_[to];
  ctx::fiber back = std::move(target).resume();
  park(std::move(back));
}

#endif

}  // namespace stridescope::simt
