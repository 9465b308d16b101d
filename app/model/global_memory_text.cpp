// Global memory of a user's program in words (see global_memory_text.h).
#include "model/global_memory_text.h"

#include <array>
#include <cstdio>
#include <string_view>

#include "core/format.h"

namespace stridescope {

std::string bytes_text(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " B";
  static constexpr std::array<const char*, 3> units{"KiB", "MiB", "GiB"};
  double value = static_cast<double>(bytes) / 1024;
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < units.size()) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  if (value == static_cast<double>(static_cast<std::uint64_t>(value)) || value >= 100) {
    std::snprintf(text, sizeof text, "%.0f %s", value, units[unit]);
  } else {
    std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
  }
  return text;
}

std::string elements_text(const GlobalBuffer& buffer, std::uint64_t count) {
  const std::string n = std::to_string(count);
  if (buffer.type.empty()) {
    if (buffer.element_size <= 1) return n + (count == 1 ? " byte" : " bytes");
    return n + (count == 1 ? " element of " : " elements of ") +
           std::to_string(buffer.element_size) + " bytes";
  }
  static constexpr std::array<std::string_view, 8> plain{"float", "double", "int",  "char",
                                                         "short", "long",   "bool", "unsigned int"};
  for (std::string_view p : plain)
    if (buffer.type == p) return n + " " + buffer.type + (count == 1 ? "" : "s");
  return n + " " + buffer.type + (count == 1 ? " element" : " elements");
}

namespace {
std::string span_text(const ElementSpan& s) {
  if (s.first == s.last) return "[" + std::to_string(s.first) + "]";
  return "[" + std::to_string(s.first) + ".." + std::to_string(s.last) + "]";
}
}  // namespace

std::string spans_text(const std::vector<ElementSpan>& spans, std::size_t limit) {
  if (spans.empty()) return "nothing";
  if (const std::optional<RegularRuns> runs = regular_runs(spans)) {
    std::string text = std::to_string(runs->runs) + " runs of " + std::to_string(runs->length) +
                       ", " + std::to_string(runs->stride) + " apart: " + span_text(spans[0]) +
                       ", " + span_text(spans[1]);
    return text + (runs->runs > 3 ? ", ..., " : ", ") + span_text(spans.back());
  }
  std::string text;
  for (std::size_t i = 0; i < spans.size() && i < limit; ++i)
    text += (i == 0 ? "" : ", ") + span_text(spans[i]);
  if (spans.size() > limit) text += " and " + std::to_string(spans.size() - limit) + " more";
  return text;
}

std::string traffic_text(const GlobalBuffer& buffer, const GlobalTraffic& traffic, bool write) {
  const std::vector<ElementSpan> spans = element_spans(traffic.ranges, buffer.element_size);
  const std::uint64_t size = buffer.element_size == 0 ? 1 : buffer.element_size;
  return std::string(write ? "wrote " : "read ") + std::to_string(element_count(spans)) +
         " of its " + elements_text(buffer, buffer.bytes / size) + " (" + spans_text(spans) +
         ") in " +
         (write ? count_text(traffic.accesses, "store", "stores")
                : count_text(traffic.accesses, "load", "loads")) +
         ", " + bytes_text(traffic.bytes);
}

std::vector<std::string> launch_lines(const GlobalMemory& memory) {
  const std::vector<BufferTraffic> traffic = buffer_traffic(memory);
  std::vector<std::string> lines;
  for (std::size_t b = 0; b < memory.buffers.size(); ++b) {
    const GlobalBuffer& buffer = memory.buffers[b];
    std::string line = buffer.name + ": ";
    const bool read = traffic[b].read.accesses > 0, wrote = traffic[b].write.accesses > 0;
    if (read) line += traffic_text(buffer, traffic[b].read, false);
    if (read && wrote) line += "; ";
    if (wrote) line += traffic_text(buffer, traffic[b].write, true);
    if (const std::uint64_t atomics = traffic[b].atomic.accesses; atomics > 0)
      line += atomics == traffic[b].write.accesses
                  ? (atomics == 1 ? " (an atomic)" : " (all atomics)")
                  : " (" + count_text(atomics, "atomic", "atomics") + ")";
    if (!read && !wrote) line += "not touched";
    lines.push_back(std::move(line));
  }
  return lines;
}

namespace {
// "dA ([0..15]), dB (...)" for the buffers with loads (or stores) in `uses`; "" if none.
std::string touched_text(const GlobalMemory& memory, const std::vector<GlobalUse>& uses,
                         bool write) {
  std::string text;
  for (const GlobalUse& use : uses) {
    const GlobalTraffic& t = write ? use.write : use.read;
    if (t.accesses == 0 || use.buffer >= memory.buffers.size()) continue;
    const GlobalBuffer& buffer = memory.buffers[use.buffer];
    text += (text.empty() ? "" : ", ") + buffer.name + " (" +
            spans_text(element_spans(t.ranges, buffer.element_size)) + ")";
  }
  return text;
}
}  // namespace

std::string step_line(const GlobalMemory& memory, std::size_t step) {
  if (step >= memory.steps.size()) return "no global memory";
  const std::string read = touched_text(memory, memory.steps[step], false);
  const std::string wrote = touched_text(memory, memory.steps[step], true);
  if (read.empty() && wrote.empty()) return "no global memory";
  if (wrote.empty()) return "read " + read;
  if (read.empty()) return "wrote " + wrote;
  return "read " + read + "; wrote " + wrote;
}

}  // namespace stridescope
