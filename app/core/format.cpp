// Text formatting shared by the GUI and the CLI.
#include "core/format.h"

#include <cmath>
#include <cstdio>

namespace stridescope {

std::string value_text(double v) {
  char buffer[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
  }
  return buffer;
}

std::string cell_value_text(double v) {
  char buffer[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
  }
  return buffer;
}

std::string exponent_value_text(double v) {
  if (v == 0 || !std::isfinite(v)) return compact_value_text(v);
  char buffer[32];
  int exponent = static_cast<int>(std::floor(std::log10(std::fabs(v))));
  double mantissa = v / std::pow(10.0, exponent);
  if (std::fabs(mantissa) >= 9.95) {  // 9.97e6 would print as 10.0e6
    mantissa /= 10;
    ++exponent;
  }
  std::snprintf(buffer, sizeof buffer, "%.1fe%d", mantissa, exponent);
  return buffer;
}

std::string compact_value_text(double v) {
  char buffer[32];
  if (v == std::floor(v) && std::fabs(v) < 1e5) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else if (v != 0 && std::isfinite(v) && (std::fabs(v) >= 1e5 || std::fabs(v) < 1e-2)) {
    return exponent_value_text(v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.4g", v);
  }
  return buffer;
}

std::string tiny_value_text(double v) {
  char buffer[32];
  double magnitude = std::fabs(v);
  if (!std::isfinite(v) || magnitude < 1000) {  // 120 -> "120", 12.7 -> "13", 0.25 -> "0.25"
    std::snprintf(buffer, sizeof buffer, magnitude >= 10 ? "%.0f" : "%.2g", v);
    return buffer;
  }
  static constexpr const char* kSuffixes[] = {"k", "M", "G", "T", "P", "E"};
  int power = 0;
  while (power < 5 && std::round(magnitude / 1000) >= 1000) {
    magnitude /= 1000;
    ++power;
  }
  std::snprintf(buffer, sizeof buffer, "%s%.0f%s", v < 0 ? "-" : "", std::round(magnitude / 1000),
                kSuffixes[power]);
  return buffer;
}

std::string count_text(std::size_t count, std::string_view one, std::string_view many) {
  return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

std::string combinations_text(bool compares, std::size_t count) {
  return compares ? count_text(count, "comparison", "comparisons")
                  : count_text(count, "addition", "additions");
}

std::string_view combinations_word(bool compares) {
  return compares ? "comparisons" : "additions";
}

std::string format_ranges(const std::vector<unsigned>& numbers) {
  if (numbers.empty()) return "none";
  std::string out;
  std::size_t i = 0;
  while (i < numbers.size()) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(numbers[i]);
    if (j > i) out += "\u2013" + std::to_string(numbers[j]);
    i = j + 1;
  }
  return out;
}

std::string printf_literal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    out += c;
    if (c == '%') out += '%';
  }
  return out;
}

std::string one_line_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      static const char digits[] = "0123456789abcdef";
      out += "\\x";
      out += digits[byte >> 4];
      out += digits[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string last_line(const std::string& text) {
  std::size_t end = text.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start + 1));
}

}  // namespace stridescope
