// The desktop dialog (zenity/kdialog) as a child process: its command line, and a stand-in zenity
// on PATH answering while the caller keeps polling (as the frame loop does).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "ui/widgets/desktop_dialog.h"

namespace stridescope {
namespace {

BrowseRequest save_trace() {
  return {BrowseMode::Save, "Save the trace as (.json)", {".json"}, "/home/t", "run.json"};
}

TEST(DesktopDialog, CommandLinesForZenityAndKdialog) {
  EXPECT_EQ(
      desktop_dialog_command("/usr/bin/zenity", save_trace()),
      (std::vector<std::string>{"/usr/bin/zenity", "--file-selection",
                                "--title=Save the trace as (.json)", "--filename=/home/t/run.json",
                                "--file-filter=*.json", "--save", "--confirm-overwrite"}));
  BrowseRequest open{BrowseMode::Open, "Open", {".json", ".cu"}, "/home/t", ""};
  EXPECT_EQ(desktop_dialog_command("/usr/bin/kdialog", open),
            (std::vector<std::string>{"/usr/bin/kdialog", "--title", "Open", "--getopenfilename",
                                      "/home/t/", "*.json *.cu"}));
}

// A stand-in zenity that waits a little and prints a path (or fails: the user cancelled).
std::string fake_zenity(const std::string& name, const std::string& body) {
  std::string dir = (std::filesystem::path(STRIDESCOPE_TEST_TMP) / name).string();
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/zenity") << "#!/bin/sh\nsleep 0.3\n" << body << "\n";
  chmod((dir + "/zenity").c_str(), 0755);
  return dir;
}

std::optional<std::string> poll_until_closed(DesktopDialog& dialog) {
  for (int i = 0; i < 500; ++i) {
    if (std::optional<std::string> chosen = dialog.take()) return chosen;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return std::nullopt;
}

TEST(DesktopDialog, RunsBesideTheCallerAndHandsOverTheChosenPathOrNothing) {
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (fake_zenity("zenity_ok", "echo /tmp/chosen.cu") + ":" + path).c_str(), 1);
  EXPECT_NE(desktop_dialog_tool().find("zenity_ok/zenity"), std::string::npos);
  DesktopDialog dialog;
  ASSERT_TRUE(dialog.start(save_trace()));
  EXPECT_TRUE(dialog.running());
  EXPECT_FALSE(dialog.take());  // still open: the frame goes on
  EXPECT_EQ(poll_until_closed(dialog), std::optional<std::string>("/tmp/chosen.cu"));
  EXPECT_FALSE(dialog.running());
  setenv("PATH", (fake_zenity("zenity_cancel", "exit 1") + ":" + path).c_str(), 1);
  ASSERT_TRUE(dialog.start(save_trace()));
  EXPECT_EQ(poll_until_closed(dialog), std::optional<std::string>(""));  // cancelled
  setenv("PATH", "/nonexistent", 1);
  EXPECT_EQ(desktop_dialog_tool(), "");
  EXPECT_FALSE(dialog.start(save_trace()));
  setenv("PATH", path.c_str(), 1);
}

}  // namespace
}  // namespace stridescope
