// Lines of a text broken at its blanks only (ui/widgets/word_wrap.h).
#include "ui/widgets/word_wrap.h"

namespace stridescope {
namespace {

// One line of the text (no '\n' in it), broken into lines of `width`.
void wrap_line(std::string_view line, float width,
               const std::function<float(std::string_view)>& measure,
               std::vector<WrappedLine>& out) {
  std::size_t start = 0;  // where the line being built begins
  std::size_t end = 0;    // where its last whole word ends
  std::size_t at = 0;
  auto finish = [&](std::size_t until) {
    std::string_view piece = line.substr(start, until - start);
    out.push_back({std::string(piece), measure(piece) > width});
  };
  while (at < line.size()) {
    std::size_t word_begin = line.find_first_not_of(' ', at);
    if (word_begin == std::string_view::npos) break;
    std::size_t word_end = line.find(' ', word_begin);
    if (word_end == std::string_view::npos) word_end = line.size();
    if (end > start && measure(line.substr(start, word_end - start)) > width) {
      finish(end);  // the word goes to the next line
      start = word_begin;
    }
    end = word_end;
    at = word_end;
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
