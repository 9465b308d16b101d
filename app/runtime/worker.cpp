// A worker's blocks on the SIMT engine, and the coverage callbacks that show it every memory access
// of the user's code (see worker.h). This file holds the runtime's thread-local variables
// (threadIdx, blockDim, ...): they and the C library's (errno) lie in the thread's static TLS
// around the user's __shared__ ones, which is how on_access tells them apart.
#include "worker.h"

#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace stridescope_rt {

namespace {
constexpr std::size_t kStackBytes = 128 * 1024;
thread_local Worker* this_thread_worker = nullptr;

std::uintptr_t thread_pointer() {
  std::uintptr_t tp;
  __asm__("mov %%fs:0, %0" : "=r"(tp));
  return tp;
}

// The lowest address of the calling thread's static TLS blocks (the program's, the C library's):
// they lie below the thread pointer. An access there is to a thread-local, never to memory a GPU
// would have (blockDim is initialized data, below the user's zero-initialized __shared__ arrays).
std::uintptr_t static_tls_begin() {
  std::uintptr_t lowest = thread_pointer();
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& low = *static_cast<std::uintptr_t*>(data);
        const auto block = reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data);
        if (block != 0 && block < low && thread_pointer() - block < (std::uintptr_t{1} << 24))
          low = block;
        return 0;
      },
      &lowest);
  return lowest;
}
}  // namespace

}  // namespace stridescope_rt

extern "C" {
extern __thread char stridescope_shared_begin[];    // the user's file: its first thread_local
extern __thread char stridescope_dynamic_shared[];  // dynshared.s, right after the user's file
}
__thread uint3 threadIdx{0, 0, 0};
__thread uint3 blockIdx{0, 0, 0};
__thread dim3 blockDim{1, 1, 1};
__thread dim3 gridDim{1, 1, 1};

namespace stridescope_rt {

using stridescope::simt::Collective;

namespace {
std::mutex& workers_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::vector<Worker*>& workers() {
  static auto* all = new std::vector<Worker*>;
  return *all;
}
}  // namespace

Worker::Worker(unsigned index)
    : index_(index),
      stacks_(1024, kStackBytes),
      engine_(Program::get().config.schedule, Program::get().config.seed, stacks_) {
  this_thread_worker = this;
  {
    const std::lock_guard<std::mutex> lock(workers_mutex());
    workers().push_back(this);
  }
  stacks_lo_ = reinterpret_cast<std::uintptr_t>(stacks_.region_begin());
  stacks_span_ = reinterpret_cast<std::uintptr_t>(stacks_.region_end()) - stacks_lo_;
  shared_lo_ = reinterpret_cast<std::uintptr_t>(stridescope_shared_begin);
  tls_lo_ = static_tls_begin();
  tls_span_ = thread_pointer() - tls_lo_;
  const auto dynamic = reinterpret_cast<std::uintptr_t>(stridescope_dynamic_shared);
  if (dynamic < shared_lo_ || dynamic + kDynamicSharedBytes > thread_pointer())
    Program::get().fail("the runtime could not find the program's shared memory (its TLS block)");
}

std::vector<Worker*> Worker::all() {
  const std::lock_guard<std::mutex> lock(workers_mutex());
  return workers();
}

Worker* Worker::current() {
  return this_thread_worker;
}
Worker& Worker::of_this_thread() {
  if (this_thread_worker == nullptr) new Worker(0);  // kept for the thread's life
  return *this_thread_worker;
}

std::string Worker::where() const {
  if (gridDim.y == 1 && gridDim.z == 1) return "block " + std::to_string(blockIdx.x);
  return "block (" + std::to_string(blockIdx.x) + "," + std::to_string(blockIdx.y) + "," +
         std::to_string(blockIdx.z) + ")";
}

std::string Worker::who(unsigned thread) const {
  return "thread " + std::to_string(thread) + " of " + where();
}

std::int64_t Worker::dynamic_offset() const {
  return std::int64_t(reinterpret_cast<std::uintptr_t>(stridescope_dynamic_shared) - shared_lo_);
}

void Worker::begin_launch(const LaunchPlan& plan) {
  plan_ = plan;
  const auto dynamic = reinterpret_cast<std::uintptr_t>(stridescope_dynamic_shared);
  used_shared_ = (dynamic - shared_lo_ + plan.dynamic_shared + 7) / 8 * 8;
  window_ = plan.window;
  region_lo_ = shared_lo_ - kSharedFrontRedZone;
  region_span_ = window_->allowed.size() - kWindowTail;
  shared_ok_ = window_->allowed.data();
  const std::vector<BufferSpan>& buffers = Program::get().buffers;
  buffers_lo_ = buffers.empty() ? 1 : buffers.front().map_begin;
  buffers_span_ = buffers.empty() ? 0 : buffers.back().map_end - buffers_lo_;
  pages_.fill(PageEntry{});
  use_.assign(buffers.size() + 1, 0);
  use_launch_ = Program::get().launch_index;
  launch_id_ = std::uint32_t(Program::get().launch_index + 1);
  settled_tag_ = settled_tag(launch_id_);
  coordinates_.resize(plan.threads);
  for (unsigned t = 0; t < plan.threads; ++t)
    coordinates_[t] = {t % plan.block.x, (t / plan.block.x) % plan.block.y,
                       t / (plan.block.x * plan.block.y)};
  static_assert(sizeof(uint3) == sizeof(stridescope::simt::Engine::Index3));
  engine_.show_thread_index(reinterpret_cast<stridescope::simt::Engine::Index3*>(&threadIdx),
                            coordinates_.data(), plan.threads);
  gridDim = plan.grid;
  blockDim = plan.block;
  if (plan.kernel != nullptr) sharing_ = &sharing_slot(plan.kernel, plan.threads);
}

void Worker::run_block(std::uint64_t linear) {
  Program& program = Program::get();
  block_ = linear;
  blockIdx = uint3{unsigned(linear % plan_.grid.x), unsigned(linear / plan_.grid.x % plan_.grid.y),
                   unsigned(linear / (std::uint64_t(plan_.grid.x) * plan_.grid.y))};
  tracing_ = plan_.traced && long(linear) == program.config.traced_block;
  recording_ = tracing_ || plan_.keep_blocks;
  choose_turns();
  first_barrier_seen_ = false;
  block_low_ = used_shared_;
  clock_ = 0;
  barriers_passed_ = 0;
  thread_fences_.clear();
  acquired_.clear();
  printf_calls_.clear();
  asserted_ = false;
  pending_ = -1;
  engine_.reseed(program.config.seed * 0x9e3779b97f4a7c15ull + linear);  // the same for any worker
  if (tracing_) order_.assign(plan_.threads, 0);
  std::memset(reinterpret_cast<void*>(shared_lo_), 0, used_shared_);  // fresh shared memory
  try {
    engine_.run_block(plan_.threads, plan_.body, plan_.frame, *this);
  } catch (const AssertStop&) {
  }
  number_printf_calls();
  if (asserted_) throw AssertStop{};
  resolve_pending();
  if (probing_) probed(plan_.kernel, plan_.threads, probe_.shared());
  if (tracing_) end_step("exit", 0);
  if (plan_.keep_blocks) {
    if (!first_barrier_seen_) program.first_snapshots[linear] = words();
    // Up to 8 bytes from word 0: a 4-byte element is its low half; a double or an 8-byte integer
    // among 4-byte arrays (element_words 2 in the trace) is whole.
    const std::size_t room = used_shared_ > block_low_ ? used_shared_ - block_low_ : 0;
    program.block_results[linear] =
        room >= program.config.word_size ? word_at(block_low_, std::min<std::size_t>(room, 8)) : 0;
  }
  tracing_ = recording_ = probing_ = watching_ = watching_global_ = false;
}

std::int64_t Worker::word_at(std::size_t offset, std::size_t bytes) const {
  std::int64_t v = 0;
  std::memcpy(&v, reinterpret_cast<const char*>(shared_lo_ + offset), bytes);
  if (bytes == 4) return std::int32_t(v);
  return v;
}

std::vector<std::uint32_t> Worker::words() const {
  std::vector<std::uint32_t> w(used_shared_ / 4);
  if (!w.empty()) std::memcpy(w.data(), reinterpret_cast<const void*>(shared_lo_), w.size() * 4);
  return w;
}

long Worker::thread_of_guard(const void* address) const {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  const auto page = std::uintptr_t(sysconf(_SC_PAGESIZE));
  for (unsigned t = 0; t < engine_.threads(); ++t) {
    const auto low = reinterpret_cast<std::uintptr_t>(engine_.stack_low(t));
    if (a < low && a >= low - page) return long(t);
  }
  return -1;
}

void Worker::check_new_page(std::uintptr_t a, unsigned size, char kind, void* pc) {
  const std::vector<BufferSpan>& buffers = Program::get().buffers;
  PageEntry& e = pages_[(a >> 12) % pages_.size()];
  e = PageEntry{a >> 12};
  e.use = &use_.back();  // no buffer's page: other memory
  auto it = std::upper_bound(buffers.begin(), buffers.end(), a,
                             [](std::uintptr_t x, const BufferSpan& b) { return x < b.map_begin; });
  if (it != buffers.begin() && a < (it - 1)->map_end) {
    e.begin = (it - 1)->begin;
    e.end = (it - 1)->end;
    e.shadow = (it - 1)->shadow;
    e.settled = (it - 1)->settled;
    e.managed = (it - 1)->managed;
    if (!e.managed) e.use = &use_[std::size_t(it - 1 - buffers.begin())];  // host code writes one
  }
  check_buffer(a, size, kind, pc);
}

void Worker::shared_overrun(std::uintptr_t a, unsigned size, char kind, void* pc) {
  const std::int64_t offset = std::int64_t(a - shared_lo_);
  Program& program = Program::get();
  program.fail("the program " + stridescope_rt::shared_overrun(*window_, offset, size, kind) +
                   ", in " + who(engine_.running()) + " of launch " +
                   std::to_string(program.launch_index),
               reinterpret_cast<std::uintptr_t>(pc));
}

void Worker::buffer_overrun(std::uintptr_t a, unsigned size, char kind, void* pc) {
  Program& program = Program::get();
  const BufferSpan* b = nearest_buffer(program.buffers, a);
  program.fail("the program " + (b ? stridescope_rt::buffer_overrun(*b, a, size, kind) : "") +
                   ", in " + who(engine_.running()) + " of launch " +
                   std::to_string(program.launch_index),
               reinterpret_cast<std::uintptr_t>(pc));
}

void Worker::misaligned(const void* addr, unsigned size, char kind, void* pc) {
  Program& program = Program::get();
  if (!engine_.in_block() || !program.config.alignment_checks) return;
  const auto a = reinterpret_cast<std::uintptr_t>(addr);
  char hex[32];
  std::snprintf(hex, sizeof hex, "address 0x%lx", static_cast<unsigned long>(a));
  std::string where = hex;
  if (const std::uintptr_t r = a - region_lo_; a - tls_lo_ < tls_span_ && r < region_span_) {
    where = "byte " + std::to_string(a - shared_lo_) + " of shared memory";
  } else if (const BufferSpan* b = nearest_buffer(program.buffers, a);
             b != nullptr && a >= b->begin && a < b->end) {
    where = "byte " + std::to_string(a - b->begin) + " of the cudaMalloc buffer " +
            (b->name.empty() ? std::string("allocated at ") + b->site : b->name);
  } else if (a - stacks_lo_ < stacks_span_) {
    where = "in a thread's local memory";
  }
  const std::string n = std::to_string(size);
  program.fail("the program " + std::string(kind == 'r' ? "read " : "wrote ") + n +
                   " bytes at a misaligned address, " + where + (size == 8 ? " (an " : " (a ") + n +
                   "-byte access must start at a multiple of " + n +
                   "; a GPU stops the kernel: misaligned address), in " + who(engine_.running()) +
                   " of launch " + std::to_string(program.launch_index),
               reinterpret_cast<std::uintptr_t>(pc));
}

std::string stack_overflow_text(const std::string& thread) {
  return "the program overflowed a thread's stack (" + std::to_string(kStackBytes / 1024) +
         " KiB) in " + thread + " of launch " + std::to_string(Program::get().launch_index) +
         " (a recursion too deep, or too large local arrays?)";
}

void Worker::stack_overflow(void* pc) {
  Program& program = Program::get();
  program.fail(stack_overflow_text(who(engine_.running())), reinterpret_cast<std::uintptr_t>(pc));
}

void Worker::resolve_pending() {
  if (pending_ < 0) return;
  RawAccess& a = step_.accesses[std::size_t(pending_)];
  std::memcpy(&a.value, reinterpret_cast<const char*>(shared_lo_ + a.offset),
              a.size > 8 ? 8 : a.size);
  if (a.size == 4) a.value = std::int32_t(a.value);
  pending_ = -1;
}

void Worker::recorded_shared_access(std::uint32_t offset, unsigned size, char kind, void* pc) {
  resolve_pending();  // this thread's previous store is in memory by now
  engine_.access_point();
  record_shared(offset, size, kind, pc);
}

void Worker::watched_shared_access(std::uint32_t offset, unsigned size, char kind, void* pc) {
  if (probing_) probe_.shared_access(offset, size, kind, engine_.running());
  if (recording_) return recorded_shared_access(offset, size, kind, pc);
  engine_.access_point();
}

void Worker::watched_global_access(const void* addr, unsigned size, char kind) {
  if (probing_)
    probe_.global_access(reinterpret_cast<std::uintptr_t>(addr), size, kind, engine_.running());
  if (tracing_) return traced_global_access(addr, size, kind);
  engine_.access_point();
}

void Worker::choose_turns() {
  const Config& config = Program::get().config;
  const bool may_skip = !tracing_ && plan_.kernel != nullptr && !config.turns_always &&
                        config.schedule == stridescope::simt::Schedule::Warps;
  const Sharing known = may_skip ? sharing_->load(std::memory_order_acquire) : Sharing::Some;
  probing_ = known == Sharing::Unknown;
  watching_ = recording_ || probing_;
  watching_global_ = tracing_ || probing_;
  engine_.switch_at_accesses(known != Sharing::None);
  if (probing_) probe_.begin_block(used_shared_);
}

void Worker::traced_global_access(const void* addr, unsigned size, char kind) {
  engine_.access_point();
  record_global(addr, size, kind);
}

// A shared access of the traced launch: the lowest word the block touched (its result, by the
// catalog's convention), and in the traced block the access itself.
void Worker::record_shared(std::uint32_t offset, unsigned size, char kind, void* pc) {
  block_low_ = std::min<std::size_t>(block_low_, offset);
  if (!tracing_) return;
  Program& program = Program::get();
  if (++program.shared_accesses > kMaxTracedAccesses) return overflow();
  const unsigned t = engine_.running();
  RawAccess a{
      t, order_[t]++,           offset,          size, kind, reinterpret_cast<std::uintptr_t>(pc),
      0, engine_.warp_epoch(t), engine_.round(t)};
  if (kind == 'r') {
    std::memcpy(&a.value, reinterpret_cast<const char*>(shared_lo_ + offset), size > 8 ? 8 : size);
    if (size == 4) a.value = std::int32_t(a.value);
  }
  step_.accesses.push_back(a);
  if (kind != 'r') pending_ = long(step_.accesses.size()) - 1;
}

void Worker::record_global(const void* addr, unsigned size, char kind) {
  const char* p = static_cast<const char*>(addr);
  if (kind == 'a') {
    Program::get().global.note(p, size, 'r');
    Program::get().global.note(p, size, 'w');
    Program::get().global.note(p, size, 'a');
  } else {
    Program::get().global.note(p, size, kind);
  }
}

// The traced block made more than a trace can hold: the program runs on, untraced, and `run`
// says so after its output.
void Worker::overflow() {
  tracing_ = false;
  pending_ = -1;
  Program::get().trace_overflow = true;
}

void Worker::end_step(const char* kind, int line) {
  resolve_pending();
  Program& program = Program::get();
  if (program.steps.size() >= kMaxTracedSteps) return overflow();
  step_.kind = kind;
  step_.line = line;
  step_.snapshot = words();
  step_.global = program.global.end_step();
  program.steps.push_back(std::move(step_));
  step_ = RawStep{};
  std::fill(order_.begin(), order_.end(), 0u);
}

int Worker::syncthreads_count(int predicate, int line) {
  resolve_pending();
  ++clock_;
  return int(engine_.block_barrier(line, predicate));
}

std::uint64_t Worker::collective(int op, unsigned mask, std::uint64_t value, int arg, int width,
                                 int line, unsigned size, int kind_of_value) {
  resolve_pending();
  ++clock_;
  const auto which = static_cast<Collective>(op);
  if (stridescope::simt::is_shuffle(which) &&
      (width <= 0 || width > 32 || (width & (width - 1)) != 0)) {
    fault(std::string(stridescope::simt::collective_name(which)) + " on line " +
          std::to_string(line) + " by " + who(engine_.running()) + ": width " +
          std::to_string(width) + " is not a power of two from 1 to 32");
  }
  shuffle_size_ = size;
  shuffle_kind_ = kind_of_value;
  return engine_.collective({which, mask, value, arg, width, line});
}

void Worker::on_block_barrier(int line) {
  resolve_pending();
  number_printf_calls();
  ++barriers_passed_;  // a printf after it prints after every printf before it
  if (probing_) probe_.next_interval();
  if (plan_.keep_blocks && !first_barrier_seen_) Program::get().first_snapshots[block_] = words();
  first_barrier_seen_ = true;
  if (tracing_) end_step("barrier", line);
}

void Worker::on_collective(unsigned warp, unsigned lanes,
                           const stridescope::simt::CollectiveCall& first, std::uint32_t round,
                           const std::array<stridescope::simt::CollectiveCall, 32>& handed_in,
                           const std::array<std::uint64_t, 32>& received) {
  if (!tracing_) return;
  if (first.op == Collective::SyncWarp) {
    step_.warp_syncs.push_back(
        {std::int64_t(warp), std::int64_t(lanes), first.line, std::int64_t(round)});
    return;
  }
  if (first.op != Collective::ShflDown) return;  // the registers view shows __shfl_down_sync()
  RawShuffle record{warp,
                    lanes,
                    std::uint32_t(first.arg),
                    first.line,
                    round,
                    shuffle_size_,
                    shuffle_kind_,
                    std::vector<std::uint64_t>(32, 0),
                    std::vector<std::uint64_t>(32, 0)};
  for (unsigned lane = 0; lane < 32; ++lane) {
    if ((lanes >> lane & 1u) == 0) continue;
    record.sent[lane] = handed_in[lane].value;
    record.received[lane] = received[lane];
  }
  step_.shuffles.push_back(std::move(record));
}

void Worker::on_stall(const stridescope::simt::Stall& stall) {
  if (asserted_) throw AssertStop{};
  std::size_t waiting = 0;
  int line = 0;
  for (const stridescope::simt::Waiters& w : stall.waiting) {
    if (w.warp_collective) {
      fault("barrier divergence in " + where() + ": thread " + std::to_string(w.threads.front()) +
            " waits at the " + stridescope::simt::collective_name(w.op) + " of line " +
            std::to_string(w.line) + " for lanes of its mask that never arrive");
    }
    if (line != 0 && w.line != line) {
      fault("barrier divergence in " + where() + ": threads wait at the __syncthreads() of lines " +
            std::to_string(line) + " and " + std::to_string(w.line));
    }
    line = w.line;
    waiting += w.threads.size();
  }
  fault("barrier divergence in " + where() + ": " + std::to_string(waiting) +
        (waiting == 1 ? " thread waits" : " threads wait") + " at the __syncthreads() of line " +
        std::to_string(line) + " but " + std::to_string(stall.exited.size()) + " exited");
}

void Worker::fault(const std::string& message) {
  Program::get().fail(message);
}

void Worker::number_printf_calls() {
  printf_calls_.number(output_);
  printf_calls_.clear();
}

void Worker::kernel_printf(const char* format, va_list args, const void* site, const void* frame) {
  touched_other();                          // a repeat prints again
  if (probing_) probe_.shared_something();  // the lanes' turns order its lines
  va_list copy;
  va_copy(copy, args);
  char small[512];
  const int n = std::vsnprintf(small, sizeof small, format, copy);
  va_end(copy);
  if (n < 0) return;
  constexpr std::uint64_t kPrintfBuffer = 1u << 20;  // the GPU's default printf FIFO
  if (Program::get().printed_bytes.fetch_add(std::uint64_t(n)) + std::uint64_t(n) > kPrintfBuffer)
    return;
  const unsigned thread = engine_.running();
  printf_calls_.add(thread, site, call_path(frame, engine_.outer_frame(thread)), output_.size());
  Printed& p = output_.emplace_back(Printed{barriers_passed_, 0, thread, {}});
  if (std::size_t(n) < sizeof small) {
    p.text.assign(small, std::size_t(n));
    return;
  }
  p.text.assign(std::size_t(n) + 1, '\0');
  std::vsnprintf(p.text.data(), p.text.size(), format, args);
  p.text.resize(std::size_t(n));
}

void Worker::kernel_assert(const char* expression, const char* file, unsigned line,
                           const char* function) {
  char message[1024];
  std::snprintf(message, sizeof message,
                "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file,
                line, function, blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y,
                threadIdx.z, expression);
  asserts_ += message;
  asserted_ = true;
  throw stridescope::simt::ThreadExit{};
}

}  // namespace stridescope_rt

// The entry points a kernel calls for barriers, collectives and atomics (stridescope_cuda.h).
namespace stridescope_rt {
namespace {
[[noreturn]] void outside_a_kernel(const char* what, int line) {
  Program::get().fail(std::string(what) + " at line " + std::to_string(line) +
                      " was called outside a kernel");
}
}  // namespace
void syncthreads(int line) {
  Worker* w = this_thread_worker;
  if (w == nullptr || !w->in_kernel()) outside_a_kernel("__syncthreads()", line);
  w->syncthreads(line);
}
int syncthreads_count(int predicate, int line) {
  Worker* w = this_thread_worker;
  if (w == nullptr || !w->in_kernel()) outside_a_kernel("__syncthreads_count()", line);
  return w->syncthreads_count(predicate, line);
}
std::uint64_t warp_collective(Op op, unsigned mask, std::uint64_t value, int arg, int width,
                              int line, unsigned size, int kind_of_value) {
  Worker* w = this_thread_worker;
  if (w == nullptr || !w->in_kernel()) outside_a_kernel("a warp function", line);
  return w->collective(int(op), mask, value, arg, width, line, size, kind_of_value);
}
namespace {
thread_local bool atomic_locked = false;  // a global atomic runs under the race checker's lock
// The program calls __threadfence() somewhere (fences.h): only then can an atomic release writes,
// and only then do global atomics take the lock (without it, CUDA by Example's
// hist_gpu_gmem_atomics, 100 Mi atomicAdds on 256 words on two workers: 10.9 -> 4.1 s).
std::atomic<bool> fences_in_program{false};
}  // namespace
bool note_fences_in_program() {
  fences_in_program.store(true);
  return true;
}
void atomic_begin(void* addr, unsigned size, void* pc) {
  Worker* w = this_thread_worker;
  if (w == nullptr) return;
  w->on_access(addr, size, 'a', pc);
  // Nothing switches threads from here to atomic_end: the atomic and its entry in the flags'
  // release logs happen together, in one order for every worker.
  if (fences_in_program.load(std::memory_order_relaxed) && w->global_address(addr)) {
    RaceChecker::get().atomic_lock().lock();
    atomic_locked = true;
  }
}
void atomic_end(void* addr) {
  if (!atomic_locked) return;
  Worker* w = this_thread_worker;
  RaceChecker::get().atomic_done(reinterpret_cast<std::uintptr_t>(addr), w->accessor(),
                                 w->acquired());
  atomic_locked = false;
  RaceChecker::get().atomic_lock().unlock();
}
bool in_kernel_now() {
  Worker* w = this_thread_worker;
  return w != nullptr && w->in_kernel();
}
void bytes_access(const void* p, unsigned size, char kind, void* pc) {
  if (Worker* w = this_thread_worker) w->on_access(p, size, kind, pc);
}
void thread_fence() {
  if (Worker* w = this_thread_worker; w != nullptr && w->in_kernel()) w->thread_fence();
}
}  // namespace stridescope_rt

// The coverage callbacks: clang calls one before every load and store of the user's code. A 4-,
// 8- or 16-byte access that is not even 4-byte aligned stops the program as a GPU stops the kernel;
// not one 4 bytes off, nor a 2-byte one: clang loads a struct of two floats (or two shorts) that
// lies 4 (or 2) bytes off in one access where nvcc makes two.
constexpr std::uintptr_t misaligned_bits(unsigned size) {
  return size >= 4 ? 3 : 0;
}
#define STRIDESCOPE_COV(N)                                                                 \
  extern "C" void __sanitizer_cov_load##N(void* addr) {                                    \
    if (stridescope_rt::Worker* w = stridescope_rt::this_thread_worker) {                  \
      if ((reinterpret_cast<std::uintptr_t>(addr) & misaligned_bits(N)) != 0) [[unlikely]] \
        w->misaligned(addr, N, 'r', __builtin_return_address(0));                          \
      w->on_access(addr, N, 'r', __builtin_return_address(0));                             \
    }                                                                                      \
  }                                                                                        \
  extern "C" void __sanitizer_cov_store##N(void* addr) {                                   \
    if (stridescope_rt::Worker* w = stridescope_rt::this_thread_worker) {                  \
      if ((reinterpret_cast<std::uintptr_t>(addr) & misaligned_bits(N)) != 0) [[unlikely]] \
        w->misaligned(addr, N, 'w', __builtin_return_address(0));                          \
      w->on_access(addr, N, 'w', __builtin_return_address(0));                             \
    }                                                                                      \
  }
STRIDESCOPE_COV(1)
STRIDESCOPE_COV(2)
STRIDESCOPE_COV(4)
STRIDESCOPE_COV(8)
STRIDESCOPE_COV(16)
