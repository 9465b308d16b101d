// Byte ranges of global memory merged, summed over steps and read as element indices.
#include "analysis/global_ranges.h"

#include <algorithm>

namespace stridescope {

std::vector<ByteRange> merge_ranges(std::vector<ByteRange> ranges) {
  std::erase_if(ranges, [](const ByteRange& r) { return r.end <= r.begin; });
  std::sort(ranges.begin(), ranges.end(),
            [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
  std::vector<ByteRange> merged;
  for (const ByteRange& r : ranges) {
    if (!merged.empty() && r.begin <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, r.end);
    } else {
      merged.push_back(r);
    }
  }
  return merged;
}

std::uint64_t covered_bytes(const std::vector<ByteRange>& ranges) {
  std::uint64_t bytes = 0;
  for (const ByteRange& r : merge_ranges(ranges)) bytes += r.end - r.begin;
  return bytes;
}

void add_traffic(GlobalTraffic& into, const GlobalTraffic& more) {
  into.accesses += more.accesses;
  into.bytes += more.bytes;
  into.ranges.insert(into.ranges.end(), more.ranges.begin(), more.ranges.end());
  into.ranges = merge_ranges(std::move(into.ranges));
}

std::vector<BufferTraffic> buffer_traffic(const GlobalMemory& memory, std::size_t first,
                                          std::size_t last) {
  std::vector<BufferTraffic> out(memory.buffers.size());
  for (std::size_t s = first; s < memory.steps.size() && s <= last; ++s) {
    for (const GlobalUse& use : memory.steps[s]) {
      if (use.buffer >= out.size()) continue;
      add_traffic(out[use.buffer].read, use.read);
      add_traffic(out[use.buffer].write, use.write);
      add_traffic(out[use.buffer].atomic, use.atomic);
    }
  }
  return out;
}

std::vector<ElementSpan> element_spans(const std::vector<ByteRange>& ranges,
                                       std::uint32_t element_size) {
  const std::uint64_t size = element_size == 0 ? 1 : element_size;
  std::vector<ElementSpan> spans;
  for (const ByteRange& r : merge_ranges(ranges)) {
    ElementSpan s{r.begin / size, (r.end - 1) / size};
    if (!spans.empty() && s.first <= spans.back().last + 1) {
      spans.back().last = std::max(spans.back().last, s.last);
    } else {
      spans.push_back(s);
    }
  }
  return spans;
}

std::uint64_t element_count(const std::vector<ElementSpan>& spans) {
  std::uint64_t count = 0;
  for (const ElementSpan& s : spans) count += s.last - s.first + 1;
  return count;
}

std::optional<RegularRuns> regular_runs(const std::vector<ElementSpan>& spans) {
  if (spans.size() < 3) return std::nullopt;
  const std::uint64_t length = spans[0].last - spans[0].first + 1;
  const std::uint64_t stride = spans[1].first - spans[0].first;
  for (std::size_t i = 1; i < spans.size(); ++i) {
    if (spans[i].last - spans[i].first + 1 != length) return std::nullopt;
    if (spans[i].first - spans[i - 1].first != stride) return std::nullopt;
  }
  return RegularRuns{spans.size(), length, stride};
}

std::vector<std::string> buffers_read(const Trace& trace, std::size_t step) {
  std::vector<std::string> names;
  if (!trace.global_memory || step >= trace.global_memory->steps.size()) return names;
  const GlobalMemory& memory = *trace.global_memory;
  for (const GlobalUse& use : memory.steps[step])
    if (use.read.accesses > 0 && use.buffer < memory.buffers.size())
      names.push_back(memory.buffers[use.buffer].name);
  return names;
}

}  // namespace stridescope
