// The variant room: this program's catalog is kernels/catalog.def plus catalog_lines.def, one line
// per throw-away variant of this folder, whose file is all there is of it. The catalog's own suites
// (lab, variants, recorded data, ladder, narration, ...) are compiled in beside this file and walk
// that catalog unchanged: a new variant is its file plus one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "catalog/bench/bench_report.h"
#include "catalog/emu/precision_study.h"
#include "catalog/emu/run_variant.h"
#include "registry.h"

namespace stridescope {
namespace {

std::size_t variant_lines(const std::string& path) {
  std::ifstream in(std::filesystem::path(STRIDESCOPE_SOURCE_DIR) / path);
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line);) lines += line.rfind("SS_VARIANT(", 0) == 0;
  return lines;
}

TEST(VariantRoom, TheCatalogIsCatalogDefPlusTheThrowAwayLines) {
  std::size_t app = variant_lines("kernels/catalog.def");
  std::size_t room = variant_lines("tests/variant_room/catalog_lines.def");
  ASSERT_GT(app, 0u);
  ASSERT_EQ(room, 2u);
  ASSERT_EQ(variant_catalog().size(), app + room);
  EXPECT_EQ(variant_catalog()[app].id, "room-fold");  // the appended lines come last
  EXPECT_EQ(variant_catalog()[app + 1].id, "room-bug-fold-no-sync");
  const VariantInfo& fold = *find_variant("room-fold");
  EXPECT_NE(kernel_text(fold).find("s[tid] += s[2 * half - 1 - tid];"), std::string::npos);
  EXPECT_EQ(kernel_text(fold).find(kCatalogEntryMarker), std::string::npos);
}

TEST(VariantRoom, AThrowAwayVariantRunsAndTakesItsPlaceEverywhere) {
  RunRequest r;
  r.variant = "room-fold";
  r.block = 64;
  r.n = 1000;
  r.input = InputPattern::Iota;
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.result, 999.0 * 1000 / 2);
  // Its entry's rung is atomic-add's: equal rungs keep catalog order.
  EXPECT_EQ(ladder_order({"repeated-launches", "room-fold", "atomic-add"}),
            (std::vector<std::string>{"atomic-add", "room-fold", "repeated-launches"}));
  EXPECT_EQ(bench_family("room-fold"), BenchFamily::Other);
  EXPECT_EQ(bench_label("room-fold"), "room-fold");
  bool in_study = false;  // a correct sum variant joins the precision study
  for (const PrecisionRow& row : precision_study(1u << 12, 1, 256).rows)
    in_study = in_study || row.variant == "room-fold";
  EXPECT_TRUE(in_study);
  EXPECT_TRUE(find_variant("room-bug-fold-no-sync")->broken_on_purpose());
}

}  // namespace
}  // namespace stridescope
