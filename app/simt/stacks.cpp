// Fiber stacks with guard pages, and the handler that reports a hit on one.
#include "simt/stacks.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
#include <new>

namespace stridescope::simt {
namespace {

// The pools alive now (one per emulating thread), for the signal handler to look in.
struct Region {
  std::atomic<std::uintptr_t> begin{0}, end{0};
  std::atomic<std::size_t> slot{0}, guard{0};
};
std::array<Region, 16> regions;
struct sigaction previous_handler {};

std::size_t page_bytes() {
#if defined(__EMSCRIPTEN__)  // WebAssembly protects no page (64 KiB each): a 16-byte "guard"
  return 16;
#else
  static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return page;
#endif
}

bool in_guard(std::uintptr_t address) {
  for (const Region& r : regions) {
    std::uintptr_t begin = r.begin.load(), end = r.end.load();
    std::size_t slot = r.slot.load(), guard = r.guard.load();
    if (slot != 0 && address >= begin && address < end && (address - begin) % slot < guard) {
      return true;
    }
  }
  return false;
}

void on_segv(int signal, siginfo_t* info, void* context) {
  if (in_guard(reinterpret_cast<std::uintptr_t>(info->si_addr))) {
    static const char message[] =
        "stridescope: error: an emulated thread overflowed its stack (recursion too deep, or "
        "too large local arrays?)\n";
    ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    ::_exit(2);
  }
  // Not one of ours: whoever handled SIGSEGV before us decides (the fault happens again).
  ::sigaction(SIGSEGV, &previous_handler, nullptr);
  (void)signal;
  (void)context;
}

void install_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = on_segv;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGSEGV, &action, &previous_handler);
  });
}

}  // namespace

bool is_stack_guard(const void* address) {
  return in_guard(reinterpret_cast<std::uintptr_t>(address));
}

void prepare_signal_stack() {
  prepare_alternate_stack();
  install_handler();
}

void prepare_alternate_stack() {
#if defined(__EMSCRIPTEN__)  // a page has no signals: WebAssembly traps where a fault would be
  return;
#endif
  thread_local bool prepared = false;
  if (prepared) return;
  // A thread that has an alternate stack keeps it: AddressSanitizer gives every thread one and
  // unmaps it when the thread ends (replacing it made ASan fail at a worker thread's exit and
  // LeakSanitizer crash at the program's).
  stack_t current{};
  if (::sigaltstack(nullptr, &current) != 0 || (current.ss_flags & SS_DISABLE) != 0 ||
      current.ss_size < 16 * 1024) {
    static thread_local std::array<char, 64 * 1024> alternate;
    stack_t stack{};
    stack.ss_sp = alternate.data();
    stack.ss_size = alternate.size();
    ::sigaltstack(&stack, nullptr);
  }
  prepared = true;
}

GuardedStacks::GuardedStacks(std::size_t stacks, std::size_t stack_bytes) {
  std::size_t page = page_bytes();
  stack_bytes_ = (stack_bytes + page - 1) / page * page;
  slot_bytes_ = page + stack_bytes_;  // the guard page, then the stack above it
  region_bytes_ = slot_bytes_ * stacks;
  capacity_ = stacks;
  void* region = ::mmap(nullptr, region_bytes_, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (region == MAP_FAILED) throw std::bad_alloc();
  region_ = static_cast<char*>(region);
  for (std::size_t s = stacks; s-- > 0;) {
    char* slot = region_ + s * slot_bytes_;
    ::mprotect(slot, page, PROT_NONE);
    free_.push_back(slot + slot_bytes_);  // stacks grow down from the slot's top
  }
  for (Region& r : regions) {
    std::size_t empty = 0;
    if (r.slot.compare_exchange_strong(empty, slot_bytes_)) {
      r.guard = page;
      r.begin = reinterpret_cast<std::uintptr_t>(region_);
      r.end = reinterpret_cast<std::uintptr_t>(region_ + region_bytes_);
      break;
    }
  }
}

GuardedStacks::~GuardedStacks() {
  for (Region& r : regions) {
    if (r.begin.load() == reinterpret_cast<std::uintptr_t>(region_)) {
      r.begin = 0;
      r.end = 0;
      r.slot = 0;
      break;
    }
  }
  ::munmap(region_, region_bytes_);
}

GuardedStacks& thread_stacks(std::size_t stacks, std::size_t stack_bytes) {
  thread_local std::unique_ptr<GuardedStacks> pool;
  std::size_t page = page_bytes();
  std::size_t rounded = (stack_bytes + page - 1) / page * page;
  if (!pool || pool->capacity() < stacks || pool->stack_bytes() != rounded) {
    pool.reset();
    pool = std::make_unique<GuardedStacks>(stacks, stack_bytes);
  }
  return *pool;
}

boost::context::stack_context GuardedStacks::allocate() {
  if (free_.empty()) throw std::bad_alloc();
  boost::context::stack_context stack;
  stack.sp = free_.back();
  stack.size = stack_bytes_;
  free_.pop_back();
  return stack;
}

void GuardedStacks::deallocate(boost::context::stack_context& stack) noexcept {
  free_.push_back(static_cast<char*>(stack.sp));
}

}  // namespace stridescope::simt
