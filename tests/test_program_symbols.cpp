// A built program's symbols from nm's listing, read once per build: the shared variables by their
// offset from the section's start, the functions by address (a launch's kernel).
#include <gtest/gtest.h>

#include "program/record/launch_names.h"
#include "program/record/program_symbols.h"

namespace stridescope {
namespace {

// As llvm-nm-14 -S -C --defined-only lists examples/dot.cu's program (cut to what matters).
const char* kListing =
    "000000000020f150 0000000000000250 T dot(float*, float*, float*)\n"
    "0000000000000020 0000000000000400 b dot(float*, float*, float*)::cache\n"
    "0000000000205660 00000000000004f0 u nlohmann::detail::get_cached_power(int)::kCachedPowers\n"
    "0000000000000420 000000000000c000 B stridescope_dynamic_shared\n"
    "0000000000000420 000000000000c000 B _Z5shmemv\n"
    "0000000000000020 0000000000000000 W stridescope_shared_begin\n"
    "0000000000000010 0000000000000008 b before_the_section\n"
    "0000000000000500 0000000000000400 b stridescope_shared_front\n"
    "0000000000210000 0000000000000040 t (anonymous namespace)::helper(int)\n"
    "not a line of nm's\n";

TEST(ProgramSymbols, SharedVariablesAreOffsetsFromTheSectionsStart) {
  const ProgramSymbols s = program_symbols_of(kListing);
  // What the traced launch's 1 KiB of static and 48 KiB of dynamic shared memory hold.
  const std::vector<SharedSymbol> used = shared_symbols_used(s.shared, 0x400 + 0xc000);
  ASSERT_EQ(used.size(), 2u);
  EXPECT_EQ(used[0].name, "cache");
  EXPECT_EQ(used[0].function, "dot");
  EXPECT_EQ(used[0].offset, 0u);
  EXPECT_EQ(used[0].bytes, 1024u);
  EXPECT_EQ(used[1].name, "");  // the dynamic memory: named by its extern declaration
  EXPECT_EQ(used[1].offset, 0x400u);
  for (const SharedSymbol& v : s.shared) {
    EXPECT_NE(v.name, "before_the_section");
    EXPECT_NE(v.name, "stridescope_shared_front");  // a red zone, no array
  }
}

TEST(ProgramSymbols, AKernelIsNamedByItsAddress) {
  const ProgramSymbols s = program_symbols_of(kListing);
  const nlohmann::json raw = {{"launches",
                               {{{"grid", {32, 1, 1}}, {"block", {256, 1, 1}}},
                                {{"grid", {1, 1, 1}}, {"block", {1, 1, 1}}}}},
                              {"launch_kernels", {0x20f150, 0x123}}};
  const std::vector<ProgramLaunch> launches = program_launches(raw, s.functions);
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].kernel, "dot");
  EXPECT_EQ(launches[0].grid[0], 32u);
  EXPECT_EQ(launches[1].kernel, "kernel");  // an address no symbol has
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
