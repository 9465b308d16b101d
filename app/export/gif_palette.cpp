// The per-frame GIF palette: fixed colours plus a histogram of the frame, 6 bits per channel.
#include "export/gif_palette.h"

#include <algorithm>
#include <numeric>

namespace stridescope {
namespace {

constexpr int kBuckets = 1 << 18;
constexpr int kCloseEnough = 64;  // squared distance under which a colour adds nothing new

int bucket_of(const unsigned char* p) {
  return (p[0] >> 2) << 12 | (p[1] >> 2) << 6 | (p[2] >> 2);
}

int distance(const Rgb& a, int r, int g, int b) {
  int dr = a.r - r, dg = a.g - g, db = a.b - b;
  return 2 * dr * dr + 4 * dg * dg + 3 * db * db;  // the eye is most sensitive to green
}

bool near_any(const std::vector<Rgb>& colors, const Rgb& c) {
  return std::any_of(colors.begin(), colors.end(),
                     [&](const Rgb& e) { return distance(e, c.r, c.g, c.b) < kCloseEnough; });
}

}  // namespace

FramePalette::FramePalette(const std::vector<Rgb>& fixed, const std::vector<unsigned char>& pixels,
                           int size)
    : nearest_(kBuckets, -1) {
  for (const Rgb& c : fixed) {
    if (static_cast<int>(colors_.size()) < size && !near_any(colors_, c)) colors_.push_back(c);
  }
  struct Tally {
    std::uint32_t count = 0;
    std::uint64_t r = 0, g = 0, b = 0;
  };
  std::vector<Tally> tally(kBuckets);
  for (std::size_t i = 0; i + 2 < pixels.size(); i += 3) {
    Tally& t = tally[bucket_of(&pixels[i])];
    ++t.count;
    t.r += pixels[i];
    t.g += pixels[i + 1];
    t.b += pixels[i + 2];
  }
  std::vector<int> used;
  for (int i = 0; i < kBuckets; ++i) {
    if (tally[i].count > 0) used.push_back(i);
  }
  std::sort(used.begin(), used.end(), [&](int a, int b) {
    return tally[a].count != tally[b].count ? tally[a].count > tally[b].count : a < b;
  });
  for (int i : used) {
    if (static_cast<int>(colors_.size()) >= size) break;
    const Tally& t = tally[i];
    Rgb mean{static_cast<unsigned char>(t.r / t.count), static_cast<unsigned char>(t.g / t.count),
             static_cast<unsigned char>(t.b / t.count)};
    if (!near_any(colors_, mean)) colors_.push_back(mean);
  }
  if (colors_.empty()) colors_.push_back(Rgb{});
}

int FramePalette::index_of(const unsigned char* pixel) {
  int bucket = bucket_of(pixel);
  std::int16_t& known = nearest_[bucket];
  if (known >= 0) return known;
  int r = (pixel[0] & ~3) + 2, g = (pixel[1] & ~3) + 2, b = (pixel[2] & ~3) + 2;
  int best = 0, best_distance = distance(colors_[0], r, g, b);
  for (int i = 1; i < static_cast<int>(colors_.size()); ++i) {
    int d = distance(colors_[i], r, g, b);
    if (d < best_distance) {
      best = i;
      best_distance = d;
    }
  }
  known = static_cast<std::int16_t>(best);
  return best;
}

}  // namespace stridescope
