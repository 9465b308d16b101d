// The quiz's marks from the command line, strictly parsed.
#include "cli/quiz_marks.h"

#include <string>

#include "cli/options.h"

namespace stridescope {
namespace {

constexpr std::uint64_t kMaxIndex = 1u << 20;

// "0-7,9": every index named, into `out`.
void parse_indices(std::string_view list, std::string_view what, std::set<unsigned>& out) {
  std::string option = "--quiz-marks " + std::string(what);
  if (list.empty()) throw CliError(option + "= needs numbers, e.g. " + std::string(what) + "=0-7");
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (comma != std::string_view::npos && list.empty())
      throw CliError(option + ": a trailing comma");
    std::size_t dash = item.find('-');
    auto first = parse_whole(item.substr(0, dash), option, 0, kMaxIndex);
    auto last = dash == std::string_view::npos
                    ? first
                    : parse_whole(item.substr(dash + 1), option, 0, kMaxIndex);
    if (last < first)
      throw CliError(option + " " + std::string(item) + ": the range runs backwards");
    for (auto i = first; i <= last; ++i) out.insert(static_cast<unsigned>(i));
  }
}

}  // namespace

PredictionMarks parse_quiz_marks(std::string_view text) {
  PredictionMarks marks;
  bool words = false, threads = false;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t space = text.find(' ', start);
    std::string_view part =
        text.substr(start, space == std::string_view::npos ? space : space - start);
    start = space == std::string_view::npos ? text.size() : space + 1;
    if (part.empty()) continue;
    std::size_t equals = part.find('=');
    std::string_view name = part.substr(0, equals);
    std::string_view value = equals == std::string_view::npos ? "" : part.substr(equals + 1);
    bool again = (name == "words" && words) || (name == "threads" && threads) ||
                 (name == "degree" && marks.degree);
    if (again) throw CliError("--quiz-marks names " + std::string(name) + " twice");
    if (name == "words") {
      parse_indices(value, name, marks.words);
      words = true;
    } else if (name == "threads") {
      parse_indices(value, name, marks.threads);
      threads = true;
    } else if (name == "degree") {
      marks.degree = static_cast<unsigned>(parse_whole(value, "--quiz-marks degree", 1, 32));
    } else {
      throw CliError("--quiz-marks '" + std::string(part) +
                     "': use words=LIST, threads=LIST or degree=D (e.g. \"words=0-7 degree=1\")");
    }
  }
  if (!words && !threads && !marks.degree)
    throw CliError("--quiz-marks needs words=, threads= or degree=");
  return marks;
}

}  // namespace stridescope
