// Converts the fiber runtime's raw record of a user's program into a trace (see raw_trace.h).
#include "program/record/raw_trace.h"

#include <cstring>
#include <sstream>

#include "analysis/additions.h"
#include "catalog/warp_rounds.h"
#include "core/files.h"
#include "program/own_program_error.h"
#include "program/process/child_process.h"
#include "program/record/launch_names.h"
#include "program/record/raw_global.h"
#include "program/record/shared_layout.h"
#include "trace/word_types.h"

namespace stridescope {

namespace fs = std::filesystem;

int line_at(const std::map<std::uint64_t, int>& lines, std::uint64_t pc) {
  const auto found = lines.find(pc);
  return found == lines.end() ? 0 : found->second;
}

std::vector<std::string> source_of(const fs::path& file) {
  std::istringstream text(read_file(file));
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  return lines;
}

namespace {

// The innermost frame of a symbolizer answer that is the user's: not in the runtime's headers, not
// the main() a launch spec made ("<main() made by ...>"). "" if none.
std::string users_place(const nlohmann::json& frames, const fs::path& runtime_headers) {
  const std::string headers = runtime_headers.lexically_normal().string();
  for (const nlohmann::json& frame : frames) {
    const std::string name = frame.value("FileName", "");
    const int line = frame.value("Line", 0);
    if (name.empty() || name[0] == '<' || line <= 0) continue;
    if (!headers.empty() && fs::path(name).lexically_normal().string().starts_with(headers))
      continue;
    return fs::path(name).filename().string() + ":" + std::to_string(line);
  }
  return "";
}

}  // namespace

SourceLines source_lines(const RawRecord& raw, const fs::path& program, const fs::path& dir,
                         const std::string& symbolizer, const fs::path& file,
                         const fs::path& runtime_headers) {
  SourceLines found;
  std::map<std::uint64_t, int>& lines = found.lines;
  for (const RawStep& step : raw.steps)
    for (const RawAccess& a : step.accesses) lines[a.pc] = 0;
  if (raw.fault_pc) lines[*raw.fault_pc] = 0;
  // Where each reported element was written, and the two places of each race in global memory.
  const auto place = [&](std::uint64_t pc) {
    if (pc) lines[pc] = 0;
  };
  for (const RawReported& r : raw.results)
    for (const RawReported::Writer& w : r.writers) place(w.pc);
  for (const RawUnwrittenRead& r : raw.unwritten_reads) place(r.reader.pc);
  for (const RawGlobalRace& r : raw.global_races) {
    place(r.first.pc);
    place(r.second.pc);
  }
  if (raw.buffers)  // the cudaMalloc calls: their lines name the buffers
    for (const RawBuffer& b : *raw.buffers) lines[b.pc] = 0;
  if (lines.empty()) return found;
  std::ostringstream pcs;
  for (const auto& [pc, line] : lines)
    pcs << "0x" << std::hex << (pc - 1) << "\n";  // inside the call
  write_output_file((dir / "pcs.txt").string(), pcs.str());
  int rc =
      run_process({symbolizer, "--obj=" + program.string(), "--output-style=JSON"},
                  dir / "lines.json", dir / "symbolizer.err", {}, kToolLimits, dir / "pcs.txt");
  if (rc != 0)
    throw OwnProgramError("llvm-symbolizer failed: " + read_file(dir / "symbolizer.err"));
  std::istringstream answers(read_file(dir / "lines.json"));
  std::string answer;
  for (auto& [pc, line] : lines) {
    if (!std::getline(answers, answer)) break;
    const nlohmann::json j = nlohmann::json::parse(answer, nullptr, false);
    if (!j.is_object() || !j.contains("Symbol") || !j["Symbol"].is_array() || j["Symbol"].empty())
      continue;
    // The innermost frame (of inlined calls: the instruction's own line) names the line.
    if (fs::path(j["Symbol"][0].value("FileName", "")).lexically_normal() ==
        file.lexically_normal())
      line = j["Symbol"][0].value("Line", 0);
    if (std::string place = users_place(j["Symbol"], runtime_headers); !place.empty())
      found.elsewhere[pc] = std::move(place);
  }
  return found;
}

namespace {

// The runtime records memory as raw bits: a 4-byte word or an access of up to 8 bytes as an
// integer (the low bytes first).
double from_bits(std::int64_t bits, ElementType element) {
  switch (element) {
    case ElementType::Float: {
      const auto b = static_cast<std::uint32_t>(bits);
      float f;
      std::memcpy(&f, &b, sizeof f);
      return f;
    }
    case ElementType::Double: {
      double d;
      std::memcpy(&d, &bits, sizeof d);
      return d;
    }
    case ElementType::Int:
      return static_cast<std::int32_t>(bits);
  }
  return 0;
}

// How a word's bits read: its type (word_types.h), and whether it is half of a two-word element
// (a double or an 8-byte integer among 4-byte arrays: SharedArray::element_words).
struct WordKind {
  ElementType type = ElementType::Int;
  bool two_words = false;
  bool is_unsigned = false;  // an unsigned integer's word (SharedArray::is_unsigned)
};

// Each word's kind: a program's float and int arrays each in their own type.
std::vector<WordKind> kinds_of_words(const Trace& trace) {
  std::vector<WordKind> kinds(trace.shared_words);
  for (std::uint32_t w = 0; w < trace.shared_words; ++w) kinds[w].type = word_type(trace, w);
  for (const SharedArray& a : trace.arrays)
    for (std::uint64_t w = a.first_word; w < a.first_word + array_words(a) && w < kinds.size();
         ++w) {
      kinds[w].two_words = a.element_words == 2;
      kinds[w].is_unsigned = a.is_unsigned && kinds[w].type == ElementType::Int;
    }
  return kinds;
}

WordKind kind_at(const std::vector<WordKind>& kinds, std::size_t word, ElementType other) {
  return word < kinds.size() ? kinds[word] : WordKind{other, false};
}

// The value of `bits` (up to 8 bytes, the low ones first) read as a word of kind `kind`: a signed
// 8-byte integer's 64 bits, a 4-byte unsigned integer's low 32, else as from_bits reads its type.
double value_of(std::int64_t bits, WordKind kind) {
  if (kind.two_words && kind.type == ElementType::Int) return double(bits);
  if (kind.type == ElementType::Int && kind.is_unsigned) return double(std::uint32_t(bits));
  return from_bits(bits, kind.type);
}

std::int64_t pair_bits(std::uint32_t lo, std::uint32_t hi) {
  return std::int64_t((std::uint64_t(hi) << 32) | lo);
}

// A block's 4-byte words -> its elements, each in its word's type (a double is two words, the low
// one first). In a trace of 4-byte words, a two-word element (a double or an 8-byte integer among
// 4-byte arrays) holds its value in both words.
std::vector<double> elements(const std::vector<std::uint32_t>& words,
                             const std::vector<WordKind>& kinds, ElementType element) {
  std::vector<double> out;
  if (element != ElementType::Double) {
    for (std::size_t i = 0; i < words.size(); ++i) {
      const WordKind kind = kind_at(kinds, i, element);
      if (kind.two_words && i + 1 < words.size()) {
        out.insert(out.end(), 2, value_of(pair_bits(words[i], words[i + 1]), kind));
        ++i;
        continue;
      }
      out.push_back(value_of(std::int32_t(words[i]), kind));
    }
    return out;
  }
  for (std::size_t i = 0; i + 1 < words.size(); i += 2) {
    out.push_back(from_bits(pair_bits(words[i], words[i + 1]), element));
  }
  return out;
}

// A shuffle's value: the low `size` bytes of `bits`, as `kind_of_value` says (0 an unsigned
// integer, 1 a signed one, 2 a float or double).
double shuffled_value(std::uint64_t bits, unsigned size, int kind_of_value) {
  if (kind_of_value == 2)
    return from_bits(std::int64_t(bits), size == 8 ? ElementType::Double : ElementType::Float);
  if (size == 0) return 0;  // (a record the runtime wrote never says so: raw_record_check.h)
  const unsigned width = size >= 8 ? 64 : size * 8;
  const std::uint64_t value = width == 64 ? bits : bits & ((std::uint64_t(1) << width) - 1);
  if (kind_of_value == 0) return double(value);
  if (width == 64) return double(std::int64_t(value));
  const std::uint64_t sign = std::uint64_t(1) << (width - 1);  // two's complement, `width` bits
  return double(std::int64_t(value ^ sign) - std::int64_t(sign));
}

// One barrier interval of the raw record (the accesses, warp barriers and __shfl_down_sync()s
// between two __syncthreads(), each with the warp round it is in, and the memory at its end).
RecordedInterval interval_of(const RawStep& s, const std::map<std::uint64_t, int>& lines,
                             int& last_line, const Trace& trace, const std::vector<WordKind>& kinds,
                             const SharedLayout& layout) {
  const ElementType element = trace.run.element_type;
  RecordedInterval in;
  for (const RawAccess& a : s.accesses) {
    Access access;
    access.thread = a.thread;
    access.order = a.order;
    access.address = layout.offset_of(a.offset);
    access.size = a.size;
    access.kind = a.kind == 'w'   ? AccessKind::Write
                  : a.kind == 'a' ? AccessKind::Atomic
                                  : AccessKind::Read;
    access.line = line_at(lines, a.pc);
    access.value = value_of(a.value, kind_at(kinds, access.address / trace.word_size, element));
    access.warp_epoch = a.warp_epoch;
    last_line = access.line;
    in.accesses.push_back({access, a.round});
  }
  for (const RawWarpSync& w : s.warp_syncs)
    in.warp_syncs.push_back({{w.warp, w.mask, w.line}, w.round});
  for (const RawShuffle& h : s.shuffles) {
    ShuffleRound round{h.warp, h.mask, std::uint32_t(h.delta), h.line, {}, {}};
    for (std::uint64_t bits : h.sent)
      round.sent.push_back(shuffled_value(bits, h.size, h.kind_of_value));
    for (std::uint64_t bits : h.received)
      round.received.push_back(shuffled_value(bits, h.size, h.kind_of_value));
    in.shuffles.push_back({std::move(round), h.round});
  }
  in.end = s.exit ? StepKind::Exit : StepKind::Barrier;
  in.end_line = s.exit ? last_line : s.line;
  in.memory_after = elements(layout.words(s.snapshot), kinds, element);
  return in;
}

// What a step of a program is called: the call that ends it, and its line.
std::string step_label(const Step& step) {
  switch (step.kind) {
    case StepKind::Exit:
      return "exit";
    case StepKind::WarpRound:
      return std::string(step.shuffles.empty() ? "__syncwarp()" : "__shfl_down_sync()") + " line " +
             std::to_string(step.line);
    case StepKind::Barrier:
    case StepKind::Divergence:
      break;
  }
  return "__syncthreads() line " + std::to_string(step.line);
}

// The interval's steps: one per warp round (catalog/warp_rounds.h, as for the catalog), then its
// end. Returns how many.
std::size_t add_steps(RecordedInterval interval, unsigned word_size, BlockTrace& block) {
  std::vector<double> before = block.steps.empty()
                                   ? std::vector<double>(interval.memory_after.size(), 0.0)
                                   : block.steps.back().snapshot;
  std::vector<Step> steps = split_into_rounds(std::move(interval), before, word_size);
  for (Step& step : steps) {
    step.label = step_label(step);
    block.steps.push_back(std::move(step));
  }
  return steps.size();
}

// The blocks' results (s[0] of each, by the catalog's convention) combined as the book's host
// loop does: in block order, in the element type (an int sum wraps as on a GPU); a double or an
// 8-byte integer at word 0 among 4-byte arrays in double (an 8-byte integer exact to 2^53).
double host_sum(const std::vector<double>& partials, ElementType element, WordKind kind = {}) {
  if (kind.two_words) element = ElementType::Double;
  std::uint32_t int_sum = 0;  // an int's additions wrap at 2^32
  float float_sum = 0;
  double double_sum = 0;
  for (double p : partials) {
    int_sum += std::uint32_t(p >= -0x1p63 && p < 0x1p63 ? std::int64_t(p) : 0);
    float_sum += static_cast<float>(p);
    double_sum += p;
  }
  switch (element) {
    case ElementType::Float:
      return float_sum;
    case ElementType::Double:
      return double_sum;
    case ElementType::Int:
      return kind.is_unsigned ? double(int_sum) : double(std::int32_t(int_sum));
  }
  return 0;
}

// A reduction by the catalog's convention: some thread adds a word into word 0.
bool adds_into_word0(const BlockTrace& block, std::uint32_t word_size) {
  for (const Step& step : block.steps)
    for (const Addition& a : additions(step, word_size))
      if (a.target_word == 0) return true;
  return false;
}

// The traced launch's kernel as its __shared__ variables name their function ("reduce" for
// reduce<256u>); "" where the record does not name it.
std::string traced_kernel(const RawRecord& raw) {
  if (!raw.traced_launch || *raw.traced_launch >= raw.launches.size()) return "";
  const std::optional<std::string>& function = raw.launches[*raw.traced_launch].kernel;
  if (!function) return "";
  const std::string name = kernel_name_of(*function);
  return name == "kernel" ? "" : name.substr(0, name.find('<'));
}

// The variables a block that touched no shared memory shows: its kernel's own and the file's (a
// GPU lays out no other kernel's arrays), placed from word 0; none, and no shared memory, where
// the kernel has none (an init kernel beside a tiled one).
std::vector<SharedSymbol> own_symbols(std::vector<SharedSymbol> symbols, const std::string& kernel,
                                      std::vector<std::uint32_t>& touched,
                                      std::uint32_t& section_bytes) {
  if (kernel.empty()) return symbols;
  std::erase_if(symbols,
                [&](const SharedSymbol& s) { return !s.function.empty() && s.function != kernel; });
  for (const SharedSymbol& s : symbols) touched.push_back(s.offset);
  if (symbols.empty()) section_bytes = 0;
  return symbols;
}

// The trace's shared memory as the traced launch laid it out: its word size, words and arrays.
// Where float and int arrays mix, the run's type is word 0's (the blocks' results, by the catalog's
// convention), and each word is read in its own array's type (word_types.h).
SharedLayout shared_memory_of(const RawRecord& raw, const TraceInputs& in, Trace& trace) {
  std::vector<std::uint32_t> touched;
  for (const RawStep& step : raw.steps)
    for (const RawAccess& a : step.accesses) touched.push_back(a.offset);
  auto shared_bytes = std::uint32_t(raw.shared_bytes);
  std::vector<SharedSymbol> symbols = shared_symbols_used(in.symbols, shared_bytes);
  if (touched.empty())
    symbols = own_symbols(std::move(symbols), traced_kernel(raw), touched, shared_bytes);
  align_as_a_gpu(symbols, in.decls);
  SharedLayout layout(symbols, touched, shared_bytes);
  trace.run.element_type = in.element;
  trace.word_size = in.element == ElementType::Double ? 8 : 4;
  trace.shared_words = layout.bytes() / trace.word_size;
  trace.arrays = layout.arrays(in.decls, trace.word_size);
  // An array of another type (a struct, a char, a template's T) is read in the file's type.
  for (SharedArray& a : trace.arrays)
    if (!a.type) a.type = in.element;
  // Word 0 the low half of a double among 4-byte arrays: the run's type stays the file's (a
  // block's result, 4 bytes, cannot hold it: trace_of_raw claims none).
  if (!trace.arrays.empty() && !double_halves_at_word0(trace))
    trace.run.element_type = word_type(trace, 0);
  return layout;
}

}  // namespace

Trace trace_of_raw(const RawRecord& raw, const TraceInputs& in) {
  const ElementType element = in.element;
  Trace trace;
  trace.run.variant = "own:" + in.file.filename().string();
  const SharedLayout layout = shared_memory_of(raw, in, trace);
  const std::vector<WordKind> kinds = kinds_of_words(trace);
  trace.run.block_size = volume(raw.block.value());  // (a traced run's: raw_record_check.h)
  trace.run.grid_size = volume(raw.grid.value());
  trace.run.input_pattern = InputPattern::Custom;
  // Each block's load and result are kept for a launch of up to 16,384 blocks and 4 MiB of shared
  // memory in all (runtime/launch.cpp); a larger one has only the traced block's, and no result is
  // claimed.
  const bool every_block = raw.first_snapshots && raw.block_results;
  // A block's result: word 0's element (the runtime keeps 8 bytes: a double or an 8-byte integer
  // at word 0 among 4-byte arrays is whole).
  const WordKind result_kind = kind_at(kinds, 0, trace.run.element_type);
  if (every_block) {
    for (const std::vector<std::uint32_t>& snapshot : *raw.first_snapshots)
      for (double v : elements(layout.words(snapshot), kinds, element))
        trace.run.input_values.push_back(v);
  } else if (!raw.steps.empty()) {
    trace.run.input_values = elements(layout.words(raw.steps[0].snapshot), kinds, element);
  }
  trace.run.n = trace.run.input_values.size();
  trace.run.backend = in.backend;
  trace.run.device = in.device;
  trace.run.toolkit = in.toolkit;
  BlockTrace bt;
  bt.block = in.traced_block;
  int last_line = 0;
  std::vector<std::size_t> steps_per_interval;
  for (const RawStep& s : raw.steps)
    steps_per_interval.push_back(
        add_steps(interval_of(s, in.lines, last_line, trace, kinds, layout), trace.word_size, bt));
  GridPass pass{trace.run.n, trace.run.grid_size, {}};
  if (every_block)
    for (std::int64_t r : *raw.block_results) pass.partials.push_back(value_of(r, result_kind));
  if (bt.block < pass.partials.size()) {
    bt.partial = pass.partials[bt.block];
  } else if (!bt.steps.empty() && !bt.steps.back().snapshot.empty()) {
    bt.partial = bt.steps.back().snapshot[0];  // what `run` then prints: shared word 0 at exit
  }
  trace.result_in_word0 = every_block && adds_into_word0(bt, trace.word_size) &&
                          !thread0_reads_its_result_elsewhere(bt, trace.word_size, trace.arrays);
  trace.blocks.push_back(std::move(bt));
  trace.result = host_sum(pass.partials, trace.run.element_type, result_kind);
  if (every_block) trace.passes.push_back(std::move(pass));
  trace.second_stage = SecondStage::Host;
  for (std::size_t w = 0; w < trace.run.input_values.size(); ++w)
    if (!is_high_half(trace, std::uint32_t(w % std::max<std::uint32_t>(1, trace.shared_words))))
      trace.reference += trace.run.input_values[w];
  if (raw.buffers)
    trace.global_memory =
        global_of_raw(raw, in.lines, in.source, in.made_buffers, steps_per_interval);
  trace.launches = program_launches(raw);
  trace.traced_launch = in.traced_launch;
  return trace;
}

}  // namespace stridescope
