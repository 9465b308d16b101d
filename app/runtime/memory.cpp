// cudaMalloc and friends on the CPU: each device and managed buffer is a mapping of its own,
// between two inaccessible pages, its data ending at the upper one (bytes rounded up to 16); the
// kernels' accesses are checked against its exact bytes (bounds.h), the host's fault at the guard
// pages. A device (not managed) buffer's data is inaccessible outside launches and the runtime's
// own copies, as a GPU's memory is to host code: a host dereference of a cudaMalloc pointer faults
// (faults.cpp names it). Each buffer of up to kShadowedBytes has a shadow, 32 bytes a word, for the
// global-memory race checks and for which launch wrote each word (global_races.h). Host and pinned
// memory is the C library's; copies and sets are memmove and memset.
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include "bounds.h"
#include "global_races.h"
#include "in_parts.h"
#include "program.h"

namespace stridescope_rt {
namespace {

// Each device buffer's mapping (base, length) and what names it, by the pointer the program got.
struct Mapping {
  void* base = nullptr;
  std::size_t length = 0;
  BufferSpan span;
  bool managed = false;  // cudaMallocManaged: the host may touch it
  std::size_t shadow_length = 0;
};
struct Allocations {
  std::mutex mutex;
  std::map<void*, Mapping> by_pointer;
  std::size_t bytes = 0, made = 0, shadow_bytes = 0;
  unsigned open = 0;  // launches running: device buffers are accessible
};
Allocations& allocations() {
  static Allocations* a = new Allocations;
  return *a;
}

// Bumped by whatever changes what a kernel could read in a device buffer: a copy or set into one,
// a cudaMalloc, a cudaFree (repeat_launch.h).
std::atomic<std::uint64_t> epoch{0};

constexpr std::size_t kDeviceMemory = 3ull << 30;  // what cudaMemGetInfo says there is
// Shadows for the race checks, 8 bytes for each byte of a buffer and a settled mark for each word:
// buffers past these sizes (2 GiB of shadows, with their marks) go unchecked (and unmarked) rather
// than exhaust the program's address space.
constexpr std::size_t kShadowedBytes = 64ull << 20;
constexpr std::size_t kShadowBudget = (2ull << 30) + (2ull << 30) / 32;

std::size_t page_size() {
  static const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  return page;
}

// The data pages of a mapping (between its guard pages), made accessible or not.
void set_access(const Mapping& m, bool open) {
  if (m.managed) return;
  mprotect(static_cast<char*>(m.base) + page_size(), m.length - 2 * page_size(),
           open ? PROT_READ | PROT_WRITE : PROT_NONE);
}

// The mapping holding `p` (its data or red zones), or null; the caller holds the mutex.
Mapping* mapping_at(Allocations& a, const void* p) {
  auto it = a.by_pointer.upper_bound(const_cast<void*>(p));
  if (it == a.by_pointer.begin()) return nullptr;
  --it;
  const char* base = static_cast<const char*>(it->second.base);
  return p >= base && static_cast<const char*>(p) < base + it->second.length ? &it->second
                                                                             : nullptr;
}

// The words of `m`'s shadow that [p, p + bytes) covers, as [first, last).
std::pair<std::size_t, std::size_t> shadow_words(const Mapping& m, const void* p,
                                                 std::size_t bytes) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t lo = std::max(a, m.span.begin), hi = std::min(a + bytes, m.span.end);
  if (m.span.shadow == nullptr || hi <= lo) return {0, 0};
  return {(lo - m.span.begin) / 4, (hi - m.span.begin + 3) / 4};
}

// A guard page, the data's pages, a guard page: the red zones around the data are the guard pages
// and the start of the first data page (at least a page on each side).
cudaError_t map_device_buffer(void** ptr, std::size_t bytes, BufferSpan span, bool managed) {
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  const std::size_t rounded = (bytes + 15) / 16 * 16;
  const std::size_t total = page + (rounded + page - 1) / page * page + page;
  void* base = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return cudaErrorMemoryAllocation;
  char* guard = static_cast<char*>(base) + total - page;
  madvise(base, total, MADV_HUGEPAGE);  // fewer page faults on a large buffer's first touches
  mprotect(base, page, PROT_NONE);
  mprotect(guard, page, PROT_NONE);
  *ptr = guard - rounded;
  span.map_begin = reinterpret_cast<std::uintptr_t>(base);
  span.map_end = span.map_begin + total;
  span.begin = reinterpret_cast<std::uintptr_t>(*ptr);
  span.end = span.begin + bytes;
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  span.managed = managed;
  Mapping m{base, total, std::move(span), managed, 0};
  // The shadows, then the words' settled marks (a byte each: global_races.h).
  const std::size_t shadow = (rounded / 4) * (sizeof(WordState) + 1);
  static const bool checked = [] {  // STRIDESCOPE_GLOBAL_CHECKS=0: no shadows (a measurement)
    const char* v = std::getenv("STRIDESCOPE_GLOBAL_CHECKS");
    return v == nullptr || std::string(v) != "0";
  }();
  if (checked && rounded <= kShadowedBytes && a.shadow_bytes + shadow <= kShadowBudget &&
      shadow > 0) {
    void* s = mmap(nullptr, shadow, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (s != MAP_FAILED) {
      // 2 MiB pages where the kernel gives them: a 64 MiB buffer's shadow is 512 MiB, whose first
      // touches would otherwise take 131,072 page faults.
      madvise(s, shadow, MADV_HUGEPAGE);
      m.span.shadow = static_cast<WordState*>(s);
      m.span.settled = reinterpret_cast<std::uint8_t*>(m.span.shadow + rounded / 4);
      m.shadow_length = shadow;
      a.shadow_bytes += shadow;
    }
  }
  if (a.open == 0) set_access(m, false);
  m.span.ordinal = a.made++;
  ++epoch;
  a.by_pointer[*ptr] = std::move(m);
  a.bytes += total;
  return cudaSuccess;
}

// A host copy into device memory: its words were written by the host (kernels' words say which
// launch wrote them); a copy between two device buffers carries the source's marks.
void mark_copy(Allocations& a, void* dst, const void* src, std::size_t bytes) {
  Mapping* to = mapping_at(a, dst);
  if (to == nullptr) return;
  ++epoch;
  const auto [first, last] = shadow_words(*to, dst, bytes);
  const Mapping* from = mapping_at(a, src);
  const auto [src_first, src_last] =
      from != nullptr ? shadow_words(*from, src, bytes) : std::pair<std::size_t, std::size_t>{};
  const bool aligned = from != nullptr && src_last - src_first == last - first &&
                       (reinterpret_cast<std::uintptr_t>(dst) - to->span.begin) % 4 ==
                           (reinterpret_cast<std::uintptr_t>(src) - from->span.begin) % 4;
  // Overlapping ranges of one buffer (a copy within it) are marked on one thread, in order.
  const bool apart = from != to || src_last <= first || last <= src_first;
  in_parts(last - first, apart ? Program::get().config.workers : 1, sizeof(WordState),
           [&](std::size_t begin, std::size_t end) {
             // Backwards where the source lies below (as memmove): each word read before written.
             const bool down = !apart && src_first < first;
             for (std::size_t k = begin; k < end; ++k) {
               const std::size_t w = first + (down ? end - 1 - (k - begin) : k);
               std::uint32_t& p = to->span.shadow[w].provenance;
               p = aligned ? from->span.shadow[src_first + (w - first)].provenance
                           : (p & kReadByKernel) | kHostWritten;
               to->span.settled[w] = 0;  // written since: a read is checked again
             }
           });
}

// Device memory opened for one host copy (where no launch has it open), closed again after.
class HostCopy {
 public:
  HostCopy(void* dst, const void* src, std::size_t bytes)
      : a_(allocations()), lock_(a_.mutex), dst_(mapping_at(a_, dst)), src_(mapping_at(a_, src)) {
    if (a_.open != 0) return;
    if (dst_ != nullptr) set_access(*dst_, true);
    if (src_ != nullptr && src_ != dst_) set_access(*src_, true);
    (void)bytes;
  }
  ~HostCopy() {
    if (a_.open != 0) return;
    if (dst_ != nullptr) set_access(*dst_, false);
    if (src_ != nullptr && src_ != dst_) set_access(*src_, false);
  }
  Allocations& allocations_held() { return a_; }
  // Whether the copy's device sides lie inside their buffers' data (a GPU's cudaMemcpy past the
  // end of a buffer fails with cudaErrorInvalidValue and copies nothing).
  bool inside(const void* dst, const void* src, std::size_t bytes) const {
    const auto fits = [&](const Mapping* m, const void* p) {
      const auto at = reinterpret_cast<std::uintptr_t>(p);
      return m == nullptr ||
             (at >= m->span.begin && at <= m->span.end && bytes <= m->span.end - at);
    };
    return fits(dst_, dst) && fits(src_, src);
  }

 private:
  Allocations& a_;
  std::lock_guard<std::mutex> lock_;
  Mapping* dst_;
  Mapping* src_;
};

// Device memory opened once for a copy of many rows (cudaMemcpy2D, cudaMemcpy3D), not once per
// row: each opening changes the protection of every buffer's pages.
struct OpenedForRows {
  OpenedForRows() { open_device_memory(true); }
  ~OpenedForRows() { open_device_memory(false); }
  OpenedForRows(const OpenedForRows&) = delete;
  OpenedForRows& operator=(const OpenedForRows&) = delete;
};

// "dot.cu:25" from the call's file (as compiled: its last component) and line.
std::string site_of(const MallocText* text) {
  if (text == nullptr || text->file == nullptr || text->line <= 0) return "";
  const std::string file = text->file;
  return file.substr(file.rfind('/') + 1) + ":" + std::to_string(text->line);
}

}  // namespace

cudaError_t device_malloc(void** ptr, std::size_t bytes, void* pc, unsigned element_size,
                          const char* type, bool managed, const MallocText* text) {
  Program& program = Program::get();
  if (ptr == nullptr) return program.note(cudaErrorInvalidValue);
  BufferSpan span;
  span.name = text != nullptr ? buffer_name_of(text->arguments) : "";
  span.site = site_of(text);
  span.element_size = element_size;
  // Its name travels in the record, so the trace names it as the runtime's messages do.
  const std::string name = span.name;
  const cudaError_t e = map_device_buffer(ptr, bytes, std::move(span), managed);
  if (e == cudaSuccess) program.global.allocated(*ptr, bytes, pc, element_size, type, name);
  return program.note(e);
}

void open_device_memory(bool open) {
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  if (open ? a.open++ != 0 : --a.open != 0) return;
  for (const auto& [pointer, mapping] : a.by_pointer) set_access(mapping, open);
}

bool copy_memory(void* dst, const void* src, std::size_t bytes, bool set, int value) {
  HostCopy copy(dst, src, bytes);
  if (!copy.inside(dst, src, bytes)) return false;
  const auto to = static_cast<char*>(dst);
  const auto from = static_cast<const char*>(src);
  const bool apart = set || to + bytes <= from || from + bytes <= to;  // else one memmove
  in_parts(bytes, apart ? Program::get().config.workers : 1, 1,
           [&](std::size_t begin, std::size_t end) {
             if (set) {
               std::memset(to + begin, value, end - begin);
             } else {
               std::memmove(to + begin, from + begin, end - begin);
             }
           });
  mark_copy(copy.allocations_held(), dst, set ? nullptr : src, bytes);
  return true;
}

void mark_initial(const void* device, std::size_t bytes) {
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  Mapping* m = mapping_at(a, device);
  if (m == nullptr) return;
  const auto [first, last] = shadow_words(*m, device, bytes);
  for (std::size_t w = first; w < last; ++w) {
    m->span.shadow[w].provenance = kInitial;
    m->span.settled[w] = 0;
  }
}

void clear_settled_marks() {
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  for (auto& [pointer, m] : a.by_pointer)
    if (m.span.settled != nullptr)
      std::memset(m.span.settled, 0, (m.span.end - m.span.begin + 15) / 16 * 4);
}

DeviceWords device_words(const void* device, std::size_t bytes) {
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  Mapping* m = mapping_at(a, device);
  DeviceWords out;
  if (m == nullptr) return out;
  out.span = m->span;
  const auto a0 = reinterpret_cast<std::uintptr_t>(device);
  out.inside = a0 >= m->span.begin && a0 + bytes <= m->span.end;
  return out;
}

std::uint64_t device_memory_epoch() {
  return epoch.load();
}

bool buffer_holding(std::uintptr_t address, BufferSpan& out) {
  Allocations& a = allocations();
  std::unique_lock<std::mutex> lock(a.mutex, std::try_to_lock);  // a fault in a copy holds it
  if (!lock.owns_lock()) return false;
  const Mapping* m = mapping_at(a, reinterpret_cast<const void*>(address));
  if (m == nullptr || m->managed) return false;
  out = m->span;
  return true;
}

std::vector<BufferSpan> buffer_spans() {
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  std::vector<BufferSpan> out;
  out.reserve(a.by_pointer.size());
  for (const auto& [pointer, mapping] : a.by_pointer) out.push_back(mapping.span);
  return out;  // by pointer, so by mapping: they do not overlap
}

}  // namespace stridescope_rt

using stridescope_rt::Program;

namespace stridescope_rt {
namespace {

std::vector<FreedWords>& freed_words() {
  static auto* freed = new std::vector<FreedWords>;  // never destroyed: read at exit
  return *freed;
}

// What the last launch's kernel wrote in a buffer about to be freed, kept (the caller holds the
// allocations' mutex): up to 16 MiB in all.
void keep_last_launch_words(const Mapping& m) {
  const std::uint32_t last = Program::get().last_writes_by;
  if (m.span.shadow == nullptr || last == 0) return;
  const std::size_t words = (m.span.end - m.span.begin + 3) / 4;
  FreedWords kept;
  kept.written.assign(words, false);
  bool any = false;
  for (std::size_t w = 0; w < words; ++w)
    any |= kept.written[w] = (m.span.shadow[w].provenance & ~kReadByKernel) == last;
  std::size_t held = 0;
  for (const FreedWords& f : freed_words()) held += f.bytes.size();
  if (!any || held + words * 4 > (16u << 20)) return;
  set_access(m, true);
  const auto* data = reinterpret_cast<const unsigned char*>(m.span.begin);
  kept.bytes.assign(data, data + (m.span.end - m.span.begin));
  set_access(m, false);
  freed_words().push_back(std::move(kept));
}

}  // namespace

const std::vector<FreedWords>& freed_by_last_launch() {
  return freed_words();
}

void forget_freed_words() {
  std::lock_guard<std::mutex> lock(allocations().mutex);
  freed_words().clear();
}

}  // namespace stridescope_rt

extern "C" {

// The book's cudaMalloc((void**)&dev_a, bytes): the element type is not known here.
cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
  return stridescope_rt::device_malloc(ptr, bytes, __builtin_return_address(0), 0, "", false);
}
cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes, unsigned int) {
  return stridescope_rt::device_malloc(ptr, bytes, __builtin_return_address(0), 0, "", true);
}
cudaError_t cudaMallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height) {
  *pitch = (width + 255) / 256 * 256;
  return stridescope_rt::device_malloc(ptr, *pitch * height, __builtin_return_address(0), 0, "",
                                       false);
}
cudaError_t cudaMallocAsync(void** ptr, std::size_t bytes, cudaStream_t) {
  return stridescope_rt::device_malloc(ptr, bytes, __builtin_return_address(0), 0, "", false);
}

cudaError_t cudaFree(void* ptr) {
  Program& program = Program::get();
  if (program.sticky_error != cudaSuccess) return program.sticky_error;
  if (!ptr) return cudaSuccess;
  stridescope_rt::Allocations& a = stridescope_rt::allocations();
  std::unique_lock<std::mutex> lock(a.mutex);
  // As a GPU's cudaFree waits for the device: a launch another host thread runs keeps its buffers
  // (and their shadows) until it ends.
  while (a.open != 0) {
    lock.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    lock.lock();
  }
  auto it = a.by_pointer.find(ptr);
  if (it == a.by_pointer.end()) return program.note(cudaErrorInvalidValue);
  stridescope_rt::keep_last_launch_words(it->second);
  munmap(it->second.base, it->second.length);
  if (it->second.span.shadow != nullptr) munmap(it->second.span.shadow, it->second.shadow_length);
  a.shadow_bytes -= it->second.shadow_length;
  a.bytes -= it->second.length;
  a.by_pointer.erase(it);
  ++stridescope_rt::epoch;
  program.global.freed(ptr);
  return cudaSuccess;
}
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t) {
  return cudaFree(ptr);
}
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned int) {
  *ptr = std::calloc(1, bytes ? bytes : 1);
  return Program::get().note(*ptr ? cudaSuccess : cudaErrorMemoryAllocation);
}
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) {
  return cudaHostAlloc(ptr, bytes, 0);
}
cudaError_t cudaFreeHost(void* ptr) {
  std::free(ptr);
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned int) {
  *device = host;  // one memory: the host's pointer is the device's
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaHostRegister(void*, std::size_t, unsigned int) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaHostUnregister(void*) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  const std::size_t used = stridescope_rt::allocations().bytes;
  *total_bytes = stridescope_rt::kDeviceMemory;
  *free_bytes = used < *total_bytes ? *total_bytes - used : 0;
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
  stridescope_rt::Allocations& a = stridescope_rt::allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  auto it = a.by_pointer.upper_bound(const_cast<void*>(ptr));
  bool device = false;
  if (it != a.by_pointer.begin()) {
    --it;
    const char* base = static_cast<const char*>(it->second.base);
    device = ptr >= base && static_cast<const char*>(ptr) < base + it->second.length;
  }
  attributes->type = device ? cudaMemoryTypeDevice : cudaMemoryTypeHost;
  attributes->device = 0;
  attributes->devicePointer = const_cast<void*>(ptr);
  attributes->hostPointer = device ? nullptr : const_cast<void*>(ptr);
  return cudaSuccess;
}
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind) {
  Program& program = Program::get();
  if (program.sticky_error != cudaSuccess) return program.sticky_error;
  if (bytes != 0 && (dst == nullptr || src == nullptr)) return program.note(cudaErrorInvalidValue);
  if (!stridescope_rt::copy_memory(dst, src, bytes, false, 0))
    return program.note(cudaErrorInvalidValue);  // past the end of a device buffer
  return cudaSuccess;
}
cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                         std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  if (width > dpitch || width > spitch) return Program::get().note(cudaErrorInvalidPitchValue);
  const stridescope_rt::OpenedForRows opened;
  for (std::size_t row = 0; row < height; ++row) {
    const cudaError_t e = cudaMemcpy(static_cast<char*>(dst) + row * dpitch,
                                     static_cast<const char*>(src) + row * spitch, width, kind);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) {
  Program& program = Program::get();
  if (program.sticky_error != cudaSuccess) return program.sticky_error;
  if (bytes != 0 && dst == nullptr) return program.note(cudaErrorInvalidValue);
  if (!stridescope_rt::copy_memory(dst, nullptr, bytes, true, value))
    return program.note(cudaErrorInvalidValue);  // past the end of a device buffer
  return cudaSuccess;
}
cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width,
                         std::size_t height) {
  const stridescope_rt::OpenedForRows opened;
  for (std::size_t row = 0; row < height; ++row)
    if (cudaError_t e = cudaMemset(static_cast<char*>(dst) + row * pitch, value, width);
        e != cudaSuccess)
      return e;
  return cudaSuccess;
}
cudaError_t cudaMalloc3D(cudaPitchedPtr* pitched, cudaExtent extent) {
  if (pitched == nullptr) return Program::get().note(cudaErrorInvalidValue);
  const std::size_t pitch = (extent.width + 255) / 256 * 256;
  void* p = nullptr;
  const cudaError_t e = stridescope_rt::device_malloc(&p, pitch * extent.height * extent.depth,
                                                      __builtin_return_address(0), 0, "", false);
  *pitched = {p, pitch, extent.width, extent.height};
  return e;
}
// Row y of slice z of a pitched side, at its position.
static char* row_of(const cudaPitchedPtr& side, const cudaPos& at, std::size_t y, std::size_t z) {
  return static_cast<char*>(side.ptr) + ((at.z + z) * side.ysize + at.y + y) * side.pitch + at.x;
}
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
  Program& program = Program::get();
  if (p == nullptr) return program.note(cudaErrorInvalidValue);
  if (p->srcArray != nullptr || p->dstArray != nullptr)
    program.fail(
        "cudaMemcpy3D with a CUDA array (srcArray or dstArray) is not supported by "
        "stridescope run (CUDA arrays); nvcc runs it");
  if (p->extent.width > p->srcPtr.pitch || p->extent.width > p->dstPtr.pitch)
    return program.note(cudaErrorInvalidPitchValue);
  const stridescope_rt::OpenedForRows opened;
  for (std::size_t z = 0; z < p->extent.depth; ++z)
    for (std::size_t y = 0; y < p->extent.height; ++y)
      if (const cudaError_t e =
              cudaMemcpy(row_of(p->dstPtr, p->dstPos, y, z), row_of(p->srcPtr, p->srcPos, y, z),
                         p->extent.width, p->kind);
          e != cudaSuccess)
        return e;
  return cudaSuccess;
}
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t) {
  return cudaMemcpy3D(p);
}
cudaError_t cudaMemset3D(cudaPitchedPtr pitched, int value, cudaExtent extent) {
  if (extent.width > pitched.pitch) return Program::get().note(cudaErrorInvalidPitchValue);
  const stridescope_rt::OpenedForRows opened;
  for (std::size_t z = 0; z < extent.depth; ++z)
    for (std::size_t y = 0; y < extent.height; ++y)
      if (const cudaError_t e = cudaMemset(row_of(pitched, {0, 0, 0}, y, z), value, extent.width);
          e != cudaSuccess)
        return e;
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t) {
  return cudaMemcpy(dst, src, bytes, kind);
}
cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                              std::size_t width, std::size_t height, cudaMemcpyKind kind,
                              cudaStream_t) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t) {
  return cudaMemset(dst, value, bytes);
}
cudaError_t cudaMemPrefetchAsync(const void*, std::size_t, int, cudaStream_t) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaMemAdvise(const void*, std::size_t, cudaMemoryAdvise, int) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void*, std::size_t, unsigned int) {
  return Program::get().note(cudaSuccess);
}

}  // extern "C"
