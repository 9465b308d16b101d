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
GlobalBuffer buffer_of_raw(const std::vector<RawBuffer>& all, std::size_t i,
                           const std::map<std::uint64_t, int>& lines,
                           const std::vector<std::string>& source) {
  const RawBuffer& b = all[i];
  GlobalBuffer out;
  out.line = line_at(lines, b.pc);
  out.bytes = b.bytes;
  std::set<std::uint64_t> same_line;
  for (const RawBuffer& other : all)
    if (line_at(lines, other.pc) == out.line) same_line.insert(other.pc);
  const std::size_t k = std::size_t(std::distance(same_line.begin(), same_line.find(b.pc)));
  MallocSite site;
  if (out.line > 0 && std::size_t(out.line) <= source.size())
    site = malloc_site(source[std::size_t(out.line) - 1], k);
  // The runtime's name, from the call's own text (the one its messages use); the line's where the
  // call was not seen as text (a host file built without the memory macros).
  out.name = b.name ? *b.name : site.name;
  out.type = b.type;
  out.element_size = b.element_size;
  if (out.type.empty() && out.element_size == 0) {
    out.type = site.type;
    out.element_size = site.element_size;
  }
  if (out.element_size == 0) out.element_size = 1;  // counted in bytes
  return out;
}

GlobalTraffic traffic_of_raw(const RawGlobalUse& entry) {
  GlobalTraffic t;
  t.accesses = entry.accesses;
  t.bytes = entry.bytes;
  for (const auto& [first, last] : entry.ranges) t.ranges.push_back({first, last});
  return t;
}

std::vector<GlobalUse> uses_of_raw(const RawStep& step) {
  std::vector<GlobalUse> uses;
  for (const RawGlobalUse& entry : step.global) {
    auto it = std::find_if(uses.begin(), uses.end(),
                           [&](const GlobalUse& u) { return u.buffer == entry.buffer; });
    if (it == uses.end()) it = uses.insert(uses.end(), GlobalUse{entry.buffer, {}, {}, {}});
    (entry.kind == 'w'   ? it->write
     : entry.kind == 'a' ? it->atomic
                         : it->read) = traffic_of_raw(entry);
  }
  std::sort(uses.begin(), uses.end(),
            [](const GlobalUse& a, const GlobalUse& b) { return a.buffer < b.buffer; });
  return uses;
}

}  // namespace

GlobalMemory global_of_raw(const RawRecord& raw, const std::map<std::uint64_t, int>& lines,
                           const std::vector<std::string>& source,
                           const std::vector<MadeBuffer>& made,
                           const std::vector<std::size_t>& steps_per_interval) {
  GlobalMemory memory;
  if (!raw.buffers) return memory;
  const std::vector<RawBuffer>& all = *raw.buffers;
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
  for (const RawStep& step : raw.steps) {
    const std::size_t steps =
        interval < steps_per_interval.size() ? steps_per_interval[interval] : 1;
    ++interval;
    for (std::size_t round = 1; round < steps; ++round) memory.steps.emplace_back();
    memory.steps.push_back(uses_of_raw(step));
  }
  return memory;
}

}  // namespace stridescope
