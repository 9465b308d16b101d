// How a user's program is stopped when it must be, each time with one line in the raw record that
// `stridescope run` prints: a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) named with the thread, the
// block and the launch that made it (the parent names the line from the faulting address); a stack
// overflow; an uncaught C++ exception; the time limit, with how far the program got. The record
// of a program that ends normally is written at exit.
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <thread>

#include "program.h"
#include "simt/stacks.h"
#include "worker.h"

namespace stridescope_rt {
namespace {

const char* signal_words(int sig) {
  switch (sig) {
    case SIGSEGV:
    case SIGBUS:
      return "a segmentation fault (an access outside any allocation: an index past the end of "
             "an array, or a host pointer used in a kernel?)";
    case SIGFPE:
      return "an arithmetic fault (an integer division by zero?)";
    case SIGILL:
      return "an illegal instruction";
    default:
      return "a fatal signal";
  }
}

void on_fault(int sig, siginfo_t* info, void* context) {
  const auto pc = std::uintptr_t(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]) + 1;
  Program& program = Program::get();
  std::string who;
  Worker* w = Worker::current();
  if (w != nullptr && w->in_kernel())
    who =
        " in " + w->who(w->running_thread()) + " of launch " + std::to_string(program.launch_index);
  if ((sig == SIGSEGV || sig == SIGBUS) && stridescope::simt::is_stack_guard(info->si_addr))
    program.fail("the program overflowed a thread's stack (128 KiB)" + who +
                     " (a recursion too deep, or too large local arrays?)",
                 pc);
  program.fail(std::string("the program died of ") + signal_words(sig) + who, pc);
}

void on_terminate() {
  std::string what = "an uncaught C++ exception";
  if (std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      what += std::string(": ") + x.what();
    } catch (...) {
    }
  }
  Program::get().fail("the program stopped with " + what);
}

// Ends the program at its time limit, saying how far it got.
void watch(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  Program& program = Program::get();
  char limit[32];
  std::snprintf(limit, sizeof limit, "%g", seconds);
  program.fail("the program ran past its " + std::string(limit) + " s time limit " +
               program.where_now() + " (raise it with --time-limit)");
}

// Installed before main(): fault handlers on a stack of their own (a fiber's stack may be the
// one that overflowed), the record written at exit, the time limit's watch.
struct Setup {
  Setup() {
    stridescope::simt::prepare_alternate_stack();
    struct sigaction sa {};
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) sigaction(sig, &sa, nullptr);
    std::set_terminate(on_terminate);
    Program& program = Program::get();
    std::atexit([] { Program::get().write_record(); });
    if (program.config.time_limit_s > 0) std::thread(watch, program.config.time_limit_s).detach();
  }
} setup;

}  // namespace
}  // namespace stridescope_rt
