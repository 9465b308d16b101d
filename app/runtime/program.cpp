// The program's state and its raw record (see program.h).
#include "program.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "global_races.h"
#include "repeat_launch.h"
#include "self_symbols.h"
#include "worker.h"

namespace stridescope_rt {

namespace {

// The races in global memory the launches had, each with its buffer and element: [{"launch",
// "buffer", "element" (-1: unknown), "first": [block, thread, pc, kind], "second": ...}, ...].
nlohmann::json global_races_json() {
  const std::vector<BufferSpan> buffers = buffer_spans();
  nlohmann::json out = nlohmann::json::array();
  for (const GlobalRace& r : RaceChecker::get().races()) {
    nlohmann::json j = {{"launch", r.launch}, {"buffer", ""}, {"element", -1}};
    for (const BufferSpan& b : buffers)
      if (r.address >= b.begin && r.address < b.end) {
        j["buffer"] = b.name;
        j["element"] = (r.address - b.begin) / (b.element_size > 0 ? b.element_size : 1);
        j["element_size"] = b.element_size;
      }
    for (const auto& [key, side] : {std::pair{"first", r.first}, std::pair{"second", r.second}})
      j[key] = {side.block, side.thread, side.pc, std::string(1, side.kind)};
    out.push_back(std::move(j));
  }
  return out;
}

// The reads of unwritten words, each with its buffer and element where known.
nlohmann::json uninitialized_reads_json() {
  const std::vector<BufferSpan> buffers = buffer_spans();
  nlohmann::json out = nlohmann::json::array();
  for (const UninitializedRead& r : RaceChecker::get().uninitialized_reads()) {
    nlohmann::json j = {{"launch", r.launch}, {"buffer", ""}, {"element", -1}};
    for (const BufferSpan& b : buffers)
      if (r.address >= b.begin && r.address < b.end) {
        j["buffer"] = b.name;
        j["element"] = (r.address - b.begin) / (b.element_size > 0 ? b.element_size : 1);
      }
    j["reader"] = {r.reader.block, r.reader.thread, r.reader.pc, std::string(1, r.reader.kind)};
    out.push_back(std::move(j));
  }
  return out;
}

stridescope::simt::Schedule schedule_of(const std::string& v, std::uint64_t& seed) {
  using stridescope::simt::Schedule;
  if (v == "threads") return Schedule::Threads;
  if (v == "lockstep") return Schedule::Lockstep;
  if (v.rfind("random", 0) == 0) {
    seed = v.size() > 7 ? std::strtoull(v.c_str() + 7, nullptr, 10) : 1;
    return Schedule::Random;
  }
  return Schedule::Warps;
}

unsigned default_workers() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : (cores > 8 ? 8 : cores);
}

// The traced block's steps as the record holds them.
nlohmann::json steps_json(const std::vector<RawStep>& steps) {
  nlohmann::json js = nlohmann::json::array();
  for (const RawStep& s : steps) {
    nlohmann::json acc = nlohmann::json::array();
    for (const RawAccess& a : s.accesses)
      acc.push_back({a.thread, a.order, a.offset, a.size, std::string(1, a.kind), a.pc, a.value,
                     a.warp_epoch, a.round});
    nlohmann::json shuffles = nlohmann::json::array();
    for (const RawShuffle& h : s.shuffles)
      shuffles.push_back({{"warp", h.warp},
                          {"mask", h.mask},
                          {"delta", h.delta},
                          {"line", h.line},
                          {"round", h.round},
                          {"size", h.size},
                          {"kind_of_value", h.kind_of_value},
                          {"sent", h.sent},
                          {"received", h.received}});
    js.push_back({{"kind", s.kind},
                  {"line", s.line},
                  {"accesses", acc},
                  {"warp_syncs", s.warp_syncs},
                  {"shuffles", shuffles},
                  {"snapshot", s.snapshot},
                  {"global", s.global}});
  }
  return js;
}

}  // namespace

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

Program::Program() {
  if (const char* s = std::getenv("STRIDESCOPE_LAUNCH")) config.traced_launch = std::atol(s);
  if (const char* s = std::getenv("STRIDESCOPE_TRACED_BLOCK")) config.traced_block = std::atol(s);
  if (const char* s = std::getenv("STRIDESCOPE_WORD_SIZE"))
    config.word_size = std::atoi(s) == 8 ? 8 : 4;
  if (const char* s = std::getenv("STRIDESCOPE_SCHEDULE"))
    config.schedule = schedule_of(s, config.seed);
  config.workers = default_workers();
  if (const char* s = std::getenv("STRIDESCOPE_WORKERS"); s && std::atoi(s) > 0)
    config.workers = unsigned(std::atoi(s));
  if (const char* s = std::getenv("STRIDESCOPE_TIME_LIMIT")) config.time_limit_s = std::atof(s);
  config.raw_path = std::getenv("STRIDESCOPE_RAW");
  // A record that says only this much tells stridescope the runtime ran but never wrote at the end
  // (an _exit(), a folder the program made unwritable: the file, made now, stays writable).
  if (config.raw_path) std::ofstream(config.raw_path) << R"({"started": true})";
  if (const char* s = std::getenv("STRIDESCOPE_TURNS_AT_EVERY_ACCESS"))
    config.turns_always = std::string(s) == "1";
  if (const char* s = std::getenv("STRIDESCOPE_ALIGNMENT_CHECKS"))
    config.alignment_checks = std::string(s) != "0";
}

Program& Program::get() {
  static Program* program = new Program;  // never destroyed: workers may outlive static dtors
  return *program;
}

std::string Program::where_now() const {
  if (launch_index < 0) return "before its first launch";
  if (!in_launch.load()) return "in host code after launch " + std::to_string(launch_index);
  return "in launch " + std::to_string(launch_index) + " (" + with_commas(blocks_done.load()) +
         " of " + with_commas(blocks_total.load()) + " blocks done)";
}

void Program::fail(const std::string& message, std::uintptr_t fault_pc) {
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) {  // another thread is already stopping the program
    for (;;) pause();
  }
  std::fflush(stdout);
  if (config.raw_path && !written_) {
    nlohmann::json out;
    out["error"] = message;
    if (fault_pc != 0) out["fault_pc"] = fault_pc;
    out["launches"] = launches;
    out["traced"] = false;
    std::ofstream(config.raw_path) << out;
    written_ = true;
  }
  std::_Exit(3);
}

namespace {

// The program's own __shared__ variables (the thread-locals from stridescope_shared_begin on, but
// the red zone before the file's arrays): each one's demangled name, offset and bytes.
nlohmann::json shared_symbols_json() {
  nlohmann::json out = nlohmann::json::array();
  if (!self_symbols().found) return out;  // no stridescope_shared_begin: no offsets to give
  for (const TlsSymbol& s : self_symbols().tls)
    if (s.offset >= 0 && s.size > 0 && s.name != "stridescope_shared_front")
      out.push_back({{"name", demangled(s.name)}, {"offset", s.offset}, {"bytes", s.size}});
  return out;
}

}  // namespace

void Program::write_record() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!config.raw_path || written_) return;
  written_ = true;
  nlohmann::json out;
  out["shared_bytes"] = traced_shared;
  out["launches"] = launches;
  out["shared_symbols"] = shared_symbols_json();
  out["traced"] = traced;
  out["traced_launch"] = config.traced_launch;
  out["traced_block"] = config.traced_block;
  out["shared_accesses"] = shared_accesses;
  if (trace_overflow) {  // the program is not at fault: it ran on, untraced
    out["untraced"] = "block " + std::to_string(config.traced_block) + " of launch " +
                      std::to_string(config.traced_launch) + " made over " +
                      with_commas(kMaxTracedAccesses) + " shared-memory accesses (or " +
                      with_commas(kMaxTracedSteps) +
                      " steps): too many to trace; trace a smaller launch, or a block that does "
                      "less (--launch, --traced-block)";
    out["traced"] = false;
  }
  if (traced) {
    out["grid"] = {traced_grid.x, traced_grid.y, traced_grid.z};
    out["block"] = {traced_blockdim.x, traced_blockdim.y, traced_blockdim.z};
  }
  out["steps"] = steps_json(steps);
  out["buffers"] = global.buffers_json();
  out["results"] = results;
  out["unread"] = unread;
  out["global_races"] = global_races_json();
  out["global_races_total"] = RaceChecker::get().raced();
  out["uninitialized_reads"] = uninitialized_reads_json();
  out["uninitialized_total"] = RaceChecker::get().uninitialized_total();
  out["repeated_launches"] = repeated_launches();
  if (per_block_kept) {
    out["first_snapshots"] = first_snapshots;
    out["block_results"] = block_results;
  }
  std::ofstream(config.raw_path) << out;
}

}  // namespace stridescope_rt
