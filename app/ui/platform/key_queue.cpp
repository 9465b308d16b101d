// Key events to commands (ui/platform/key_queue.h).
#define GLFW_INCLUDE_NONE
#include "ui/platform/key_queue.h"

#include <GLFW/glfw3.h>

#include <string_view>

namespace stridescope {

std::optional<KeyCommand> command_for(const KeyEvent& event) {
  if (event.action == KeyAction::Release) return std::nullopt;
  if (event.key == GLFW_KEY_O && event.action == KeyAction::Press &&
      (event.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) == GLFW_MOD_CONTROL)
    return KeyCommand::OpenFile;
  if (event.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) return std::nullopt;
  bool repeat = event.action == KeyAction::Repeat;
  switch (event.key) {
    case GLFW_KEY_RIGHT:
    case GLFW_KEY_PAGE_DOWN:  // what a presentation clicker sends for "next"
      return KeyCommand::Next;
    case GLFW_KEY_LEFT:
    case GLFW_KEY_PAGE_UP:
      return KeyCommand::Previous;
    default:
      break;
  }
  if (repeat) return std::nullopt;  // held toggles do not flicker
  switch (event.key) {
    case GLFW_KEY_SPACE:
      return KeyCommand::TogglePlay;
    case GLFW_KEY_HOME:
      return KeyCommand::First;
    case GLFW_KEY_END:
      return KeyCommand::Last;
    case GLFW_KEY_F:
      return KeyCommand::TogglePresenter;
    case GLFW_KEY_L:
      return KeyCommand::ResetLayout;
    case GLFW_KEY_Q:
      return KeyCommand::ToggleQuiz;
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
      return KeyCommand::Reveal;
    default:
      return std::nullopt;
  }
}

std::vector<KeyCommand> KeyQueue::take_commands() {
  std::vector<KeyCommand> commands;
  for (const KeyEvent& event : events_) {
    if (std::optional<KeyCommand> command = command_for(event)) commands.push_back(*command);
  }
  events_.clear();
  return commands;
}

bool play_command(KeyCommand command, Playback& play) {
  switch (command) {
    case KeyCommand::TogglePlay:
      play.toggle_play();
      return true;
    case KeyCommand::Next:
      play.next();
      return true;
    case KeyCommand::Previous:
      play.previous();
      return true;
    case KeyCommand::First:
      play.first();
      return true;
    case KeyCommand::Last:
      play.last();
      return true;
    case KeyCommand::TogglePresenter:
    case KeyCommand::ResetLayout:
    case KeyCommand::OpenFile:
    case KeyCommand::ToggleQuiz:
    case KeyCommand::Reveal:
      break;
  }
  return false;
}

int key_from_name(const char* name) {
  struct Named {
    std::string_view name;
    int key;
  };
  static constexpr Named kNames[] = {{"Right", GLFW_KEY_RIGHT},
                                     {"Left", GLFW_KEY_LEFT},
                                     {"PageUp", GLFW_KEY_PAGE_UP},
                                     {"PageDown", GLFW_KEY_PAGE_DOWN},
                                     {"Home", GLFW_KEY_HOME},
                                     {"End", GLFW_KEY_END},
                                     {"Space", GLFW_KEY_SPACE},
                                     {"F", GLFW_KEY_F},
                                     {"L", GLFW_KEY_L},
                                     {"Q", GLFW_KEY_Q},
                                     {"O", GLFW_KEY_O},
                                     {"Up", GLFW_KEY_UP},
                                     {"Down", GLFW_KEY_DOWN},
                                     {"Escape", GLFW_KEY_ESCAPE},
                                     {"Enter", GLFW_KEY_ENTER}};
  for (const Named& n : kNames) {
    if (n.name == name) return n.key;
  }
  return 0;
}

}  // namespace stridescope
