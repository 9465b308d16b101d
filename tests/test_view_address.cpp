// A view's address (model/view_address.h): the options it writes, read back by the command line's
// own parser, ask for the same run; a view no options can make has no address.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>

#include "catalog/emu/run_variant.h"
#include "catalog/request.h"
#include "cli/options.h"
#include "model/view_address.h"
#include "trace/trace.h"

namespace stridescope {
namespace {

// "a=1&b=x" as the page turns it into options (index.html, through URLSearchParams, which reads a
// '+' as a space): --a 1 --b x, then parsed.
RunRequest parsed(const std::string& address, std::size_t& step) {
  std::vector<std::string> args = {"stridescope"};
  std::string step_text;
  for (std::size_t start = 0; start < address.size();) {
    std::size_t end = address.find('&', start);
    if (end == std::string::npos) end = address.size();
    const std::string pair = address.substr(start, end - start);
    const std::size_t eq = pair.find('=');
    std::string key = pair.substr(0, eq), value = pair.substr(eq + 1);
    std::replace(value.begin(), value.end(), '+', ' ');
    for (std::size_t pct; (pct = value.find('%')) != std::string::npos;)
      value.replace(pct, 3, 1, static_cast<char>(std::stoi(value.substr(pct + 1, 2), nullptr, 16)));
    if (key == "step") {
      step_text = value;
    } else {
      args.push_back("--" + key);
      args.push_back(value);
    }
    start = end + 1;
  }
  CLI::App app;
  RunOptions options;
  add_run_options(app, options);
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  app.parse(static_cast<int>(argv.size()), argv.data());
  step = std::stoul(step_text);
  return to_request(options);
}

void expect_round_trip(const RunRequest& asked, std::size_t step) {
  const Trace trace = run_on_emulator(asked);
  const std::string address = view_address(trace, step);
  SCOPED_TRACE(address);
  std::size_t read_step = 0;
  const RunRequest read = parsed(address, read_step);
  EXPECT_EQ(read_step, step);
  EXPECT_EQ(read.variant, asked.variant);
  EXPECT_EQ(read.block, asked.block);
  EXPECT_EQ(read.n, asked.n);
  EXPECT_EQ(read.element_type, asked.element_type);
  EXPECT_EQ(read.input, asked.input);
  EXPECT_EQ(read.values, asked.values);
  EXPECT_EQ(read.traced_block, asked.traced_block);
  if (asked.input == InputPattern::Random || asked.input == InputPattern::Uniform) {
    EXPECT_EQ(read.seed, asked.seed);
  }
  EXPECT_EQ(run_on_emulator(read), trace);  // the same run, step for step
}

TEST(ViewAddress, TheCommandLineReadsBackTheSameRunAndStep) {
  RunRequest sequential;
  sequential.variant = "sequential";
  sequential.block = 32;
  sequential.n = 32;
  expect_round_trip(sequential, 3);

  RunRequest random = sequential;
  random.variant = "interleaved-divergent";
  random.input = InputPattern::Random;
  random.seed = 77;
  random.n = 100;
  random.traced_block = 2;
  random.element_type = ElementType::Float;
  expect_round_trip(random, 0);

  RunRequest values = sequential;  // values that need every digit, and one with an exponent's +
  values.variant = "kahan";
  values.element_type = ElementType::Double;
  values.input = InputPattern::Custom;
  values.values = {0.1, -2.5, 1e+300, 3};
  values.n = 4;
  values.block = 4;
  expect_round_trip(values, 1);

  RunRequest relaunch = sequential;
  relaunch.variant = "first-add";
  relaunch.n = 1000;
  relaunch.block = 16;
  relaunch.second_stage = SecondStage::Relaunch;
  expect_round_trip(relaunch, 2);
}

TEST(ViewAddress, AViewNoOptionsCanMakeHasNone) {
  RunRequest request;
  Trace trace = run_on_emulator(request);
  EXPECT_FALSE(view_address(trace, 0).empty());
  Trace program = trace;
  program.run.variant = "own:reduce.cu";
  EXPECT_EQ(view_address(program, 0), "");
  Trace gpu = trace;
  gpu.run.backend = Backend::Cuda;
  EXPECT_EQ(view_address(gpu, 0), "");
  Trace unknown = trace;
  unknown.run.variant = "a-variant-of-a-newer-build";
  EXPECT_EQ(view_address(unknown, 0), "");
}

}  // namespace
}  // namespace stridescope
