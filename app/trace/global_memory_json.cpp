// JSON of the trace's global memory (see global_memory_json.h).
#include "trace/global_memory_json.h"

#include <string>

#include "trace/trace_json.h"

namespace stridescope {
namespace {

using nlohmann::json;

[[noreturn]] void reject(const std::string& path, const std::string& problem) {
  throw TraceFormatError(path + ": " + problem);
}

const json& field(const json& object, const std::string& path, const char* key) {
  if (!object.is_object()) reject(path, "expected an object");
  auto it = object.find(key);
  if (it == object.end()) reject(path + "." + key, "missing");
  return *it;
}

std::uint64_t whole_number(const json& value, const std::string& path, std::uint64_t max) {
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
    reject(path, "expected a non-negative integer");
  const std::uint64_t v = value.get<std::uint64_t>();
  if (v > max) reject(path, std::to_string(v) + " is larger than " + std::to_string(max));
  return v;
}

const json& array_at(const json& value, const std::string& path) {
  if (!value.is_array()) reject(path, "expected an array");
  return value;
}

json traffic_to_json(const GlobalTraffic& t) {
  json ranges = json::array();
  for (const ByteRange& r : t.ranges) ranges.push_back({r.begin, r.end});
  return {{"accesses", t.accesses}, {"bytes", t.bytes}, {"ranges", std::move(ranges)}};
}

// Ranges sorted and apart, inside the buffer (cudaMalloc rounds a buffer up to 16 bytes: an
// access in that slack does not fault, so it is recorded); bytes and accesses agree with them.
GlobalTraffic traffic_from_json(const json& in, const std::string& path, std::uint64_t limit) {
  GlobalTraffic t;
  t.accesses = whole_number(field(in, path, "accesses"), path + ".accesses", UINT64_MAX);
  t.bytes = whole_number(field(in, path, "bytes"), path + ".bytes", UINT64_MAX);
  const json& ranges = array_at(field(in, path, "ranges"), path + ".ranges");
  std::uint64_t covered = 0;
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    const std::string at = path + ".ranges[" + std::to_string(i) + "]";
    if (!ranges[i].is_array() || ranges[i].size() != 2) reject(at, "expected [begin, end]");
    ByteRange r{whole_number(ranges[i][0], at + "[0]", limit),
                whole_number(ranges[i][1], at + "[1]", limit)};
    if (r.end <= r.begin) reject(at, "end must be after begin");
    if (!t.ranges.empty() && r.begin <= t.ranges.back().end)
      reject(at, "overlaps or touches the range before it (ranges are sorted and merged)");
    covered += r.end - r.begin;
    t.ranges.push_back(r);
  }
  if (t.bytes < covered)
    reject(path + ".bytes",
           std::to_string(t.bytes) + " bytes cannot cover the ranges' " + std::to_string(covered));
  if ((t.accesses == 0) != t.ranges.empty() || t.accesses > t.bytes)
    reject(path + ".accesses", "does not agree with bytes and ranges");
  return t;
}

GlobalBuffer buffer_from_json(const json& in, const std::string& path) {
  GlobalBuffer b;
  const json& name = field(in, path, "name");
  if (!name.is_string() || name.get<std::string>().empty() || name.get<std::string>().size() > 256)
    reject(path + ".name", "must be a string of 1 to 256 characters");
  b.name = name.get<std::string>();
  b.line = static_cast<int>(whole_number(field(in, path, "line"), path + ".line", 1000000));
  const json& type = field(in, path, "type");
  if (!type.is_string() || type.get<std::string>().size() > 64)
    reject(path + ".type", "must be a string of at most 64 characters");
  b.type = type.get<std::string>();
  b.element_size = static_cast<std::uint32_t>(
      whole_number(field(in, path, "element_size"), path + ".element_size", 256));
  if (b.element_size == 0) reject(path + ".element_size", "must be at least 1");
  b.bytes = whole_number(field(in, path, "bytes"), path + ".bytes", 1ull << 40);
  return b;
}

GlobalUse use_from_json(const json& in, const std::string& path,
                        const std::vector<GlobalBuffer>& buffers) {
  GlobalUse use;
  use.buffer = static_cast<std::uint32_t>(whole_number(field(in, path, "buffer"), path + ".buffer",
                                                       buffers.empty() ? 0 : buffers.size() - 1));
  if (buffers.empty()) reject(path + ".buffer", "there are no buffers");
  const std::uint64_t limit = (buffers[use.buffer].bytes + 15) / 16 * 16;
  use.read = traffic_from_json(field(in, path, "read"), path + ".read", limit);
  use.write = traffic_from_json(field(in, path, "write"), path + ".write", limit);
  if (in.contains("atomic"))  // absent before atomics were told apart
    use.atomic = traffic_from_json(in["atomic"], path + ".atomic", limit);
  return use;
}

}  // namespace

json global_memory_to_json(const GlobalMemory& memory) {
  json buffers = json::array();
  for (const GlobalBuffer& b : memory.buffers)
    buffers.push_back({{"name", b.name},
                       {"line", b.line},
                       {"type", b.type},
                       {"element_size", b.element_size},
                       {"bytes", b.bytes}});
  json steps = json::array();
  for (const std::vector<GlobalUse>& uses : memory.steps) {
    json step = json::array();
    for (const GlobalUse& u : uses) {
      json use = {{"buffer", u.buffer},
                  {"read", traffic_to_json(u.read)},
                  {"write", traffic_to_json(u.write)}};
      if (u.atomic.accesses > 0) use["atomic"] = traffic_to_json(u.atomic);
      step.push_back(std::move(use));
    }
    steps.push_back(std::move(step));
  }
  return {{"buffers", std::move(buffers)}, {"steps", std::move(steps)}};
}

GlobalMemory global_memory_from_json(const json& in, std::size_t steps) {
  const std::string path = "$.global_memory";
  GlobalMemory memory;
  const json& buffers = array_at(field(in, path, "buffers"), path + ".buffers");
  for (std::size_t i = 0; i < buffers.size(); ++i)
    memory.buffers.push_back(
        buffer_from_json(buffers[i], path + ".buffers[" + std::to_string(i) + "]"));
  const json& lists = array_at(field(in, path, "steps"), path + ".steps");
  if (lists.size() != steps)
    reject(path + ".steps", "has " + std::to_string(lists.size()) + " lists, expected " +
                                std::to_string(steps) + " (one per step of $.blocks[0])");
  for (std::size_t s = 0; s < lists.size(); ++s) {
    const std::string at = path + ".steps[" + std::to_string(s) + "]";
    const json& uses = array_at(lists[s], at);
    memory.steps.emplace_back();
    for (std::size_t u = 0; u < uses.size(); ++u)
      memory.steps.back().push_back(
          use_from_json(uses[u], at + "[" + std::to_string(u) + "]", memory.buffers));
  }
  return memory;
}

}  // namespace stridescope
