// Trace JSON: round trip, and malformed files rejected with their JSON path.
#include <gtest/gtest.h>

#include <fstream>

#include "catalog/emu/run_variant.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

using nlohmann::json;

Trace sample() {
  RunRequest r;
  r.variant = "interleaved-strided";
  r.block = 64;
  r.n = 100;
  r.input = InputPattern::Random;
  r.seed = 42;
  return run_on_emulator(r);
}

std::string error_of(const json& document) {
  try {
    trace_from_json(document);
  } catch (const TraceFormatError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(TraceJson, RoundTripKeepsEverything) {
  Trace trace = sample();
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/roundtrip.json";
  save_trace(trace, path);
  EXPECT_EQ(load_trace(path), trace);
}

// A program's atomicAdd on shared memory (a histogram's bins) is written as "a": it loads again.
TEST(TraceJson, AtomicAccessesRoundTrip) {
  Trace trace = sample();
  Access& first_write = trace.blocks[0].steps[0].accesses.front();
  ASSERT_EQ(first_write.kind, AccessKind::Write);
  first_write.kind = AccessKind::Atomic;
  json j = trace_to_json(trace);
  EXPECT_EQ(j["blocks"][0]["steps"][0]["accesses"][0][4], "a");
  EXPECT_EQ(trace_from_json(j), trace);
}

TEST(TraceJson, HeaderIsVersioned) {
  json j = trace_to_json(sample());
  EXPECT_EQ(j["format"], "stridescope-trace");
  EXPECT_EQ(j["version"], 3);
  j["version"] = 99;
  EXPECT_NE(error_of(j).find("$.version: version 99 is not supported"), std::string::npos);
  j = trace_to_json(sample());
  j["format"] = "something-else";
  EXPECT_NE(error_of(j).find("$.format"), std::string::npos);
}

TEST(TraceJson, ShufflesRoundTripAndAreValidated) {
  RunRequest r;
  r.variant = "warp-shuffle";
  r.block = 64;
  r.n = 64;
  r.element_type = ElementType::Float;
  Trace trace = run_on_emulator(r);
  ASSERT_FALSE(trace.blocks[0].steps[0].shuffles.empty());
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  json j = trace_to_json(trace);
  j["blocks"][0]["steps"][0]["shuffles"][0]["sent"].erase(3);
  EXPECT_NE(error_of(j).find("shuffles[0].sent: expected 32 values"), std::string::npos)
      << error_of(j);
}

// The sample (interleaved-strided) has no warp rounds: only the values read and written are new in
// version 3, so older files of the same run load as it without them.
Trace without_values(Trace trace) {
  for (Step& step : trace.blocks[0].steps) {
    for (Access& a : step.accesses) a.value = 0;
  }
  return trace;
}

TEST(TraceJson, VersionOneAndTwoFilesStillLoad) {
  json j = trace_to_json(sample());
  j["version"] = 2;
  for (json& step : j["blocks"][0]["steps"]) {
    for (json& a : step["accesses"]) a.erase(7);  // no value in version 2
  }
  EXPECT_EQ(trace_from_json(j), without_values(sample()));
  json warp = j;
  warp["blocks"][0]["steps"][0]["kind"] = "warp";  // a version 3 step kind
  EXPECT_NE(error_of(warp).find("expected \"barrier\", \"exit\" or \"divergence\""),
            std::string::npos);
  j["version"] = 1;
  for (json& step : j["blocks"][0]["steps"]) {
    step.erase("warp_syncs");
    for (json& a : step["accesses"]) a.erase(6);  // no warp epoch in version 1
  }
  j.erase("passes");  // version 1 had no grid passes
  j.erase("second_stage");
  Trace expected = without_values(sample());
  expected.passes.clear();
  EXPECT_EQ(trace_from_json(j), expected);
  j["blocks"][0]["steps"][0]["kind"] = "divergence";  // a version 2 step kind
  EXPECT_NE(error_of(j).find("expected \"barrier\" or \"exit\""), std::string::npos);
}

TEST(TraceJson, GridPassesRoundTripAndAreValidated) {
  RunRequest r;
  r.variant = "repeated-launches";
  r.element_type = ElementType::Double;
  r.block = 16;
  r.n = 1000;
  Trace trace = run_on_emulator(r);
  ASSERT_EQ(trace.passes.size(), 2u);  // 1000 elements -> 32 block sums -> 1 (two per thread)
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  json j = trace_to_json(trace);
  j["passes"][1]["partials"].erase(0);
  EXPECT_NE(error_of(j).find("$.passes[1].partials: has"), std::string::npos) << error_of(j);
  j = trace_to_json(trace);
  j["second_stage"] = "magic";
  EXPECT_NE(error_of(j).find("$.second_stage"), std::string::npos);
}

TEST(TraceJson, CustomInputValuesRoundTripAndAreValidated) {
  RunRequest r;
  r.variant = "sequential";
  r.block = 4;
  r.n = 4;
  r.input = InputPattern::Custom;
  r.values = {3, 1, 4, 2};
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.result, 10);
  EXPECT_EQ(trace.reference, 10);
  EXPECT_EQ(trace.run.input_values, r.values);
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  json j = trace_to_json(trace);
  j["run"]["input_values"].erase(0);
  EXPECT_NE(error_of(j).find("$.run.input_values: has 3 values, expected 4"), std::string::npos)
      << error_of(j);
  j = trace_to_json(trace);
  j["run"].erase("input_values");
  EXPECT_NE(error_of(j).find("$.run.input_values: missing"), std::string::npos) << error_of(j);
  r.values = {3, 1, 4};
  EXPECT_THROW(run_on_emulator(r), RunError);
}

TEST(TraceJson, WarpBarriersAndDivergenceAreValidated) {
  json j = trace_to_json(sample());
  j["blocks"][0]["steps"][1]["warp_syncs"] = json::array({json::array({5, 1, 3})});
  EXPECT_NE(error_of(j).find("steps[1].warp_syncs[0][0]: 5 is larger than 1"), std::string::npos)
      << error_of(j);
  j = trace_to_json(sample());
  j["blocks"][0]["steps"].back()["kind"] = "divergence";
  EXPECT_NE(error_of(j).find("$.divergence: missing"), std::string::npos) << error_of(j);
  j["divergence"] = {{"block", 0},
                     {"message", "m"},
                     {"exited", {1, 2}},
                     {"waiting", {{{"line", 7}, {"warp_barrier", "no"}, {"threads", {0}}}}}};
  EXPECT_NE(error_of(j).find("$.divergence.waiting[0].warp_barrier"), std::string::npos);
}

TEST(TraceJson, WrongSnapshotSizeIsRejected) {
  json j = trace_to_json(sample());
  j["blocks"][0]["steps"][2]["snapshot"].erase(0);
  EXPECT_EQ(error_of(j),
            "$.blocks[0].steps[2].snapshot: has 63 values, expected 64 (shared_words)");
}

TEST(TraceJson, OutOfRangeAddressIsRejected) {
  json j = trace_to_json(sample());
  j["blocks"][0]["steps"][1]["accesses"][0][2] = 64 * 4;
  EXPECT_EQ(
      error_of(j),
      "$.blocks[0].steps[1].accesses[0][2]: address 256 is outside the 256 bytes of shared memory");
}

TEST(TraceJson, OtherMalformedFieldsAreRejected) {
  json base = trace_to_json(sample());
  json j = base;
  j["blocks"][0]["steps"][1]["accesses"][0][0] = 64;  // thread index past the block
  EXPECT_NE(error_of(j).find("accesses[0][0]"), std::string::npos);
  j = base;
  j["blocks"][0]["steps"][1]["accesses"][0][4] = "x";
  EXPECT_NE(error_of(j).find("accesses[0][4]"), std::string::npos);
  j = base;
  j["blocks"][0]["steps"][1]["accesses"][0][1] = 5;  // order must start at 0
  EXPECT_NE(error_of(j).find("out of order"), std::string::npos);
  j = base;
  j["blocks"][0]["steps"][1]["accesses"][0][2] = 2;  // misaligned
  EXPECT_NE(error_of(j).find("aligned"), std::string::npos);
  j = base;
  j["run"].erase("block_size");
  EXPECT_EQ(error_of(j), "$.run.block_size: missing");
  j = base;
  j["run"]["n"] = -4;
  EXPECT_EQ(error_of(j), "$.run.n: expected a non-negative integer");
  j = base;
  j["blocks"] = json::array();
  EXPECT_EQ(error_of(j), "$.blocks: no traced block");
  j = base;
  j["blocks"][0]["steps"][0]["kind"] = "exit";
  EXPECT_NE(error_of(j).find("exit step must be the block's last"), std::string::npos);
  EXPECT_NE(error_of(json::array()).find("$: expected a JSON object"), std::string::npos);
}

TEST(TraceJson, TruncatedAndMissingFilesGiveMessages) {
  std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/truncated.json";
  std::string text = trace_to_json(sample()).dump();
  std::ofstream(path) << text.substr(0, text.size() / 2);
  try {
    load_trace(path);
    FAIL() << "truncated file accepted";
  } catch (const TraceFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos);
  }
  EXPECT_THROW(load_trace("/nonexistent/trace.json"), std::runtime_error);
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// The warp tail of unroll-last-warp passes __syncwarp()s: its accesses carry warp epochs.
TEST(TraceJson, WarpEpochsMustFollowTheStepsWarpBarriers) {
  RunRequest r;
  r.variant = "unroll-last-warp";
  r.block = 64;
  r.n = 128;
  nlohmann::json j = trace_to_json(run_on_emulator(r));
  // The warp tail's rounds: the last one before the exit step has lanes past several barriers.
  std::size_t tail = j["blocks"][0]["steps"].size() - 2;
  ASSERT_EQ(j["blocks"][0]["steps"][tail]["kind"], "warp");
  nlohmann::json& accesses = j["blocks"][0]["steps"][tail]["accesses"];
  ASSERT_GT(accesses.size(), 2u);
  EXPECT_EQ(error_of(j), "accepted");
  nlohmann::json edited = j;
  edited["blocks"][0]["steps"][tail]["accesses"][0][6] = 99;
  EXPECT_NE(error_of(edited).find("[6]: thread 0 is at warp epoch 99 but the step lists only"),
            std::string::npos)
      << error_of(edited);
  // The last access's thread passed barriers before it; setting its epoch back to 0 makes it
  // lower than the thread's earlier accesses'.
  std::size_t last = accesses.size() - 1;
  ASSERT_GT(accesses[last][6].get<unsigned>(), 0u);
  edited = j;
  edited["blocks"][0]["steps"][tail]["accesses"][last][6] = 0;
  EXPECT_NE(error_of(edited).find("warp epoch goes down"), std::string::npos) << error_of(edited);
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// A user program's named shared arrays and its "not a sum into word 0" flag.
TEST(TraceJson, NamedArraysAndTheResultFlagRoundTripAndAreValidated) {
  Trace trace = sample();  // 64 words
  trace.arrays = {{"As", 0, {4, 8}, ElementType::Float}, {"Bs", 32, {32}}};
  trace.result_in_word0 = false;
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  EXPECT_FALSE(trace_to_json(sample()).contains("arrays"));  // a catalog trace lists none
  EXPECT_EQ(trace_to_json(trace)["arrays"][0]["type"], "float");
  EXPECT_FALSE(trace_to_json(trace)["arrays"][1].contains("type"));  // the run's
  struct Bad {
    const char* field;
    json value;
    const char* message;
  };
  const Bad bad[] = {
      {"name", "", "$.arrays[1].name: must be 1 to 256 characters"},
      {"first_word", 20, "$.arrays[1].first_word: overlaps the array before it"},
      {"first_word", 40, "$.arrays[1]: ends at word 72, past shared_words 64"},
      {"dims", json::array({0}), "$.arrays[1].dims[0]: must be a size from 1 to 49152"},
      {"dims", json::array(), "$.arrays[1].dims: must have 1 to 3 sizes"},
      {"type", "half", "$.arrays[1].type: expected one of"},
  };
  for (const Bad& b : bad) {
    json j = trace_to_json(trace);
    j["arrays"][1][b.field] = b.value;
    EXPECT_NE(error_of(j).find(b.message), std::string::npos) << error_of(j);
  }
  json wide = trace_to_json(trace);  // a float array in 8-byte words would be read past its words
  wide["word_size"] = 8;
  EXPECT_NE(error_of(wide).find("$.arrays[0].type: float words in a trace of 8-byte words"),
            std::string::npos)
      << error_of(wide);
  json j = trace_to_json(trace);
  j["result_in_word0"] = "no";
  EXPECT_NE(error_of(j).find("$.result_in_word0: must be true or false"), std::string::npos);
}

// A double array among 4-byte arrays: two words an element, its dims in elements.
TEST(TraceJson, ADoubleArrayOfTwoWordsAnElementRoundTripsAndIsValidated) {
  Trace trace = sample();  // 64 words of 4 bytes
  trace.arrays = {{"vals", 0, {16}, ElementType::Double, 2}, {"count", 32, {32}, ElementType::Int}};
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  EXPECT_EQ(trace_to_json(trace)["arrays"][0]["element_words"], 2);
  EXPECT_FALSE(trace_to_json(trace)["arrays"][1].contains("element_words"));  // 1
  json past = trace_to_json(trace);
  past["arrays"][0]["dims"] = json::array({17u});  // 34 words: over count's first
  EXPECT_NE(error_of(past).find("$.arrays[1].first_word: overlaps the array before it"),
            std::string::npos)
      << error_of(past);
  const std::string must =
      "$.arrays[0].element_words: must be 1, or 2 for a double or 8-byte int array";
  for (const auto& [field, value] : std::vector<std::pair<std::string, json>>{
           {"type", "float"}, {"element_words", 3}, {"element_words", 0}}) {
    json j = trace_to_json(trace);
    j["arrays"][0][field] = value;
    EXPECT_NE(error_of(j).find(field == "element_words" && value == 3 ? "larger than 2" : must),
              std::string::npos)
        << field << ": " << error_of(j);
  }
  json odd = trace_to_json(trace);  // a half at an odd word: the halves would be swapped
  odd["arrays"][0]["first_word"] = 1u;
  odd["arrays"][0]["dims"] = json::array({8u});
  EXPECT_NE(error_of(odd).find(must), std::string::npos) << error_of(odd);
  trace.arrays[0].type = ElementType::Int;  // a long long array: two words an element too
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
}

// An unsigned int array: "unsigned" is written where true, read back, and refused where it is not
// a bool or the array's words are not ints.
TEST(TraceJson, AnUnsignedArrayRoundTripsAndIsValidated) {
  Trace trace = sample();
  trace.arrays = {{"bins", 0, {32}, ElementType::Int, 1, true}, {"x", 32, {32}, ElementType::Int}};
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  EXPECT_EQ(trace_to_json(trace)["arrays"][0]["unsigned"], true);
  EXPECT_FALSE(trace_to_json(trace)["arrays"][1].contains("unsigned"));  // false
  const std::string must =
      "$.arrays[0].unsigned: must be true or false, true only for an int array";
  for (const auto& [field, value] :
       std::vector<std::pair<std::string, json>>{{"unsigned", 1}, {"type", "float"}}) {
    json j = trace_to_json(trace);
    j["arrays"][0][field] = value;
    EXPECT_NE(error_of(j).find(must), std::string::npos) << field << ": " << error_of(j);
  }
  json untyped = trace_to_json(trace);  // the run's type may be float: unsigned needs an int array
  untyped["arrays"][0].erase("type");
  EXPECT_NE(error_of(untyped).find(must), std::string::npos) << error_of(untyped);
  json wide = trace_to_json(trace);  // an unsigned 8-byte array is written as bits, never so
  wide["arrays"][0]["element_words"] = 2;
  wide["arrays"][0]["dims"] = json::array({16u});
  EXPECT_NE(error_of(wide).find("$.arrays[0].unsigned: true only for an int array of one word an "
                                "element"),
            std::string::npos)
      << error_of(wide);
  json plain = trace_to_json(trace);
  plain["arrays"][0]["unsigned"] = false;
  EXPECT_FALSE(trace_from_json(plain).arrays[0].is_unsigned);
}

TEST(TraceJson, AProgramsLaunchListRoundTripsAndIsValidated) {
  Trace trace = sample();  // block 64
  trace.launches = {{"fill", {4, 1, 1}, {128, 1, 1}}, {"tiles", {2, 2, 1}, {8, 8, 1}, 1024}};
  trace.traced_launch = 1;
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
  EXPECT_EQ(trace_to_json(trace)["launches"][1]["dynamic_shared"], 1024);
  EXPECT_FALSE(trace_to_json(trace)["launches"][0].contains("dynamic_shared"));  // none: unsaid
  EXPECT_FALSE(trace_to_json(sample()).contains("launches"));  // a catalog trace lists none
  json j = trace_to_json(trace);
  j["traced_launch"] = 2;
  EXPECT_NE(error_of(j).find("$.traced_launch: 2 is larger than 1"), std::string::npos)
      << error_of(j);
  j = trace_to_json(trace);
  j["traced_launch"] = 0;  // 128 threads per block, but the run's blocks have 64
  EXPECT_NE(error_of(j).find("$.launches[0].block: 128 threads, but run.block_size is 64"),
            std::string::npos)
      << error_of(j);
  j = trace_to_json(trace);
  j["launches"][1]["grid"] = json::array({2, 0, 1});
  EXPECT_NE(error_of(j).find("$.launches[1].grid[1]: must be at least 1"), std::string::npos)
      << error_of(j);
  j = trace_to_json(trace);
  j["launches"][1]["block"] = json::array({64});
  EXPECT_NE(error_of(j).find("$.launches[1].block: must have 3 sizes"), std::string::npos)
      << error_of(j);
  j = trace_to_json(trace);
  j["launches"] = json::array();
  EXPECT_NE(error_of(j).find("$.launches: must list at least the traced launch"), std::string::npos)
      << error_of(j);
  for (const json& bad : {json(-1), json("1024"), json(1ull << 33)}) {  // not a 32-bit size
    j = trace_to_json(trace);
    j["launches"][1]["dynamic_shared"] = bad;
    EXPECT_NE(error_of(j).find("$.launches[1].dynamic_shared"), std::string::npos) << error_of(j);
  }
}

}  // namespace
}  // namespace stridescope
