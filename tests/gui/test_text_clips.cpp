// Cut text made measurable: the rules of a clip (a text past its room where its window has no
// scroll bar, a word split by wrapping), the app's own wrapping (never inside a word), and the
// real app's --report-clipped on a window too small for its text.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "../run_command.h"
#include "ui/platform/text_clips.h"
#include "ui/widgets/word_wrap.h"

namespace stridescope {
namespace {

using test_support::Outcome;
using test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;

TEST(TextClips, ATextPastItsRoomIsCutUnlessItsWindowScrollsThatWay) {
  const TextRoom room{0, 0, 100, 50, false, false};
  EXPECT_FALSE(clip_of({10, 10, 90, 30}, room));
  EXPECT_FALSE(clip_of({10, 10, 100.8f, 30}, room)) << "glyph padding under a pixel";
  EXPECT_EQ(clip_of({10, 10, 112, 30}, room), "right by 12 px");
  EXPECT_EQ(clip_of({10, 40, 140, 70}, room), "right by 40 px, bottom by 20 px");
  EXPECT_EQ(clip_of({10, 60, 90, 80}, room), "hidden (bottom by 30 px)");
  TextRoom scrolls = room;
  scrolls.scrolls_y = true;  // below the fold of a scrolling panel: scroll to it
  EXPECT_FALSE(clip_of({10, 60, 90, 80}, scrolls));
  EXPECT_EQ(clip_of({10, 40, 140, 70}, scrolls), "right by 40 px") << "no horizontal scroll bar";
}

TEST(TextClips, AWordSplitByWrappingIsNamed) {
  EXPECT_EQ(word_split_at("cache[0] now 1041543200768", 23), "1041543200|768");
  EXPECT_EQ(word_split_at("chapter 5.3.1 of the book", 12), "5.3.|1");
  EXPECT_FALSE(word_split_at("chapter 5.3.1 of the book", 8)) << "at a word's start";
  EXPECT_FALSE(word_split_at("chapter 5.3.1 of the book", 14)) << "after a blank";
}

TEST(TextClips, TheReportCountsAndNamesEachClipOnOneLine) {
  TextClips clips;
  clips.add({"Step facts", "a\nb", "right by 3 px"});
  EXPECT_EQ(clips.report(),
            "clipped texts: 1\nclipped: \"Step facts\": \"a\\nb\" (right by 3 px)\n");
  clips.start_frame();
  EXPECT_EQ(clips.report(), "clipped texts: 0\n");
}

// A character is 10 pixels wide.
float tens(std::string_view text) {
  return 10.0f * static_cast<float>(text.size());
}

std::vector<std::string> texts(const std::vector<WrappedLine>& lines) {
  std::vector<std::string> out;
  for (const WrappedLine& line : lines) out.push_back(line.text + (line.too_wide ? "*" : ""));
  return out;
}

TEST(WordWrap, LinesBreakAtBlanksOnlyAndAWordWiderThanTheRoomStaysWhole) {
  EXPECT_EQ(texts(wrap_at_blanks("see 5.3.1 of it", 60, tens)),
            (std::vector<std::string>{"see", "5.3.1", "of it"}));
  EXPECT_EQ(texts(wrap_at_blanks("now 1041543200768", 100, tens)),
            (std::vector<std::string>{"now", "1041543200768*"}));
  EXPECT_EQ(texts(wrap_at_blanks("a b\n\n  c d", 1000, tens)),
            (std::vector<std::string>{"a b", "", "  c d"}));
  EXPECT_EQ(texts(wrap_at_blanks("", 100, tens)), (std::vector<std::string>{""}));
  EXPECT_EQ(texts(wrap_at_blanks("thread (0,0,0) of", 80, tens)),
            (std::vector<std::string>{"thread", "(0,0,0)", "of"}));
}

// Code or a path wider than the room (a suggested --launch at text size 2) breaks after its commas
// and slashes rather than being drawn small whole; only a piece that still does not fit is drawn
// smaller.
TEST(WordWrap, AWordWiderThanTheRoomBreaksAfterItsCommasAndSlashes) {
  EXPECT_EQ(texts(wrap_at_blanks("e.g. 'k<<<1,256>>>(in=iota(256), out", 120, tens)),
            (std::vector<std::string>{"e.g. 'k<<<1,", "256>>>(in=iota(256),*", "out"}));
  EXPECT_EQ(texts(wrap_at_blanks("'k<<<1,256>>>(n=4)'", 100, tens)),
            (std::vector<std::string>{"'k<<<1,", "256>>>(n=4)'*"}));
  EXPECT_EQ(texts(wrap_at_blanks("/work/review/count.cu has", 130, tens)),
            (std::vector<std::string>{"/work/review/", "count.cu has"}));
}

// The counter in the real app: text size 4 in a 320x240 window cuts the panels' titles.
TEST(TextClips, TheAppReportsTheTextsAWindowTooSmallCuts) {
  const std::string png = kTmp + "/text_clips_small.png";
  Outcome o = run("xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary +
                  " --size 320x240 --font-scale 4 --report-clipped --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.output.find("clipped texts: 0\n"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("clipped texts: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("clipped: \"View\": \"View\" (right by "), std::string::npos) << o.output;
  o = run(kBinary + " --report-clipped");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("--report-clipped checks the frame of a --screenshot"), std::string::npos)
      << o.output;
}

}  // namespace
}  // namespace stridescope
