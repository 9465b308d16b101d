// The built-in file browser: lists one folder (model/file_listing.h) in a modal window; what is
// typed in the path field is taken relative to that folder.
#include "ui/widgets/file_browser.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>

namespace stridescope {
namespace {

constexpr const char* kPopup = "##file_browser";

// Copies `refill` into the path field as it is edited (ImGui owns the buffer while it is active).
int refill_field(ImGuiInputTextCallbackData* data) {
  auto* refill = static_cast<std::optional<std::string>*>(data->UserData);
  if (!*refill) return 0;
  data->DeleteChars(0, data->BufTextLen);
  data->InsertChars(0, (*refill)->c_str());
  refill->reset();
  return 0;
}

bool key_pressed(ImGuiKey key) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

}  // namespace

void FileBrowser::open(BrowseRequest request) {
  request_ = std::move(request);
  go_to(request_.folder.empty() ? "." : request_.folder);
  std::snprintf(field_, sizeof field_, "%s", request_.name.c_str());
  refill_ = request_.name;
  open_ = just_opened_ = focus_field_ = true;
}

void FileBrowser::go_to(const std::string& folder) {
  listing_ = list_folder(folder, request_.extensions);
  selected_ = -1;
  message_.clear();
}

void FileBrowser::select(int index) {
  selected_ = index;
  refill_ = listing_.entries[index].name + (listing_.entries[index].folder ? "/" : "");
  std::snprintf(field_, sizeof field_, "%s", refill_->c_str());
}

void FileBrowser::move_selection(int by) {
  int count = static_cast<int>(listing_.entries.size());
  if (count == 0) return;
  select(std::clamp(selected_ < 0 ? (by > 0 ? 0 : count - 1) : selected_ + by, 0, count - 1));
}

// The path field's text (or a double-clicked entry) taken: a folder is entered, a file chosen.
std::optional<std::string> FileBrowser::accept(const std::string& typed) {
  namespace fs = std::filesystem;
  if (typed.empty()) return std::nullopt;
  std::string path = typed[0] == '/' ? typed : join_path(listing_.folder, typed);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    go_to(path);
    refill_ = "";
    field_[0] = '\0';
    return std::nullopt;
  }
  if (request_.mode == BrowseMode::Open && !fs::is_regular_file(path, ec)) {
    message_ = "no such file: " + path;
    return std::nullopt;
  }
  if (request_.mode == BrowseMode::Save && !request_.extensions.empty() &&
      !has_extension(path, request_.extensions)) {
    path += request_.extensions.front();  // "trace" saves as "trace.json"
  }
  if (request_.mode == BrowseMode::Save && !fs::is_directory(fs::path(path).parent_path(), ec)) {
    message_ = "no such folder: " + fs::path(path).parent_path().string();
    return std::nullopt;
  }
  open_ = false;
  return fs::path(path).lexically_normal().string();
}

void FileBrowser::draw_list(std::optional<std::string>& chosen) {
  float footer = ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("##entries", ImVec2(0, -footer), true);
  if (!listing_.error.empty()) ImGui::TextWrapped("%s", listing_.error.c_str());
  if (listing_.entries.empty() && listing_.error.empty()) ImGui::TextDisabled("(no files here)");
  for (int i = 0; i < static_cast<int>(listing_.entries.size()); ++i) {
    const ListedEntry& e = listing_.entries[i];
    std::string label = (e.folder ? "[dir] " : "      ") + e.name + "##" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), i == selected_, ImGuiSelectableFlags_AllowDoubleClick)) {
      select(i);
      if (ImGui::IsMouseDoubleClicked(0)) chosen = accept(e.name);
      focus_field_ = true;
    }
    if (i == selected_ && ImGui::IsItemVisible() == false) ImGui::SetScrollHereY(0.5f);
  }
  ImGui::EndChild();
}

std::optional<std::string> FileBrowser::draw() {
  if (!open_) return std::nullopt;
  if (just_opened_) {
    ImGui::OpenPopup(kPopup);
    just_opened_ = false;
  }
  ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(display.x * 0.8f, display.y * 0.8f), ImGuiCond_Always);
  ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  background.w = 1.0f;  // opaque: the canvas behind it would make the list hard to read
  ImGui::PushStyleColor(ImGuiCol_PopupBg, background);
  bool shown = ImGui::BeginPopupModal(kPopup, nullptr, ImGuiWindowFlags_NoTitleBar);
  ImGui::PopStyleColor();
  if (!shown) {
    open_ = false;
    return std::nullopt;
  }
  std::optional<std::string> chosen;
  ImGui::TextUnformatted(request_.title.c_str());
  if (ImGui::Button("Parent folder")) go_to(parent_folder(listing_.folder));
  ImGui::SameLine();
  ImGui::TextDisabled("%s", listing_.folder.c_str());
  if (key_pressed(ImGuiKey_UpArrow)) move_selection(-1);
  if (key_pressed(ImGuiKey_DownArrow)) move_selection(+1);
  if (key_pressed(ImGuiKey_Backspace) && field_[0] == '\0') go_to(parent_folder(listing_.folder));
  draw_list(chosen);
  if (!message_.empty()) {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", message_.c_str());
  } else {
    ImGui::TextDisabled("Enter: open  ↑/↓: choose  Backspace: up  Esc: cancel");
  }
  ImGui::SetNextItemWidth(-1);
  if (focus_field_) {
    ImGui::SetKeyboardFocusHere();
    focus_field_ = false;
  }
  bool entered =
      ImGui::InputText("##path", field_, sizeof field_,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackAlways,
                       refill_field, &refill_);
  if (entered) {
    chosen = accept(field_);
    focus_field_ = true;
  }
  if (ImGui::Button(request_.mode == BrowseMode::Open ? "Open" : "Save")) chosen = accept(field_);
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || key_pressed(ImGuiKey_Escape)) open_ = false;
  if (!open_) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return chosen;
}

}  // namespace stridescope
