// Narration phrases: brief descriptions of thread and word sets and index expressions.
#include "analysis/narration_phrases.h"

#include <algorithm>

#include "core/format.h"

namespace stridescope {
namespace {

struct Range {
  unsigned first, last;
};

std::vector<Range> ranges_of(const std::vector<unsigned>& numbers) {
  std::vector<Range> out;
  for (unsigned n : numbers) {
    if (!out.empty() && n == out.back().last + 1) {
      out.back().last = n;
    } else {
      out.push_back({n, n});
    }
  }
  return out;
}

std::string range_text(const Range& r) {
  return r.first == r.last ? std::to_string(r.first)
                           : std::to_string(r.first) + "\u2013" + std::to_string(r.last);
}

// The common difference of the numbers if they are an arithmetic progression of 3 or more.
std::optional<unsigned> progression_step(const std::vector<unsigned>& numbers) {
  if (numbers.size() < 3) return std::nullopt;
  unsigned step = numbers[1] - numbers[0];
  for (std::size_t i = 2; i < numbers.size(); ++i) {
    if (numbers[i] - numbers[i - 1] != step) return std::nullopt;
  }
  return step > 1 ? std::optional<unsigned>(step) : std::nullopt;
}

// At most `most` ranges, then "…".
std::string first_ranges(const std::vector<Range>& ranges, std::size_t most = 3) {
  std::string out;
  for (std::size_t i = 0; i < ranges.size() && i < most; ++i) {
    out += (i ? ", " : "") + range_text(ranges[i]);
  }
  if (ranges.size() > most) out += ", \u2026";
  return out;
}

}  // namespace

std::string ordinal(unsigned n) {
  const char* suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    suffix = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  }
  return std::to_string(n) + suffix;
}

std::string describe_threads(const std::vector<unsigned>& numbers) {
  if (numbers.empty()) return "no thread";
  if (numbers.size() == 1) return "thread " + std::to_string(numbers[0]);
  std::vector<Range> ranges = ranges_of(numbers);
  if (ranges.size() <= 4) return "threads " + first_ranges(ranges, 4);
  if (std::optional<unsigned> step = progression_step(numbers)) {
    return "every " + ordinal(*step) + " thread of " + std::to_string(numbers.front()) + "\u2013" +
           std::to_string(numbers.back()) + " (" + std::to_string(numbers.size()) + " threads)";
  }
  return std::to_string(numbers.size()) + " threads: " + first_ranges(ranges);
}

std::string describe_words(const std::vector<unsigned>& numbers) {
  if (numbers.empty()) return "no word";
  std::vector<Range> ranges = ranges_of(numbers);
  if (ranges.size() <= 3) return first_ranges(ranges);
  if (std::optional<unsigned> step = progression_step(numbers)) {
    return std::to_string(numbers[0]) + ", " + std::to_string(numbers[1]) + ", \u2026 " +
           std::to_string(numbers.back()) + " (every " + ordinal(*step) + ")";
  }
  return first_ranges(ranges) + " (" + std::to_string(numbers.size()) + " words)";
}

namespace {

// word = factor * thread + offset for every pair, with factor fixed by two threads (1 if all pairs
// are one thread's).
std::optional<std::pair<long, long>> linear_fit(
    const std::vector<std::pair<unsigned, unsigned>>& pairs) {
  long t0 = pairs[0].first, w0 = pairs[0].second, factor = 1;
  for (const auto& [thread, word] : pairs) {
    if (static_cast<long>(thread) == t0) continue;
    long dt = static_cast<long>(thread) - t0, dw = static_cast<long>(word) - w0;
    if (dw % dt != 0) return std::nullopt;
    factor = dw / dt;
    break;
  }
  long offset = w0 - factor * t0;
  for (const auto& [thread, word] : pairs) {
    if (static_cast<long>(word) != factor * static_cast<long>(thread) + offset) return std::nullopt;
  }
  if (factor <= 0) return std::nullopt;
  return std::pair{factor, offset};
}

// word = thread / divisor + offset for every pair (thread t's word in a per-warp array).
std::optional<std::pair<long, long>> divided_fit(
    const std::vector<std::pair<unsigned, unsigned>>& pairs) {
  for (long divisor : {2L, 4L, 8L, 16L, 32L, 64L, 128L, 256L, 512L, 1024L}) {
    long offset = static_cast<long>(pairs[0].second) - pairs[0].first / divisor;
    bool fits = std::all_of(pairs.begin(), pairs.end(), [&](const auto& p) {
      return static_cast<long>(p.second) == static_cast<long>(p.first) / divisor + offset;
    });
    if (fits) return std::pair{divisor, offset};
  }
  return std::nullopt;
}

std::string with_offset(std::string text, long offset) {
  if (offset > 0) text += " + " + std::to_string(offset);
  if (offset < 0) text += " - " + std::to_string(-offset);
  return text + "]";
}

}  // namespace

std::optional<std::string> index_expression(const std::vector<std::pair<unsigned, unsigned>>& pairs,
                                            std::string_view array, std::string_view index) {
  if (pairs.empty()) return std::nullopt;
  std::string head = std::string(array) + "[";
  if (auto fit = linear_fit(pairs)) {
    std::string factor = fit->first == 1 ? "" : std::to_string(fit->first) + "*";
    return with_offset(head + factor + std::string(index), fit->second);
  }
  if (auto fit = divided_fit(pairs)) {
    return with_offset(head + std::string(index) + " / " + std::to_string(fit->first), fit->second);
  }
  return std::nullopt;
}

}  // namespace stridescope
