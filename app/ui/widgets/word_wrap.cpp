// Lines of a text broken at its blanks, an over-wide word after its commas and slashes
// (word_wrap.h).
#include "ui/widgets/word_wrap.h"

namespace stridescope {
namespace {

// Where a line may break: before each word (after its blanks), and inside a word wider than the
// room, after each of its commas and slashes (no blank is dropped there).
struct Unit {
  std::size_t begin = 0, end = 0;
};

std::vector<Unit> units_of(std::string_view line, float width,
                           const std::function<float(std::string_view)>& measure) {
  std::vector<Unit> units;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t word_begin = line.find_first_not_of(' ', at);
    if (word_begin == std::string_view::npos) break;
    std::size_t word_end = line.find(' ', word_begin);
    if (word_end == std::string_view::npos) word_end = line.size();
    std::size_t piece = word_begin;
    if (measure(line.substr(word_begin, word_end - word_begin)) > width)
      for (std::size_t after = line.find_first_of(",/", word_begin);
           after != std::string_view::npos && after + 1 < word_end;
           after = line.find_first_of(",/", after + 1)) {
        units.push_back({piece, after + 1});
        piece = after + 1;
      }
    units.push_back({piece, word_end});
    at = word_end;
  }
  return units;
}

// One line of the text (no '\n' in it), broken into lines of `width`.
void wrap_line(std::string_view line, float width,
               const std::function<float(std::string_view)>& measure,
               std::vector<WrappedLine>& out) {
  std::size_t start = 0;  // where the line being built begins
  std::size_t end = 0;    // where its last whole unit ends
  auto finish = [&](std::size_t until) {
    std::string_view piece = line.substr(start, until - start);
    out.push_back({std::string(piece), measure(piece) > width});
  };
  for (const Unit& unit : units_of(line, width, measure)) {
    if (end > start && measure(line.substr(start, unit.end - start)) > width) {
      finish(end);  // the unit goes to the next line
      start = unit.begin;
    }
    end = unit.end;
  }
  finish(end > start ? end : line.size());
}

}  // namespace

std::vector<WrappedLine> wrap_at_blanks(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure) {
  std::vector<WrappedLine> lines;
  std::size_t at = 0;
  while (true) {
    std::size_t newline = text.find('\n', at);
    std::string_view line =
        text.substr(at, newline == std::string_view::npos ? std::string_view::npos : newline - at);
    wrap_line(line, width, measure, lines);
    if (newline == std::string_view::npos) break;
    at = newline + 1;
  }
  return lines;
}

}  // namespace stridescope
