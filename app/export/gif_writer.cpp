// The animated GIF, through giflib (Debian's libgif-dev).
#include "export/gif_writer.h"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

namespace stridescope {
namespace {

constexpr int kTransparent = 255;  // palette entries 0..254 are colours

std::string gif_error(int code) {
  const char* text = GifErrorString(code);
  return text ? text : "giflib error " + std::to_string(code);
}

}  // namespace

GifWriter::GifWriter(const std::string& path, int fps, std::vector<Rgb> fixed)
    : path_(path), fps_(fps), fixed_(std::move(fixed)) {
  // Opened here rather than by giflib, which would make the file readable by its owner only.
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw ExportError("cannot write " + path + ": " + std::strerror(errno));
  int error = 0;
  gif_ = EGifOpenFileHandle(fd, &error);  // closes fd when the file is closed
  if (gif_ == nullptr) {
    ::close(fd);
    throw ExportError("cannot write " + path + ": " + gif_error(error));
  }
}

GifWriter::~GifWriter() {
  if (gif_ != nullptr) {
    int ignored = 0;
    EGifCloseFile(gif_, &ignored);
  }
}

void GifWriter::check(int result, const char* what) {
  if (result != GIF_OK) {
    throw ExportError("cannot write " + path_ + " (" + what + "): " + gif_error(gif_->Error));
  }
}

void GifWriter::start(int width, int height) {
  width_ = width;
  height_ = height;
  EGifSetGifVersion(gif_, true);
  check(EGifPutScreenDesc(gif_, width, height, 8, 0, nullptr), "screen");
  // NETSCAPE2.0: loop for ever.
  static const unsigned char kLoop[3] = {1, 0, 0};
  check(EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE), "loop");
  check(EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0"), "loop");
  check(EGifPutExtensionBlock(gif_, 3, kLoop), "loop");
  check(EGifPutExtensionTrailer(gif_), "loop");
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

// The frame's delay, transparent index and local palette, then its box.
void GifWriter::put_header(const Changes& c, const FramePalette& palette) {
  std::vector<GifColorType> colors(256, GifColorType{0, 0, 0});
  for (std::size_t i = 0; i < palette.colors().size(); ++i) {
    const Rgb& rgb = palette.colors()[i];
    colors[i] = GifColorType{rgb.r, rgb.g, rgb.b};
  }
  ColorMapObject* map = GifMakeMapObject(256, colors.data());
  if (map == nullptr) throw ExportError("out of memory for a GIF palette");
  GraphicsControlBlock control{};
  control.DisposalMode = DISPOSE_DO_NOT;
  control.UserInputFlag = false;
  control.DelayTime = delay_centiseconds();
  control.TransparentColor = kTransparent;
  GifByteType extension[4];
  std::size_t length = EGifGCBToExtension(&control, extension);
  int result = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension);
  if (result == GIF_OK) {
    result = EGifPutImageDesc(gif_, c.left, c.top, c.right - c.left, c.bottom - c.top, false, map);
  }
  GifFreeMapObject(map);
  check(result, "frame");
}

// The box's pixels: a changed pixel's nearest colour, unless a decoder shows it already.
void GifWriter::put_pixels(const RgbFrame& frame, const Changes& c, FramePalette& palette) {
  std::vector<GifPixelType> line(c.right - c.left);
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
      line[x - c.left] = static_cast<GifPixelType>(index);
    }
    check(EGifPutLine(gif_, line.data(), static_cast<int>(line.size())), "pixels");
  }
}

void GifWriter::add(const RgbFrame& frame) {
  if (frames_ == 0) start(frame.width, frame.height);
  if (frame.width != width_ || frame.height != height_) {
    throw ExportError("frame size changed during the export (" + std::to_string(frame.width) + "x" +
                      std::to_string(frame.height) + ")");
  }
  Changes c = changes(frame);
  FramePalette palette(fixed_, c.rgb);
  put_header(c, palette);
  put_pixels(frame, c, palette);
  source_ = frame.rgb;
  ++frames_;
}

void GifWriter::finish() {
  if (gif_ == nullptr) return;
  int error = 0;
  int result = EGifCloseFile(gif_, &error);
  gif_ = nullptr;
  if (result != GIF_OK) throw ExportError("cannot finish " + path_ + ": " + gif_error(error));
}

}  // namespace stridescope
