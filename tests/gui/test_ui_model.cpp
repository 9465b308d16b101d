// The GUI's pure parts: playback clock, canvas layout and canvas model (no window needed).
#include <gtest/gtest.h>

#include "emu/run_variant.h"
#include "ui/canvas_layout.h"
#include "ui/canvas_model.h"
#include "ui/session.h"

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

TEST(CanvasLayout, RowsOf32MakeColumnsBanks) {
  CanvasLayout l = layout_canvas(1024, 1000, 800, 80, 20);
  EXPECT_EQ(l.columns, 32u);
  EXPECT_EQ(l.rows, 32u);
  Rect a = l.cell_rect(5), b = l.cell_rect(37);  // same bank, next row
  EXPECT_FLOAT_EQ(a.x, b.x);
  EXPECT_GT(b.y, a.y);
  Rect last = l.cell_rect(1023);
  EXPECT_LE(last.x + last.w, 1000.0f);
  EXPECT_LE(last.y + last.h, 800.0f);
}

TEST(CanvasLayout, SmallBlocksGetBigCells) {
  CanvasLayout small = layout_canvas(16, 1000, 800, 80, 20);
  CanvasLayout big = layout_canvas(1024, 1000, 800, 80, 20);
  EXPECT_EQ(small.columns, 16u);
  EXPECT_EQ(small.rows, 1u);
  EXPECT_GT(small.cell, 2 * big.cell);
  EXPECT_LE(small.cell, 140.0f);
}

TEST(CanvasModel, MarksTargetsSourcesConflictsAndArrows) {
  RunRequest r;
  r.variant = "interleaved-strided";
  r.block = 64;
  r.n = 64;
  Trace trace = run_on_emulator(r);
  CanvasModel m = canvas_model(TraceModel(trace), 1);  // stride 1: t adds s[2t+1] into s[2t]
  ASSERT_EQ(m.cells.size(), 64u);
  EXPECT_EQ(m.cells[0].role, CellRole::Written);
  EXPECT_EQ(m.cells[1].role, CellRole::Read);
  EXPECT_TRUE(m.cells[0].conflict);        // 2-way: words 0 and 32 share bank 0
  EXPECT_TRUE(m.cells[31].thread_active);  // thread 31 works on words 62, 63
  EXPECT_FALSE(m.cells[32].thread_active);
  EXPECT_EQ(m.cells[0].value, 1);  // 0 + 1
  ASSERT_EQ(m.arrows.size(), 32u);
  EXPECT_EQ(m.arrows[3].from_word, 7u);
  EXPECT_EQ(m.arrows[3].to_word, 6u);
  r.variant = "sequential";
  Trace seq = run_on_emulator(r);
  CanvasModel s = canvas_model(TraceModel(seq), 1);
  for (const CellState& c : s.cells) EXPECT_FALSE(c.conflict);
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
