// The SIMT engine's scheduler: one fiber per thread, handed over lane to lane (see engine.h).
#include "simt/engine.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

#include "simt/stacks.h"

namespace stridescope::simt {

namespace {

std::string hex(unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%08x", value);
  return buffer;
}

}  // namespace

Engine::Engine(Schedule schedule, std::uint64_t seed, GuardedStacks& stacks, EngineLimits limits)
    : schedule_(schedule),
      random_(seed),
      limits_(limits),
      stacks_(stacks),
      contexts_(stacks),
      handing_over_(schedule == Schedule::Warps || schedule == Schedule::Lockstep),
      switch_at_access_(handing_over_) {}

Engine::~Engine() {
  contexts_.clear();
}

const char* Engine::stacks_begin() const {
  return stacks_.region_begin();
}
const char* Engine::stacks_end() const {
  return stacks_.region_end();
}

// Each lane's life: the body, once per block; between blocks the lane waits at the end of its
// last run (parked), so a new block costs no new context.
void Engine::lane_main(void* engine, unsigned lane) {
  auto* e = static_cast<Engine*>(engine);
  for (;;) {
    e->lanes_[lane].parked = false;
    e->lanes_[lane].outer_frame = __builtin_frame_address(0);
    try {
      e->body_(e->arg_);
      e->set_state(lane, State::Exited);
#if defined(STRIDESCOPE_SIMT_BOOST_CONTEXT)
    } catch (const boost::context::detail::forced_unwind&) {
      throw;
#endif
    } catch (const ThreadExit&) {
      e->set_state(lane, State::Exited);
    } catch (...) {
      e->fault_ = std::current_exception();
      e->set_state(lane, State::Faulted);
    }
    e->finish_run(lane);
  }
}

void Engine::finish_run(unsigned lane) {
  lanes_[lane].parked = true;
  switch_to(states_[lane] == State::Exited && handing_over_ ? next_in_group(lane) : kScheduler);
}

// After a fault or a stall: lanes stopped in the middle of the body start afresh next time.
void Engine::clear() {
  for (unsigned t = 0; t < lanes_.size(); ++t)
    if (!lanes_[t].parked) contexts_.restart(t);
  running_ = kScheduler;
  threads_ = 0;
}

void Engine::abandon() {
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
  body_ = body;
  arg_ = arg;
  contexts_.ensure(threads, &Engine::lane_main, this);
  if (indices_.size() < threads + 1u) indices_.resize(threads + 1u);
  if (lanes_.size() < threads) {
    lanes_.resize(threads);
    states_.resize(threads);
    rounds_dirty_ = true;
  }
  // A lane restarted after a fault may have another stack (the Boost contexts).
  for (unsigned t = 0; t < threads; ++t) lanes_[t].stack_low = contexts_.stack_low(t);
  ready_.resize(warps_);
  collective_.assign(warps_, 0);
  reset_lanes();
  barrier_predicates_ = 0;
  barriers_ = 0;
  running_ = kScheduler;
  for (;;) {
    run_pass();
    if (release_collectives(0, warps_)) continue;
    if (finish_step()) break;
  }
  clear();
}

void Engine::reset_lanes() {
  std::fill_n(states_.begin(), threads_, State::Ready);
  count_ = {};
  for (unsigned w = 0; w < warps_; ++w) {
    const unsigned lanes = std::min(kWarpSize, threads_ - w * kWarpSize);
    ready_[w] = lanes == kWarpSize ? 0xffffffffu : (1u << lanes) - 1u;
  }
  if (rounds_dirty_) {
    for (Lane& lane : lanes_) lane.collectives = lane.round = lane.epoch = 0;
    rounds_dirty_ = false;
  }
  barrier_line_ = kNoLine;
  barrier_lines_differ_ = false;
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
        if (states_[t] == State::Ready) run_group(t);
      return;
    case Schedule::Random: {
      std::vector<unsigned> order;
      for (;;) {
        order.clear();
        for (unsigned t = 0; t < threads_; ++t)
          if (states_[t] == State::Ready) order.push_back(t);
        if (order.empty()) return;
        std::shuffle(order.begin(), order.end(), random_);
        for (unsigned t : order)
          if (states_[t] == State::Ready) run_group(t);
      }
    }
    case Schedule::Warps:
      // Warp after warp, each to its next block barrier (its collectives released as it goes).
      for (unsigned w = 0; w < warps_; ++w) {
        do {
          if (ready_[w] != 0) run_group(w * kWarpSize + Engine::lowest(ready_[w]));
        } while (release_collectives(w, w + 1));
      }
      return;
    case Schedule::Lockstep:
      for (unsigned w = 0; w < warps_; ++w)
        if (ready_[w] != 0) run_group(w * kWarpSize + Engine::lowest(ready_[w]));
      return;
  }
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
  rounds_dirty_ = true;
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
  if (count_[static_cast<unsigned>(State::AtCollective)] == 0) return false;
  conflict_.clear();
  bool released = false;
  for (unsigned w = first_warp; w < last_warp; ++w)
    if (collective_[w] != 0) released = release_warp(w) || released;
  return released;
}

bool Engine::release_warp(unsigned warp) {
  const unsigned base = warp * kWarpSize;
  const unsigned count = std::min(kWarpSize, threads_ - base);
  const std::uint32_t exists = count == kWarpSize ? 0xffffffffu : (1u << count) - 1u;
  std::uint32_t waiting = 0, active_mask = 0;
  for (unsigned l = 0; l < count; ++l) {
    if (states_[base + l] != State::AtCollective) continue;
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
      // Lanes of the mask at another collective may first pass one of their own (a partition's
      // shuffle of its lanes before the tile's __syncwarp()); if nothing else can go on, it is an
      // error (stall()).
      bool same = true;
      for (unsigned o = 0; o < count && same; ++o) {
        const CollectiveCall& other = lanes_[base + o].call;
        if ((group >> o & 1u) && other.op != first.op) {
          same = false;
          conflict_ = "lanes of warp " + std::to_string(warp) +
                      " meet at different warp collectives: " + collective_name(first.op) +
                      " on line " + std::to_string(first.line) + " and " +
                      collective_name(other.op) + " on line " + std::to_string(other.line);
        }
      }
      if (!same) continue;
    }
    done |= group;
    for (unsigned o = 0; o < count; ++o)
      if (group >> o & 1u) calls[o] = lanes_[base + o].call;
    const std::array<std::uint64_t, kWarpSize> results = resolve(calls, group);
    const std::uint32_t round = lanes_[base + Engine::lowest(group)].round;
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

// Every lane is at the block barrier (then it is released), or has exited (the block is done),
// or the block is stuck: a stall.
bool Engine::finish_step() {
  const unsigned exited = count_[static_cast<unsigned>(State::Exited)];
  if (exited == threads_) return true;
  // No lane is ready now: those neither exited nor at a collective are at the block barrier.
  const unsigned at_barrier =
      threads_ - exited - count_[static_cast<unsigned>(State::AtCollective)];
  if (at_barrier != threads_ || barrier_lines_differ_) stall();
  const int line = barrier_line_;
  if (limits_.max_barriers_per_block != 0 && ++barriers_ > limits_.max_barriers_per_block) {
    fail("the block passed " + std::to_string(limits_.max_barriers_per_block) +
         " __syncthreads() barriers (line " + std::to_string(line) +
         "): a loop around __syncthreads() that does not end?");
  }
  barrier_count_ = barrier_predicates_;
  barrier_predicates_ = 0;
  client_->on_block_barrier(line);
  reset_lanes();
  return false;
}

void Engine::stall() {
  if (!conflict_.empty()) fail(conflict_);
  Stall stall;
  std::map<std::pair<int, bool>, Waiters> by_place;
  for (unsigned t = 0; t < threads_; ++t) {
    const Lane& lane = lanes_[t];
    if (states_[t] == State::Exited) {
      stall.exited.push_back(t);
      continue;
    }
    const bool warp = states_[t] == State::AtCollective;
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
