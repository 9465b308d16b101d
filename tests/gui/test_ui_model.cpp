// The GUI's pure parts: playback clock, canvas layout and canvas model (no window needed).
#include <gtest/gtest.h>

#include "catalog/emu/run_variant.h"
#include "model/prediction.h"
#include "ui/canvas/canvas_layout.h"
#include "ui/canvas/canvas_model.h"
#include "ui/canvas/canvas_paint.h"
#include "ui/canvas/canvas_text.h"
#include "ui/state/session.h"

namespace stridescope {
namespace {

TEST(Playback, StepsScrubsAndStopsAtTheEnd) {
  Playback p;
  p.reset(5, 0);
  p.next();
  EXPECT_EQ(p.step(), 1u);
  EXPECT_LT(p.transition(), 1.0f);  // animating towards step 1
  p.advance_time(2.0);
  EXPECT_EQ(p.transition(), 1.0f);
  p.previous();
  p.previous();
  EXPECT_EQ(p.step(), 0u);
  p.last();
  EXPECT_EQ(p.step(), 4u);
  p.next();
  EXPECT_EQ(p.step(), 4u);
  p.seek(99);
  EXPECT_EQ(p.step(), 4u);
  p.first();
  EXPECT_EQ(p.step(), 0u);
}

TEST(Playback, PlayingAdvancesAtTheChosenSpeedAndStops) {
  Playback p;
  p.reset(3, 0);
  p.set_speed(2.0f);  // a step every half second
  p.toggle_play();
  p.advance_time(0.4);
  EXPECT_EQ(p.step(), 0u);
  p.advance_time(0.2);
  EXPECT_EQ(p.step(), 1u);
  p.advance_time(0.6);
  EXPECT_EQ(p.step(), 2u);
  p.advance_time(0.6);
  EXPECT_FALSE(p.playing());  // stopped at the last step
  p.toggle_play();            // play again starts over
  EXPECT_EQ(p.step(), 0u);
  EXPECT_TRUE(p.playing());
  p.set_speed(1000.0f);
  EXPECT_EQ(p.speed(), 20.0f);
}

CanvasMetrics metrics(float width, float height) {
  return {width, height, 80, 50, 16};
}

TEST(CanvasLayout, RowsOf32MakeColumnsBanks) {
  CanvasLayout l = layout_canvas({1024, 4, 1024}, metrics(1000, 800));
  EXPECT_EQ(l.bank_columns, 32u);
  EXPECT_EQ(l.words_per_row, 32u);
  EXPECT_EQ(l.rows, 32u);
  Rect a = l.word_rect(5), b = l.word_rect(37);  // same bank, next row
  EXPECT_FLOAT_EQ(a.x, b.x);
  EXPECT_GT(b.y, a.y);
  EXPECT_EQ(bank_header(l, 5), "5");
  Rect last = l.word_rect(1023);
  EXPECT_LE(last.x + last.w, 1000.0f);
  EXPECT_LE(l.bottom, 800.0f);
}

TEST(CanvasLayout, EightByteWordsSpanTwoBanksSixteenToARow) {
  CanvasLayout l = layout_canvas({256, 8, 256}, metrics(1000, 800));
  EXPECT_EQ(l.banks_per_word, 2u);
  EXPECT_EQ(l.bank_columns, 32u);
  EXPECT_EQ(l.words_per_row, 16u);  // one row = 128 bytes = every bank once
  EXPECT_EQ(l.rows, 16u);
  Rect w0 = l.word_rect(0), w1 = l.word_rect(1), w16 = l.word_rect(16);
  EXPECT_NEAR(w1.x - w0.x, 2 * l.pitch, 0.01f);  // a word is two bank columns wide
  EXPECT_GT(w0.w, l.pitch);
  EXPECT_FLOAT_EQ(w16.x, w0.x);  // word 16 starts at bank 0 again, one row down
  EXPECT_NEAR(w16.y - w0.y, l.row_pitch(), 0.01f);
  EXPECT_GE(l.row_pitch(), l.pitch);  // rows grow towards square cells where there is room
  EXPECT_LE(l.row_pitch(), 2 * l.pitch);
  EXPECT_EQ(bank_header(l, 0), "0-1");
  EXPECT_EQ(bank_header(l, 2), "4-5");
  EXPECT_EQ(bank_header(l, 15), "30-31");
  // A small block of doubles: 8 words are 64 bytes, 16 banks.
  CanvasLayout small = layout_canvas({8, 8, 8}, metrics(1000, 800));
  EXPECT_EQ(small.bank_columns, 16u);
  EXPECT_EQ(small.words_per_row, 8u);
  EXPECT_EQ(words_per_row({8, 8, 8}), 8u);
}

TEST(CanvasLayout, SmallBlocksGetBigCells) {
  CanvasLayout small = layout_canvas({16, 4, 16}, metrics(1000, 800));
  CanvasLayout big = layout_canvas({1024, 4, 1024}, metrics(1000, 800));
  EXPECT_EQ(small.bank_columns, 16u);
  EXPECT_EQ(small.rows, 1u);
  EXPECT_GT(small.pitch, 2 * big.pitch);
  EXPECT_LE(small.pitch, 140.0f);
}

// Threads sit below memory, warp by warp; every word and thread is found where it is drawn.
TEST(CanvasLayout, WordsAndThreadsAreFoundWhereTheyAreDrawn) {
  for (unsigned block : {2u, 16u, 96u, 100u, 256u, 1024u}) {
    for (unsigned word_size : {4u, 8u}) {
      for (CanvasMetrics m : {metrics(640, 480), metrics(1240, 330), metrics(990, 860)}) {
        SCOPED_TRACE(testing::Message() << block << " threads, " << word_size << "-byte words, "
                                        << m.width << "x" << m.height);
        CanvasLayout l = layout_canvas({block, word_size, block}, m);
        for (unsigned w = 0; w < block; ++w) {
          Rect r = l.word_rect(w);
          ASSERT_EQ(l.word_at(r.x + r.w / 2, r.y + r.h / 2), static_cast<int>(w));
          ASSERT_EQ(l.thread_at(r.x + r.w / 2, r.y + r.h / 2), -1);
        }
        for (unsigned t = 0; t < block; ++t) {
          Rect r = l.lane_rect(t);
          ASSERT_EQ(l.thread_at(r.x + r.w / 2, r.y + r.h / 2), static_cast<int>(t));
          ASSERT_GT(r.y, l.word_rect(block - 1).y);  // below memory
        }
        EXPECT_LE(l.bottom, m.height + 0.5f);
        EXPECT_LE(l.left + l.grid_width(), m.width);
        EXPECT_GE(l.left, m.label_width);
      }
    }
  }
}

TEST(CanvasLayout, AWarpIsFoundByItsLabelOrItsBar) {
  CanvasLayout l = layout_canvas({64, 4, 64}, metrics(1000, 800));
  ASSERT_FALSE(l.warp_bars);  // two warps: a label each
  Rect label = l.warp_row_label_rect(1);
  EXPECT_EQ(l.warp_at(label.x + 5, label.y + label.h / 2), 1);
  CanvasLayout big = layout_canvas({1024, 4, 1024}, metrics(640, 480));
  ASSERT_TRUE(big.warp_bars);
  Rect bar = big.warp_bar_rect(6);
  EXPECT_EQ(big.warp_at(bar.x + bar.w / 2, bar.y + bar.h / 2), 6);
}

Trace emulated(const std::string& variant, unsigned block, ElementType type = ElementType::Int) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = block;
  r.element_type = type;
  return run_on_emulator(r);
}

TEST(CanvasModel, MarksTargetsSourcesConflictsAndArrows) {
  CanvasModel m = canvas_model(TraceModel(emulated("interleaved-strided", 64)), 1);
  ASSERT_EQ(m.cells.size(), 64u);  // stride 1: t adds s[2t+1] into s[2t]
  EXPECT_EQ(m.cells[0].role, CellRole::Written);
  EXPECT_EQ(m.cells[1].role, CellRole::Read);
  EXPECT_TRUE(m.cells[0].conflict);  // 2-way: words 0 and 32 share bank 0
  EXPECT_EQ(m.cells[0].conflict_degree, 2u);
  EXPECT_EQ(m.cells[0].conflict_warp, 0u);
  ASSERT_EQ(m.threads.size(), 64u);
  EXPECT_TRUE(m.threads[31].active);  // thread 31 works on words 62, 63
  EXPECT_FALSE(m.threads[32].active);
  ASSERT_EQ(m.warps.size(), 2u);
  EXPECT_EQ(m.warps[0].state, WarpState::Full);
  EXPECT_EQ(m.warps[1].state, WarpState::Idle);
  EXPECT_EQ(m.warp_degree[0], 2u);
  EXPECT_EQ(m.cells[0].value, 1);  // 0 + 1
  ASSERT_EQ(m.arrows.size(), 32u);
  EXPECT_EQ(m.arrows[3].from_word, 7u);
  EXPECT_EQ(m.arrows[3].to_word, 6u);
  CanvasModel s = canvas_model(TraceModel(emulated("sequential", 64)), 1);
  for (const CellState& c : s.cells) EXPECT_FALSE(c.conflict);
}

// The old canvas coloured word w by thread w. In the strided kernel at stride 4 (doubles), warp 0
// alone works, on words all over memory; thread 248 is idle while its namesake word is written.
TEST(CanvasModel, TouchesJoinEachThreadToTheWordsItUsed) {
  CanvasModel m =
      canvas_model(TraceModel(emulated("interleaved-strided", 256, ElementType::Double)), 3);
  EXPECT_EQ(m.word_size, 8u);
  EXPECT_EQ(m.banks_per_word(), 2u);
  std::span<const Touch> t31 = m.touches_of_thread(31);  // reads s[248], s[252]; writes s[248]
  ASSERT_EQ(t31.size(), 2u);
  EXPECT_EQ(t31[0].word, 248u);
  EXPECT_TRUE(t31[0].read);
  EXPECT_TRUE(t31[0].written);
  EXPECT_EQ(t31[1].word, 252u);
  EXPECT_TRUE(t31[1].read);
  EXPECT_FALSE(t31[1].written);
  EXPECT_EQ(m.cells[248].role, CellRole::Written);
  EXPECT_FALSE(m.threads[248].active);
  EXPECT_TRUE(m.touches_of_thread(248).empty());
  std::vector<Touch> by = m.touches_of_word(248);
  ASSERT_EQ(by.size(), 1u);
  EXPECT_EQ(by[0].thread, 31u);
  EXPECT_TRUE(m.touches_of_word(1).empty());
  EXPECT_EQ(m.first_bank(248), 16u);  // byte 1984 = 4-byte word 496, bank 16 (and 17)
  EXPECT_EQ(m.cells[248].conflict_degree, 8u);
  for (unsigned w = 0; w < 8; ++w)
    EXPECT_EQ(m.warps[w].state, w == 0 ? WarpState::Full : WarpState::Idle);
}

TEST(CanvasModel, SelectingAWarpAThreadOrAWordGivesItsLinks) {
  CanvasModel m = canvas_model(TraceModel(emulated("interleaved-strided", 64)), 1);
  CanvasSelection none = select(m, {});
  EXPECT_TRUE(none.empty());
  CanvasSelection warp = select(m, {CanvasFocus::Kind::Warp, 0});
  EXPECT_EQ(warp.links.size(), 64u);  // 32 lanes, two words each
  EXPECT_TRUE(warp.threads[31]);
  EXPECT_FALSE(warp.threads[32]);
  EXPECT_TRUE(warp.words[63]);
  CanvasSelection thread = select(m, {CanvasFocus::Kind::Thread, 5});
  ASSERT_EQ(thread.links.size(), 2u);
  EXPECT_TRUE(thread.words[10]);
  EXPECT_TRUE(thread.words[11]);
  EXPECT_FALSE(thread.words[5]);
  CanvasSelection word = select(m, {CanvasFocus::Kind::Word, 11});
  ASSERT_EQ(word.links.size(), 1u);
  EXPECT_EQ(word.links[0].thread, 5u);
  EXPECT_TRUE(word.threads[5]);
  EXPECT_FALSE(word.threads[11]);
  CanvasSelection idle = select(m, {CanvasFocus::Kind::Warp, 1});
  EXPECT_TRUE(idle.links.empty());
  EXPECT_FALSE(idle.empty());  // a focus on an idle warp dims the rest
}

TEST(CanvasModel, SerialThreadZeroReadsEveryWord) {
  CanvasModel m = canvas_model(TraceModel(emulated("serial", 64)), 1);
  EXPECT_EQ(m.touches_of_thread(0).size(), 64u);
  for (unsigned w = 0; w < 64; ++w) {
    std::vector<Touch> by = m.touches_of_word(w);
    ASSERT_EQ(by.size(), 1u);
    EXPECT_EQ(by[0].thread, 0u);
  }
  EXPECT_EQ(m.warps[0].state, WarpState::Divergent);
  EXPECT_EQ(m.warps[1].state, WarpState::Idle);
}

TEST(CanvasModel, ThreadsAtADivergentBarrierWaitOrExited) {
  CanvasModel m = canvas_model(TraceModel(emulated("bug-sync-in-branch", 16)), 1);
  for (unsigned t = 0; t < 16; ++t) {
    EXPECT_EQ(m.threads[t].barrier, t < 8 ? BarrierWait::Waiting : BarrierWait::Exited) << t;
  }
  EXPECT_GT(m.threads[0].barrier_line, 0);
  EXPECT_NE(thread_tooltip(m, 3).find("waits at the __syncthreads() on line"), std::string::npos);
  EXPECT_NE(thread_tooltip(m, 12).find("exited"), std::string::npos);
}

TEST(CanvasText, WordsAndThreadsAreDescribedApart) {
  CanvasModel m =
      canvas_model(TraceModel(emulated("interleaved-strided", 256, ElementType::Double)), 3);
  std::string word = word_tooltip(m, 248, 16);
  EXPECT_NE(word.find("s[248] = "), std::string::npos) << word;
  EXPECT_NE(word.find("banks 16 and 17, row 15: s[240..255]"), std::string::npos) << word;
  EXPECT_NE(word.find("read by thread 31\nwritten by thread 31"), std::string::npos) << word;
  EXPECT_NE(word.find("part of warp 0's 8-way bank conflict"), std::string::npos) << word;
  EXPECT_EQ(word.find("idle"), std::string::npos) << word;  // no thread state on a word
  std::string untouched = word_tooltip(m, 1, 16);
  EXPECT_NE(untouched.find("no thread touched it"), std::string::npos) << untouched;
  std::string idle = thread_tooltip(m, 248);
  EXPECT_NE(idle.find("thread 248 (warp 7, lane 24)\nidle"), std::string::npos) << idle;
  EXPECT_NE(idle.find("warp 7: idle"), std::string::npos) << idle;
  std::string active = thread_tooltip(m, 31);
  EXPECT_NE(active.find("active: read s[248], s[252]; wrote s[248]"), std::string::npos) << active;
  EXPECT_NE(warp_tooltip(m, 0).find("full, 32 of 32 lanes active"), std::string::npos);
  EXPECT_EQ(banks_text(m, 2), "banks 4 and 5");
  CanvasModel ints = canvas_model(TraceModel(emulated("interleaved-strided", 64)), 1);
  EXPECT_EQ(banks_text(ints, 37), "bank 5");
}

// A program that mixes a double array with an int array, in 4-byte words: a double is one box
// across its two banks, its value written once, both halves named by its element.
TEST(CanvasModel, ADoubleAmongFourByteArraysIsOneBoxAcrossItsTwoBanks) {
  Trace t;
  t.run.variant = "own:mix.cu";
  t.run.block_size = 8;
  t.run.n = 24;
  t.run.input_pattern = InputPattern::Custom;
  t.shared_words = 24;
  t.arrays = {{"vals", 0, {8}, ElementType::Double, 2}, {"count", 16, {8}, ElementType::Int}};
  Step step;
  step.label = "exit";
  step.snapshot.assign(24, 0.0);
  step.snapshot[6] = step.snapshot[7] = 0.45;  // vals[3]
  step.snapshot[16] = 1;
  step.accesses.push_back(Access{3, 0, 24, 8, AccessKind::Write, 7, 0, 0.45});
  t.blocks.push_back(BlockTrace{0, {step}, 0.0});
  const CanvasModel m = canvas_model(TraceModel(t), 0);
  EXPECT_EQ(m.cells[6].half, CellHalf::Low);
  EXPECT_EQ(m.cells[7].half, CellHalf::High);
  EXPECT_EQ(m.cells[16].half, CellHalf::Whole);
  EXPECT_EQ(m.cells[6].text, "0.45");
  EXPECT_EQ(m.cells[7].text, "");  // written once, across both
  EXPECT_EQ(m.cells[16].text, "1");
  const CanvasLayout l = layout_canvas({24, 4, 8}, metrics(1000, 800));
  const Rect low = element_rect(l, m, 6), high = l.word_rect(7);
  EXPECT_FLOAT_EQ(low.x, l.word_rect(6).x);
  EXPECT_FLOAT_EQ(low.x + low.w, high.x + high.w);  // one box over both banks
  EXPECT_EQ(element_rect(l, m, 7).w, 0.0f);
  EXPECT_EQ(element_rect(l, m, 16), l.word_rect(16));
  // The pointer anywhere on the box is on the element: the low cell, the gap, the high cell.
  const Rect cell6 = l.word_rect(6), cell7 = l.word_rect(7), cell16 = l.word_rect(16);
  const float gap_x = (cell6.x + cell6.w + cell7.x) / 2, mid_y = cell6.y + cell6.h / 2;
  ASSERT_LT(cell6.x + cell6.w, cell7.x);  // the cells have a gap between them
  EXPECT_EQ(l.word_at(gap_x, mid_y), -1);
  for (float x : {cell6.x + 1, gap_x, cell7.x + cell7.w - 1})
    EXPECT_EQ(element_at(l, m, x, mid_y), 6) << x;
  EXPECT_EQ(
      element_at(l, m, cell7.x + cell7.w + 0.5f * (l.word_rect(8).x - cell7.x - cell7.w), mid_y),
      -1);  // the gap after the box
  EXPECT_EQ(element_at(l, m, cell16.x + 1, cell16.y + 1), 16);
  const std::string tip = word_tooltip(m, 7, l.words_per_row);
  EXPECT_NE(tip.find("vals[3] = 0.45\nbanks 6 and 7 (a double's two 4-byte halves)"),
            std::string::npos)
      << tip;
  EXPECT_NE(tip.find("written by thread 3"), std::string::npos) << tip;
  // Focused (hovered, clicked), the box is both halves; the quiz asks for one mark, its low half.
  const CanvasSelection selected = select(m, {CanvasFocus::Kind::Word, 6});
  EXPECT_TRUE(selected.words[6]);
  EXPECT_TRUE(selected.words[7]);
  EXPECT_EQ(step_outcome(TraceModel(t), 0).written_words, std::vector<unsigned>{6});
  t.arrays[0].type = ElementType::Int;  // a long long array: said as what it is
  const std::string wide = word_tooltip(canvas_model(TraceModel(t), 0), 6, l.words_per_row);
  EXPECT_NE(wide.find("banks 6 and 7 (an 8-byte integer's two 4-byte halves)"), std::string::npos)
      << wide;
}

TEST(CanvasText, WordRangesAreIndexExpressions) {
  EXPECT_EQ(word_range_text({}, 32, 63), "s[32..63]");
  EXPECT_EQ(word_range_text({}, 7, 7), "s[7]");
  EXPECT_EQ(words_text({}, {0, 1, 2, 3, 8, 10, 11}), "s[0..3], s[8], s[10..11]");
  EXPECT_EQ(words_text({}, {0, 2, 4, 6}, 2), "s[0], s[2], ...");
  const std::vector<SharedArray> tiles = {{"As", 0, {16, 16}}, {"Bs", 256, {16, 16}}};
  EXPECT_EQ(word_range_text(tiles, 32, 63), "As[2..3][*]");
  EXPECT_EQ(words_text(tiles, {0, 1, 257}), "As[0][0..1], Bs[0][1]");
  WarpActivity divergent{3, 32, 2, WarpState::Divergent};
  EXPECT_EQ(warp_state_text(divergent), "divergent, 2 of 32 lanes active");
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

TEST(SessionBackend, CudaFailureFallsBackToTheEmulatorWithANotice) {
  Session session;
  session.set_device("Fake GPU", [](const RunRequest&) -> Trace {
    throw std::runtime_error("cudaMalloc failed: out of memory");
  });
  session.use_device(true);
  ASSERT_TRUE(session.using_device());
  RunRequest r;
  ASSERT_TRUE(session.run(r));
  EXPECT_EQ(session.trace().run.backend, Backend::Emulator);
  EXPECT_NE(session.notice().find("CUDA failed (cudaMalloc failed: out of memory)"),
            std::string::npos)
      << session.notice();
}

TEST(SessionBackend, BadRequestIsAnErrorOnEveryBackend) {
  Session session;
  int device_calls = 0;
  session.set_device("Fake GPU", [&](const RunRequest& r) -> Trace {
    ++device_calls;
    validate(r);
    return run_on_emulator(r);
  });
  session.use_device(true);
  RunRequest bad;
  bad.block = 3;
  EXPECT_FALSE(session.run(bad));
  EXPECT_NE(session.error().find("block size 3"), std::string::npos);
  EXPECT_FALSE(session.has_trace());  // no fallback for a request that is wrong everywhere
  EXPECT_EQ(device_calls, 1);
}

TEST(SessionBackend, NoDeviceMeansTheEmulator) {
  Session session;
  session.set_device("", nullptr);
  session.use_device(true);
  EXPECT_FALSE(session.using_device());
  ASSERT_TRUE(session.run(RunRequest{}));
  EXPECT_EQ(session.notice(), "traced on the CPU emulator");
}

}  // namespace
}  // namespace stridescope

#include "core/format.h"

namespace stridescope {
namespace {

TEST(ValueText, CellsShowWholeNumbersAndSmallCellsCompactOnes) {
  EXPECT_EQ(cell_value_text(120), "120");
  EXPECT_EQ(cell_value_text(0.5), "0.5");
  EXPECT_EQ(compact_value_text(99999), "99999");
  EXPECT_EQ(compact_value_text(123456), "1.2e5");
  EXPECT_EQ(compact_value_text(9.97e6), "1.0e7");  // not "10.0e6"
  EXPECT_EQ(compact_value_text(0.25), "0.25");
  EXPECT_EQ(compact_value_text(-2.5e-3), "-2.5e-3");
}

}  // namespace
}  // namespace stridescope
