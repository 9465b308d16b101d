// The command line of the window's GIF export (gif_export_command.h): the same in the desktop's
// child process and the page's frame of its own.
#include "ui/export/gif_export_command.h"

#include "core/format.h"

namespace stridescope {
namespace {

// The run options of `request` (a compare runs each variant on them).
void add_run_options(std::vector<std::string>& argv, const RunRequest& r) {
  argv.insert(argv.end(), {"--block", std::to_string(r.block), "--n", std::to_string(r.n), "--type",
                           std::string(name_of(r.element_type))});
  std::string input(name_of(r.input));
  if (r.input == InputPattern::Custom) {
    input.clear();
    for (double v : r.values) input += (input.empty() ? "" : ",") + value_text(v);
  }
  argv.insert(argv.end(), {"--input", input, "--seed", std::to_string(r.seed)});
}

}  // namespace

std::vector<std::string> gif_export_command(const AppContext& ctx, const std::string& program,
                                            const std::string& gif, const std::string& trace_file,
                                            int width, int height, float font_scale) {
  std::vector<std::string> argv = {program, "export"};
  if (ctx.lesson) {
    argv.insert(argv.end(), {"--lesson", std::string(name_of(ctx.lesson->id))});
  } else if (ctx.session.comparing()) {
    std::string variants;
    for (const CompareRun& run : ctx.session.compare_runs())
      variants += (variants.empty() ? "" : ",") + run.variant;
    argv.insert(argv.end(), {"--compare", variants});
    add_run_options(argv, ctx.request);
  } else {
    View view = ctx.shown_view == View::Compare ? View::Memory : ctx.shown_view;  // no compare
    argv.insert(argv.end(), {"--trace", trace_file, "--view", std::string(name_of(view))});
  }
  argv.insert(argv.end(), {"--size", std::to_string(width) + "x" + std::to_string(height),
                           "--font-scale", std::to_string(font_scale), "--out", gif});
  if (ctx.settings.presenter) argv.push_back("--presenter");
  if (ctx.settings.high_contrast) argv.push_back("--high-contrast");
  return argv;
}

}  // namespace stridescope
