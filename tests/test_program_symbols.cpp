// A program's shared variables and kernels as its runtime's record names them (the runtime reads
// its own symbol table): the variables by their offset from the section's start, each launch's
// kernel by its demangled name.
#include <gtest/gtest.h>

#include "program/record/launch_names.h"
#include "program/record/program_symbols.h"
#include "program/record/raw_record_check.h"

namespace stridescope {
namespace {

// What the runtime writes for examples/dot.cu's program (cut to what matters).
const nlohmann::json kRecord = {
    {"shared_symbols",
     {{{"name", "dot(float*, float*, float*)::cache"}, {"offset", 0u}, {"bytes", 1024u}},
      {{"name", "stridescope_dynamic_shared"}, {"offset", 1024u}, {"bytes", 49152u}},
      {{"name", "(anonymous namespace)::tile"}, {"offset", 50176u}, {"bytes", 64u}}}},
    {"launches",
     {{{"grid", {32u, 1u, 1u}},
       {"block", {256u, 1u, 1u}},
       {"kernel", "dot(float*, float*, float*)"}},
      {{"grid", {1u, 1u, 1u}}, {"block", {1u, 1u, 1u}}}}}};

TEST(ProgramSymbols, SharedVariablesAreOffsetsFromTheSectionsStart) {
  const std::vector<SharedSymbol> all = record_shared_symbols(kRecord);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[2].name, "tile");
  EXPECT_EQ(all[2].function, "");  // file scope
  // What the traced launch's 1 KiB of static and 48 KiB of dynamic shared memory hold.
  const std::vector<SharedSymbol> used = shared_symbols_used(all, 0x400 + 0xc000);
  ASSERT_EQ(used.size(), 2u);
  EXPECT_EQ(used[0].name, "cache");
  EXPECT_EQ(used[0].function, "dot");
  EXPECT_EQ(used[0].offset, 0u);
  EXPECT_EQ(used[0].bytes, 1024u);
  EXPECT_EQ(used[1].name, "");  // the dynamic memory: named by its extern declaration
  EXPECT_EQ(used[1].offset, 0x400u);
  EXPECT_TRUE(record_shared_symbols(nlohmann::json::object()).empty());
}

TEST(ProgramSymbols, AKernelIsNamedAsTheRecordNamesIt) {
  const std::vector<ProgramLaunch> launches = program_launches(kRecord);
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].kernel, "dot");
  EXPECT_EQ(launches[0].grid[0], 32u);
  EXPECT_EQ(launches[1].kernel, "kernel");  // a launch the record could not name
}

TEST(ProgramSymbols, AMalformedVariableIsRefusedByTheRecordsCheck) {
  nlohmann::json raw = kRecord;
  raw["traced"] = false;
  EXPECT_EQ(raw_record_problem(raw), std::nullopt);
  const std::string refused = "shared_symbols: not variables with name, offset and bytes";
  raw["shared_symbols"][0]["offset"] = -4;
  EXPECT_EQ(raw_record_problem(raw), refused);
  raw["shared_symbols"][0]["offset"] = 1ull << 40;  // past any shared memory
  EXPECT_EQ(raw_record_problem(raw), refused);
  raw["shared_symbols"][0] = {{"name", 7u}, {"offset", 0u}, {"bytes", 4u}};
  EXPECT_EQ(raw_record_problem(raw), refused);
}

TEST(ProgramSymbols, OnlyWhatTheLaunchUsedIsKeptAndEachPlaceOnce) {
  const std::vector<SharedSymbol> all{{"tile", "k", 0, 1024},
                                      {"", "", 1024, 49152},
                                      {"dyn", "", 1024, 49152},
                                      {"other", "j", 60000, 64}};
  const std::vector<SharedSymbol> used = shared_symbols_used(all, 1024 + 256);
  ASSERT_EQ(used.size(), 2u);
  EXPECT_EQ(used[0].name, "tile");
  EXPECT_EQ(used[1].offset, 1024u);
  EXPECT_EQ(used[1].bytes, 256u);  // cut where the launch's memory ends
}

}  // namespace
}  // namespace stridescope
