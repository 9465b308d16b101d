// The Run panel's "Trace on the GPU" checkbox (see gpu_trace_choice.h).
#include "ui/panels/gpu_trace_choice.h"

#include <imgui.h>

namespace stridescope {

bool choose_gpu_trace(const std::string& device_name, ProgramChoice& choice) {
  if (device_name.empty() || !choice.exercise.empty()) {  // an exercise runs its harness here
    choice.on_gpu = false;
    return false;
  }
  ImGui::Checkbox("Trace on the GPU", &choice.on_gpu);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "build the program with nvcc and record the traced block on %s itself (its own order "
        "of threads; no shuffle values); compare with the emulator: stridescope diff",
        device_name.c_str());
  return choice.on_gpu;
}

std::string where_traced(const ProgramChoice& choice, const std::string& device_name) {
  return choice.on_gpu ? "traced on the GPU (" + device_name + ")" : "traced on the CPU emulator";
}

}  // namespace stridescope
