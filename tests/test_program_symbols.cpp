// A program's shared variables and kernels as its runtime's record names them (the runtime reads
// its own symbol table): the variables by their offset from the section's start, each launch's
// kernel by its demangled name.
#include <gtest/gtest.h>

#include "program/read/shared_types.h"
#include "program/record/launch_names.h"
#include "program/record/program_symbols.h"
#include "program/record/raw_record_check.h"
#include "program/record/shared_layout.h"

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
       {"dynamic_shared", 1024u},
       {"kernel", "dot(float*, float*, float*)"}},
      {{"grid", {1u, 1u, 1u}}, {"block", {1u, 1u, 1u}}}}}};

TEST(ProgramSymbols, SharedVariablesAreOffsetsFromTheSectionsStart) {
  const std::vector<SharedSymbol> all = record_shared_symbols(raw_record_of(kRecord));
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
  EXPECT_TRUE(record_shared_symbols(raw_record_of(nlohmann::json::object())).empty());
}

TEST(ProgramSymbols, AKernelIsNamedAsTheRecordNamesIt) {
  const std::vector<ProgramLaunch> launches = program_launches(raw_record_of(kRecord));
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].kernel, "dot");
  EXPECT_EQ(launches[0].grid[0], 32u);
  EXPECT_EQ(launches[0].dynamic_shared, 1024u);  // the launch's third number
  EXPECT_EQ(launches[1].dynamic_shared, 0u);
  EXPECT_EQ(launches[1].kernel, "kernel");  // a launch the record could not name
}

TEST(ProgramSymbols, AMalformedVariableIsRefusedByTheRecordsCheck) {
  nlohmann::json raw = kRecord;
  raw["traced"] = false;
  EXPECT_EQ(raw_record_shape_problem(raw), std::nullopt);
  const std::string refused = "shared_symbols: not variables with name, offset and bytes";
  raw["shared_symbols"][0]["offset"] = -4;
  EXPECT_EQ(raw_record_shape_problem(raw), refused);
  raw["shared_symbols"][0]["offset"] = 1ull << 40;  // past any shared memory
  EXPECT_EQ(raw_record_shape_problem(raw), refused);
  raw["shared_symbols"][0] = {{"name", 7u}, {"offset", 0u}, {"bytes", 4u}};
  EXPECT_EQ(raw_record_shape_problem(raw), refused);
  raw = kRecord;
  raw["launches"][0]["dynamic_shared"] = -1;  // a launch's third number is a size
  EXPECT_EQ(raw_record_shape_problem(raw), "launches: not launches with grid and block");
  raw["launches"][0]["dynamic_shared"] = 1ull << 40;  // a launch the runtime refused: kept, capped
  EXPECT_EQ(program_launches(raw_record_of(raw))[0].dynamic_shared, UINT32_MAX);
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

// 4-byte unsigned integers read as unsigned; an 8-byte one stays two words of bits (not a signed
// 8-byte integer's two-word element: its values would be doubles, exact to 2^53 only).
TEST(SharedTypes, FourByteUnsignedIntegersAreKnownByTheirDeclaredTypes) {
  for (const char* type :
       {"unsigned int[256]", "volatile unsigned", "uint32_t[4]", "volatile std::uint32_t"})
    EXPECT_TRUE(is_unsigned_integer(type)) << type;
  for (const char* type : {"int[256]", "float", "unsigned char[4]", "long long",
                           "unsigned long long[8]", "size_t", "Pair[2]"})
    EXPECT_FALSE(is_unsigned_integer(type)) << type;
  EXPECT_TRUE(is_signed_eight_byte_integer("volatile int64_t"));
  EXPECT_FALSE(is_signed_eight_byte_integer("unsigned long long[8]"));
}

// A GPU lays shared variables out at their elements' alignment (an H200 put atomics_all.cu's
// `int bins[8]; unsigned mask; float total;` at bytes 0, 32 and 36: 40 bytes), where the CPU's
// section puts arrays of 16 bytes or more 16 apart; char arrays pack byte by byte.
TEST(SharedLayout, VariablesArePlacedAtTheirElementsAlignmentAsOnAGpu) {
  EXPECT_EQ(gpu_alignment("int[8]"), 4u);
  EXPECT_EQ(gpu_alignment("volatile float"), 4u);
  EXPECT_EQ(gpu_alignment("double[256]"), 8u);
  EXPECT_EQ(gpu_alignment("unsigned long long"), 8u);
  EXPECT_EQ(gpu_alignment("char[3]"), 1u);
  EXPECT_EQ(gpu_alignment("short[4]"), 2u);
  EXPECT_EQ(gpu_alignment("Pair[32]"), 16u);  // a struct: not known here
  const std::vector<SharedDecl> decls{{"bins", "int[8]", "on_shared", 27, false, ""},
                                      {"mask", "unsigned int", "on_shared", 28, false, ""},
                                      {"total", "float", "on_shared", 29, false, ""}};
  std::vector<SharedSymbol> symbols{
      {"bins", "on_shared", 0, 32}, {"mask", "on_shared", 48, 4}, {"total", "on_shared", 64, 4}};
  align_as_a_gpu(symbols, decls);
  const SharedLayout layout(symbols, {0, 48, 64}, 80);
  EXPECT_EQ(layout.bytes(), 40u);
  EXPECT_EQ(layout.offset_of(48), 32u);
  EXPECT_EQ(layout.offset_of(64), 36u);
  std::vector<std::uint32_t> section(20, 0);
  section[12] = 0xffffffffu;  // mask
  section[16] = 0x43800000u;  // total = 256.0f
  const std::vector<std::uint32_t> words = layout.words(section);
  ASSERT_EQ(words.size(), 10u);
  EXPECT_EQ(words[8], 0xffffffffu);
  EXPECT_EQ(words[9], 0x43800000u);
  const std::vector<SharedArray> arrays = layout.arrays(decls, 4);
  ASSERT_EQ(arrays.size(), 3u);
  EXPECT_EQ(arrays[2].name, "total");
  EXPECT_EQ(arrays[2].first_word, 9u);

  std::vector<SharedSymbol> chars{{"a", "k", 0, 3}, {"b", "k", 16, 2}};
  align_as_a_gpu(chars, {{"a", "char[3]", "k", 1, false, ""}, {"b", "char[2]", "k", 2, false, ""}});
  const SharedLayout packed(chars, {0, 16}, 32);
  EXPECT_EQ(packed.offset_of(16), 3u);
  // a = 'x' 'y' 'z' in word 0, b = 'p' 'q' in word 4 of the section: packed as xyzp q.
  const std::vector<std::uint32_t> bytes = packed.words({0x7a7978u, 0, 0, 0, 0x7170u, 0, 0, 0});
  ASSERT_EQ(bytes.size(), 2u);
  EXPECT_EQ(bytes[0], 0x707a7978u);
  EXPECT_EQ(bytes[1], 0x71u);
}

}  // namespace
}  // namespace stridescope
