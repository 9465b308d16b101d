// The animated GIF: the changed pixels of each frame, in its own palette, through GifEncoder.
#include "export/gif_writer.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

namespace stridescope {
namespace {

constexpr int kTransparent = 255;  // palette entries 0..254 are colours

}  // namespace

GifWriter::GifWriter(const std::string& path, int fps, std::vector<Rgb> fixed)
    : path_(path), fps_(fps), fixed_(std::move(fixed)) {
  file_ = std::fopen(path.c_str(), "wbe");  // e: not inherited by a child process
  if (file_ == nullptr) throw ExportError("cannot write " + path + ": " + std::strerror(errno));
}

GifWriter::~GifWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

// The encoder's bytes so far, appended to the file.
void GifWriter::flush() {
  const std::string bytes = encoder_->take_bytes();
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size())
    throw ExportError("cannot write " + path_ + ": " + std::strerror(errno));
}

void GifWriter::start(int width, int height) {
  width_ = width;
  height_ = height;
  encoder_ = std::make_unique<GifEncoder>(width, height);
  source_.assign(static_cast<std::size_t>(width) * height * 3, 0);
  shown_ = source_;
}

int GifWriter::delay_centiseconds() const {
  auto at = [&](int frame) { return static_cast<int>(std::lround(100.0 * frame / fps_)); };
  return at(frames_ + 1) - at(frames_);
}

// The pixels that changed since the last frame (all of them in the first), their colours and
// the box around them.
GifWriter::Changes GifWriter::changes(const RgbFrame& frame) const {
  std::size_t pixels = static_cast<std::size_t>(width_) * height_;
  Changes c;
  c.changed.resize(pixels);
  c.left = width_;
  c.top = height_;
  for (std::size_t i = 0; i < pixels; ++i) {
    const unsigned char* p = &frame.rgb[i * 3];
    c.changed[i] = frames_ == 0 || !std::equal(p, p + 3, &source_[i * 3]);
    if (!c.changed[i]) continue;
    c.rgb.insert(c.rgb.end(), p, p + 3);
    int x = static_cast<int>(i % width_), y = static_cast<int>(i / width_);
    c.left = std::min(c.left, x);
    c.top = std::min(c.top, y);
    c.right = std::max(c.right, x + 1);
    c.bottom = std::max(c.bottom, y + 1);
  }
  if (c.right <= c.left) c.left = c.top = 0, c.right = c.bottom = 1;  // one transparent pixel
  return c;
}

// The box's pixels as palette indices: a changed pixel's nearest colour, unless a decoder shows
// it already (then transparent, as an unchanged one is).
std::vector<std::uint8_t> GifWriter::indices(const RgbFrame& frame, const Changes& c,
                                             FramePalette& palette) {
  std::vector<std::uint8_t> out;
  out.reserve(static_cast<std::size_t>(c.right - c.left) * (c.bottom - c.top));
  for (int y = c.top; y < c.bottom; ++y) {
    for (int x = c.left; x < c.right; ++x) {
      std::size_t i = static_cast<std::size_t>(y) * width_ + x;
      int index = kTransparent;
      if (c.changed[i]) {
        index = palette.index_of(&frame.rgb[i * 3]);
        const Rgb& rgb = palette.colors()[index];
        unsigned char* shown = &shown_[i * 3];
        if (frames_ > 0 && shown[0] == rgb.r && shown[1] == rgb.g && shown[2] == rgb.b) {
          index = kTransparent;
        } else {
          shown[0] = rgb.r;
          shown[1] = rgb.g;
          shown[2] = rgb.b;
        }
      }
      out.push_back(static_cast<std::uint8_t>(index));
    }
  }
  return out;
}

void GifWriter::add(const RgbFrame& frame) {
  if (frames_ == 0) start(frame.width, frame.height);
  if (frame.width != width_ || frame.height != height_) {
    throw ExportError("frame size changed during the export (" + std::to_string(frame.width) + "x" +
                      std::to_string(frame.height) + ")");
  }
  Changes c = changes(frame);
  FramePalette palette(fixed_, c.rgb);
  std::array<Rgb, 256> colors{};
  std::copy(palette.colors().begin(), palette.colors().end(), colors.begin());
  const std::vector<std::uint8_t> box_indices = indices(frame, c, palette);
  encoder_->frame({c.left, c.top, c.right - c.left, c.bottom - c.top}, delay_centiseconds(),
                  kTransparent, colors, box_indices);
  flush();
  source_ = frame.rgb;
  ++frames_;
}

void GifWriter::finish() {
  if (file_ == nullptr) return;
  if (!encoder_) start(1, 1);  // no frame: an empty animation still reads as a GIF
  encoder_->finish();
  flush();
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0) throw ExportError("cannot finish " + path_ + ": " + std::strerror(errno));
}

}  // namespace stridescope
