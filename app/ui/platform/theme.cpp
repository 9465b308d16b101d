// Themes and fonts: colours picked to stay distinct on a washed-out projector.
#include "ui/platform/theme.h"

#include <filesystem>

namespace stridescope {
namespace {

constexpr float kBaseFontPixels = 18.0f;

ImVec4 rgb(int r, int g, int b) {
  return ImVec4(r / 255.0f, g / 255.0f, b / 255.0f, 1.0f);
}
// The timing chart's colours, the same in both themes.
const ImVec4 kTimingCopy = rgb(200, 200, 200), kTimingCub = rgb(118, 185, 0);
const ImVec4 kTiming0 = rgb(255, 99, 71), kTiming1 = rgb(255, 184, 51),
             kTiming2 = rgb(84, 153, 250), kTiming3 = rgb(200, 120, 255),
             kTiming4 = rgb(0, 210, 210);
// The Timing tab's families, whiskers and unstable mark, the same in both themes.
const Palette::TimingFamilies kTimingFamilies{
    rgb(220, 50, 50),   rgb(255, 232, 110),  // Harris: red to yellow
    rgb(40, 140, 255),  rgb(130, 225, 255),  // tuned and shuffles: blue to cyan
    rgb(150, 100, 255), rgb(255, 130, 210),  // the others: violet to pink
    rgb(245, 245, 245), rgb(255, 0, 255)};   // whiskers; unstable mark: magenta, no curve's

const char* find_font(const char* const* candidates) {
  for (const char* const* c = candidates; *c; ++c) {
    if (std::filesystem::exists(*c)) return *c;
  }
  return nullptr;
}

// The two themes: normal, and high contrast for projectors.
const Palette kNormal{{0.09f, 0.10f, 0.12f, 1},
                      {0.24f, 0.27f, 0.32f, 1},
                      {0.33f, 0.60f, 0.98f, 1},
                      {1.00f, 0.72f, 0.20f, 1},
                      {0.35f, 0.92f, 0.45f, 1},
                      {0.22f, 0.22f, 0.24f, 1},
                      {1.00f, 0.22f, 0.22f, 1},
                      {0.95f, 0.95f, 0.95f, 0.80f},
                      {1.00f, 1.00f, 1.00f, 1},
                      {0.05f, 0.05f, 0.07f, 1},
                      {0.92f, 0.93f, 0.95f, 1},
                      {0.60f, 0.63f, 0.68f, 1},
                      {0.45f, 0.90f, 0.50f, 1},
                      {1.00f, 0.62f, 0.20f, 1},
                      {0.50f, 0.52f, 0.56f, 1},
                      {0.55f, 0.45f, 0.05f, 1},
                      {0.20f, 0.26f, 0.38f, 1},
                      {1.00f, 0.35f, 0.35f, 1},
                      {1.00f, 0.30f, 0.85f, 1},
                      {0.20f, 0.90f, 1.00f, 1},
                      {0.75f, 0.55f, 1.00f, 1},
                      {1.00f, 0.45f, 0.05f, 1},
                      {1.00f, 1.00f, 0.25f, 1},
                      {1.00f, 0.25f, 0.25f, 1},
                      kTimingCopy,
                      kTimingCub,
                      {kTiming0, kTiming1, kTiming2, kTiming3, kTiming4},
                      kTimingFamilies,
                      {0.95f, 0.95f, 1.00f, 1},
                      {0.15f, 0.95f, 0.30f, 1},
                      {1.00f, 0.20f, 0.20f, 1},
                      {1.00f, 1.00f, 1.00f, 1}};
const Palette kContrast{{0.00f, 0.00f, 0.00f, 1},
                        {0.22f, 0.22f, 0.22f, 1},
                        {0.20f, 0.65f, 1.00f, 1},
                        {1.00f, 0.85f, 0.00f, 1},
                        {0.00f, 1.00f, 0.30f, 1},
                        {0.34f, 0.34f, 0.34f, 1},
                        {1.00f, 0.00f, 0.20f, 1},
                        {1.00f, 1.00f, 1.00f, 0.95f},
                        {1.00f, 1.00f, 1.00f, 1},
                        {0.00f, 0.00f, 0.00f, 1},
                        {1.00f, 1.00f, 1.00f, 1},
                        {0.85f, 0.85f, 0.85f, 1},
                        {0.00f, 1.00f, 0.30f, 1},
                        {1.00f, 0.55f, 0.00f, 1},
                        {0.65f, 0.65f, 0.65f, 1},
                        {0.60f, 0.50f, 0.00f, 1},
                        {0.10f, 0.20f, 0.45f, 1},
                        {1.00f, 0.25f, 0.25f, 1},
                        {1.00f, 0.20f, 1.00f, 1},
                        {0.00f, 1.00f, 1.00f, 1},
                        {0.80f, 0.60f, 1.00f, 1},
                        {1.00f, 0.50f, 0.00f, 1},
                        {1.00f, 1.00f, 0.00f, 1},
                        {1.00f, 0.10f, 0.10f, 1},
                        kTimingCopy,
                        kTimingCub,
                        {kTiming0, kTiming1, kTiming2, kTiming3, kTiming4},
                        kTimingFamilies,
                        {1.00f, 1.00f, 1.00f, 1},
                        {0.00f, 1.00f, 0.30f, 1},
                        {1.00f, 0.10f, 0.10f, 1},
                        {1.00f, 1.00f, 1.00f, 1}};

}  // namespace

const Palette& palette(bool high_contrast) {
  return high_contrast ? kContrast : kNormal;
}

void apply_style(bool high_contrast, float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 4;
  style.FrameRounding = 3;
  style.WindowPadding = ImVec2(10, 8);
  style.ItemSpacing = ImVec2(8, 6);
  if (high_contrast) {
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.8f, 0.8f, 0.8f, 1);
    c[ImGuiCol_Border] = ImVec4(1, 1, 1, 0.8f);
    c[ImGuiCol_TitleBg] = ImVec4(0.1f, 0.1f, 0.1f, 1);
    c[ImGuiCol_TitleBgActive] = ImVec4(0.0f, 0.25f, 0.6f, 1);
    c[ImGuiCol_FrameBg] = ImVec4(0.15f, 0.15f, 0.15f, 1);
    c[ImGuiCol_Button] = ImVec4(0.0f, 0.30f, 0.75f, 1);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.1f, 0.45f, 0.95f, 1);
    c[ImGuiCol_SliderGrab] = ImVec4(1, 0.85f, 0, 1);
    c[ImGuiCol_CheckMark] = ImVec4(1, 0.85f, 0, 1);
    style.WindowBorderSize = 2;
    style.FrameBorderSize = 1;
  }
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

Fonts load_fonts(float scale) {
  static const char* const kSans[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", nullptr};
  static const char* const kMono[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                      nullptr};
  static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190,
                                    0x21FF, 0x25A0, 0x25FF, 0};
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts fonts;
  float pixels = kBaseFontPixels * scale;
  const char* sans = find_font(kSans);
  const char* mono = find_font(kMono);
  if (sans != nullptr) fonts.ui = io.Fonts->AddFontFromFileTTF(sans, pixels, nullptr, kRanges);
  if (fonts.ui == nullptr) {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    fonts.ui = io.Fonts->AddFontDefault(&config);
  }
  if (mono != nullptr) fonts.mono = io.Fonts->AddFontFromFileTTF(mono, pixels, nullptr, kRanges);
  if (fonts.mono == nullptr) fonts.mono = fonts.ui;
  io.Fonts->Build();
  return fonts;
}

}  // namespace stridescope
