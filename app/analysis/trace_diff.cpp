// The first difference between two traces (see trace_diff.h).
#include "analysis/trace_diff.h"

#include <algorithm>
#include <cstring>

#include "trace/array_names.h"
#include "trace/word_types.h"

namespace stridescope {

namespace {

std::uint32_t shared_bytes(const Trace& t) {
  return t.shared_words * t.word_size;
}

// An integer's 64 bits (from 2^63 to 2^64, as unsigned: a trace file may hold one); a value no
// 8-byte integer holds, 0. Never a cast out of range.
std::uint64_t integer_bits(double v) {
  if (v >= 0x1p63 && v < 0x1p64) return static_cast<std::uint64_t>(v);
  if (!(v >= -0x1p63 && v < 0x1p63)) return 0;
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
}

// A value's bytes in `type`, little-endian in the low bytes (an int: signed or unsigned, as its low
// 32 bits; a value no int holds, 0).
std::uint64_t bits_of(double v, ElementType type) {
  switch (type) {
    case ElementType::Double: {  // memcpy, not std::bit_cast: emscripten's libc++ has none
      std::uint64_t bits = 0;
      std::memcpy(&bits, &v, sizeof v);
      return bits;
    }
    case ElementType::Float: {
      const float f = static_cast<float>(v);
      std::uint32_t bits = 0;
      std::memcpy(&bits, &f, sizeof f);
      return bits;
    }
    case ElementType::Int:
      break;
  }
  return static_cast<std::uint32_t>(integer_bits(v));
}

// A snapshot as the bytes a GPU holds: each word in its type (word_types.h), little-endian; a
// word keeps the low bytes of a value wider than it (a file's word size is its own).
std::vector<std::uint8_t> bytes_of(const Trace& t, const std::vector<double>& snapshot) {
  std::vector<std::uint8_t> out(shared_bytes(t), 0);
  const std::size_t size = t.word_size;
  for (std::size_t w = 0; w < snapshot.size() && (w + 1) * size <= out.size(); ++w) {
    const ElementType type = word_type(t, std::uint32_t(w));
    std::uint64_t bits = bits_of(snapshot[w], type);
    // A double or an 8-byte integer among 4-byte arrays (SharedArray::element_words): its 8 bytes
    // from its low half.
    const bool whole =
        size == 4 && is_high_half(t, std::uint32_t(w + 1)) && (w + 2) * size <= out.size();
    const double v = snapshot[w];
    if (whole && type == ElementType::Int) bits = integer_bits(v);
    std::memcpy(&out[w * size], &bits, whole ? 8 : std::min<std::size_t>(size, sizeof bits));
    if (whole) ++w;
  }
  return out;
}

// The word's name: by the trace's arrays, else by the other trace's (same word size), else "s[w]"
// for a catalog kernel and "word w" for a program.
std::string name_of_word(const Trace& t, const Trace& other, std::uint32_t word) {
  if (!t.arrays.empty()) return word_name(t.arrays, word);
  if (!other.arrays.empty() && other.word_size == t.word_size) return word_name(other.arrays, word);
  if (t.run.variant.rfind("own:", 0) == 0) return "word " + std::to_string(word);
  return word_name(t.arrays, word);
}

DiffSide side_of(const Trace& t, const Trace& other, const Step& step, std::uint32_t byte) {
  DiffSide s;
  s.label = step.label;
  s.word = byte / t.word_size;
  s.word_name = name_of_word(t, other, s.word);
  if (s.word < step.snapshot.size()) s.value = step.snapshot[s.word];
  const std::uint32_t begin = s.word * t.word_size, end = begin + t.word_size;
  for (const Access& a : step.accesses)
    if (writes_memory(a.kind) && a.address < end && a.address + a.size > begin)
      s.writers.push_back({a.thread, a.line, a.kind, a.value});
  return s;
}

// The first step where the two blocks' labels differ, else where the shorter one ends.
// Marks in `written` the bytes the step's accesses write.
void mark_written(const Step& step, std::vector<bool>& written) {
  for (const Access& access : step.accesses)
    if (writes_memory(access.kind))
      for (std::uint32_t b = access.address; b < access.address + access.size && b < written.size();
           ++b)
        written[b] = true;
}

// The first byte where x and y differ among the bytes written: its offset, or none; `unwritten`
// counts the unwritten bytes that differ.
std::optional<std::uint32_t> first_written_difference(const std::vector<std::uint8_t>& x,
                                                      const std::vector<std::uint8_t>& y,
                                                      const std::vector<bool>& written,
                                                      std::uint32_t& unwritten) {
  unwritten = 0;
  std::optional<std::uint32_t> first;
  for (std::size_t byte = 0; byte < x.size() && byte < y.size(); ++byte) {
    if (x[byte] == y[byte]) continue;
    if (byte < written.size() && !written[byte]) {
      ++unwritten;
    } else if (!first) {
      first = std::uint32_t(byte);
    }
  }
  return first;
}

std::size_t parting_step(const BlockTrace& a, const BlockTrace& b) {
  const std::size_t common = std::min(a.steps.size(), b.steps.size());
  for (std::size_t k = 0; k < common; ++k)
    if (a.steps[k].label != b.steps[k].label || a.steps[k].kind != b.steps[k].kind) return k;
  return common;
}

}  // namespace

TraceDifference diff_traces(const Trace& a, const Trace& b) {
  if (a.blocks.empty() || b.blocks.empty())
    throw TraceDiffError(std::string(a.blocks.empty() ? "the first" : "the second") +
                         " trace has no traced block");
  if (shared_bytes(a) != shared_bytes(b))
    throw TraceDiffError(
        "their blocks' shared memory differs in size (" + std::to_string(shared_bytes(a)) +
        " and " + std::to_string(shared_bytes(b)) + " bytes): not traces of the same kernel");
  TraceDifference d;
  d.shared_bytes = shared_bytes(a);
  d.element_types_differ = a.run.element_type != b.run.element_type;
  d.blocks_a = a.blocks.size();
  d.blocks_b = b.blocks.size();
  const std::size_t blocks = std::min(a.blocks.size(), b.blocks.size());
  for (std::size_t i = 0; i < blocks; ++i) {
    const BlockTrace &ba = a.blocks[i], &bb = b.blocks[i];
    d.block_index = i;
    d.block_a = ba.block;
    d.block_b = bb.block;
    d.steps_a = ba.steps.size();
    d.steps_b = bb.steps.size();
    const std::size_t common = std::min(ba.steps.size(), bb.steps.size());
    std::vector<bool> written(d.shared_bytes, false);  // by either trace, up to this step
    for (std::size_t k = 0; k < common; ++k) {
      mark_written(ba.steps[k], written);
      mark_written(bb.steps[k], written);
      const std::vector<std::uint8_t> x = bytes_of(a, ba.steps[k].snapshot);
      const std::vector<std::uint8_t> y = bytes_of(b, bb.steps[k].snapshot);
      std::uint32_t unwritten = 0;
      const std::optional<std::uint32_t> differing =
          first_written_difference(x, y, written, unwritten);
      d.unwritten_differing = std::max(d.unwritten_differing, unwritten);
      if (!differing) continue;
      const std::uint32_t byte = *differing;
      d.kind = DiffKind::Memory;
      d.step = k;
      d.a = side_of(a, b, ba.steps[k], byte);
      d.b = side_of(b, a, bb.steps[k], byte);
      return d;
    }
    d.steps_compared += common;
    if (ba.steps.size() != bb.steps.size()) {
      d.kind = DiffKind::StepCount;
      d.step = parting_step(ba, bb);
      if (d.step < ba.steps.size()) d.a.label = ba.steps[d.step].label;
      if (d.step < bb.steps.size()) d.b.label = bb.steps[d.step].label;
      return d;
    }
  }
  if (a.blocks.size() != b.blocks.size()) d.kind = DiffKind::BlockCount;
  return d;
}

}  // namespace stridescope
