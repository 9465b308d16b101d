// A raw record's races in global memory and an exercise harness's reports (see raw_results.h).
#include "program/record/raw_results.h"

#include <algorithm>
#include <tuple>

namespace stridescope {

namespace {

GlobalRaceSide side_of(const RawGlobalSide& raw, const std::map<std::uint64_t, int>& lines) {
  const auto found = lines.find(raw.pc);
  return {raw.block, raw.thread, found == lines.end() ? 0 : found->second, raw.kind};
}

std::vector<ReportedResult::Writer> writers_of(const std::vector<RawReported::Writer>& raw,
                                               const std::map<std::uint64_t, int>& lines) {
  std::vector<ReportedResult::Writer> out;
  out.reserve(raw.size());
  for (const RawReported::Writer& w : raw) {
    ReportedResult::Writer writer;
    const auto found = lines.find(w.pc);
    writer.line = found == lines.end() ? 0 : found->second;
    writer.block = w.block;
    writer.thread = w.thread;
    writer.how = ReportedResult::Writer::How(w.how);
    writer.launch = w.launch;
    out.push_back(writer);
  }
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
std::vector<UnwrittenGlobalRead> unwritten_reads_of(const std::vector<RawUnwrittenRead>& list,
                                                    const std::map<std::uint64_t, int>& lines) {
  std::vector<UnwrittenGlobalRead> out;
  for (const RawUnwrittenRead& u : list)
    out.push_back({u.launch, u.buffer, u.element, side_of(u.reader, lines)});
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

RawResults raw_results(const RawRecord& raw, const std::map<std::uint64_t, int>& lines) {
  RawResults out;
  for (const RawGlobalRace& r : raw.global_races) {
    GlobalRace race;
    race.launch = r.launch;
    race.buffer = r.buffer;
    race.element = r.element;
    race.first = side_of(r.first, lines);
    race.second = side_of(r.second, lines);
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
  out.raced = raw.global_races_total;
  out.unwritten_reads = unwritten_reads_of(raw.unwritten_reads, lines);
  out.unwritten_total = raw.uninitialized_total;
  out.repeated_launches = raw.repeated_launches;
  for (const RawReported& r : raw.results) {
    ReportedResult result;
    result.name = r.name;
    if (r.error) result.error = *r.error;
    result.values = r.values;
    result.host_written = r.host_written;
    result.writers = writers_of(r.writers, lines);
    if (r.on_device) {
      result.returned = true;
      result.on_device = *r.on_device;
      result.last_launch_wrote = r.last_launch_wrote;
    }
    out.results.push_back(std::move(result));
  }
  out.unread = raw.unread;
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
