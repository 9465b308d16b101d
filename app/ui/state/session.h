// The GUI's session: the trace on screen (as its model), the backend that makes new ones, the
// playback clock, and the canvas models of the step shown and the one before.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog/request.h"
#include "model/step_alignment.h"
#include "model/trace_model.h"
#include "ui/canvas/canvas_model.h"
#include "ui/state/playback.h"

namespace stridescope {

// One run of a compare: the variant and its model (each pane reads its own).
struct CompareRun {
  std::string variant;
  std::shared_ptr<const TraceModel> model;
};

class Session {
 public:
  // Runs the request on the chosen backend; on failure keeps the old trace and returns false. A
  // CUDA failure falls back to the emulator with a visible notice.
  bool run(const RunRequest& request);
  // Offers a CUDA device (an empty name: none) and picks the backend of the next runs.
  void set_device(std::string name, std::function<Trace(const RunRequest&)> tracer);
  void use_device(bool on) { use_device_ = on && device_tracer_ != nullptr; }
  bool using_device() const { return use_device_; }
  const std::string& device_name() const { return device_name_; }
  // Runs the request once per variant (2 to 4, on the emulator) and step-locks them
  // (model/step_alignment.h): the playback walks the aligned rows, the other panels show the
  // first run. On failure keeps what was shown and returns false. run() and open() end a compare.
  bool run_compare(const RunRequest& request, const std::vector<std::string>& variants);
  // Shows 2 to 4 traces of one program side by side, step-locked (the emulator's and the GPU's,
  // two schedules, two edits), each titled by its label; the first difference between the first
  // two (analysis/trace_diff.h) is compare_note(), and the playback starts at its step.
  bool compare_traces(std::vector<std::pair<std::string, Trace>> runs);
  const std::string& compare_note() const { return compare_note_; }
  bool comparing() const { return !compare_.empty(); }
  const std::vector<CompareRun>& compare_runs() const { return compare_; }
  // The shown row's step of each run (empty outside a compare).
  const std::vector<AlignedStep>& compare_row() const;
  bool open(const std::string& path);  // a trace file; on failure keeps the old trace
  void refuse(std::string why) { error_ = std::move(why); }  // a file that cannot be opened
  // Shows a trace made elsewhere (a program traced in the background), at `step` (clamped).
  void show(Trace trace, std::string notice, std::size_t step);
  bool save(const std::string& path);

  bool has_trace() const { return model_ != nullptr; }
  const TraceModel& model() const { return *model_; }
  const Trace& trace() const { return model_->trace(); }
  std::size_t generation() const { return generation_; }  // changes with every new trace
  const std::string& error() const { return error_; }
  const std::string& notice() const { return notice_; }

  Playback& playback() { return playback_; }
  const Playback& playback() const { return playback_; }

  // The step every panel shows this frame: the playback's step when the frame began (so that a
  // panel moving the playback mid-frame does not split the frame between two steps).
  void begin_frame();
  std::size_t shown_step() const { return shown_step_; }
  // The playback's position this frame: the step, or in a compare the aligned row.
  std::size_t shown_position() const { return shown_position_; }
  // The facts and canvas models of the step shown and the one before (kept until it changes).
  const StepFacts& facts() const { return facts_; }
  const CanvasModel& current_model() const { return current_; }
  const CanvasModel* previous_model() const { return shown_step_ > 0 ? &previous_ : nullptr; }

 private:
  void adopt(Trace trace, std::string notice);
  void adopt_model(std::shared_ptr<const TraceModel> model, std::string notice,
                   std::size_t positions);
  std::shared_ptr<const TraceModel> model_;
  std::vector<CompareRun> compare_;
  std::string compare_note_;
  AlignedRows rows_;
  std::string device_name_;
  std::function<Trace(const RunRequest&)> device_tracer_;
  bool use_device_ = false;
  std::string error_, notice_;
  Playback playback_;
  std::size_t shown_step_ = 0, shown_position_ = 0, cached_step_ = SIZE_MAX,
              cached_generation_ = SIZE_MAX;
  StepFacts facts_;
  CanvasModel current_, previous_;
  std::size_t generation_ = 0;
};

}  // namespace stridescope
