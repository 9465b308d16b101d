// A kernel launch: checked as CUDA checks it, then its blocks spread over the workers (the main
// thread's and a pool of OS threads, one per core), each block taken from a shared counter. What
// the kernels printed comes out once the launch is done, in the order a GPU's warps print it when
// the blocks run at once: what was printed before a block's k-th __syncthreads() before what was
// printed after it; between barriers, every warp's first printf call (by block, then thread), then
// its second, and so on, a warp's calls in the order its paths run on a GPU (printf_order.h). A
// failed assert ends the launch and makes CUDA's error sticky. Launches from several host threads
// run one at a time.
#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

#include "global_races.h"
#include "program.h"
#include "repeat_launch.h"
#include "self_symbols.h"
#include "simt/stacks.h"
#include "worker.h"

namespace stridescope_rt {

namespace {

// The largest launch whose blocks' first snapshots and results the trace keeps (the catalog's input
// and result of a sum): beyond it only the traced block pays for recording.
constexpr std::uint64_t kKeptBytes = 4ull << 20;
constexpr std::uint64_t kKeptBlocks = 16384;

// The OS threads beside the main one. Started on the first launch with more than one block; they
// live as long as the process (never joined: a program may exit in the middle of anything).
class Pool {
 public:
  static Pool& get() {
    static Pool* pool = new Pool;
    return *pool;
  }

  // Runs every block of `plan` on the main thread's worker and the pool's.
  void run(const LaunchPlan& plan) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      plan_ = plan;
      run_ = std::clamp<std::uint64_t>(plan.blocks / (16 * (threads_.size() + 1)), 1, 64);
      next_.store(0);
      stop_ = false;
      busy_ = threads_.size();
      ++generation_;
    }
    wake_.notify_all();
    work(Worker::of_this_thread());
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
  }

  void grow(unsigned workers) {
    while (threads_.size() + 1 < workers) {
      const unsigned index = unsigned(threads_.size()) + 1;
      threads_.emplace_back([this, index] { loop(index); });
      threads_.back().detach();
    }
  }

  // What the blocks printed, by block, and whether one asserted.
  std::map<std::uint64_t, std::vector<Printed>> output;
  std::map<std::uint64_t, std::string> asserts;
  bool asserted = false;

 private:
  void loop(unsigned index) {
    stridescope::simt::prepare_alternate_stack();
    Worker worker(index);
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
      }
      work(worker);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_all();
    }
  }

  // Blocks are taken a run at a time (up to 64, fewer where the grid is small, so that every
  // worker gets some): two counters shared by the workers and bumped at every block cost 12% of a
  // grid of small blocks (262,144 blocks of 256 threads), the cache line going back and forth.
  void work(Worker& worker) {
    Program& program = Program::get();
    worker.begin_launch(plan_);
    for (std::uint64_t first; !stop_.load(std::memory_order_relaxed) &&
                              (first = next_.fetch_add(run_)) < plan_.blocks;) {
      const std::uint64_t end = std::min(first + run_, plan_.blocks);
      std::uint64_t b = first;
      while (b < end && !stop_.load(std::memory_order_relaxed)) run_one(worker, b++);
      program.blocks_done += b - first;
    }
  }

  void run_one(Worker& worker, std::uint64_t b) {
    bool stopped = false;
    try {
      worker.run_block(b);
    } catch (const AssertStop&) {
      stopped = true;
    }
    std::vector<Printed> out = worker.take_output();
    std::string asserted_text = worker.take_asserts();
    if (out.empty() && asserted_text.empty() && !stopped) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!out.empty()) output[b] = std::move(out);
    if (!asserted_text.empty()) asserts[b] = std::move(asserted_text);
    if (stopped) {
      asserted = true;
      stop_ = true;
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;
  std::size_t busy_ = 0;
  LaunchPlan plan_;
  std::uint64_t run_ = 1;  // blocks a worker takes at a time
  std::atomic<std::uint64_t> next_{0};
  std::atomic<bool> stop_{false};
};

std::string triple(dim3 d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

// CUDA's checks of a launch's configuration; a bad one stops the program with one line.
void check(const Program& program, dim3 grid, dim3 block, std::size_t dynamic) {
  const std::string launch = "launch " + std::to_string(program.launch_index);
  const unsigned long long threads = 1ull * block.x * block.y * block.z;
  Program& p = Program::get();
  if (threads == 0 || threads > 1024 || block.z > 64)
    p.fail(launch + " asks for " + std::to_string(threads) + " threads per block " + triple(block) +
           "; CUDA allows 1 to 1024 (z at most 64)");
  if (grid.x == 0 || grid.y == 0 || grid.z == 0)
    p.fail(launch + " asks for a grid of " + triple(grid) +
           " blocks; CUDA refuses a size of 0 (invalid configuration argument)");
  if (grid.x > 2147483647u || grid.y > 65535 || grid.z > 65535)
    p.fail(launch + " asks for a grid of " + triple(grid) +
           " blocks; CUDA allows at most 2147483647 in x and 65535 in y and z (a negative size "
           "made unsigned?): invalid configuration argument");
  if (dynamic > kDynamicSharedBytes)
    p.fail(launch + " asks for " + std::to_string(dynamic) +
           " bytes of dynamic shared memory; the runtime has " +
           std::to_string(kDynamicSharedBytes));
}

// A kernel whose own __shared__ arrays pass 48 KiB: nvcc does not build it (ptxas: "uses too much
// shared data (0x400000 bytes, 0xc000 max)"; more takes dynamic shared memory).
void check_static_shared(const Program& program, const SharedWindow& window) {
  std::int64_t bytes = 0;
  std::string names;
  for (const SharedObject& o : window.objects)
    if (o.own && !o.dynamic) {
      bytes += o.end - o.begin;
      names += (names.empty() ? "" : ", ") + o.name;
    }
  if (bytes <= 48 * 1024) return;
  Program::get().fail("launch " + std::to_string(program.launch_index) + "'s kernel declares " +
                      std::to_string(bytes) + " bytes of __shared__ arrays (" + names +
                      "); nvcc refuses more than 49152 (48 KiB) of static shared memory (ptxas: "
                      "uses too much shared data): a larger array must be extern __shared__, "
                      "its size given at the launch");
}

// The traced launch: what the record keeps of it, and of each block where the blocks are few.
void begin_traced_launch(Program& program, LaunchPlan& plan, std::size_t used_shared) {
  program.traced = true;
  program.traced_grid = plan.grid;
  program.traced_blockdim = plan.block;
  program.traced_shared = used_shared;
  program.global.begin_launch();
  plan.keep_blocks = plan.blocks <= kKeptBlocks && plan.blocks * used_shared <= kKeptBytes;
  program.per_block_kept = plan.keep_blocks;
  if (plan.keep_blocks) {
    program.first_snapshots.assign(plan.blocks, {});
    program.block_results.assign(plan.blocks, 0);
  }
}

// A launch (not the traced one) whose results an earlier launch's stand for: it does not run, and
// that launch's writes are its (repeat_launch.h).
bool stands_on_an_earlier_launch(Program& program, const LaunchKey& key) {
  if (program.launch_index == program.config.traced_launch) return false;
  const std::uint32_t stands = standing_launch(key);
  if (stands != 0) program.last_writes_by = stands;
  return stands != 0;
}

// How the workers' blocks of launch `index` used memory, together.
LaunchUse use_of_launch(long index) {
  LaunchUse use;
  use.buffers.assign(Program::get().buffers.size(), 0);
  for (const Worker* w : Worker::all()) {
    const std::vector<std::uint8_t> mine = w->buffer_use(index);
    if (mine.empty()) continue;
    if (mine.size() != use.buffers.size() + 1) return {{}, true};
    for (std::size_t b = 0; b < use.buffers.size(); ++b) use.buffers[b] |= mine[b];
    use.other |= mine.back() != 0;
  }
  return use;
}

void flush(Pool& pool) {
  struct Line {
    std::uint32_t barriers, call;
    std::uint64_t block;
    std::uint32_t thread;
    const std::string* text;
  };
  std::vector<Line> lines;
  for (const auto& [block, printed] : pool.output)
    for (const Printed& p : printed)
      lines.push_back({p.barriers, p.call, block, p.thread, &p.text});
  std::stable_sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return std::tie(a.barriers, a.call, a.block, a.thread) <
           std::tie(b.barriers, b.call, b.block, b.thread);
  });
  for (const Line& l : lines) std::fwrite(l.text->data(), 1, l.text->size(), stdout);
  std::fflush(stdout);
  for (const auto& [block, text] : pool.asserts) std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
  pool.output.clear();
  pool.asserts.clear();
}

// The kernel's name as its symbol says it, demangled ("dot(float*, float*, float*)"); "kernel"
// where the symbol table has none. The last one is kept: a loop launches one kernel many times.
std::string kernel_name(const void* kernel) {
  static const void* last = nullptr;
  static std::string name;
  if (kernel != last || name.empty()) {
    const FunctionSymbol* f = function_at(reinterpret_cast<std::uintptr_t>(kernel));
    name = f != nullptr ? demangled(f->name) : "kernel";
    last = kernel;
  }
  return name;
}

}  // namespace

void launch(dim3 grid, dim3 block, std::size_t dynamic, cudaStream_t, void (*body)(void*),
            void* frame, const void* kernel, const std::string& arguments) {
  static std::mutex one_at_a_time;  // host threads that launch at once (simpleCallback)
  std::lock_guard<std::mutex> lock(one_at_a_time);
  Program& program = Program::get();
  ++program.launch_index;
  const std::uint32_t id = std::uint32_t(program.launch_index + 1);
  program.last_writes_by = id;
  forget_freed_words();  // what the launch before this one wrote no longer counts
  if (settled_tags_restart(id)) clear_settled_marks();
  program.launches.push_back({{"grid", {grid.x, grid.y, grid.z}},
                              {"block", {block.x, block.y, block.z}},
                              {"dynamic_shared", dynamic},
                              {"kernel", kernel_name(kernel)}});
  check(program, grid, block, dynamic);
  if (program.sticky_error != cudaSuccess) {  // a GPU runs nothing after a sticky error
    program.note(program.sticky_error);
    return;
  }
  LaunchKey key{kernel, body, grid, block, dynamic, arguments};
  if (stands_on_an_earlier_launch(program, key)) return;
  LaunchPlan plan;
  plan.grid = grid;
  plan.block = block;
  plan.dynamic_shared = dynamic;
  plan.body = body;
  plan.frame = frame;
  plan.threads = block.x * block.y * block.z;
  plan.blocks = std::uint64_t(grid.x) * grid.y * grid.z;
  plan.traced = program.launch_index == program.config.traced_launch;
  plan.kernel = kernel;
  Worker& self = Worker::of_this_thread();
  plan.window = &shared_window(kernel, dynamic, self.dynamic_offset());
  check_static_shared(program, *plan.window);
  program.buffers = buffer_spans();
  self.begin_launch(plan);
  if (plan.traced) begin_traced_launch(program, plan, self.used_shared());
  Pool& pool = Pool::get();
  pool.grow(plan.blocks > 1 ? program.config.workers : 1);
  program.blocks_total = plan.blocks;
  program.blocks_done = 0;
  program.printed_bytes = 0;
  program.in_launch = true;
  RaceChecker::get().begin_launch();
  const std::uint64_t epoch = device_memory_epoch();
  open_device_memory(true);
  pool.run(plan);
  open_device_memory(false);
  program.in_launch = false;
  flush(pool);
  const bool asserted = pool.asserted;
  if (pool.asserted) {
    pool.asserted = false;
    program.sticky_error = cudaErrorAssert;
    program.note(cudaErrorAssert);
  }
  launch_ran(std::move(key), id, epoch, use_of_launch(program.launch_index), !asserted);
}

}  // namespace stridescope_rt
