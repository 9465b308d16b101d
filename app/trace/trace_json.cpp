// Trace JSON writer and validating reader.
#include "trace/trace_json.h"

#include <algorithm>
#include <map>

#include <optional>
#include "core/files.h"
#include "core/json_shape.h"
#include "trace/global_memory_json.h"
#include "trace/trace_consistency.h"

namespace stridescope {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& path, const std::string& problem) {
  throw TraceFormatError(path + ": " + problem);
}

const json& member(const json& object, const std::string& path, const char* key) {
  if (!object.is_object()) fail(path, "expected an object");
  auto it = object.find(key);
  if (it == object.end()) fail(path + "." + key, "missing");
  return *it;
}

std::string get_string(const json& object, const std::string& path, const char* key) {
  const json& value = member(object, path, key);
  if (!value.is_string()) fail(path + "." + key, "expected a string");
  return value.get<std::string>();
}

std::uint64_t get_unsigned(const json& value, const std::string& path, std::uint64_t max) {
  if (!value.is_number_unsigned() &&
      !(value.is_number_integer() && value.get<std::int64_t>() >= 0)) {
    fail(path, "expected a non-negative integer");
  }
  auto v = value.get<std::uint64_t>();
  if (v > max) fail(path, std::to_string(v) + " is larger than " + std::to_string(max));
  return v;
}

std::uint64_t get_unsigned(const json& object, const std::string& path, const char* key,
                           std::uint64_t max) {
  return get_unsigned(member(object, path, key), path + "." + key, max);
}

double get_number(const json& value, const std::string& path) {
  if (!value.is_number()) fail(path, "expected a number");
  return value.get<double>();
}

// A string member that must name one value of the enum E.
template <typename E>
E get_enum(const json& object, const std::string& path, const char* key) {
  std::string text = get_string(object, path, key);
  if (std::optional<E> value = parse_enum<E>(text)) return *value;
  fail(path + "." + key, "expected one of " + enum_choices<E>());
}

const json& get_array(const json& object, const std::string& path, const char* key) {
  const json& value = member(object, path, key);
  if (!value.is_array()) fail(path + "." + key, "expected an array");
  return value;
}

json access_to_json(const Access& a) {
  return json::array({a.thread, a.order, a.address, a.size,
                      a.kind == AccessKind::Read    ? "r"
                      : a.kind == AccessKind::Write ? "w"
                                                    : "a",
                      a.line, a.warp_epoch, a.value});
}

// Version 1 accesses have no warp epoch (6 values); version 2 adds it (7); version 3 the value
// read or written (8).
Access access_from_json(const json& value, const std::string& path, const Trace& trace,
                        std::uint64_t version) {
  std::size_t fields = version == 1 ? 6 : version == 2 ? 7 : 8;
  if (!value.is_array() || value.size() != fields) {
    static const char* const forms[] = {
        "expected [thread, order, address, size, \"r\"|\"w\", line]",
        "expected [thread, order, address, size, \"r\"|\"w\", line, warp_epoch]",
        "expected [thread, order, address, size, \"r\"|\"w\", line, warp_epoch, value]"};
    fail(path, forms[fields - 6]);
  }
  Access a;
  a.thread =
      static_cast<std::uint32_t>(get_unsigned(value[0], path + "[0]", trace.run.block_size - 1));
  a.order = static_cast<std::uint32_t>(get_unsigned(value[1], path + "[1]", UINT32_MAX));
  std::uint64_t shared_bytes = std::uint64_t{trace.shared_words} * trace.word_size;
  a.address = static_cast<std::uint32_t>(get_unsigned(value[2], path + "[2]", UINT32_MAX));
  a.size = static_cast<std::uint32_t>(get_unsigned(value[3], path + "[3]", 16));
  if (a.size != 1 && a.size != 2 && a.size != 4 && a.size != 8 && a.size != 16) {
    fail(path + "[3]", "access size must be 1, 2, 4, 8 or 16 bytes");
  }
  if (a.address % a.size != 0) fail(path + "[2]", "address not aligned to the access size");
  if (std::uint64_t{a.address} + a.size > shared_bytes) {
    fail(path + "[2]", "address " + std::to_string(a.address) + " is outside the " +
                           std::to_string(shared_bytes) + " bytes of shared memory");
  }
  if (!value[4].is_string() || (value[4] != "r" && value[4] != "w" && value[4] != "a")) {
    fail(path + "[4]", "expected \"r\", \"w\" or \"a\" (an atomic)");
  }
  a.kind = value[4] == "r"   ? AccessKind::Read
           : value[4] == "a" ? AccessKind::Atomic
                             : AccessKind::Write;
  a.line = static_cast<int>(get_unsigned(value[5], path + "[5]", 1000000));
  if (fields >= 7)
    a.warp_epoch = static_cast<std::uint32_t>(get_unsigned(value[6], path + "[6]", UINT32_MAX));
  if (fields >= 8) a.value = get_number(value[7], path + "[7]");
  return a;
}

const char* step_kind_name(StepKind kind) {
  switch (kind) {
    case StepKind::Barrier:
      return "barrier";
    case StepKind::WarpRound:
      return "warp";
    case StepKind::Exit:
      return "exit";
    case StepKind::Divergence:
      break;
  }
  return "divergence";
}

std::vector<std::uint32_t> threads_from_json(const json& value, const std::string& path,
                                             const Trace& trace) {
  if (!value.is_array()) fail(path, "expected an array of thread indices");
  std::vector<std::uint32_t> threads;
  for (std::size_t i = 0; i < value.size(); ++i) {
    threads.push_back(static_cast<std::uint32_t>(
        get_unsigned(value[i], path + "[" + std::to_string(i) + "]", trace.run.block_size - 1)));
  }
  return threads;
}

Divergence divergence_from_json(const json& value, const Trace& trace) {
  const std::string path = "$.divergence";
  Divergence d;
  d.block = static_cast<std::uint32_t>(get_unsigned(value, path, "block", trace.run.grid_size - 1));
  d.message = get_string(value, path, "message");
  d.exited = threads_from_json(member(value, path, "exited"), path + ".exited", trace);
  const json& waiting = get_array(value, path, "waiting");
  for (std::size_t i = 0; i < waiting.size(); ++i) {
    std::string item = path + ".waiting[" + std::to_string(i) + "]";
    BarrierWaiters w;
    w.line = static_cast<int>(get_unsigned(waiting[i], item, "line", 1000000));
    const json& warp = member(waiting[i], item, "warp_barrier");
    if (!warp.is_boolean()) fail(item + ".warp_barrier", "expected true or false");
    w.warp_barrier = warp.get<bool>();
    w.threads = threads_from_json(member(waiting[i], item, "threads"), item + ".threads", trace);
    d.waiting.push_back(std::move(w));
  }
  return d;
}

std::vector<double> lane_values(const json& round, const std::string& path, const char* key) {
  const json& values = get_array(round, path, key);
  if (values.size() != kWarpSize) {
    fail(path + "." + key, "expected " + std::to_string(kWarpSize) + " values, one per lane");
  }
  std::vector<double> out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    out.push_back(get_number(values[i], path + "." + key + "[" + std::to_string(i) + "]"));
  }
  return out;
}

std::vector<ShuffleRound> shuffles_from_json(const json& step, const std::string& path,
                                             const Trace& trace) {
  const json& rounds = get_array(step, path, "shuffles");
  std::uint32_t warps = (trace.run.block_size + 31) / 32;
  std::vector<ShuffleRound> out;
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    std::string round_path = path + ".shuffles[" + std::to_string(i) + "]";
    ShuffleRound r;
    r.warp = static_cast<std::uint32_t>(get_unsigned(rounds[i], round_path, "warp", warps - 1));
    r.mask = static_cast<std::uint32_t>(get_unsigned(rounds[i], round_path, "mask", UINT32_MAX));
    r.delta = static_cast<std::uint32_t>(get_unsigned(rounds[i], round_path, "delta", 31));
    r.line = static_cast<int>(get_unsigned(rounds[i], round_path, "line", 1000000));
    r.sent = lane_values(rounds[i], round_path, "sent");
    r.received = lane_values(rounds[i], round_path, "received");
    if (!out.empty() && out.back().warp > r.warp) {
      fail(round_path + ".warp", "shuffles must be listed warp by warp");
    }
    out.push_back(std::move(r));
  }
  return out;
}

// Within each __syncthreads() interval (a step and the warp rounds before it): each thread's
// accesses are numbered 0, 1, 2, ... in order; its warp epoch (the __syncwarp()s it passed before
// an access) never goes down and never exceeds the warp barriers of the interval so far whose
// masks hold its lane.
void check_intervals(const std::vector<Step>& steps, const std::string& path) {
  std::map<std::uint32_t, std::uint32_t> barriers, last, next_order;  // by thread
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const Step& step = steps[s];
    for (const WarpSync& sync : step.warp_syncs) {
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        if ((sync.mask >> lane & 1u) != 0) ++barriers[sync.warp * kWarpSize + lane];
      }
    }
    for (std::size_t i = 0; i < step.accesses.size(); ++i) {
      const Access& a = step.accesses[i];
      std::string where =
          path + ".steps[" + std::to_string(s) + "].accesses[" + std::to_string(i) + "]";
      std::uint32_t& expected = next_order[a.thread];
      if (a.order != expected) {
        fail(where + "[1]", "thread " + std::to_string(a.thread) +
                                "'s accesses are out of order: expected order " +
                                std::to_string(expected));
      }
      ++expected;
      where += "[6]";
      auto seen = last.find(a.thread);
      if (seen != last.end() && a.warp_epoch < seen->second) {
        fail(where, "thread " + std::to_string(a.thread) + "'s warp epoch goes down from " +
                        std::to_string(seen->second) + " to " + std::to_string(a.warp_epoch));
      }
      last[a.thread] = a.warp_epoch;
      if (a.warp_epoch > barriers[a.thread]) {
        fail(where, "thread " + std::to_string(a.thread) + " is at warp epoch " +
                        std::to_string(a.warp_epoch) + " but the step lists only " +
                        std::to_string(barriers[a.thread]) + " __syncwarp() for its lane");
      }
    }
    if (step.kind != StepKind::WarpRound) {  // a new __syncthreads() interval begins
      barriers.clear();
      last.clear();
      next_order.clear();
    }
  }
}

StepKind step_kind_from_json(const json& value, const std::string& path, std::uint64_t version) {
  std::string kind = get_string(value, path, "kind");
  if (kind == "barrier") return StepKind::Barrier;
  if (kind == "exit") return StepKind::Exit;
  if (kind == "divergence" && version >= 2) return StepKind::Divergence;
  if (kind == "warp" && version >= 3) return StepKind::WarpRound;
  fail(path + ".kind", version >= 3   ? "expected \"barrier\", \"warp\", \"exit\" or \"divergence\""
                       : version == 2 ? "expected \"barrier\", \"exit\" or \"divergence\""
                                      : "expected \"barrier\" or \"exit\"");
}

std::vector<WarpSync> warp_syncs_from_json(const json& value, const std::string& path,
                                           const Trace& trace) {
  const json& syncs = get_array(value, path, "warp_syncs");
  std::uint32_t warps = (trace.run.block_size + kWarpSize - 1) / kWarpSize;
  std::vector<WarpSync> out;
  for (std::size_t i = 0; i < syncs.size(); ++i) {
    std::string sync_path = path + ".warp_syncs[" + std::to_string(i) + "]";
    if (!syncs[i].is_array() || syncs[i].size() != 3)
      fail(sync_path, "expected [warp, mask, line]");
    WarpSync sync;
    sync.warp = static_cast<std::uint32_t>(get_unsigned(syncs[i][0], sync_path + "[0]", warps - 1));
    sync.mask =
        static_cast<std::uint32_t>(get_unsigned(syncs[i][1], sync_path + "[1]", UINT32_MAX));
    sync.line = static_cast<int>(get_unsigned(syncs[i][2], sync_path + "[2]", 1000000));
    if (!out.empty() && out.back().warp > sync.warp) {
      fail(sync_path + "[0]", "warp syncs must be listed warp by warp");
    }
    out.push_back(sync);
  }
  return out;
}

Step step_from_json(const json& value, const std::string& path, const Trace& trace,
                    std::uint64_t version) {
  Step step;
  step.kind = step_kind_from_json(value, path, version);
  step.line = static_cast<int>(get_unsigned(value, path, "line", 1000000));
  step.label = get_string(value, path, "label");
  const json& snapshot = get_array(value, path, "snapshot");
  if (snapshot.size() != trace.shared_words) {
    fail(path + ".snapshot", "has " + std::to_string(snapshot.size()) + " values, expected " +
                                 std::to_string(trace.shared_words) + " (shared_words)");
  }
  for (std::size_t i = 0; i < snapshot.size(); ++i) {
    step.snapshot.push_back(get_number(snapshot[i], path + ".snapshot[" + std::to_string(i) + "]"));
  }
  const json& accesses = get_array(value, path, "accesses");
  for (std::size_t i = 0; i < accesses.size(); ++i) {
    std::string access_path = path + ".accesses[" + std::to_string(i) + "]";
    step.accesses.push_back(access_from_json(accesses[i], access_path, trace, version));
  }
  if (version >= 2) {
    step.warp_syncs = warp_syncs_from_json(value, path, trace);
    if (value.contains("shuffles")) step.shuffles = shuffles_from_json(value, path, trace);
  }
  return step;
}

json run_to_json(const RunInfo& r) {
  json run = {{"variant", r.variant},
              {"element_type", name_of(r.element_type)},
              {"operator", name_of(r.op)},
              {"n", r.n},
              {"block_size", r.block_size},
              {"grid_size", r.grid_size},
              {"input", name_of(r.input_pattern)},
              {"seed", r.seed},
              {"backend", name_of(r.backend)},
              {"device", r.device},
              {"toolkit", r.toolkit}};
  if (r.input_pattern == InputPattern::Custom) run["input_values"] = r.input_values;
  return run;
}

json step_to_json(const Step& s) {
  json accesses = json::array();
  for (const Access& a : s.accesses) accesses.push_back(access_to_json(a));
  json syncs = json::array();
  for (const WarpSync& w : s.warp_syncs) syncs.push_back(json::array({w.warp, w.mask, w.line}));
  json shuffles = json::array();
  for (const ShuffleRound& r : s.shuffles) {
    shuffles.push_back({{"warp", r.warp},
                        {"mask", r.mask},
                        {"delta", r.delta},
                        {"line", r.line},
                        {"sent", r.sent},
                        {"received", r.received}});
  }
  return {{"kind", step_kind_name(s.kind)},
          {"line", s.line},
          {"label", s.label},
          {"snapshot", s.snapshot},
          {"accesses", std::move(accesses)},
          {"warp_syncs", std::move(syncs)},
          {"shuffles", std::move(shuffles)}};
}

json divergence_to_json(const Divergence& d) {
  json waiting = json::array();
  for (const BarrierWaiters& w : d.waiting) {
    waiting.push_back({{"line", w.line}, {"warp_barrier", w.warp_barrier}, {"threads", w.threads}});
  }
  return {{"block", d.block},
          {"message", d.message},
          {"exited", d.exited},
          {"waiting", std::move(waiting)}};
}

RunInfo run_from_json(const json& run) {
  RunInfo r;
  r.variant = get_string(run, "$.run", "variant");
  r.element_type = get_enum<ElementType>(run, "$.run", "element_type");
  r.op = get_enum<Operator>(run, "$.run", "operator");
  r.n = get_unsigned(run, "$.run", "n", UINT64_MAX);
  r.block_size = static_cast<std::uint32_t>(get_unsigned(run, "$.run", "block_size", 1024));
  if (r.block_size == 0) fail("$.run.block_size", "must be at least 1");
  r.grid_size = static_cast<std::uint32_t>(get_unsigned(run, "$.run", "grid_size", UINT32_MAX));
  if (r.grid_size == 0) fail("$.run.grid_size", "must be at least 1");
  r.input_pattern = get_enum<InputPattern>(run, "$.run", "input");
  r.seed = get_unsigned(run, "$.run", "seed", UINT64_MAX);
  r.backend = get_enum<Backend>(run, "$.run", "backend");
  r.device = get_string(run, "$.run", "device");
  r.toolkit = get_string(run, "$.run", "toolkit");
  if (r.input_pattern == InputPattern::Custom) {
    const json& values = get_array(run, "$.run", "input_values");
    if (values.size() != r.n) {
      fail("$.run.input_values", "has " + std::to_string(values.size()) + " values, expected " +
                                     std::to_string(r.n) + " (n)");
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
      r.input_values.push_back(
          get_number(values[i], "$.run.input_values[" + std::to_string(i) + "]"));
    }
  }
  return r;
}

BlockTrace block_from_json(const json& value, const std::string& path, const Trace& trace,
                           std::uint64_t version) {
  BlockTrace block;
  block.block =
      static_cast<std::uint32_t>(get_unsigned(value, path, "block", trace.run.grid_size - 1));
  block.partial = get_number(member(value, path, "partial"), path + ".partial");
  const json& steps = get_array(value, path, "steps");
  if (steps.empty()) fail(path + ".steps", "no steps");
  for (std::size_t s = 0; s < steps.size(); ++s) {
    std::string step_path = path + ".steps[" + std::to_string(s) + "]";
    Step step = step_from_json(steps[s], step_path, trace, version);
    bool ends_run = step.kind == StepKind::Exit || step.kind == StepKind::Divergence;
    if (ends_run && s + 1 != steps.size()) {
      fail(step_path + ".kind",
           std::string("a ") + step_kind_name(step.kind) + " step must be the block's last");
    }
    block.steps.push_back(std::move(step));
  }
  if (block.steps.back().kind == StepKind::WarpRound) {
    fail(path + ".steps[" + std::to_string(steps.size() - 1) + "].kind",
         "a warp round cannot end a block: a barrier, exit or divergence step follows it");
  }
  check_intervals(block.steps, path);
  return block;
}

GridPass pass_from_json(const json& value, const std::string& path) {
  GridPass p;
  p.n = get_unsigned(value, path, "n", UINT64_MAX);
  p.grid = static_cast<std::uint32_t>(get_unsigned(value, path, "grid", UINT32_MAX));
  const json& partials = get_array(value, path, "partials");
  if (partials.size() != p.grid) {
    fail(path + ".partials", "has " + std::to_string(partials.size()) + " values, expected " +
                                 std::to_string(p.grid) + " (grid)");
  }
  for (std::size_t b = 0; b < partials.size(); ++b) {
    p.partials.push_back(get_number(partials[b], path + ".partials[" + std::to_string(b) + "]"));
  }
  return p;
}

// Version 2's grid results and divergence record.
void grid_from_json(const json& in, Trace& trace) {
  if (in.contains("second_stage")) {
    trace.second_stage = get_enum<SecondStage>(in, "$", "second_stage");
  }
  if (in.contains("passes")) {
    const json& passes = get_array(in, "$", "passes");
    for (std::size_t i = 0; i < passes.size(); ++i) {
      trace.passes.push_back(pass_from_json(passes[i], "$.passes[" + std::to_string(i) + "]"));
    }
  }
  if (in.contains("divergence")) trace.divergence = divergence_from_json(in["divergence"], trace);
}

std::uint64_t version_of(const json& in) {
  if (!in.is_object()) fail("$", "expected a JSON object");
  if (get_string(in, "$", "format") != kTraceFormat) {
    fail("$.format", std::string("expected \"") + kTraceFormat + "\"");
  }
  auto version = get_unsigned(in, "$", "version", UINT32_MAX);
  if (version < 1 || version > kTraceVersion) {
    fail("$.version", "version " + std::to_string(version) +
                          " is not supported (this build reads 1 to " +
                          std::to_string(kTraceVersion) + ")");
  }
  return version;
}

// Optional: the named arrays of a user's program, in address order, inside shared memory.
void arrays_from_json(const json& in, Trace& trace) {
  const json& arrays = get_array(in, "$", "arrays");
  std::uint64_t end = 0;
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    const std::string path = "$.arrays[" + std::to_string(i) + "]";
    SharedArray a;
    a.name = get_string(arrays[i], path, "name");
    if (a.name.empty() || a.name.size() > 256) fail(path + ".name", "must be 1 to 256 characters");
    a.first_word =
        static_cast<std::uint32_t>(get_unsigned(arrays[i], path, "first_word", 48 * 1024));
    const json& dims = get_array(arrays[i], path, "dims");
    if (dims.empty() || dims.size() > 3) fail(path + ".dims", "must have 1 to 3 sizes");
    std::uint64_t words = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const std::string dim_path = path + ".dims[" + std::to_string(d) + "]";
      if (!dims[d].is_number_unsigned() || dims[d].get<std::uint64_t>() == 0 ||
          dims[d].get<std::uint64_t>() > 48 * 1024)
        fail(dim_path, "must be a size from 1 to 49152");
      a.dims.push_back(dims[d].get<std::uint32_t>());
      words *= a.dims.back();
    }
    if (arrays[i].contains("type")) {  // optional: the run's
      a.type = get_enum<ElementType>(arrays[i], path, "type");
      const bool fits =
          trace.word_size == 4 || (trace.word_size == 8 && a.type == ElementType::Double);
      if (!fits)
        fail(path + ".type", std::string(name_of(*a.type)) + " words in a trace of " +
                                 std::to_string(trace.word_size) + "-byte words");
    }
    if (arrays[i].contains("unsigned")) {  // optional: false
      const json& is_unsigned = arrays[i]["unsigned"];
      if (!is_unsigned.is_boolean() || (is_unsigned.get<bool>() && a.type != ElementType::Int))
        fail(path + ".unsigned", "must be true or false, true only for an int array");
      a.is_unsigned = is_unsigned.get<bool>();
    }
    if (arrays[i].contains("element_words")) {  // optional: 1
      a.element_words =
          static_cast<std::uint32_t>(get_unsigned(arrays[i], path, "element_words", 2));
      const bool halves =
          a.element_words == 1 || (trace.word_size == 4 && a.first_word % 2 == 0 &&
                                   (a.type == ElementType::Double || a.type == ElementType::Int));
      if (a.element_words == 0 || !halves)
        fail(path + ".element_words",
             "must be 1, or 2 for a double or 8-byte int array at an even word in a trace of "
             "4-byte words");
      words *= a.element_words;
    }
    if (a.is_unsigned && a.element_words != 1)
      fail(path + ".unsigned", "true only for an int array of one word an element");
    if (a.first_word < end) fail(path + ".first_word", "overlaps the array before it");
    end = a.first_word + words;
    if (end > trace.shared_words)
      fail(path, "ends at word " + std::to_string(end) + ", past shared_words " +
                     std::to_string(trace.shared_words));
    trace.arrays.push_back(std::move(a));
  }
}

// Optional: every kernel launch of a user's program, and which one the traced block belongs to;
// the traced launch's shape is the run's.
std::array<std::uint32_t, 3> dims_from_json(const json& object, const std::string& path,
                                            const char* key) {
  const json& dims = get_array(object, path, key);
  const std::string dims_path = path + "." + key;
  if (dims.size() != 3) fail(dims_path, "must have 3 sizes (x, y, z)");
  std::array<std::uint32_t, 3> out{};
  for (std::size_t d = 0; d < 3; ++d) {
    const std::string dim_path = dims_path + "[" + std::to_string(d) + "]";
    out[d] = static_cast<std::uint32_t>(get_unsigned(dims[d], dim_path, UINT32_MAX));
    if (out[d] == 0) fail(dim_path, "must be at least 1");
  }
  return out;
}

void launches_from_json(const json& in, Trace& trace) {
  const json& launches = get_array(in, "$", "launches");
  if (launches.empty()) fail("$.launches", "must list at least the traced launch");
  for (std::size_t i = 0; i < launches.size(); ++i) {
    const std::string path = "$.launches[" + std::to_string(i) + "]";
    ProgramLaunch l;
    l.kernel = get_string(launches[i], path, "kernel");
    if (l.kernel.size() > 1024) fail(path + ".kernel", "must be at most 1024 characters");
    l.grid = dims_from_json(launches[i], path, "grid");
    l.block = dims_from_json(launches[i], path, "block");
    if (launches[i].contains("dynamic_shared"))  // (written where not 0)
      l.dynamic_shared =
          static_cast<std::uint32_t>(get_unsigned(launches[i], path, "dynamic_shared", UINT32_MAX));
    trace.launches.push_back(std::move(l));
  }
  trace.traced_launch =
      static_cast<std::uint32_t>(get_unsigned(in, "$", "traced_launch", trace.launches.size() - 1));
  const ProgramLaunch& traced = trace.launches[trace.traced_launch];
  const std::uint64_t threads = std::uint64_t(traced.block[0]) * traced.block[1] * traced.block[2];
  if (threads != trace.run.block_size)
    fail("$.launches[" + std::to_string(trace.traced_launch) + "].block",
         std::to_string(threads) + " threads, but run.block_size is " +
             std::to_string(trace.run.block_size));
}
}  // namespace

nlohmann::json trace_to_json(const Trace& trace) {
  json out;
  out["format"] = kTraceFormat;
  out["version"] = kTraceVersion;
  out["run"] = run_to_json(trace.run);
  out["word_size"] = trace.word_size;
  out["shared_words"] = trace.shared_words;
  if (!trace.arrays.empty()) {
    json arrays = json::array();
    for (const SharedArray& a : trace.arrays) {
      arrays.push_back({{"name", a.name}, {"first_word", a.first_word}, {"dims", a.dims}});
      if (a.type) arrays.back()["type"] = name_of(*a.type);
      if (a.is_unsigned) arrays.back()["unsigned"] = true;
      if (a.element_words != 1) arrays.back()["element_words"] = a.element_words;
    }
    out["arrays"] = std::move(arrays);
  }
  if (!trace.launches.empty()) {
    json launches = json::array();
    for (const ProgramLaunch& l : trace.launches) {
      launches.push_back({{"kernel", l.kernel}, {"grid", l.grid}, {"block", l.block}});
      if (l.dynamic_shared != 0) launches.back()["dynamic_shared"] = l.dynamic_shared;
    }
    out["launches"] = std::move(launches);
    out["traced_launch"] = trace.traced_launch;
  }
  if (!trace.result_in_word0) out["result_in_word0"] = false;
  out["result"] = trace.result;
  out["reference"] = trace.reference;
  json blocks = json::array();
  for (const BlockTrace& b : trace.blocks) {
    json steps = json::array();
    for (const Step& s : b.steps) steps.push_back(step_to_json(s));
    blocks.push_back({{"block", b.block}, {"partial", b.partial}, {"steps", std::move(steps)}});
  }
  out["blocks"] = std::move(blocks);
  out["second_stage"] = name_of(trace.second_stage);
  json passes = json::array();
  for (const GridPass& p : trace.passes) {
    passes.push_back({{"n", p.n}, {"grid", p.grid}, {"partials", p.partials}});
  }
  out["passes"] = std::move(passes);
  if (trace.divergence) out["divergence"] = divergence_to_json(*trace.divergence);
  if (trace.global_memory) out["global_memory"] = global_memory_to_json(*trace.global_memory);
  return out;
}

Trace trace_from_json(const nlohmann::json& in) {
  std::uint64_t version = version_of(in);
  Trace trace;
  trace.run = run_from_json(member(in, "$", "run"));
  trace.word_size = static_cast<std::uint32_t>(get_unsigned(in, "$", "word_size", 16));
  if (trace.word_size == 0) fail("$.word_size", "must be at least 1");
  trace.shared_words = static_cast<std::uint32_t>(get_unsigned(in, "$", "shared_words", 48 * 1024));
  if (in.contains("arrays")) arrays_from_json(in, trace);
  if (in.contains("launches")) launches_from_json(in, trace);
  if (in.contains("result_in_word0")) {
    if (!in["result_in_word0"].is_boolean()) fail("$.result_in_word0", "must be true or false");
    trace.result_in_word0 = in["result_in_word0"].get<bool>();
  }
  trace.result = get_number(member(in, "$", "result"), "$.result");
  trace.reference = get_number(member(in, "$", "reference"), "$.reference");
  const json& blocks = get_array(in, "$", "blocks");
  if (blocks.empty()) fail("$.blocks", "no traced block");
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    std::string path = "$.blocks[" + std::to_string(b) + "]";
    trace.blocks.push_back(block_from_json(blocks[b], path, trace, version));
  }
  if (version >= 2) grid_from_json(in, trace);
  if (in.contains("global_memory"))
    trace.global_memory =
        global_memory_from_json(in["global_memory"], trace.blocks.front().steps.size());
  bool stopped = trace.blocks.back().steps.back().kind == StepKind::Divergence;
  if (stopped && !trace.divergence) {
    fail("$.divergence", "missing: the last step is a divergence, so the run stopped there");
  }
  if (std::optional<std::string> problem = first_inconsistency(trace)) {
    throw TraceFormatError("inconsistent: " + *problem);
  }
  return trace;
}

void save_trace(const Trace& trace, const std::string& path) {
  write_output_file(path, trace_to_json(trace).dump() + "\n");
}

Trace load_trace(const std::string& path) {
  const std::string text = read_input_file(path, kMaxTraceFileBytes, "trace file");
  if (std::optional<std::string> problem = json_shape_problem(text))
    throw TraceFormatError(path + ": not a trace: its JSON " + *problem);
  json document = json::parse(text, nullptr, false);
  if (document.is_discarded()) {
    throw TraceFormatError(path + ": not valid JSON (truncated or corrupted?)");
  }
  try {
    return trace_from_json(document);
  } catch (const TraceFormatError& e) {
    throw TraceFormatError(path + ": " + e.what());
  }
}

}  // namespace stridescope
