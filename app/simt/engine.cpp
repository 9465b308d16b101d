// The SIMT engine's scheduler: one fiber per thread, handed over lane to lane (see engine.h).
#include "simt/engine.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

#include "simt/stacks.h"

namespace stridescope::simt {

namespace ctx = boost::context;

namespace {

std::string hex(unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%08x", value);
  return buffer;
}

unsigned lowest(std::uint32_t bits) {
  return static_cast<unsigned>(__builtin_ctz(bits));
}

}  // namespace

Engine::Engine(Schedule schedule, std::uint64_t seed, GuardedStacks& stacks, EngineLimits limits)
    : schedule_(schedule), random_(seed), limits_(limits), stacks_(stacks) {}

Engine::~Engine() {
  clear();
}

const char* Engine::stacks_begin() const {
  return stacks_.region_begin();
}
const char* Engine::stacks_end() const {
  return stacks_.region_end();
}

void Engine::set_state(unsigned thread, State state) {
  Lane& lane = lanes_[thread];
  lane.state = state;
  const std::uint32_t bit = 1u << (thread % kWarpSize);
  if (state == State::Ready) {
    ready_[thread / kWarpSize] |= bit;
  } else {
    ready_[thread / kWarpSize] &= ~bit;
  }
}

// The ready thread after `after` in its group (its warp, or the whole block in lockstep), going
// round; kScheduler when none is ready.
unsigned Engine::next_in_group(unsigned after) const {
  const unsigned warp = after / kWarpSize, lane = after % kWarpSize;
  const std::uint32_t above = lane == kWarpSize - 1 ? 0u : ready_[warp] & ~((2u << lane) - 1u);
  if (above != 0) return warp * kWarpSize + lowest(above);
  if (schedule_ == Schedule::Lockstep) {
    for (unsigned k = 1; k < warps_; ++k) {
      const unsigned w = (warp + k) % warps_;
      if (ready_[w] != 0) return w * kWarpSize + lowest(ready_[w]);
    }
  }
  if (ready_[warp] != 0) return warp * kWarpSize + lowest(ready_[warp]);
  return kScheduler;
}

// Stores the continuation of whoever switched to us (empty when that fiber ended).
void Engine::park(ctx::fiber&& from) {
  if (!from) return;
  (from_ == kScheduler ? scheduler_ : lanes_[from_].fiber) = std::move(from);
}

void Engine::switch_to(unsigned next) {
  from_ = running_;
  running_ = next;
  if (next != kScheduler) client_->on_resume(next);
  ctx::fiber& target = next == kScheduler ? scheduler_ : lanes_[next].fiber;
  ctx::fiber back = std::move(target).resume();
  park(std::move(back));
}

void Engine::block_running(State state) {
  set_state(running_, state);
  const bool handover = schedule_ == Schedule::Warps || schedule_ == Schedule::Lockstep;
  switch_to(handover ? next_in_group(running_) : kScheduler);
}

void Engine::start_fibers(Body body, void* arg) {
  GuardedStacks& stacks = stacks_;
  for (unsigned t = 0; t < threads_; ++t) {
    Lane& lane = lanes_[t];
    lane.stack_low = stacks.next_stack_low();
    lane.fiber = ctx::fiber(
        std::allocator_arg, StackLease(stacks), [this, t, body, arg](ctx::fiber&& caller) {
          // Boost's ucontext fibers (the sanitizer build) enter a fiber that
          // never ran when it is destroyed: it must then end at once.
          if (tearing_down_) return std::move(caller);
          park(std::move(caller));
          try {
            body(arg);
            set_state(t, State::Exited);
          } catch (const ctx::detail::forced_unwind&) {
            throw;
          } catch (const ThreadExit&) {
            set_state(t, State::Exited);
          } catch (...) {
            fault_ = std::current_exception();
            set_state(t, State::Faulted);
          }
          const bool handover = lanes_[t].state == State::Exited &&
                                (schedule_ == Schedule::Warps || schedule_ == Schedule::Lockstep);
          const unsigned next = handover ? next_in_group(t) : kScheduler;
          from_ = t;
          running_ = next;
          if (next != kScheduler) client_->on_resume(next);
          return std::move(next == kScheduler ? scheduler_ : lanes_[next].fiber);
        });
  }
}

void Engine::clear() {
  tearing_down_ = true;
  for (Lane& lane : lanes_) lane.fiber = ctx::fiber();
  tearing_down_ = false;
  lanes_.clear();
  running_ = from_ = kScheduler;
  threads_ = 0;
}

void Engine::abandon() {
  for (Lane& lane : lanes_) (void)std::move(lane.fiber);  // a process about to exit: no unwinding
  threads_ = 0;
}

void Engine::fail(const std::string& message) {
  if (running_ == kScheduler) clear();
  client_->fault(message);
  std::abort();  // fault() throws or ends the process
}

void Engine::check_fault() {
  if (!fault_) return;
  clear();
  std::rethrow_exception(std::exchange(fault_, nullptr));
}

void Engine::run_block(unsigned threads, Body body, void* arg, EngineClient& client) {
  client_ = &client;
  if (stacks_.capacity() < threads) {
    client.fault("a block of " + std::to_string(threads) + " threads, over the engine's " +
                 std::to_string(stacks_.capacity()) + " stacks");
  }
  threads_ = threads;
  warps_ = (threads + kWarpSize - 1) / kWarpSize;
  lanes_.clear();
  lanes_.resize(threads);
  ready_.assign(warps_, 0);
  for (unsigned t = 0; t < threads; ++t) ready_[t / kWarpSize] |= 1u << (t % kWarpSize);
  barriers_ = 0;
  running_ = from_ = kScheduler;
  start_fibers(body, arg);
  for (;;) {
    run_pass();
    if (release_collectives(0, warps_)) continue;
    if (finish_step()) break;
  }
  clear();
}

void Engine::run_group(unsigned first) {
  switch_to(first);
  check_fault();
}

// Runs the ready threads until none is: in the schedule's order.
void Engine::run_pass() {
  switch (schedule_) {
    case Schedule::Threads:
      for (unsigned t = 0; t < threads_; ++t)
        if (lanes_[t].state == State::Ready) run_group(t);
      return;
    case Schedule::Random: {
      std::vector<unsigned> order;
      for (;;) {
        order.clear();
        for (unsigned t = 0; t < threads_; ++t)
          if (lanes_[t].state == State::Ready) order.push_back(t);
        if (order.empty()) return;
        std::shuffle(order.begin(), order.end(), random_);
        for (unsigned t : order)
          if (lanes_[t].state == State::Ready) run_group(t);
      }
    }
    case Schedule::Warps:
      // Warp after warp, each to its next block barrier (its collectives released as it goes).
      for (unsigned w = 0; w < warps_; ++w) {
        do {
          if (ready_[w] != 0) run_group(w * kWarpSize + lowest(ready_[w]));
        } while (release_collectives(w, w + 1));
      }
      return;
    case Schedule::Lockstep:
      for (unsigned w = 0; w < warps_; ++w)
        if (ready_[w] != 0) run_group(w * kWarpSize + lowest(ready_[w]));
      return;
  }
}

void Engine::access_point() {
  switch (schedule_) {
    case Schedule::Threads:
      return;
    case Schedule::Random:
      if ((random_() & 1u) != 0) switch_to(kScheduler);
      return;
    case Schedule::Warps:
    case Schedule::Lockstep:
      if (const unsigned next = next_in_group(running_); next != running_) switch_to(next);
      return;
  }
}

unsigned Engine::block_barrier(int line, int predicate) {
  Lane& self = lanes_[running_];
  self.line = line;
  self.predicate = predicate;
  block_running(State::AtBarrier);
  return barrier_count_;
}

std::uint64_t Engine::collective(const CollectiveCall& call) {
  const unsigned me = running_;
  Lane& self = lanes_[me];
  if (call.op != Collective::ActiveMask && (call.mask >> (me % kWarpSize) & 1u) == 0) {
    std::string name = collective_name(call.op);  // "__syncwarp()" -> "__syncwarp(0xffff0000)"
    name.insert(name.size() - 1, hex(call.mask));
    fail(name + " on line " + std::to_string(call.line) + " called by " + client_->who(me) +
         ", whose own lane is not in the mask");
  }
  if (limits_.max_collectives_per_step != 0 &&
      ++self.collectives > limits_.max_collectives_per_step) {
    fail(client_->who(me) + " passed " + std::to_string(limits_.max_collectives_per_step) +
         " __syncwarp()s and shuffles (line " + std::to_string(call.line) +
         ") with no __syncthreads() between: a loop that does not end?");
  }
  self.call = call;
  self.line = call.line;
  block_running(State::AtCollective);
  return lanes_[me].result;
}

// Lets the lanes of warps [first_warp, last_warp) that all arrived at a collective go on, with
// their results. True if any did.
bool Engine::release_collectives(unsigned first_warp, unsigned last_warp) {
  bool released = false;
  for (unsigned w = first_warp; w < last_warp; ++w) released = release_warp(w) || released;
  return released;
}

bool Engine::release_warp(unsigned warp) {
  const unsigned base = warp * kWarpSize;
  const unsigned count = std::min(kWarpSize, threads_ - base);
  const std::uint32_t exists = count == kWarpSize ? 0xffffffffu : (1u << count) - 1u;
  std::uint32_t waiting = 0, active_mask = 0;
  for (unsigned l = 0; l < count; ++l) {
    if (lanes_[base + l].state != State::AtCollective) continue;
    waiting |= 1u << l;
    if (lanes_[base + l].call.op == Collective::ActiveMask) active_mask |= 1u << l;
  }
  bool released = false;
  std::uint32_t done = 0;
  std::array<CollectiveCall, kWarpSize> calls{};
  for (unsigned l = 0; l < count; ++l) {
    if ((waiting >> l & 1u) == 0 || (done >> l & 1u) != 0) continue;
    const CollectiveCall& first = lanes_[base + l].call;
    std::uint32_t group = 0;
    if (first.op == Collective::ActiveMask) {
      if (ready_[warp] != 0) continue;  // the lanes still running may yet come
      for (unsigned o = 0; o < count; ++o)
        if ((active_mask >> o & 1u) && lanes_[base + o].call.line == first.line) group |= 1u << o;
    } else {
      group = first.mask & exists;
      if ((group & ~waiting) != 0 || (group & active_mask) != 0) continue;  // not all there yet
      for (unsigned o = 0; o < count; ++o) {
        const CollectiveCall& other = lanes_[base + o].call;
        if ((group >> o & 1u) && other.op != first.op) {
          fail("lanes of warp " + std::to_string(warp) + " meet at different warp collectives: " +
               collective_name(first.op) + " on line " + std::to_string(first.line) + " and " +
               collective_name(other.op) + " on line " + std::to_string(other.line));
        }
      }
    }
    done |= group;
    for (unsigned o = 0; o < count; ++o)
      if (group >> o & 1u) calls[o] = lanes_[base + o].call;
    const std::array<std::uint64_t, kWarpSize> results = resolve(calls, group);
    const std::uint32_t round = lanes_[base + lowest(group)].round;
    const Collective op = first.op;
    const CollectiveCall first_call = first;
    for (unsigned o = 0; o < count; ++o) {
      if ((group >> o & 1u) == 0) continue;
      Lane& lane = lanes_[base + o];
      lane.result = results[o];
      if (op == Collective::SyncWarp) ++lane.epoch;
      if (op == Collective::SyncWarp || op == Collective::ShflDown) ++lane.round;
      set_state(base + o, State::Ready);
    }
    client_->on_collective(warp, group, first_call, round, calls, results);
    released = true;
  }
  return released;
}

bool Engine::finish_step() {
  std::map<int, std::vector<unsigned>> at_barrier;
  std::vector<unsigned> exited, at_collective;
  unsigned count = 0;
  for (unsigned t = 0; t < threads_; ++t) {
    switch (lanes_[t].state) {
      case State::Exited:
        exited.push_back(t);
        break;
      case State::AtCollective:
        at_collective.push_back(t);
        break;
      case State::AtBarrier:
        at_barrier[lanes_[t].line].push_back(t);
        if (lanes_[t].predicate != 0) ++count;
        break;
      default:
        break;
    }
  }
  if (exited.size() == threads_) return true;
  if (!exited.empty() || !at_collective.empty() || at_barrier.size() != 1) stall();
  const int line = at_barrier.begin()->first;
  if (limits_.max_barriers_per_block != 0 && ++barriers_ > limits_.max_barriers_per_block) {
    fail("the block passed " + std::to_string(limits_.max_barriers_per_block) +
         " __syncthreads() barriers (line " + std::to_string(line) +
         "): a loop around __syncthreads() that does not end?");
  }
  barrier_count_ = count;
  client_->on_block_barrier(line);
  for (unsigned t = 0; t < threads_; ++t) {
    Lane& lane = lanes_[t];
    lane.collectives = lane.round = lane.epoch = 0;
    set_state(t, State::Ready);
  }
  return false;
}

void Engine::stall() {
  Stall stall;
  std::map<std::pair<int, bool>, Waiters> by_place;
  for (unsigned t = 0; t < threads_; ++t) {
    const Lane& lane = lanes_[t];
    if (lane.state == State::Exited) {
      stall.exited.push_back(t);
      continue;
    }
    const bool warp = lane.state == State::AtCollective;
    Waiters& w = by_place[{lane.line, warp}];
    w.line = lane.line;
    w.warp_collective = warp;
    if (warp) w.op = lane.call.op;
    w.threads.push_back(t);
  }
  for (auto& [place, waiters] : by_place) stall.waiting.push_back(std::move(waiters));
  std::stable_sort(
      stall.waiting.begin(), stall.waiting.end(),
      [](const Waiters& a, const Waiters& b) { return a.warp_collective < b.warp_collective; });
  clear();
  client_->on_stall(stall);
  std::abort();  // on_stall() throws or ends the process
}

}  // namespace stridescope::simt
