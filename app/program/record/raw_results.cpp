// A raw record's races in global memory and an exercise harness's reports (see raw_results.h).
#include "program/record/raw_results.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace stridescope {

namespace {

constexpr std::size_t kMaxEntries = 4096;  // the runtime writes at most 64 races, a few results

const nlohmann::json& list(const nlohmann::json& raw, const char* key) {
  static const nlohmann::json empty = nlohmann::json::array();
  if (!raw.contains(key)) return empty;
  const nlohmann::json& v = raw[key];
  if (!v.is_array() || v.size() > kMaxEntries)
    throw std::runtime_error(std::string("the record's \"") + key + "\" is not a list it can hold");
  return v;
}

GlobalRaceSide side_of(const nlohmann::json& j, const std::map<std::uint64_t, int>& lines) {
  if (!j.is_array() || j.size() != 4) throw std::runtime_error("a race's access is malformed");
  GlobalRaceSide s;
  s.block = j[0].get<std::uint64_t>();
  s.thread = j[1].get<std::uint32_t>();
  const auto found = lines.find(j[2].get<std::uint64_t>());
  s.line = found == lines.end() ? 0 : found->second;
  const std::string kind = j[3].get<std::string>();
  if (kind != "r" && kind != "w" && kind != "a")
    throw std::runtime_error("a race's access kind is not r, w or a");
  s.kind = kind[0];
  return s;
}

std::vector<ReportedResult::Writer> writers_of(const nlohmann::json& list,
                                               const std::map<std::uint64_t, int>& lines) {
  if (!list.is_array() || list.size() > (1u << 16))
    throw std::runtime_error("a result's writers are not a list it can hold");
  std::vector<ReportedResult::Writer> out;
  out.reserve(list.size());
  for (const auto& w : list) {
    if (!w.is_array() || w.size() != 5) throw std::runtime_error("a result's writer is malformed");
    ReportedResult::Writer writer;
    const std::uint64_t pc = w[0].get<std::uint64_t>();
    const auto found = lines.find(pc);
    writer.line = found == lines.end() ? 0 : found->second;
    writer.block = w[1].get<std::uint64_t>();
    writer.thread = w[2].get<std::uint32_t>();
    const int how = w[3].get<int>();
    if (how < 0 || how > 5) throw std::runtime_error("a result's writer is malformed");
    writer.how = ReportedResult::Writer::How(how);
    writer.launch = w[4].get<long>();
    out.push_back(writer);
  }
  return out;
}

std::vector<double> numbers(const nlohmann::json& j) {
  if (!j.is_array()) throw std::runtime_error("a result's values are not a list");
  std::vector<double> out;
  out.reserve(j.size());
  for (const auto& v : j) out.push_back(v.get<double>());
  return out;
}

}  // namespace

bool UnwrittenGlobalRead::operator<(const UnwrittenGlobalRead& o) const {
  const auto key = [](const UnwrittenGlobalRead& r) {
    return std::make_tuple(r.launch, r.reader.line, r.reader.block, r.reader.thread, r.buffer,
                           r.element);
  };
  return key(*this) < key(o);
}

namespace {

// The reads of words nothing wrote, sorted, one per launch and line.
std::vector<UnwrittenGlobalRead> unwritten_reads_of(const nlohmann::json& list,
                                                    const std::map<std::uint64_t, int>& lines) {
  std::vector<UnwrittenGlobalRead> out;
  for (const auto& u : list)
    out.push_back({u.at("launch").get<long>(), u.at("buffer").get<std::string>(),
                   u.at("element").get<long long>(), side_of(u.at("reader"), lines)});
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end(),
                        [](const UnwrittenGlobalRead& a, const UnwrittenGlobalRead& b) {
                          return a.launch == b.launch && a.reader.line == b.reader.line;
                        }),
            out.end());
  return out;
}

}  // namespace

bool GlobalRace::operator<(const GlobalRace& o) const {
  const auto key = [](const GlobalRace& r) {
    // A read before a write (the more telling sentence), then blocks and threads: a total order,
    // so the race kept for a pair of lines is the same whatever order the blocks ran in.
    return std::make_tuple(
        r.launch, std::min(r.first.line, r.second.line), std::max(r.first.line, r.second.line),
        std::min(r.first.kind, r.second.kind), std::max(r.first.kind, r.second.kind),
        std::min(r.first.block, r.second.block), std::max(r.first.block, r.second.block), r.element,
        r.buffer, r.first.thread, r.second.thread);
  };
  return key(*this) < key(o);
}

RawResults raw_results(const nlohmann::json& raw, const std::map<std::uint64_t, int>& lines) {
  RawResults out;
  try {
    for (const auto& r : list(raw, "global_races")) {
      GlobalRace race;
      race.launch = r.at("launch").get<long>();
      race.buffer = r.at("buffer").get<std::string>();
      race.element = r.at("element").get<long long>();
      race.first = side_of(r.at("first"), lines);
      race.second = side_of(r.at("second"), lines);
      // The two sides in one order, whichever the emulator met first.
      const auto side_key = [](const GlobalRaceSide& x) {
        return std::make_tuple(x.line, x.kind, x.block, x.thread);
      };
      if (side_key(race.second) < side_key(race.first)) std::swap(race.first, race.second);
      out.races.push_back(std::move(race));
    }
    std::sort(out.races.begin(), out.races.end());
    // One race per pair of lines: `*total += x` is a read and a write racing with a write, one bug.
    const auto line_pair = [](const GlobalRace& r) {
      return std::make_tuple(r.launch, std::min(r.first.line, r.second.line),
                             std::max(r.first.line, r.second.line));
    };
    out.races.erase(std::unique(out.races.begin(), out.races.end(),
                                [&](const GlobalRace& a, const GlobalRace& b) {
                                  return line_pair(a) == line_pair(b);
                                }),
                    out.races.end());
    out.raced = raw.value("global_races_total", std::uint64_t{0});
    out.unwritten_reads = unwritten_reads_of(list(raw, "uninitialized_reads"), lines);
    out.unwritten_total = raw.value("uninitialized_total", std::uint64_t{0});
    out.repeated_launches = raw.value("repeated_launches", std::uint64_t{0});
    for (const auto& r : list(raw, "results")) {
      ReportedResult result;
      result.name = r.at("name").get<std::string>();
      if (r.contains("error")) result.error = r["error"].get<std::string>();
      if (r.contains("values")) result.values = numbers(r["values"]);
      result.host_written = r.value("host_written", -1LL);
      if (r.contains("writers")) result.writers = writers_of(r["writers"], lines);
      if (r.contains("on_device")) {
        result.returned = true;
        result.on_device = r["on_device"].get<bool>();
        result.last_launch_wrote = numbers(r.at("last_launch_wrote"));
      }
      out.results.push_back(std::move(result));
    }
    for (const auto& u : list(raw, "unread"))
      out.unread.push_back({u.at("name").get<std::string>(), u.at("unread").get<std::uint64_t>(),
                            u.at("first").get<long long>()});
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("the program's record is malformed: ") + e.what());
  }
  return out;
}

namespace {

std::string who(const GlobalRaceSide& s, bool same_block) {
  if (same_block) return "thread " + std::to_string(s.thread);
  return "block " + std::to_string(s.block) + " (thread " + std::to_string(s.thread) + ")";
}

std::string at_line(int line) {
  return line > 0 ? " at line " + std::to_string(line) : std::string(" (outside the file)");
}

// "reads total[0]", "updates it atomically".
std::string act(char kind, const std::string& what) {
  return kind == 'r'   ? "reads " + what
         : kind == 'w' ? "writes " + what
                       : "updates " + what + " atomically";
}

}  // namespace

std::string race_sentence(const GlobalRace& r) {
  const bool same_block = r.first.block == r.second.block;
  const std::string word =
      (r.buffer.empty() ? std::string("a cudaMalloc buffer's word") : r.buffer) +
      (r.element >= 0 && !r.buffer.empty() ? "[" + std::to_string(r.element) + "]" : "");
  // The plain access first where one side is an atomic; the write second otherwise.
  GlobalRaceSide a = r.first, b = r.second;
  if (a.kind == 'a' || (a.kind == 'w' && b.kind == 'r')) std::swap(a, b);
  std::string s = who(a, same_block) + " " + act(a.kind, word) + at_line(a.line) + " and " +
                  who(b, same_block) + " " + act(b.kind, "it") + at_line(b.line);
  if (same_block) {
    s += ", in block " + std::to_string(r.first.block) + " of launch " + std::to_string(r.launch) +
         ", with no __syncthreads() between them: which comes first depends on timing";
  } else {
    s += ", in the same launch (" + std::to_string(r.launch) +
         ") with nothing ordering them: blocks run at once and in any order";
  }
  const bool atomic = a.kind == 'a' || b.kind == 'a';
  const bool update = a.line == b.line && a.line > 0 && (a.kind == 'r' || b.kind == 'r');
  if (atomic) {
    s += "; a plain access beside atomic ones sees (or overwrites) any of them: make every access "
         "to it one atomic (atomicAdd, not atomicExch(p, *p + x) or a single atomicCAS)";
  } else if (update || (a.kind == 'w' && b.kind == 'w')) {
    s += "; updates can be lost: combine the blocks' values with atomicAdd, or give each block its "
         "own element";
  } else if (!same_block) {
    s += "; one block may read the value before or after the other writes it: write to another "
         "array, or finish in a later launch";
  }
  return s;
}

std::string unwritten_read_sentence(const UnwrittenGlobalRead& r) {
  const std::string word =
      r.buffer.empty() ? std::string("a word of a cudaMalloc buffer")
                       : r.buffer + (r.element >= 0 ? "[" + std::to_string(r.element) + "]" : "");
  return "launch " + std::to_string(r.launch) + " " + act(r.reader.kind, word) +
         at_line(r.reader.line) + " (thread " + std::to_string(r.reader.thread) + " of block " +
         std::to_string(r.reader.block) +
         ") before anything wrote it: cudaMalloc does not clear memory, so a GPU reads whatever "
         "was there; copy or cudaMemset it first";
}

}  // namespace stridescope
