// Command-line options as the user typed them, converted once into the program's types: strict
// decimal numbers, enum names, one clear error per mistake (CliError).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/request.h"
#include "core/domain.h"
#include "core/program_choice.h"

namespace stridescope {

// A mistake on the command line; what() is the one line after "stridescope: error: ".
class CliError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A whole number from `min` to `max`, written in decimal: no sign, no leading zero (010 would be
// read as octal by C's rules), no trailing text. `option` names the option in the error.
std::uint64_t parse_whole(std::string_view text, std::string_view option, std::uint64_t min,
                          std::uint64_t max);

// A name of the enum E, or a CliError listing the names.
template <typename E>
E parse_choice(std::string_view text, std::string_view option) {
  if (std::optional<E> value = parse_enum<E>(text)) return *value;
  throw CliError(std::string(option) + " '" + std::string(text) + "' is not one of " +
                 enum_choices<E>());
}

// The run options every run command takes (trace, lab, device-run and the window), as text.
struct RunOptions {
  std::string variant = "sequential";
  std::string block = "16";
  std::string n;  // "": one full block, or the number of values of a custom input
  std::string input = "iota";
  std::string seed = "1";
  std::string type = "int";
  std::string traced_block = "0";
  std::string second_stage;  // "": the variant's own
};

// Adds them to `command`; returns them, so that a caller can tell which were given.
std::vector<CLI::Option*> add_run_options(CLI::App& command, RunOptions& options);
RunRequest to_request(const RunOptions& options);  // throws CliError

// Which launch and block of an own program to trace, and its schedule, as typed (`stridescope
// run`, and the window's --open FILE.cu); one parse, so both give the same error lines.
struct ProgramOptions {
  std::string launch = "0";
  std::string traced_block = "0";
  std::string schedule = "warps";
  std::string seed = "1";
};
void add_program_options(CLI::App& command, ProgramOptions& options);  // `stridescope run`'s
ProgramChoice to_program_choice(const ProgramOptions& options);        // throws CliError

// A custom input written as numbers separated by commas ("3,1,4,2"); see parse_value_list.
std::vector<double> parse_values(std::string_view text);  // throws CliError

// WIDTHxHEIGHT, 320x240 to 8192x8192.
void parse_window_size(std::string_view text, int& width, int& height);  // throws CliError

}  // namespace stridescope
