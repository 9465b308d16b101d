// Keys as the window system sends them: every press is queued between frames and turned into a
// command, so that a press and its release inside one frame (a presentation clicker, a touch
// screen, VNC) still count. Pure: no GLFW or ImGui calls; tests feed it synthetic events.
#pragma once

#include <optional>
#include <vector>

#include "ui/state/playback.h"

namespace stridescope {

enum class KeyAction { Press, Repeat, Release };  // GLFW_PRESS, GLFW_REPEAT, GLFW_RELEASE

// `key` is a GLFW key code (GLFW_KEY_RIGHT, ...), `mods` GLFW's modifier bits.
struct KeyEvent {
  int key = 0;
  KeyAction action = KeyAction::Press;
  int mods = 0;
};

enum class KeyCommand {
  TogglePlay,
  Next,
  Previous,
  First,
  Last,
  TogglePresenter,
  ResetLayout,
  OpenFile,
  ToggleQuiz,  // Q: predict the next step
  Reveal,      // Enter: the quiz reveals (or asks for the next step)
};

// What one event asks for: a press of a command key (→ or PageDown: next; ← or PageUp: previous;
// Home, End, Space, F: presenter view, L: reset layout, Q: quiz, Enter: reveal, Ctrl+O: open a
// file); the stepping keys also on the system's key repeat; nothing for releases, other keys, or
// (but Ctrl+O) with Ctrl, Alt or Super held.
std::optional<KeyCommand> command_for(const KeyEvent& event);

class KeyQueue {
 public:
  void push(const KeyEvent& event) { events_.push_back(event); }
  // The commands of the events queued since the last call, in order; empties the queue.
  std::vector<KeyCommand> take_commands();

 private:
  std::vector<KeyEvent> events_;
};

// Carries out a stepping command (play, next, previous, first, last) on `play`; false for others.
bool play_command(KeyCommand command, Playback& play);

// A key's GLFW code from its name as the test hook writes it ("Right", "PageDown", "F", ...);
// 0 for an unknown name.
int key_from_name(const char* name);

}  // namespace stridescope
