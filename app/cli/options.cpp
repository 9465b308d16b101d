// Command-line options converted into the program's types, strictly.
#include "cli/options.h"

#include <charconv>

#include "core/input.h"
#include "program/read/launch_spec.h"

namespace stridescope {

std::uint64_t parse_whole(std::string_view text, std::string_view option, std::uint64_t min,
                          std::uint64_t max) {
  auto fail = [&](const std::string& why) {
    return CliError(std::string(option) + " " + std::string(text) + ": " + why);
  };
  std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if (text.empty()) throw CliError(std::string(option) + " needs " + range);
  if (text.size() > 1 && text[0] == '0') {
    throw fail("write it in decimal without a leading zero (C reads 010 as octal, 8)");
  }
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range) throw fail("too large: use " + range);
  if (error != std::errc() || end != text.data() + text.size()) throw fail("use " + range);
  if (value < min || value > max) throw fail("use " + range);
  return value;
}

std::vector<CLI::Option*> add_run_options(CLI::App& command, RunOptions& o) {
  return {
      command.add_option("--variant,-v", o.variant, "variant id (see `stridescope list`)")
          ->type_name("ID"),
      command
          .add_option("--block,-b", o.block,
                      "threads per block: a power of two, 2..1024 (bug-odd-block: any)")
          ->type_name("UINT"),
      command.add_option("--n,-n", o.n, "number of input elements (default: one full block)")
          ->type_name("UINT"),
      command
          .add_option("--input,-i", o.input,
                      "input: ones, iota, random, uniform (floats in [0, 1)), book-dot (a[i] = i, "
                      "b[i] = 2i: CUDA by Example's dot product), or the values themselves, e.g. "
                      "3,1,4,2 (n is their number; a dot product's b is ones)")
          ->type_name("PATTERN"),
      command.add_option("--seed", o.seed, "seed of the random input")->type_name("UINT"),
      command.add_option("--type", o.type, "element type: int, float or double")->type_name("TYPE"),
      command.add_option("--traced-block", o.traced_block, "which block to trace")
          ->type_name("UINT"),
      command
          .add_option("--second-stage", o.second_stage,
                      "how the block results become one: host (default) or relaunch")
          ->type_name("STAGE")};
}

RunRequest to_request(const RunOptions& o) {
  RunRequest r;
  r.variant = o.variant;
  // Wide limits here: the variant decides which block sizes and n it takes (validate()).
  r.block = static_cast<unsigned>(parse_whole(o.block, "--block", 0, 1u << 20));
  bool values_given = o.input.find_first_of("0123456789") != std::string::npos;
  if (values_given) {
    r.input = InputPattern::Custom;
    r.values = parse_values(o.input);
  } else {
    r.input = parse_choice<InputPattern>(o.input, "input pattern");
    if (r.input == InputPattern::Custom) {
      throw CliError("--input custom: give the values themselves, e.g. --input 3,1,4,2");
    }
  }
  // Without --n: one full block (or one element per value).
  r.n = o.n.empty() ? (values_given ? r.values.size() : r.block)
                    : parse_whole(o.n, "--n", 0, UINT64_MAX);
  if (values_given && r.n != r.values.size()) {
    throw CliError("--input lists " + std::to_string(r.values.size()) + " values but --n is " +
                   o.n + ": leave --n out, or give " + o.n + " values");
  }
  r.seed = parse_whole(o.seed, "--seed", 0, UINT64_MAX);
  r.element_type = parse_choice<ElementType>(o.type, "element type");
  r.traced_block =
      static_cast<unsigned>(parse_whole(o.traced_block, "--traced-block", 0, UINT32_MAX));
  if (!o.second_stage.empty()) {  // only some can be asked for; the others are kernels' own
    std::string choices;
    for (const EnumName<SecondStage>& stage : choosable_second_stages()) {
      if (stage.name == o.second_stage) r.second_stage = stage.value;
      choices += (choices.empty() ? "" : ", ") + std::string(stage.name);
    }
    if (!r.second_stage) {
      throw CliError("second stage '" + o.second_stage + "' is not one of " + choices);
    }
  }
  return r;
}

void add_program_options(CLI::App& command, ProgramOptions& o) {
  command.add_option("--launch", o.launch,
                     "which kernel launch to trace (0: the first); for a file of kernels without "
                     "main(), the launch to run: 'NAME<<<GRID,BLOCK>>>(param=INIT, ...)'");
  command.add_option("--traced-block", o.traced_block, "which block of it to trace")
      ->type_name("UINT");
  command.add_option("--schedule", o.schedule,
                     "thread order between barriers: warps (default: the lanes of a warp take "
                     "turns at every access, as on a GPU), threads, lockstep, random");
  command.add_option("--seed", o.seed, "seed of the random schedule")->type_name("UINT");
}

ProgramChoice to_program_choice(const ProgramOptions& o) {
  ProgramChoice choice;
  if (is_launch_spec(o.launch)) {
    parse_launch_spec(o.launch);  // its syntax and limits, before anything is compiled
    choice.launch_spec = o.launch;
  } else {
    choice.launch = static_cast<std::uint32_t>(parse_whole(o.launch, "--launch", 0, UINT32_MAX));
  }
  choice.traced_block =
      static_cast<std::uint32_t>(parse_whole(o.traced_block, "--traced-block", 0, UINT32_MAX));
  std::optional<ThreadSchedule> schedule = parse_enum<ThreadSchedule>(o.schedule);
  if (!schedule) {
    throw CliError("unknown --schedule '" + o.schedule + "' (" + enum_choices<ThreadSchedule>() +
                   ")");
  }
  choice.schedule = *schedule;
  choice.seed = parse_whole(o.seed, "--seed", 0, UINT64_MAX);
  return choice;
}

std::vector<double> parse_values(std::string_view text) {
  try {
    return parse_value_list(text);
  } catch (const std::invalid_argument& e) {
    throw CliError("--input " + std::string(text) + ": " + e.what());
  }
}

void parse_window_size(std::string_view text, int& width, int& height) {
  std::size_t x = text.find('x');
  const char* why = "--size must look like 1600x900 (320x240 to 8192x8192)";
  if (x == std::string_view::npos) throw CliError(why);
  try {
    width = static_cast<int>(parse_whole(text.substr(0, x), "--size width", 320, 8192));
    height = static_cast<int>(parse_whole(text.substr(x + 1), "--size height", 240, 8192));
  } catch (const CliError&) {
    throw CliError(std::string(why) + ", not " + std::string(text));
  }
}

}  // namespace stridescope
