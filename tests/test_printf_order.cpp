// The order of a warp's printf lines (runtime/printf_order.h): every lane's own order kept, the
// call with the lowest call path first where lanes diverged, a cycle broken, warps apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "runtime/printf_order.h"

namespace stridescope_rt {
namespace {

// Adds each (thread, site, path) as a printed line; returns the lines' texts by call, then thread.
struct Lines {
  PrintfCalls calls;
  std::vector<Printed> output;
  void add(unsigned thread, const char* site, CallPath path) {
    calls.add(thread, site, path, output.size());
    output.push_back(Printed{0, 0, thread, std::string(site) + std::to_string(thread)});
  }
  std::string order() {
    calls.number(output);
    std::vector<Printed> sorted = output;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Printed& a, const Printed& b) {
      return std::tie(a.call, a.thread) < std::tie(b.call, b.thread);
    });
    std::string text;
    for (const Printed& p : sorted) text += p.text + " ";
    return text;
  }
};

const char* const kThen = "then";
const char* const kElse = "else";
const char* const kAfter = "after";
const char* const kHead = "head";

TEST(PrintfOrder, WhereLanesDivergeTheLowerPathPrintsFirstWhateverLaneRanFirst) {
  Lines lines;
  lines.add(0, kElse, {1, 30});  // lane 0 ran first and took the else side (later in the code)
  lines.add(0, kAfter, {1, 40});
  lines.add(1, kThen, {1, 20});
  lines.add(1, kAfter, {1, 40});
  EXPECT_EQ(lines.order(), "then1 else0 after0 after1 ");
}

TEST(PrintfOrder, EachLanesOwnOrderStandsOverThePaths) {
  Lines lines;  // a loop: the line after it (a lower address) waits for every lane's iterations
  lines.add(0, kAfter, {1, 10});
  lines.add(1, kThen, {1, 50});
  lines.add(1, kThen, {1, 50});
  lines.add(1, kAfter, {1, 10});
  EXPECT_EQ(lines.order(), "then1 then1 after0 after1 ");
}

TEST(PrintfOrder, AHelperCalledFromTwoPlacesComparesByTheCallersAddress) {
  Lines lines;
  lines.add(0, kHead, {1, 90, 5});  // the helper's printf is at 5; the kernel called it at 90
  lines.add(1, kThen, {1, 20});
  EXPECT_EQ(lines.order(), "then1 head0 ");
}

TEST(PrintfOrder, LanesThatDisagreeStillPrintEveryLineOnce) {
  Lines lines;  // one literal printed at two places in opposite orders: a cycle
  lines.add(0, kThen, {1, 20});
  lines.add(0, kElse, {1, 30});
  lines.add(1, kElse, {1, 25});
  lines.add(1, kThen, {1, 35});
  EXPECT_EQ(lines.order(), "then0 then1 else0 else1 ");
}

TEST(PrintfOrder, WarpsAreNumberedApart) {
  Lines lines;
  lines.add(32, kHead, {1, 10});
  lines.add(0, kThen, {1, 20});
  lines.add(0, kHead, {1, 10});  // warp 0: after then (its own order); warp 1: head first
  EXPECT_EQ(lines.order(), "then0 head32 head0 ");
}

TEST(PrintfOrder, AFrameWalkStopsAtTheOuterFrameAndAtAFrameThatDoesNotClimb) {
  std::uintptr_t stack[8] = {};
  // frame at stack[0] -> stack[2] -> stack[4] (outer); return addresses 11, 22.
  stack[0] = reinterpret_cast<std::uintptr_t>(&stack[2]);
  stack[1] = 11;
  stack[2] = reinterpret_cast<std::uintptr_t>(&stack[4]);
  stack[3] = 22;
  EXPECT_EQ(call_path(&stack[0], &stack[4]), (CallPath{22, 11}));
  stack[2] = reinterpret_cast<std::uintptr_t>(&stack[0]);  // points down: the walk ends
  EXPECT_EQ(call_path(&stack[0], &stack[6]), (CallPath{22, 11}));
  EXPECT_TRUE(call_path(nullptr, &stack[6]).empty());
}

}  // namespace
}  // namespace stridescope_rt
