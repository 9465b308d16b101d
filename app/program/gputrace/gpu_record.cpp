// Rebuilds the steps of a block from the GPU tracer's events (see gpu_record.h).
#include "program/gputrace/gpu_record.h"

#include <cxxabi.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <set>

#include "program/own_program_error.h"
#include "program/record/launch_names.h"
#include "program/record/raw_record_check.h"
#include "program/record/raw_trace.h"

namespace stridescope {

namespace {

using nlohmann::json;

// app/tools/gputrace/gpu_trace_buffer.h: GpuEventKind, and the order of an event's fields.
enum Kind : std::uint32_t {
  kRead = 1,
  kWrite = 2,
  kAtomic = 3,
  kBarrier = 4,
  kSyncwarp = 5,
  kShuffle = 6,
  kBlockEnter = 7,
  kBlockExit = 8
};
struct Event {
  std::uint32_t kind, thread;
  std::uint64_t pc;
  std::uint32_t address, size;
  std::uint64_t value, value_high;
  std::uint32_t flags, active_mask, snapshot, resolved;
};

Event event_of(const json& e) {
  if (!e.is_array() || e.size() < 11)
    throw OwnProgramError("GPU record: an event is not 11 numbers");
  return {e[0].get<std::uint32_t>(), e[1].get<std::uint32_t>(), e[2].get<std::uint64_t>(),
          e[3].get<std::uint32_t>(), e[4].get<std::uint32_t>(), e[5].get<std::uint64_t>(),
          e[6].get<std::uint64_t>(), e[7].get<std::uint32_t>(), e[8].get<std::uint32_t>(),
          e[9].get<std::uint32_t>(), e[10].get<std::uint32_t>()};
}

// pc -> (function, offset) -> line, through the functions' start pcs the tool asked for.
class PcLines {
 public:
  PcLines(const json& record, const SassTable& sass) : sass_(sass) {
    if (record.contains("functions"))
      for (const json& f : record["functions"])
        functions_.push_back({f["name"].get<std::string>(), f["pc"].get<std::uint64_t>(),
                              f["size"].get<std::uint64_t>()});
  }
  const SassInstruction* at(std::uint64_t pc) const {
    for (const Function& f : functions_) {
      if (pc < f.pc || pc >= f.pc + f.size) continue;
      const auto code = sass_.find(f.name);
      if (code == sass_.end()) return nullptr;
      const auto instruction = code->second.find(pc - f.pc);
      return instruction == code->second.end() ? nullptr : &instruction->second;
    }
    return nullptr;
  }
  int line(std::uint64_t pc) const {
    const SassInstruction* i = at(pc);
    return i == nullptr ? 0 : i->line;
  }

 private:
  struct Function {
    std::string name;
    std::uint64_t pc, size;
  };
  const SassTable& sass_;
  std::vector<Function> functions_;
};

// The runtime's value convention: the low bytes of the access, a 4-byte one sign-extended.
std::int64_t raw_value(std::uint64_t bits, std::uint32_t size) {
  if (size == 4) return std::int32_t(std::uint32_t(bits));
  if (size == 1) return std::int64_t(bits & 0xff);
  if (size == 2) return std::int64_t(bits & 0xffff);
  return std::int64_t(bits);
}

// One barrier interval while it is built.
struct Interval {
  std::vector<RawAccess> accesses;
  std::vector<RawWarpSync> warp_syncs;
  std::uint64_t barrier_pc = 0;
  std::uint32_t snapshot = 0;  // 1 + the slot its last thread took
  struct Write {
    std::uint32_t offset, size;
    std::array<std::uint64_t, 2> bytes;
  };
  std::vector<Write> writes;  // in the order they ran
};

struct ThreadState {
  std::uint32_t barriers = 0, order = 0, epoch = 0, round = 0;
};

// A warp's __syncwarp()s waiting for lanes: mask -> lanes arrived, and each lane's round then.
struct WarpSyncs {
  std::map<std::uint32_t, std::uint32_t> arrived;
  std::array<std::uint32_t, 32> round_at_arrival{};
};

// Memory after `interval`: `memory` with its writes applied in the order they ran.
std::vector<std::uint32_t> replayed(std::vector<std::uint32_t> memory, const Interval& interval) {
  for (const Interval::Write& w : interval.writes) {
    for (std::uint32_t b = 0; b < w.size && b < 16; ++b) {
      const std::size_t byte = w.offset + b;
      if (byte / 4 >= memory.size()) break;
      const std::uint32_t v = std::uint32_t(w.bytes[b / 8] >> (8 * (b % 8))) & 0xffu;
      std::uint32_t& word = memory[byte / 4];
      word = (word & ~(0xffu << (8 * (byte % 4)))) | (v << (8 * (byte % 4)));
    }
  }
  return memory;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A warp sync that is not a __syncwarp() of the program: WARPSYNC.ALL (before bar.sync in
// block.sync()) and WARPSYNC.EXCLUSIVE (votes, reductions) converge a warp for a collective, and a
// WARPSYNC whose lane next runs a shuffle of the same line is that shuffle's. A __syncwarp() is a
// plain WARPSYNC (a mask in a register) or, with the full mask, a NOP.
bool is_collective_sync(const Event& sync, const Event* next, const PcLines& lines) {
  const SassInstruction* at = lines.at(sync.pc);
  if (at == nullptr) return false;  // no disassembly: every warp sync counts
  if (at->opcode.rfind("WARPSYNC.", 0) == 0) return true;
  return next != nullptr && next->kind == kShuffle && lines.line(next->pc) == at->line;
}

// The events, thread by thread, into barrier intervals: a thread's accesses after its k-th
// __syncthreads() are in interval k, numbered in the order they ran.
class IntervalBuilder {
 public:
  IntervalBuilder(const json& record, const PcLines& lines, RawOfGpu& out)
      : lines_(lines), out_(out) {
    const json& block = record["block"];
    threads_ = block[0].get<std::uint32_t>() * block[1].get<std::uint32_t>() *
               block[2].get<std::uint32_t>();
    base_ = record.value("shared_base", 0u);
    bytes_ = record.value("snapshot_bytes", 0u);
    state_.resize(threads_);
    warps_.resize((threads_ + 31) / 32);
    for (const json& e : record["events"]) events_.push_back(event_of(e));
  }

  void build() {
    std::vector<std::size_t> next(events_.size(), events_.size()), last(threads_, events_.size());
    for (std::size_t i = events_.size(); i-- > 0;) {
      if (events_[i].thread >= threads_) continue;
      next[i] = last[events_[i].thread];
      last[events_[i].thread] = i;
    }
    for (std::size_t i = 0; i < events_.size(); ++i)
      add(events_[i], next[i] < events_.size() ? &events_[next[i]] : nullptr);
  }

  std::vector<Interval>& intervals() { return intervals_; }
  std::uint32_t bytes() const { return bytes_; }
  // Barriers passed: by the most and the fewest threads.
  std::pair<std::uint32_t, std::uint32_t> barriers() const {
    std::uint32_t most = 0, fewest = UINT32_MAX;
    for (const ThreadState& t : state_) {
      most = std::max(most, t.barriers);
      fewest = std::min(fewest, t.barriers);
    }
    return {most, fewest};
  }
  const std::vector<std::uint32_t>& exit_snapshots() const { return exit_snapshots_; }
  const std::vector<std::uint32_t>& completing_snapshots() const { return completing_snapshots_; }
  void add_notes() const;

 private:
  void add(const Event& e, const Event* next) {
    if (e.kind == 0 || e.thread >= threads_) return;
    ThreadState& t = state_[e.thread];
    if (intervals_.size() <= t.barriers) intervals_.resize(t.barriers + 1);
    Interval& in = intervals_[t.barriers];
    if (e.kind == kRead || e.kind == kWrite || e.kind == kAtomic) {
      access(e, t, in);
    } else if (e.kind == kBarrier) {
      barrier(e, t, in);
    } else if (e.kind == kSyncwarp) {
      if (is_collective_sync(e, next, lines_))
        ++collective_syncs_;
      else
        syncwarp(e, t, in);
    } else if (e.kind == kShuffle) {
      ++shuffles_;
      shuffle_pcs_.insert(e.pc);
    } else if (e.kind == kBlockExit && e.snapshot != 0) {
      (e.flags & 1 ? completing_snapshots_ : exit_snapshots_).push_back(e.snapshot);
    }
  }

  void access(const Event& e, ThreadState& t, Interval& in) {
    const std::uint32_t window = e.address & 0xffffffu;  // above: the CTA's rank in a cluster
    if (window < base_ || window - base_ >= bytes_) {
      ++outside_;
      return;
    }
    const std::uint32_t offset = window - base_;
    std::uint64_t value = e.value;
    if (e.kind == kAtomic && !e.resolved) {
      value = e.value_high;  // the word before it ran: the thread made no callback after it
      ++atomics_unresolved_;
    }
    const char kind = e.kind == kRead ? 'r' : e.kind == kWrite ? 'w' : 'a';
    in.accesses.push_back({e.thread, t.order++, offset, e.size, kind, e.pc,
                           raw_value(value, e.size), t.epoch, t.round});
    out_.lines[e.pc] = lines_.line(e.pc);
    if (e.kind != kRead)
      in.writes.push_back({offset,
                           e.kind == kAtomic ? std::min<std::uint32_t>(e.size, 8) : e.size,
                           {value, e.value_high}});
  }

  void barrier(const Event& e, ThreadState& t, Interval& in) {
    if (e.address != 0) {  // bar.sync with another index: a named barrier, not __syncthreads()
      ++named_barriers_;
      return;
    }
    if (in.barrier_pc == 0) in.barrier_pc = e.pc;
    if (e.snapshot != 0) in.snapshot = e.snapshot;
    ++t.barriers;
    t.order = t.epoch = t.round = 0;
  }

  // A __syncwarp() is passed when every lane of its mask arrived; each lane's warp epoch and round
  // count it from its own arrival on (it runs nothing in between).
  void syncwarp(const Event& e, ThreadState& t, Interval& in) {
    WarpSyncs& w = warps_[e.thread / 32];
    const std::uint32_t lane = e.thread % 32, first = e.thread - lane;
    const std::uint32_t exists =
        threads_ - first >= 32 ? 0xffffffffu : (1u << (threads_ - first)) - 1u;
    const std::uint32_t mask = e.address & exists;
    w.round_at_arrival[lane] = t.round;
    std::uint32_t& arrived = w.arrived[mask];
    arrived |= 1u << lane;
    ++t.epoch;
    ++t.round;
    if ((arrived & mask) != mask) return;
    const unsigned lowest = unsigned(__builtin_ctz(mask == 0 ? 1u : mask));
    in.warp_syncs.push_back({e.thread / 32, mask, lines_.line(e.pc), w.round_at_arrival[lowest]});
    w.arrived.erase(mask);
  }

  const PcLines& lines_;
  RawOfGpu& out_;
  std::uint32_t threads_ = 0, base_ = 0, bytes_ = 0;
  std::vector<Event> events_;
  std::vector<ThreadState> state_;
  std::vector<WarpSyncs> warps_;
  std::vector<Interval> intervals_ = std::vector<Interval>(1);
  std::vector<std::uint32_t> exit_snapshots_, completing_snapshots_;
  std::size_t shuffles_ = 0, collective_syncs_ = 0, atomics_unresolved_ = 0, outside_ = 0,
              named_barriers_ = 0;
  std::set<std::uint64_t> shuffle_pcs_;
};

void IntervalBuilder::add_notes() const {
  std::vector<std::string>& notes = out_.notes;
  if (collective_syncs_ > 0)
    notes.push_back(plural(collective_syncs_, "warp sync", "warp syncs") +
                    " the compiler put into a collective (a shuffle, vote, reduction or "
                    "block.sync()) are not counted as __syncwarp()");
  if (shuffles_ > 0)
    notes.push_back(plural(shuffles_, "shuffle", "shuffles") + " by lanes at " +
                    plural(shuffle_pcs_.size(), "instruction", "instructions") +
                    ": the Compute Sanitizer gives a shuffle's pc only (no values, mask or "
                    "delta), so the trace has no register rounds for them");
  if (atomics_unresolved_ > 0)
    notes.push_back(
        plural(atomics_unresolved_,
               "atomic shows the word before it ran (its thread made no later callback)",
               "atomics show the word before they ran (their threads made no later "
               "callback)"));
  if (outside_ > 0)
    notes.push_back(plural(outside_, "access", "accesses") +
                    " outside the kernel's shared memory (dropped)");
  if (named_barriers_ > 0)
    notes.push_back(plural(named_barriers_, "arrival", "arrivals") +
                    " at named barriers (bar.sync N, N > 0): not steps");
}

RawDims dims_of(const json& d) {
  if (!d.is_array() || d.size() != 3)
    throw OwnProgramError("GPU record: a grid or block is not [x, y, z]");
  return {d[0].get<std::uint64_t>(), d[1].get<std::uint64_t>(), d[2].get<std::uint64_t>()};
}

std::vector<std::uint32_t> words_of_snapshot(const json& record, std::uint32_t slot,
                                             std::size_t words) {
  const json& snapshots = record["snapshots"];
  if (slot == 0 || slot > snapshots.size()) return {};
  std::vector<std::uint32_t> out;
  for (const json& w : snapshots[slot - 1]) out.push_back(w.get<std::uint32_t>());
  if (out.size() != words) return {};
  return out;
}

// The raw record's steps: interval k ends at every thread's k-th __syncthreads(), the last at
// exit; each with the snapshot its last thread took, checked against the writes it recorded.
std::vector<RawStep> steps_of(const json& record, IntervalBuilder& built, const PcLines& lines,
                              std::vector<std::string>& notes) {
  const auto [most, fewest] = built.barriers();
  std::vector<Interval>& intervals = built.intervals();
  intervals.resize(most + 1);
  if (fewest != most)
    notes.push_back("threads passed different numbers of __syncthreads() (" +
                    std::to_string(fewest) + " to " + std::to_string(most) +
                    "): on a GPU a barrier counts the threads that have not exited");
  const std::size_t words = built.bytes() / 4;
  std::vector<RawStep> steps;
  std::vector<std::uint32_t> memory(words, 0);
  std::size_t rebuilt = 0, differing = 0, next_completing = 0;
  std::string first_difference;
  for (std::size_t k = 0; k <= most; ++k) {
    Interval& in = intervals[k];
    const bool exit = k == most;
    std::uint32_t slot = in.snapshot;
    if (!exit && slot == 0 && next_completing < built.completing_snapshots().size())
      slot = built.completing_snapshots()[next_completing++];
    if (exit && !built.exit_snapshots().empty()) slot = built.exit_snapshots().back();
    const std::vector<std::uint32_t> writes_make = replayed(memory, in);
    std::vector<std::uint32_t> snapshot = words_of_snapshot(record, slot, words);
    if (snapshot.empty()) {
      snapshot = writes_make;
      ++rebuilt;
    }
    for (std::size_t w = 0; k > 0 && w < words;
         ++w) {  // step 0's unwritten words: whatever was there
      if (snapshot[w] != writes_make[w] && differing++ == 0)
        first_difference = "step " + std::to_string(k) + ", word " + std::to_string(w) +
                           ": the hardware held " + std::to_string(snapshot[w]) +
                           ", the recorded writes make " + std::to_string(writes_make[w]);
    }
    memory = snapshot;
    std::stable_sort(in.warp_syncs.begin(), in.warp_syncs.end(),
                     [](const RawWarpSync& a, const RawWarpSync& b) {
                       return a.warp < b.warp;  // warp by warp
                     });
    RawStep step;
    step.exit = exit;
    step.line = exit ? 0 : lines.line(in.barrier_pc);
    step.accesses = std::move(in.accesses);
    step.warp_syncs = std::move(in.warp_syncs);
    step.snapshot = std::move(snapshot);
    steps.push_back(std::move(step));
  }
  if (rebuilt > 0)
    notes.push_back(plural(rebuilt, "step's memory was", "steps' memory was") +
                    " rebuilt from the writes (no snapshot was taken there)");
  if (differing > 0)
    notes.push_back(plural(differing, "word", "words") +
                    " of the hardware's snapshots differ from what the recorded writes make "
                    "(atomics, or a race between a callback and its access); first: " +
                    first_difference);
  return steps;
}

// The kernel's own __shared__ variables, where the cubin names them (nvcc's linked cubins name
// none: only the driver's reserved region).
std::vector<SharedSymbol> symbols_of(const json& record) {
  std::vector<SharedSymbol> out;
  if (!record.contains("shared_symbols")) return out;
  const std::string section = ".nv.shared." + record.value("kernel", "");
  for (const json& s : record["shared_symbols"]) {
    if (s.value("section", "") != section) continue;
    const std::string name = s["name"].get<std::string>();
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> demangled(
        abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), &std::free);
    SharedSymbol symbol = shared_symbol_named(status == 0 && demangled ? demangled.get() : name);
    symbol.offset = s["offset"].get<std::uint32_t>();
    symbol.bytes = s["bytes"].get<std::uint32_t>();
    out.push_back(symbol);
  }
  return out;
}

// Without symbols, a kernel with one __shared__ array (or only dynamic memory) has it all.
std::vector<SharedSymbol> single_array(const std::string& kernel, std::uint32_t bytes,
                                       const std::vector<SharedDecl>& decls) {
  std::vector<const SharedDecl*> of_kernel;
  for (const SharedDecl& d : decls)
    if (d.function == kernel || d.is_extern) of_kernel.push_back(&d);
  if (of_kernel.size() != 1) return {};
  const SharedDecl& d = *of_kernel[0];
  return {{d.is_extern ? "" : d.name, d.is_extern ? "" : kernel, 0, bytes}};
}

void check_traced(const json& record) {
  if (record.value("format", "") != "stridescope-gpu-record")
    throw OwnProgramError("not a GPU record (\"format\": \"stridescope-gpu-record\")");
  if (record.value("traced", false)) return;
  std::string why = "the GPU tracer traced no block";
  if (record.contains("messages") && !record["messages"].empty())
    why += ": " + record["messages"][0].get<std::string>();
  throw OwnProgramError(why);
}

}  // namespace

std::string demangled_symbol(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> demangled(
      abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), &std::free);
  return status == 0 && demangled ? demangled.get() : mangled;
}

std::string kernel_name_of_symbol(const std::string& mangled) {
  return kernel_name_of(demangled_symbol(mangled));
}

RawOfGpu raw_of_gpu_record(const json& record, const SassTable& sass) {
  check_traced(record);
  RawOfGpu out;
  const PcLines lines(record, sass);
  IntervalBuilder built(record, lines, out);
  built.build();
  std::vector<RawStep> steps = steps_of(record, built, lines, out.notes);
  built.add_notes();
  if (record.value("event_overflow", false))
    out.notes.push_back("the event buffer filled: the trace stops early");
  if (record.value("snapshot_overflow", false))
    out.notes.push_back("the snapshot area filled: later steps' memory is rebuilt from the writes");

  RawRecord& raw = out.raw;
  raw.shared_bytes = built.bytes();
  raw.traced = true;
  raw.traced_launch = record["traced_launch"].get<std::uint64_t>();
  raw.grid = dims_of(record["grid"]);
  raw.block = dims_of(record["block"]);
  for (const RawStep& s : steps) raw.shared_accesses += s.accesses.size();
  raw.steps = std::move(steps);
  for (const json& l : record["launches"])
    raw.launches.push_back({dims_of(l["grid"]), dims_of(l["block"]),
                            demangled_symbol(l["kernel"].get<std::string>())});
  // The tracer knows the traced launch's dynamic shared memory only (the callback API gives a
  // launch's grid and block, not its third number).
  if (*raw.traced_launch < raw.launches.size())
    raw.launches[*raw.traced_launch].dynamic_shared = record.value("dynamic_shared", 0u);
  if (std::optional<std::string> problem = raw_record_bounds_problem(raw))
    throw OwnProgramError("GPU record: " + *problem);
  out.symbols = symbols_of(record);
  return out;
}

Trace trace_of_gpu_record(const json& record, const SassTable& sass,
                          const std::filesystem::path& file, ElementType element,
                          const std::vector<SharedDecl>& decls, std::vector<std::string>* notes) {
  RawOfGpu made = raw_of_gpu_record(record, sass);
  std::string kernel = kernel_name_of_symbol(record.value("kernel", ""));
  kernel = kernel.substr(0, kernel.find('<'));  // as clang names a template's function
  if (made.symbols.empty())
    made.symbols = single_array(kernel, std::uint32_t(made.raw.shared_bytes), decls);
  TraceInputs in;
  in.file = file;
  in.lines = std::move(made.lines);
  in.symbols = std::move(made.symbols);
  in.decls = decls;
  in.element = element;
  in.traced_launch = record["traced_launch"].get<std::uint32_t>();
  in.traced_block = record["traced_block"].get<std::uint32_t>();
  in.backend = Backend::Cuda;
  in.device = record.value("device", std::string("GPU")) +
              " (Compute Sanitizer patching API, nvcc -lineinfo)";
  const int driver = record.value("driver_version", 0);
  in.toolkit =
      "CUDA driver API " + std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
  if (notes != nullptr) *notes = made.notes;
  return trace_of_raw(made.raw, in);
}

}  // namespace stridescope
