// Fiber stacks with a guard page below each, for the SIMT engine: one mapping per pool, handed out
// and taken back as fibers start and end. A thread that overflows its stack touches the guard page;
// is_stack_guard() says so to a fault handler (the catalog's prints one error line and exits with
// status 2; a program's runtime names the thread). A check at every emulator call catches deeper
// recursion earlier, as a KernelFault, when a catalog kernel calls in.
#pragma once

#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <memory>
#include <vector>

namespace stridescope::simt {

class GuardedStacks {
 public:
  GuardedStacks(std::size_t stacks, std::size_t stack_bytes);
  ~GuardedStacks();
  GuardedStacks(const GuardedStacks&) = delete;
  GuardedStacks& operator=(const GuardedStacks&) = delete;

  // Boost.Context's StackAllocator interface.
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& stack) noexcept;

  std::size_t stack_bytes() const { return stack_bytes_; }
  // The lowest address of the stack that allocate() hands out next.
  const char* next_stack_low() const {
    return free_.empty() ? nullptr : free_.back() - stack_bytes_;
  }
  std::size_t capacity() const { return capacity_; }
  // Every stack of the pool lies in [region_begin(), region_end()).
  const char* region_begin() const { return region_; }
  const char* region_end() const { return region_ + region_bytes_; }

 private:
  char* region_ = nullptr;
  std::size_t region_bytes_ = 0, slot_bytes_ = 0, stack_bytes_ = 0, capacity_ = 0;
  std::vector<char*> free_;  // stack tops of unused slots
};

// A reference to a pool, passed to fibers by value (Boost copies its stack allocators).
class StackLease {
 public:
  explicit StackLease(GuardedStacks& pool) : pool_(&pool) {}
  boost::context::stack_context allocate() { return pool_->allocate(); }
  void deallocate(boost::context::stack_context& stack) noexcept { pool_->deallocate(stack); }

 private:
  GuardedStacks* pool_;
};

// Whether `address` is in the guard page of a stack of a pool alive now (a stack overflow).
bool is_stack_guard(const void* address);

// Gives the calling thread an alternate signal stack (once), so that a fault handler can run when a
// fiber's stack is full.
void prepare_alternate_stack();

// prepare_alternate_stack(), and a SIGSEGV handler that reports a hit on a guard page as one error
// line and exits with status 2 (the catalog's emulator; a program's runtime has its own handler).
void prepare_signal_stack();

// The calling thread's pool with at least `stacks` stacks of `stack_bytes`: kept between launches
// (mapping and guarding a thousand stacks, and first touching their pages, would otherwise cost
// more than tracing a block). Its stacks must all be back before the next call.
GuardedStacks& thread_stacks(std::size_t stacks, std::size_t stack_bytes);

}  // namespace stridescope::simt
