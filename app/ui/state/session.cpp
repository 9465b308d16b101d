// The GUI's session: makes, opens and saves traces, and keeps the canvas models of the step shown.
#include "ui/state/session.h"

#include "core/browser.h"

#include "model/diff_text.h"

#include <algorithm>

#include "catalog/emu/run_variant.h"
#include "trace/trace_json.h"

namespace stridescope {

void Session::set_device(std::string name, std::function<Trace(const RunRequest&)> tracer) {
  device_name_ = std::move(name);
  device_tracer_ = std::move(tracer);
  use_device_ = use_device_ && device_tracer_ != nullptr;
}

bool Session::run(const RunRequest& request) {
  try {
    if (use_device_) {
      try {
        adopt(device_tracer_(request), "traced live on " + device_name_);
        return true;
      } catch (const RunError&) {
        throw;
      } catch (const std::exception& e) {
        adopt(run_on_emulator(request), std::string("CUDA failed (") + e.what() +
                                            "); showing the CPU emulator's trace instead");
        return true;
      }
    }
    adopt(run_on_emulator(request), "traced on the CPU emulator");
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

bool Session::run_compare(const RunRequest& request, const std::vector<std::string>& variants) {
  try {
    std::vector<CompareRun> runs;
    std::vector<std::vector<StepLabel>> labels;
    for (const std::string& variant : variants) {
      RunRequest r = request;
      r.variant = variant;
      auto model = std::make_shared<const TraceModel>(run_on_emulator(r));
      labels.push_back(model->step_labels());
      runs.push_back({variant, std::move(model)});
    }
    rows_ = align_steps(labels);
    compare_ = std::move(runs);
    adopt_model(compare_.front().model,
                "comparing " + std::to_string(compare_.size()) + " runs on the CPU emulator",
                rows_.size());
    compare_note_.clear();
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

bool Session::compare_traces(std::vector<std::pair<std::string, Trace>> traces) {
  try {
    if (traces.size() < 2 || traces.size() > 4)
      throw std::runtime_error("compare 2 to 4 traces, not " + std::to_string(traces.size()));
    const DifferenceNote note =
        difference_note(traces[0].second, traces[1].second, traces[0].first, traces[1].first);
    std::vector<CompareRun> runs;
    std::vector<std::vector<StepLabel>> labels;
    for (auto& [label, trace] : traces) {
      auto model = std::make_shared<const TraceModel>(std::move(trace));
      labels.push_back(model->step_labels());
      runs.push_back({label, std::move(model)});
    }
    rows_ = align_steps(labels);
    compare_ = std::move(runs);
    adopt_model(compare_.front().model,
                "comparing " + compare_[0].variant + " | " + compare_[1].variant, rows_.size());
    compare_note_ = note.text;
    // The playback starts at the row where the first trace shows the first difference.
    for (std::size_t r = 0; r < rows_.size(); ++r)
      if (rows_[r].front().step == note.step) {
        playback_.reset(rows_.size(), r);
        begin_frame();
        break;
      }
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

const std::vector<AlignedStep>& Session::compare_row() const {
  static const std::vector<AlignedStep> none;
  if (compare_.empty() || shown_position_ >= rows_.size()) return none;
  return rows_[shown_position_];
}

bool Session::open(const std::string& path) {
  try {
    Trace trace = load_trace(path);
    std::string origin = trace.run.backend == Backend::Emulator ? "CPU emulator" : trace.run.device;
    adopt(std::move(trace), "opened " + shown_path(path) + " (recorded on " + origin + ")");
    return true;
  } catch (const std::exception& e) {
    error_ = with_shown_path(e.what(), path);
    return false;
  }
}

void Session::show(Trace trace, std::string notice, std::size_t step) {
  adopt(std::move(trace), std::move(notice));
  std::size_t steps = playback_.step_count();
  playback_.reset(steps, steps == 0 ? 0 : std::min(step, steps - 1));  // no transition
  begin_frame();
}

bool Session::save(const std::string& path) {
  if (!model_) return false;
  try {
    save_trace(model_->trace(), path);
    notice_ = saved_text(path);
    error_.clear();
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

void Session::adopt(Trace trace, std::string notice) {
  compare_.clear();
  rows_.clear();
  compare_note_.clear();
  auto model = std::make_shared<const TraceModel>(std::move(trace));
  std::size_t steps = model->step_count();
  adopt_model(std::move(model), std::move(notice), steps);
}

void Session::adopt_model(std::shared_ptr<const TraceModel> model, std::string notice,
                          std::size_t positions) {
  model_ = std::move(model);
  error_.clear();
  notice_ = std::move(notice);
  playback_.reset(positions, 0);
  ++generation_;
  begin_frame();
}

void Session::begin_frame() {
  if (!model_) return;
  shown_position_ = playback_.step();
  shown_step_ = rows_.empty() ? shown_position_ : rows_.at(shown_position_).front().step;
  if (shown_step_ == cached_step_ && generation_ == cached_generation_) return;
  facts_ = model_->facts(shown_step_);
  const bool one_forward = generation_ == cached_generation_ && cached_step_ != SIZE_MAX &&
                           shown_step_ == cached_step_ + 1;
  if (one_forward) {
    previous_ = std::move(current_);  // playing: the step shown until now is the one before
  } else if (shown_step_ > 0) {
    previous_ = canvas_model(*model_, shown_step_ - 1);
  }
  current_ = canvas_model(*model_, shown_step_, facts_);
  cached_step_ = shown_step_;
  cached_generation_ = generation_;
}

}  // namespace stridescope
