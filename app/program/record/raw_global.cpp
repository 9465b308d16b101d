// Global memory from the runtime's raw record (see raw_global.h).
#include "program/record/raw_global.h"

#include <algorithm>
#include <set>

#include "program/record/buffer_names.h"
#include "program/record/raw_trace.h"

namespace stridescope {

namespace {

// Buffer i's name and type: the runtime's, else the k-th cudaMalloc of its line, k its rank by
// address on that line.
GlobalBuffer buffer_of_raw(const nlohmann::json& all, std::size_t i,
                           const std::map<std::uint64_t, int>& lines,
                           const std::vector<std::string>& source) {
  const nlohmann::json& b = all[i];
  const std::uint64_t pc = b["pc"].get<std::uint64_t>();
  GlobalBuffer out;
  out.line = line_at(lines, pc);
  out.bytes = b["bytes"].get<std::uint64_t>();
  std::set<std::uint64_t> same_line;
  for (const nlohmann::json& other : all)
    if (line_at(lines, other["pc"].get<std::uint64_t>()) == out.line)
      same_line.insert(other["pc"].get<std::uint64_t>());
  const std::size_t k = std::size_t(std::distance(same_line.begin(), same_line.find(pc)));
  MallocSite site;
  if (out.line > 0 && std::size_t(out.line) <= source.size())
    site = malloc_site(source[std::size_t(out.line) - 1], k);
  // The runtime's name, from the call's own text (the one its messages use); the line's where the
  // call was not seen as text (a host file built without the memory macros).
  out.name = b.contains("name") ? b["name"].get<std::string>() : site.name;
  out.type = b["type"].get<std::string>();
  out.element_size = b["element_size"].get<std::uint32_t>();
  if (out.type.empty() && out.element_size == 0) {
    out.type = site.type;
    out.element_size = site.element_size;
  }
  if (out.element_size == 0) out.element_size = 1;  // counted in bytes
  return out;
}

GlobalTraffic traffic_of_raw(const nlohmann::json& entry) {
  GlobalTraffic t;
  t.accesses = entry[2].get<std::uint64_t>();
  t.bytes = entry[3].get<std::uint64_t>();
  for (const nlohmann::json& r : entry[4])
    t.ranges.push_back({r[0].get<std::uint64_t>(), r[1].get<std::uint64_t>()});
  return t;
}

std::vector<GlobalUse> uses_of_raw(const nlohmann::json& step) {
  std::vector<GlobalUse> uses;
  if (!step.contains("global")) return uses;
  for (const nlohmann::json& entry : step["global"]) {
    const std::uint32_t buffer = entry[0].get<std::uint32_t>();
    auto it = std::find_if(uses.begin(), uses.end(),
                           [&](const GlobalUse& u) { return u.buffer == buffer; });
    if (it == uses.end()) it = uses.insert(uses.end(), GlobalUse{buffer, {}, {}, {}});
    const std::string kind = entry[1].get<std::string>();
    (kind == "w" ? it->write : kind == "a" ? it->atomic : it->read) = traffic_of_raw(entry);
  }
  std::sort(uses.begin(), uses.end(),
            [](const GlobalUse& a, const GlobalUse& b) { return a.buffer < b.buffer; });
  return uses;
}

}  // namespace

GlobalMemory global_of_raw(const nlohmann::json& raw, const std::map<std::uint64_t, int>& lines,
                           const std::vector<std::string>& source,
                           const std::vector<MadeBuffer>& made,
                           const std::vector<std::size_t>& steps_per_interval) {
  GlobalMemory memory;
  if (!raw.contains("buffers")) return memory;
  const nlohmann::json& all = raw["buffers"];
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < all.size(); ++i) {
    GlobalBuffer b = buffer_of_raw(all, i, lines, source);
    if (b.name.empty()) {
      b.name = "buffer " + std::to_string(i + 1) +
               (b.line > 0 ? " (allocated at line " + std::to_string(b.line) + ")" : "");
    } else if (int n = ++seen[b.name]; n > 1) {
      b.name += " #" + std::to_string(n);  // allocated again (a loop, a helper function)
    }
    memory.buffers.push_back(std::move(b));
  }
  // A spec's main() allocates the kernel's arrays in parameter order: named and typed so.
  if (!made.empty() && made.size() == memory.buffers.size())
    for (std::size_t k = 0; k < made.size(); ++k) {
      GlobalBuffer& b = memory.buffers[k];
      b.name = made[k].name;
      if (const std::uint32_t size = scalar_size(made[k].type); size > 0) {
        b.type = made[k].type;
        b.element_size = size;
      }
    }
  std::size_t interval = 0;
  for (const nlohmann::json& step : raw["steps"]) {
    const std::size_t steps =
        interval < steps_per_interval.size() ? steps_per_interval[interval] : 1;
    ++interval;
    for (std::size_t round = 1; round < steps; ++round) memory.steps.emplace_back();
    memory.steps.push_back(uses_of_raw(step));
  }
  return memory;
}

}  // namespace stridescope
