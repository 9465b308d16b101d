// The raw record's shape, field by field, as the readers in record/ index it.
#include "program/record/raw_record_check.h"

#include <cstdint>

#include <algorithm>
#include <functional>

namespace stridescope {
namespace {

using json = nlohmann::json;
using Test = std::function<bool(const json&)>;

bool is_uint(const json& j) {
  return j.is_number_unsigned();
}
bool is_int(const json& j) {
  return j.is_number_integer();
}
// A count, index or offset the readers hold in 32 bits.
bool is_u32(const json& j) {
  return j.is_number_unsigned() && j.get<std::uint64_t>() <= UINT32_MAX;
}

// An array of `min`..`max` items, item i passing tests[i] (the last test for the rest).
Test tuple(std::size_t min, std::size_t max, std::vector<Test> tests) {
  return [=](const json& j) {
    if (!j.is_array() || j.size() < min || j.size() > max) return false;
    for (std::size_t i = 0; i < j.size(); ++i)
      if (!tests[std::min(i, tests.size() - 1)](j[i])) return false;
    return true;
  };
}

Test array_of(const Test& item) {
  return [=](const json& j) {
    if (!j.is_array()) return false;
    for (const json& e : j)
      if (!item(e)) return false;
    return true;
  };
}

bool is_kind(const json& j) {
  return j.is_string() && j.get_ref<const std::string&>().size() == 1;
}

// Fields of an object: each named one, when there (or always, if required), passing its test.
struct Field {
  const char* name;
  Test test;
  bool required = false;
};

Test object_with(std::vector<Field> fields) {
  return [=](const json& j) {
    if (!j.is_object()) return false;
    for (const Field& f : fields) {
      const auto it = j.find(f.name);
      if (it == j.end() ? f.required : !f.test(*it)) return false;
    }
    return true;
  };
}

// A number among `allowed` (an access's or a value's size, a kind).
Test one_of(std::vector<std::int64_t> allowed) {
  return [=](const json& j) {
    if (!j.is_number_integer()) return false;
    for (std::int64_t a : allowed)
      if (j.get<std::int64_t>() == a) return true;
    return false;
  };
}

const Test kDims = tuple(3, 3, {is_uint});
// [thread, order, offset, size, kind, pc, value, (warp epoch), (round)]
const Test kAccess = tuple(
    7, 9,
    {is_u32, is_u32, is_u32, one_of({1, 2, 4, 8, 16}), is_kind, is_uint, is_int, is_u32, is_u32});
// [buffer, kind, accesses, bytes, [[first, last], ...]]
const Test kGlobalUse =
    tuple(5, 5, {is_u32, is_kind, is_uint, is_uint, array_of(tuple(2, 2, {is_uint}))});
const Test kShuffle = object_with({{"warp", is_u32, true},
                                   {"mask", is_u32, true},
                                   {"delta", is_int, true},
                                   {"line", is_int, true},
                                   {"round", is_u32, true},
                                   {"size", one_of({1, 2, 4, 8}), true},
                                   {"kind_of_value", one_of({0, 1, 2}), true},
                                   {"sent", tuple(32, 32, {is_uint}), true},  // by lane
                                   {"received", tuple(32, 32, {is_uint}), true}});
const Test kStep = object_with({{"kind", [](const json& j) { return j.is_string(); }, true},
                                {"line", is_int, true},
                                {"accesses", array_of(kAccess), true},
                                {"warp_syncs", array_of(tuple(3, 4, {is_int}))},
                                {"shuffles", array_of(kShuffle)},
                                {"snapshot", array_of(is_int), true},
                                {"global", [](const json& j) {  // null: none (the GPU's record)
                                   return j.is_null() || array_of(kGlobalUse)(j);
                                 }}});
const Test kBuffer = object_with({{"pc", is_uint, true},
                                  {"bytes", is_uint, true},
                                  {"type", [](const json& j) { return j.is_string(); }, true},
                                  {"element_size", is_uint, true},
                                  {"name", [](const json& j) { return j.is_string(); }}});
// A __shared__ variable: its demangled name, offset from the section's start and bytes (within
// what a record's shared memory may be).
bool is_shared_size(const json& j) {
  return is_uint(j) && j.get<std::uint64_t>() <= kMaxRecordSharedBytes;
}
const Test kSharedSymbol = object_with({{"name", [](const json& j) { return j.is_string(); }, true},
                                        {"offset", is_shared_size, true},
                                        {"bytes", is_shared_size, true}});
const Test kLaunch = object_with({{"grid", kDims, true},
                                  {"block", kDims, true},
                                  {"dynamic_shared", is_uint},  // (a launch refused: any size)
                                  {"kernel", [](const json& j) { return j.is_string(); }}});

// What each top-level field must be, and the words for it when it is not.
struct TopField {
  Field field;
  const char* shape;
};

const std::vector<TopField>& top_fields() {
  static const std::vector<TopField> fields{
      {{"error", [](const json& j) { return j.is_string(); }}, "a string"},
      {{"untraced", [](const json& j) { return j.is_string(); }}, "a string"},
      {{"traced", [](const json& j) { return j.is_boolean(); }}, "true or false"},
      {{"fault_pc", is_uint}, "an address"},
      {{"shared_accesses", is_uint}, "a count"},
      {{"global_races_total", is_uint}, "a count"},
      {{"uninitialized_total", is_uint}, "a count"},
      {{"repeated_launches", is_uint}, "a count"},
      {{"shared_bytes",
        [](const json& j) {
          return is_uint(j) && j.get<std::uint64_t>() <= kMaxRecordSharedBytes;
        }},
       "a size of shared memory"},
      {{"grid", kDims}, "[x, y, z]"},
      {{"block", kDims}, "[x, y, z]"},
      {{"launches", array_of(kLaunch)}, "launches with grid and block"},
      {{"shared_symbols", array_of(kSharedSymbol)}, "variables with name, offset and bytes"},
      {{"buffers", array_of(kBuffer)}, "buffers with pc, bytes, type and element_size"},
      {{"first_snapshots", array_of(array_of(is_int))}, "arrays of words"},
      {{"block_results", array_of(is_int)}, "words"},
  };
  return fields;
}

// Which step of `steps` is malformed, named with the first of its parts that is.
std::string step_problem(const json& step, std::size_t k) {
  const std::string where = "steps[" + std::to_string(k) + "]";
  if (step.is_object() && step.contains("accesses") && step["accesses"].is_array())
    for (std::size_t i = 0; i < step["accesses"].size(); ++i)
      if (!kAccess(step["accesses"][i]))
        return where + ".accesses[" + std::to_string(i) +
               "]: not [thread, order, offset, size, kind, pc, value]";
  return where + ": not a step with kind, line, accesses and snapshot";
}

}  // namespace

std::optional<std::string> raw_record_shape_problem(const json& raw) {
  if (!raw.is_object()) return "not a JSON object";
  for (const TopField& t : top_fields()) {
    const auto it = raw.find(t.field.name);
    if (it != raw.end() && !t.field.test(*it))
      return std::string(t.field.name) + ": not " + t.shape;
  }
  if (raw.contains("steps")) {
    if (!raw["steps"].is_array()) return "steps: not an array";
    for (std::size_t k = 0; k < raw["steps"].size(); ++k)
      if (!kStep(raw["steps"][k])) return step_problem(raw["steps"][k], k);
  }
  const bool traced = raw.value("traced", false) && !raw.contains("error");
  for (const char* needed : {"shared_bytes", "grid", "block", "steps"})
    if (traced && !raw.contains(needed)) return std::string(needed) + ": missing from a traced run";
  return std::nullopt;
}

namespace {

// The threads of the record's block: its size where it says one, and never more than CUDA's 1,024.
std::uint64_t block_threads(const RawRecord& raw) {
  if (!raw.block) return 1024;
  std::uint64_t threads = 1;
  for (std::uint64_t d : *raw.block) threads *= std::min<std::uint64_t>(d, 1025);
  return std::min<std::uint64_t>(threads, 1024);
}

}  // namespace

std::optional<std::string> raw_record_bounds_problem(const RawRecord& raw) {
  const std::size_t buffers = raw.buffers ? raw.buffers->size() : 0;
  const std::uint64_t shared = raw.shared_bytes;
  const std::uint64_t threads = block_threads(raw);
  for (std::size_t k = 0; k < raw.steps.size(); ++k) {
    const RawStep& step = raw.steps[k];
    const std::string where = "steps[" + std::to_string(k) + "]";
    for (const RawGlobalUse& use : step.global)
      if (use.buffer >= buffers)
        return where + ".global: buffer " + std::to_string(use.buffer) + " of " +
               std::to_string(buffers);
    for (const RawAccess& a : step.accesses) {
      if (a.offset > shared || a.size > shared - a.offset)
        return where + ".accesses: offset " + std::to_string(a.offset) + " past the " +
               std::to_string(shared) + " bytes of shared memory";
      if (a.thread >= threads)
        return where + ".accesses: thread " + std::to_string(a.thread) + " of a block of " +
               std::to_string(threads) + " threads";
    }
  }
  return std::nullopt;
}

}  // namespace stridescope
