// The GUI's "Save PNG" request and its outcome, shared by the Run panel and the capture.
#include "ui/export/export_png_request.h"

namespace stridescope {
namespace {

struct PngRequest {
  std::optional<std::string> pending;
  std::string status;
  bool ok = true;
  bool saving = false;
};

PngRequest& request() {
  static PngRequest r;
  return r;
}

}  // namespace

std::string view_png_name(const std::string& variant, std::size_t step) {
  return "stridescope-" + variant + "-step" + std::to_string(step) + ".png";
}

void request_view_png(const std::string& path) {
  request().pending = path;
}

std::optional<std::string> take_view_png_request() {
  std::optional<std::string> path = std::move(request().pending);
  request().pending.reset();
  if (path) request().saving = true;
  return path;
}

void set_view_png_status(const std::string& status, bool ok) {
  request().status = status;
  request().ok = ok;
  request().saving = false;
}

bool view_png_saving() {
  return request().saving;
}

const std::string& view_png_status() {
  return request().status;
}

bool view_png_ok() {
  return request().ok;
}

}  // namespace stridescope
