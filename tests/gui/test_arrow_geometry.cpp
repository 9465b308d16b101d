// The addition arrows' triangles (ui/canvas/arrow_geometry.h): how many, where they start, bulge
// and end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ui/canvas/arrow_geometry.h"

namespace stridescope {
namespace {

float distance(Point a, Point b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

TEST(ArrowGeometry, ABandOfQuadsAndAHeadWhoseTipReachesTheTarget) {
  std::vector<Point> triangles;
  ArrowStyle style{2.0f, 8.0f, 6};
  add_arrow_triangles(triangles, {0, 100}, {200, 100}, 1.0f, style);
  ASSERT_EQ(triangles.size(), 3u * (2 * 6 + 1));
  Point tip = triangles[triangles.size() - 3];
  EXPECT_LT(distance(tip, {200, 100}), 1e-3f);
  // The band starts at the source, as wide as the style says.
  EXPECT_NEAR(distance(triangles[0], triangles[1]), 2.0f, 1e-3f);
  EXPECT_LT(distance(triangles[0], {0, 100}), 1.01f);
  // A horizontal arrow arcs upwards: its middle is above the line, by up to 0.3 x the distance / 2.
  float top = 100;
  for (Point p : triangles) top = std::min(top, p.y);
  EXPECT_LT(top, 100 - 20);
  EXPECT_GT(top, 100 - 31);
}

TEST(ArrowGeometry, ItGrowsWithTheTransitionAndIsWholeFromFourFifths) {
  auto tip_at = [](float t) {
    std::vector<Point> triangles;
    add_arrow_triangles(triangles, {0, 0}, {100, 0}, t, ArrowStyle{});
    return triangles[triangles.size() - 3];
  };
  EXPECT_LT(distance(tip_at(0.0f), {0, 0}), 1e-3f);
  EXPECT_GT(distance(tip_at(0.4f), {0, 0}), 10.0f);
  EXPECT_GT(distance(tip_at(0.4f), {100, 0}), 10.0f);
  EXPECT_LT(distance(tip_at(0.8f), {100, 0}), 1e-3f);
  EXPECT_LT(distance(tip_at(1.0f), {100, 0}), 1e-3f);
}

TEST(ArrowGeometry, AVerticalArrowBulgesToTheRight) {
  std::vector<Point> triangles;
  add_arrow_triangles(triangles, {50, 200}, {50, 0}, 1.0f, ArrowStyle{});
  float right = 0;
  for (Point p : triangles) right = std::max(right, p.x);
  EXPECT_GT(right, 50 + 25);
}

TEST(ArrowGeometry, ShortArrowsGetFewerSegments) {
  EXPECT_EQ(arrow_segments(20, 1), 4);
  EXPECT_EQ(arrow_segments(100, 1), 10);
  EXPECT_EQ(arrow_segments(1000, 1), 24);
}

TEST(ArrowGeometry, ManyArrowsShareABoundedNumberOfSegments) {
  EXPECT_EQ(arrow_segments(1000, 170), 24);  // 4096 / 170 = 24
  EXPECT_EQ(arrow_segments(1000, 256), 16);
  EXPECT_EQ(arrow_segments(1000, 512), 8);
  EXPECT_EQ(arrow_segments(100, 512), 8);
  EXPECT_EQ(arrow_segments(1000, 4096), 4);  // never fewer than 4
  EXPECT_EQ(arrow_segments(20, 0), 4);
}

}  // namespace
}  // namespace stridescope
