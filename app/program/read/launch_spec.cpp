// The launch spec's reader: a hand-written recursive descent over the text, one message per
// mistake, naming what was expected and where.
#include "program/read/launch_spec.h"

#include "core/decimal.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/input.h"

namespace stridescope {
namespace {

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

class SpecReader {
 public:
  explicit SpecReader(std::string_view text) : text_(text) {}

  LaunchSpec read() {
    LaunchSpec spec;
    spec.kernel = qualified_name();
    if (!at("<<<") && take("<")) spec.template_args = template_args();
    expect("<<<", "after the kernel's name");
    spec.grid = dims("the grid");
    expect(",", "after the grid (write NAME<<<GRID,BLOCK>>>)");
    spec.block = dims("the block");
    if (take(",")) spec.shared_bytes = whole("the shared memory size", 0, kMaxSpecSharedBytes);
    expect(">>>", "after the block (and the shared memory size)");
    expect("(", "after `>>>` (the arguments: NAME<<<...>>>(param=INIT, ...))");
    if (!take(")")) {
      do spec.args.push_back(argument());
      while (take(","));
      expect(")", "after the last argument");
    }
    skip_spaces();
    if (pos_ != text_.size()) fail("unexpected text after the arguments' `)`");
    check_limits(spec);
    return spec;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;

  [[noreturn]] void fail(const std::string& message) const {
    std::string_view rest = text_.substr(std::min(pos_, text_.size()));
    const std::string where =
        rest.empty() ? "at the end"
                     : "at '" + std::string(rest.substr(0, 16)) + (rest.size() > 16 ? "...'" : "'");
    throw LaunchSpecError("--launch: " + message + " (" + where + ")");
  }

  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool at(std::string_view token) {
    skip_spaces();
    return text_.substr(pos_, token.size()) == token;
  }
  bool take(std::string_view token) {
    if (!at(token)) return false;
    pos_ += token.size();
    return true;
  }
  void expect(std::string_view token, const std::string& where) {
    if (!take(token)) fail("expected `" + std::string(token) + "` " + where);
  }

  static bool name_char(char c, bool first) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
           (!first && std::isdigit(static_cast<unsigned char>(c)));
  }
  std::string identifier(const std::string& what) {
    skip_spaces();
    const std::size_t begin = pos_;
    while (pos_ < text_.size() && name_char(text_[pos_], pos_ == begin)) ++pos_;
    if (pos_ == begin) fail("expected " + what);
    return std::string(text_.substr(begin, pos_ - begin));
  }
  std::string qualified_name() {
    std::string name = identifier("the kernel's name (NAME<<<GRID,BLOCK>>>(...))");
    while (take("::")) name += "::" + identifier("a name after `::`");
    return name;
  }

  // `<int, 256>`: the text between the brackets, split at commas.
  std::vector<std::string> template_args() {
    std::vector<std::string> args(1);
    for (;; ++pos_) {
      if (pos_ >= text_.size()) fail("the template arguments' `<` is never closed by `>`");
      const char c = text_[pos_];
      if (c == '>') break;
      if (c == ',') {
        args.emplace_back();
      } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == ' ' ||
                 c == '*') {
        args.back() += c;
      } else {
        fail(std::string("a template argument may not contain `") + c + "`");
      }
    }
    ++pos_;
    for (std::string& a : args) {
      while (!a.empty() && a.front() == ' ') a.erase(0, 1);
      while (!a.empty() && a.back() == ' ') a.pop_back();
      if (a.empty()) fail("an empty template argument");
    }
    return args;
  }

  // A number as written: digits, a sign, a point, an exponent.
  std::string number_token() {
    skip_spaces();
    const std::size_t begin = pos_;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      const bool sign = (c == '-' || c == '+') &&
                        (pos_ == begin || text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E');
      if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.' && c != 'e' && c != 'E' && !sign)
        break;
      ++pos_;
    }
    return std::string(text_.substr(begin, pos_ - begin));
  }

  std::uint64_t whole(const std::string& what, std::uint64_t min, std::uint64_t max) {
    skip_spaces();
    const std::size_t begin = pos_;
    const std::string token = number_token();
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (token.empty() || error != std::errc() || end != token.data() + token.size() ||
        value < min || value > max) {
      pos_ = begin;
      fail(what + " must be a whole number from " + thousands(min) + " to " + thousands(max));
    }
    return value;
  }

  double number(const std::string& what) {
    skip_spaces();
    const std::size_t begin = pos_;
    const std::string token = number_token();
    double value = 0;
    const std::size_t plus = token.size() > 1 && token[0] == '+' ? 1 : 0;
    if (token.empty() || !read_decimal(std::string_view(token).substr(plus), value) ||
        !std::isfinite(value)) {
      pos_ = begin;
      fail(what + " must be a number (like 3, -2 or 0.5)");
    }
    return value;
  }

  LaunchDims dims(const std::string& what) {
    LaunchDims d;
    if (!take("(")) {
      d.x = whole(what + "'s size", 1, UINT32_MAX);
      return d;
    }
    d.x = whole(what + "'s x", 1, UINT32_MAX);
    expect(",", "after " + what + "'s x: write (x,y) or (x,y,z)");
    d.y = whole(what + "'s y", 1, UINT32_MAX);
    if (take(",")) d.z = whole(what + "'s z", 1, UINT32_MAX);
    expect(")", "to close " + what + "'s (x,y) or (x,y,z)");
    return d;
  }

  ArgInit argument();
  void init_function(ArgInit& a);
  void check_limits(const LaunchSpec& spec);
};

ArgInit SpecReader::argument() {
  ArgInit a;
  a.param = identifier("a parameter's name (param=INIT)");
  expect("=", "after the parameter's name `" + a.param + "`");
  skip_spaces();
  const std::size_t begin = pos_;
  if (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
    init_function(a);
  } else {
    a.kind = InitKind::Number;
    a.number = number(a.param + "'s value");
  }
  a.text = std::string(text_.substr(begin, pos_ - begin));
  return a;
}

void SpecReader::init_function(ArgInit& a) {
  static const std::vector<std::pair<std::string, InitKind>> kinds = {
      {"iota", InitKind::Iota}, {"zeros", InitKind::Zeros},   {"ones", InitKind::Ones},
      {"fill", InitKind::Fill}, {"random", InitKind::Random}, {"values", InitKind::Values}};
  const std::size_t begin = pos_;
  const std::string name = identifier("an INIT");
  auto kind = std::find_if(kinds.begin(), kinds.end(), [&](auto& k) { return k.first == name; });
  if (kind == kinds.end()) {
    pos_ = begin;
    fail("unknown INIT '" + name + "' for " + a.param +
         ": use iota(n), zeros(n), ones(n), fill(n,v), random(n[,seed]), values(a,b,...) or a "
         "number");
  }
  a.kind = kind->second;
  expect("(", "after " + name + " (" + name + "(n...))");
  const std::string what = name + "(...) of " + a.param;
  if (a.kind == InitKind::Values) {
    do {
      a.values.push_back(number("each value of " + what));
      if (a.values.size() > kMaxSpecValues)
        fail(what + " lists more than " + thousands(kMaxSpecValues) + " values");
    } while (take(","));
    a.count = a.values.size();
  } else {
    a.count = whole("the element count n of " + what, 1, kMaxSpecElements);
    if (a.kind == InitKind::Fill) {
      expect(",", "after n in " + what + ": write fill(n,v)");
      a.number = number("the value v of " + what);
    }
    if (a.kind == InitKind::Random && take(","))
      a.seed = whole("the seed of " + what, 0, UINT64_MAX);
  }
  expect(")", "to close " + what);
}

void SpecReader::check_limits(const LaunchSpec& spec) {
  pos_ = text_.size();
  auto how_many = [](std::uint64_t count) {
    return count == UINT64_MAX ? std::string("more than 2^64") : thousands(count);
  };
  if (spec.grid.count() > kMaxSpecBlocks)
    fail("the grid has " + how_many(spec.grid.count()) + " blocks; at most " +
         thousands(kMaxSpecBlocks) + " (every block runs on the CPU)");
  if (spec.block.count() > kMaxSpecThreadsPerBlock)
    fail("the block has " + how_many(spec.block.count()) +
         " threads; CUDA allows 1 to 1,024 threads per block");
  if (spec.block.z > 64)
    fail("the block's z is " + std::to_string(spec.block.z) + "; CUDA allows up to 64");
  std::uint64_t total = 0;
  for (const ArgInit& a : spec.args) total += a.count;
  if (total > kMaxSpecTotalElements)
    fail("the arrays hold " + thousands(total) + " elements together; at most " +
         thousands(kMaxSpecTotalElements));
}

}  // namespace

LaunchSpec parse_launch_spec(std::string_view text) {
  return SpecReader(text).read();
}

double spec_random_value(std::uint64_t seed, std::uint64_t i) {
  return input_value(InputPattern::Random, i, seed);
}

}  // namespace stridescope
