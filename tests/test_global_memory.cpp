// Global memory of a user's program: byte ranges merged and read as elements, the sentences the
// GUI and the CLI show, the buffer names read from cudaMalloc lines, and the trace's JSON field.
#include <gtest/gtest.h>

#include <fstream>

#include "analysis/global_ranges.h"
#include "catalog/emu/run_variant.h"
#include "model/global_memory_text.h"
#include "program/record/buffer_names.h"
#include "run_command.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

using nlohmann::json;

// A 4x4 tile of an 8x8 float matrix A, read row by row: 4 runs of 16 bytes, 32 apart.
GlobalTraffic tile_reads() {
  GlobalTraffic t;
  t.accesses = 16;
  t.bytes = 64;
  for (std::uint64_t row = 0; row < 4; ++row) t.ranges.push_back({row * 32, row * 32 + 16});
  return t;
}

GlobalMemory two_step_memory() {
  GlobalMemory m;
  m.buffers = {{"dA", 10, "float", 4, 256}, {"dC", 12, "float", 4, 64}, {"dX", 13, "", 1, 40}};
  GlobalUse a{0, tile_reads(), {}, {}};
  GlobalUse c{1, {}, {4, 16, {{0, 16}}}, {}};
  m.steps = {{a}, {}, {c}};
  return m;
}

TEST(GlobalRanges, MergingJoinsTouchingAndOverlappingRangesAndDropsEmptyOnes) {
  EXPECT_EQ(merge_ranges({{8, 12}, {0, 4}, {4, 6}, {10, 20}, {30, 30}}),
            (std::vector<ByteRange>{{0, 6}, {8, 20}}));
  EXPECT_EQ(covered_bytes({{0, 8}, {4, 12}, {20, 21}}), 13u);
  GlobalTraffic sum = tile_reads();
  add_traffic(sum, GlobalTraffic{2, 8, {{16, 24}}});
  EXPECT_EQ(sum.accesses, 18u);
  EXPECT_EQ(sum.bytes, 72u);
  EXPECT_EQ(sum.ranges.front(), (ByteRange{0, 24}));  // [0,16) and [16,24) joined
  EXPECT_EQ(sum.ranges.size(), 4u);
}

TEST(GlobalRanges, BytesBecomeElementsAndATilesRowsAreRegularRuns) {
  const std::vector<ElementSpan> spans = element_spans(tile_reads().ranges, 4);
  EXPECT_EQ(spans, (std::vector<ElementSpan>{{0, 3}, {8, 11}, {16, 19}, {24, 27}}));
  EXPECT_EQ(element_count(spans), 16u);
  EXPECT_EQ(regular_runs(spans), (RegularRuns{4, 4, 8}));
  // A byte of an element counts the element; neighbours join.
  EXPECT_EQ(element_spans({{3, 5}, {8, 9}}, 4), (std::vector<ElementSpan>{{0, 2}}));
  EXPECT_EQ(regular_runs({{0, 3}, {8, 11}}), std::nullopt);            // two are not a pattern
  EXPECT_EQ(regular_runs({{0, 3}, {8, 11}, {16, 18}}), std::nullopt);  // lengths differ
  EXPECT_EQ(regular_runs({{0, 3}, {8, 11}, {20, 23}}), std::nullopt);  // spacing differs
}

TEST(GlobalText, SpansBytesAndCountsAreWordedOnce) {
  EXPECT_EQ(spans_text({{0, 767}}), "[0..767]");
  EXPECT_EQ(spans_text({{5, 5}, {9, 12}}), "[5], [9..12]");
  EXPECT_EQ(spans_text({{0, 15}, {32, 47}, {64, 79}, {96, 111}}),
            "4 runs of 16, 32 apart: [0..15], [32..47], ..., [96..111]");
  EXPECT_EQ(spans_text({{0, 1}, {3, 3}, {6, 6}}, 2), "[0..1], [3] and 1 more");
  EXPECT_EQ(spans_text({}), "nothing");
  EXPECT_EQ(bytes_text(40), "40 B");
  EXPECT_EQ(bytes_text(3072), "3 KiB");
  EXPECT_EQ(bytes_text(1536), "1.5 KiB");
  EXPECT_EQ(bytes_text(135168), "132 KiB");
  EXPECT_EQ(bytes_text(5u << 20), "5 MiB");
  const GlobalMemory m = two_step_memory();
  EXPECT_EQ(elements_text(m.buffers[0], 1), "1 float");
  EXPECT_EQ(elements_text(m.buffers[2], 40), "40 bytes");
  EXPECT_EQ(elements_text(GlobalBuffer{"s", 0, "", 8, 64}, 8), "8 elements of 8 bytes");
  EXPECT_EQ(elements_text(GlobalBuffer{"s", 0, "uint32_t", 4, 64}, 2), "2 uint32_t elements");
}

TEST(GlobalText, TheLaunchLinesSayWhatEachBufferGaveAndGot) {
  const GlobalMemory m = two_step_memory();
  EXPECT_EQ(launch_lines(m),
            (std::vector<std::string>{
                "dA: read 16 of its 64 floats (4 runs of 4, 8 apart: [0..3], [8..11], ..., "
                "[24..27]) in 16 loads, 64 B",
                "dC: wrote 4 of its 16 floats ([0..3]) in 4 stores, 16 B", "dX: not touched"}));
  EXPECT_EQ(step_line(m, 0), "read dA (4 runs of 4, 8 apart: [0..3], [8..11], ..., [24..27])");
  EXPECT_EQ(step_line(m, 1), "no global memory");
  EXPECT_EQ(step_line(m, 2), "wrote dC ([0..3])");
  EXPECT_EQ(step_line(m, 7), "no global memory");
  GlobalMemory both = m;
  both.steps[1] = {GlobalUse{0, {1, 4, {{8, 12}}}, {}, {}}, GlobalUse{1, {}, {1, 4, {{4, 8}}}, {}}};
  EXPECT_EQ(step_line(both, 1), "read dA ([2]); wrote dC ([1])");
}

TEST(BufferNames, TheHostVariableAndTheSizeofTypeNameTheBuffer) {
  const MallocSite book = malloc_site("  cudaMalloc((void**)&dev_a, N * sizeof(float));", 0);
  EXPECT_EQ(book.name, "dev_a");
  EXPECT_EQ(book.type, "float");
  EXPECT_EQ(book.element_size, 4u);
  const MallocSite spaced =
      malloc_site("HANDLE_ERROR( cudaMalloc( (void **) &s.data , n*sizeof( unsigned int ) ) );", 0);
  EXPECT_EQ(spaced.name, "s.data");
  EXPECT_EQ(spaced.type, "unsigned int");
  const MallocSite plain = malloc_site("cudaMalloc(&in, sizeof host);", 0);
  EXPECT_EQ(plain.name, "in");
  EXPECT_EQ(plain.element_size, 0u);  // `sizeof host` names no type
  const std::string two = "cudaMalloc(&a, 4 * sizeof(double)); cudaMalloc(&b, sizeof(char) * 9);";
  EXPECT_EQ(malloc_site(two, 1).name, "b");
  EXPECT_EQ(malloc_site(two, 1).type, "char");
  EXPECT_EQ(malloc_site(two, 2).name, "");  // no third call
  EXPECT_EQ(malloc_site("cudaMalloc(ptrs[i], 64);", 0).name, "");
  EXPECT_EQ(malloc_site("cudaMallocHost(&h, 64);", 0).name, "");
  EXPECT_EQ(malloc_site("cudaMallocManaged(&x, N * sizeof(float));", 0).name, "x");  // managed
  EXPECT_EQ(malloc_site("cudaMallocManaged(&x, N * sizeof(float));", 0).type, "float");
  EXPECT_EQ(malloc_site("cudaMallocPitch(&img, &pitch, w * sizeof(int), h);", 0).name, "img");
  EXPECT_EQ(scalar_size("int64_t"), 8u);
  EXPECT_EQ(scalar_size("float4"), 0u);
}

Trace with_global_memory() {
  RunRequest r;
  r.variant = "sequential";
  r.block = 8;
  r.n = 8;
  Trace trace = run_on_emulator(r);
  GlobalMemory m = two_step_memory();
  m.steps.resize(trace.blocks[0].steps.size());
  trace.global_memory = m;
  return trace;
}

std::string error_of(const json& document) {
  try {
    trace_from_json(document);
  } catch (const TraceFormatError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(GlobalMemoryJson, RoundTripsAndATraceWithoutItStillLoads) {
  const Trace trace = with_global_memory();
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  json old = trace_to_json(trace);
  old.erase("global_memory");  // a catalog trace, or one written before the field
  EXPECT_EQ(trace_from_json(old).global_memory, std::nullopt);
  Trace catalog = trace;
  catalog.global_memory.reset();
  EXPECT_FALSE(trace_to_json(catalog).contains("global_memory"));
}

// An atomic is a read and a write, and told apart: all of a buffer's writes, or some.
TEST(GlobalText, AtomicsAreSaidAndKeptInTheTraceFile) {
  GlobalMemory m = two_step_memory();
  const GlobalTraffic one{1, 4, {{0, 4}}};
  m.steps[2].push_back(GlobalUse{2, one, one, one});
  EXPECT_EQ(launch_lines(m)[2],
            "dX: read 4 of its 40 bytes ([0..3]) in 1 load, 4 B; wrote 4 of "
            "its 40 bytes ([0..3]) in 1 store, 4 B (an atomic)");
  m.steps[0].push_back(GlobalUse{2, {}, one, {}});
  EXPECT_EQ(launch_lines(m)[2],
            "dX: read 4 of its 40 bytes ([0..3]) in 1 load, 4 B; wrote 4 of "
            "its 40 bytes ([0..3]) in 2 stores, 8 B (1 atomic)");
  Trace trace = with_global_memory();
  trace.global_memory->steps.front().push_back(GlobalUse{0, one, one, one});
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
}

TEST(GlobalMemoryJson, AMalformedFieldIsNamedByItsPath) {
  const json good = trace_to_json(with_global_memory());
  struct Bad {
    json::json_pointer where;
    json value;
    const char* message;
  };
  const Bad bad[] = {
      {json::json_pointer("/global_memory/buffers/1/name"), "",
       "$.global_memory.buffers[1].name: must be a string of 1 to 256 characters"},
      {json::json_pointer("/global_memory/buffers/0/element_size"), 0,
       "$.global_memory.buffers[0].element_size: must be at least 1"},
      {json::json_pointer("/global_memory/steps/0/0/buffer"), 3,
       "$.global_memory.steps[0][0].buffer: 3 is larger than 2"},
      {json::json_pointer("/global_memory/steps/0/0/read/ranges/1"), json::array({8, 40}),
       "$.global_memory.steps[0][0].read.ranges[1]: overlaps or touches the range before it"},
      {json::json_pointer("/global_memory/steps/0/0/read/ranges/3/1"), 300,
       "$.global_memory.steps[0][0].read.ranges[3][1]: 300 is larger than 256"},
      {json::json_pointer("/global_memory/steps/0/0/read/bytes"), 10,
       "$.global_memory.steps[0][0].read.bytes: 10 bytes cannot cover the ranges' 64"},
      {json::json_pointer("/global_memory/steps/0/0/write/accesses"), 2,
       "$.global_memory.steps[0][0].write.accesses: does not agree with bytes and ranges"},
      {json::json_pointer("/global_memory/steps"), json::array(),
       "$.global_memory.steps: has 0 lists, expected"},
      {json::json_pointer("/global_memory/buffers"), "none",
       "$.global_memory.buffers: expected an array"},
  };
  for (const Bad& b : bad) {
    json j = good;
    j[b.where] = b.value;
    EXPECT_NE(error_of(j).find(b.message), std::string::npos) << b.message << "\n" << error_of(j);
  }
}

// `stridescope check` of such a file: one error line naming the path, exit status 2.
TEST(GlobalMemoryJson, CheckOfAMalformedFieldIsOneErrorLine) {
  json j = trace_to_json(with_global_memory());
  j["global_memory"]["steps"][0][0]["read"]["ranges"][1] = json::array({8, 40});
  const std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/bad_global.json";
  std::ofstream(path) << j.dump();
  const test_support::Outcome o =
      test_support::run(std::string(STRIDESCOPE_BINARY) + " check " + path);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output, "stridescope: error: " + path +
                          ": $.global_memory.steps[0][0].read.ranges[1]: overlaps or touches the "
                          "range before it (ranges are sorted and merged)\n");
}

}  // namespace
}  // namespace stridescope
