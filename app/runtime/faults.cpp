// How a user's program is stopped when it must be, each time with one line in the raw record that
// `stridescope run` prints: a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) named with the thread, the
// block and the launch that made it (the parent names the line from the faulting address); a stack
// overflow, named with the thread whose guard page was hit and the user's line it happened under;
// an uncaught C++ exception; the time limit, with how far the program got. The record of a program
// that ends normally is written at exit.
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <thread>

#include "program.h"
#include "self_symbols.h"
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

// Whether `ret` is the return address of a call of a coverage callback in the user's code.
bool returns_from_callback(std::uintptr_t ret) {
  const FunctionSymbol* caller = function_at(ret - 1);
  if (caller == nullptr || caller->runtime || ret - 5 < caller->begin) return false;
  const auto* call = reinterpret_cast<const unsigned char*>(ret - 5);
  std::int32_t displacement;
  std::memcpy(&displacement, call + 1, sizeof displacement);
  const FunctionSymbol* callee = function_at(ret + std::uintptr_t(std::intptr_t(displacement)));
  return call[0] == 0xe8 && callee != nullptr && callee->name.rfind("__sanitizer_cov_", 0) == 0;
}

// The place a stack overflow is blamed on: the faulting instruction where it is the user's code,
// else the user's call of the coverage callback it happened in (in the callback itself, or in the
// switch to another thread the callback made), found on the thread's stack [low, high).
std::uintptr_t blamed_pc(const ucontext_t* context, std::uintptr_t low, std::uintptr_t high) {
  const auto rip = std::uintptr_t(context->uc_mcontext.gregs[REG_RIP]);
  const FunctionSymbol* f = function_at(rip);
  if (f != nullptr && !f->runtime) return rip + 1;
  const std::uintptr_t sp = std::max(std::uintptr_t(context->uc_mcontext.gregs[REG_RSP]), low);
  for (std::uintptr_t at = (sp + 7) / 8 * 8; at + 8 <= std::min(high, sp + 8192); at += 8) {
    const std::uintptr_t word = *reinterpret_cast<const std::uintptr_t*>(at);
    if (returns_from_callback(word)) return word;
  }
  return rip + 1;
}

// A fiber's stack is full: the thread is the one whose guard page was touched (the running one may
// already be the next: a switch saves registers on the stack it leaves).
[[noreturn]] void stack_overflow(const siginfo_t* info, const ucontext_t* context) {
  Worker* w = Worker::current();
  long thread = w != nullptr ? w->thread_of_guard(info->si_addr) : -1;
  if (thread < 0) {
    const auto rip = std::uintptr_t(context->uc_mcontext.gregs[REG_RIP]);
    Program::get().fail(stack_overflow_text("a thread"), rip + 1);
  }
  const auto low = reinterpret_cast<std::uintptr_t>(w->stack_low(unsigned(thread)));
  Program::get().fail(stack_overflow_text(w->who(unsigned(thread))),
                      blamed_pc(context, low, low + w->stack_bytes()));
}

// Host code touched a cudaMalloc buffer's data: on a GPU a segmentation fault too.
[[noreturn]] void host_touched_device(const BufferSpan& b, std::uintptr_t address, bool write,
                                      std::uintptr_t pc) {
  const std::string name = b.name.empty() ? "a cudaMalloc buffer" : b.name;
  std::string what = name;
  if (b.element_size > 0 && !b.name.empty())
    what += "[" + std::to_string((address - b.begin) / b.element_size) + "]";
  Program::get().fail("the program's host code " + std::string(write ? "wrote " : "read ") + what +
                          ", device memory from cudaMalloc (on a GPU a segmentation fault: host "
                          "code copies it with cudaMemcpy instead)",
                      pc);
}

void on_fault(int sig, siginfo_t* info, void* raw_context) {
  const auto* context = static_cast<const ucontext_t*>(raw_context);
  const auto pc = std::uintptr_t(context->uc_mcontext.gregs[REG_RIP]) + 1;
  Program& program = Program::get();
  std::string who;
  Worker* w = Worker::current();
  BufferSpan held;
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  if (sig == SIGSEGV && (w == nullptr || !w->in_kernel()) && buffer_holding(address, held) &&
      address >= held.begin && address < held.end)
    host_touched_device(held, address, (context->uc_mcontext.gregs[REG_ERR] & 2) != 0, pc);
  if (w != nullptr && w->in_kernel())
    who =
        " in " + w->who(w->running_thread()) + " of launch " + std::to_string(program.launch_index);
  if ((sig == SIGSEGV || sig == SIGBUS) && stridescope::simt::is_stack_guard(info->si_addr))
    stack_overflow(info, context);
  program.fail(std::string("the program died of ") + signal_words(sig) + who, pc);
}

// An exception's message, quoted, on one line: "bad\nthing" (a message cannot forge a line).
std::string quoted(const char* text) {
  std::string out = "\"";
  for (const char* c = text; *c != '\0'; ++c) {
    if (*c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(*c) < 0x20 || *c == 0x7f || *c == '"') {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(*c));
      out += escaped;
    } else {
      out += *c;
    }
  }
  return out + "\"";
}

void on_terminate() {
  std::string what = "an uncaught C++ exception";
  if (std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc& x) {  // past the address space run_process gives it
      what += std::string(": ") + quoted(x.what()) +
              " (more memory than the 8 GiB stridescope run allows a program)";
    } catch (const std::exception& x) {
      what += std::string(": ") + quoted(x.what());
    } catch (...) {
    }
  }
  Program::get().fail("the program stopped with " + what);
}

// The watch's signal: the instruction the interrupted worker was at.
void on_sample(int, siginfo_t*, void* raw_context) {
  if (Worker* w = Worker::current())
    w->sampled(std::uintptr_t(static_cast<ucontext_t*>(raw_context)->uc_mcontext.gregs[REG_RIP]));
}

// Where a launch that does not end is: the instruction a worker running a kernel is at, where it
// is the user's code (a loop with no memory access: `while (flag[0] == 0) {}` reads the flag once),
// else that thread's last memory access (a loop that reads a volatile flag is in a callback then).
// 0 where no worker runs a kernel. The place is given as the app reads it: one past the
// instruction.
std::uintptr_t where_a_kernel_is() {
  for (Worker* w : Worker::all()) {
    if (!w->in_kernel()) continue;
    w->sampled(0);
    pthread_kill(w->os_thread(), SIGURG);
    for (int k = 0; k < 50 && w->sampled_pc() == 0; ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const std::uintptr_t pc = w->sampled_pc();
    const FunctionSymbol* f = pc != 0 ? function_at(pc) : nullptr;
    if (f != nullptr && !f->runtime) return pc + 1;
    if (w->last_access_pc() != 0) return w->last_access_pc();
  }
  return 0;
}

// Ends the program at its time limit, saying how far it got.
void watch(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  Program& program = Program::get();
  char limit[32];
  std::snprintf(limit, sizeof limit, "%g", seconds);
  const std::uintptr_t at = program.in_launch.load() ? where_a_kernel_is() : 0;
  program.fail("the program ran past its " + std::string(limit) + " s time limit " +
                   program.where_now() + " (raise it with --time-limit)",
               at);
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
    struct sigaction sample {};
    sample.sa_sigaction = on_sample;
    sample.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigaction(SIGURG, &sample, nullptr);
    std::set_terminate(on_terminate);
    Program& program = Program::get();
    std::atexit([] { Program::get().write_record(); });
    if (program.config.time_limit_s > 0) std::thread(watch, program.config.time_limit_s).detach();
  }
} setup;

}  // namespace
}  // namespace stridescope_rt
