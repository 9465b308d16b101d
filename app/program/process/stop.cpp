// The stop request and the running guards (see stop.h).
#include "program/process/stop.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <mutex>
#include <set>
#include <thread>

namespace stridescope {

namespace {

std::atomic<int> noted_signal{0};
std::atomic<bool> closing{false};  // stop_all_children: the window closes

// Never destroyed: a worker thread may still leave its guard while the window's exit runs the
// static destructors.
std::mutex& guards_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::set<pid_t>& guards() {
  static auto* running = new std::set<pid_t>;
  return *running;
}

void on_stop_signal(int signal) {
  if (noted_signal.load() != 0) _exit(128 + signal);  // the second: at once
  note_stop_signal(signal);
}

std::string stop_text(int signal) {
  return "stopped by " + signal_name(signal) +
         " (the program it was running and everything that program started were ended, and its "
         "temporary files removed)";
}

}  // namespace

std::string signal_name(int signal) {
  const char* name = sigabbrev_np(signal);
  return name ? std::string("SIG") + name : "signal " + std::to_string(signal);
}

Interrupted::Interrupted(int signal) : std::runtime_error(stop_text(signal)), signal_(signal) {}

void stop_on_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal, &action, nullptr);
}

int stop_signal() {
  return noted_signal.load();
}

int stop_request() {
  if (const int signal = noted_signal.load(); signal != 0) return signal;
  return closing.load() ? SIGTERM : 0;
}

void note_stop_signal(int signal) {
  noted_signal.store(signal);
}

void register_guard(pid_t guard) {
  const std::lock_guard<std::mutex> lock(guards_mutex());
  guards().insert(guard);
}

void unregister_guard(pid_t guard) {
  const std::lock_guard<std::mutex> lock(guards_mutex());
  guards().erase(guard);
}

void stop_all_children(double seconds) {
  closing.store(true);  // waits that start from now stop at once
  {
    const std::lock_guard<std::mutex> lock(guards_mutex());
    for (pid_t g : guards()) kill(g, SIGTERM);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    {
      const std::lock_guard<std::mutex> lock(guards_mutex());
      if (guards().empty()) return;
      if (std::chrono::steady_clock::now() > deadline) {
        for (pid_t g : guards()) {
          kill(-g, SIGKILL);
          kill(g, SIGKILL);
        }
        return;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace stridescope
