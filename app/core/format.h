// Text formatting shared by the GUI and the CLI: how numbers, counts and thread sets become words,
// and how data becomes on-screen text safely. One module, so both say a fact the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

// A value as the facts state it: whole numbers in full up to 15 digits, others with 10
// significant digits ("120", "1200000", "0.3333333333").
std::string value_text(double v);

// A value in a memory cell: whole numbers in full up to 15 digits, else 6 significant digits.
std::string cell_value_text(double v);

// At most about six characters, for small cells: 123456 -> "1.2e5", 0.25 -> "0.25".
std::string compact_value_text(double v);
// At most about three characters, for the smallest cells: 2016 -> "2k", 33792 -> "34k",
// 1.04e12 -> "1T", 120 -> "120", 0.25 -> "0.25" (two significant digits below 10).
std::string tiny_value_text(double v);
// One digit after the point and a power of ten, whatever the size: 10104 -> "1.0e4".
std::string exponent_value_text(double v);

// "1 hazard", "3 hazards".
std::string count_text(std::size_t count, std::string_view one, std::string_view many);

// What a reduction's steps do, counted: "63 additions", "1 comparison" (max and min compare).
std::string combinations_text(bool compares, std::size_t count);
// "additions" or "comparisons".
std::string_view combinations_word(bool compares);

// Sets of thread or warp numbers, compactly: "0–63, 70, 96–127"; `numbers` sorted ascending; an
// empty list gives "none".
std::string format_ranges(const std::vector<unsigned>& numbers);

// `text` made safe to sit inside a printf-style format (ImGui's slider formats): every '%' is
// doubled, so the formatted output shows `text` exactly and reads no arguments.
std::string printf_literal(std::string_view text);

// `text` on one line, whatever it holds: a newline, a tab, any control character written as C
// writes it in a string literal (\n, \x1b), so a program's text cannot start a line of its own.
std::string one_line_text(std::string_view text);

// The last line of a program's output (its final newlines left out); "" for none.
std::string last_line(const std::string& text);

}  // namespace stridescope
