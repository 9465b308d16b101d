// cudaMalloc and friends on the CPU: each device and managed buffer is a mapping of its own,
// between two inaccessible pages, its data ending at the upper one (bytes rounded up to 16); the
// kernels' accesses are checked against its exact bytes (bounds.h), the host's fault at the guard
// pages; host and pinned memory is the C library's; copies and sets are memmove and memset.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "bounds.h"
#include "program.h"

namespace stridescope_rt {
namespace {

// Each device buffer's mapping (base, length) and what names it, by the pointer the program got.
struct Mapping {
  void* base = nullptr;
  std::size_t length = 0;
  BufferSpan span;
};
struct Allocations {
  std::mutex mutex;
  std::map<void*, Mapping> by_pointer;
  std::size_t bytes = 0, made = 0;
};
Allocations& allocations() {
  static Allocations* a = new Allocations;
  return *a;
}

constexpr std::size_t kDeviceMemory = 3ull << 30;  // what cudaMemGetInfo says there is

// A guard page, the data's pages, a guard page: the red zones around the data are the guard pages
// and the start of the first data page (at least a page on each side).
cudaError_t map_device_buffer(void** ptr, std::size_t bytes, BufferSpan span) {
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  const std::size_t rounded = (bytes + 15) / 16 * 16;
  const std::size_t total = page + (rounded + page - 1) / page * page + page;
  void* base = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return cudaErrorMemoryAllocation;
  char* guard = static_cast<char*>(base) + total - page;
  mprotect(base, page, PROT_NONE);
  mprotect(guard, page, PROT_NONE);
  *ptr = guard - rounded;
  span.map_begin = reinterpret_cast<std::uintptr_t>(base);
  span.map_end = span.map_begin + total;
  span.begin = reinterpret_cast<std::uintptr_t>(*ptr);
  span.end = span.begin + bytes;
  Allocations& a = allocations();
  std::lock_guard<std::mutex> lock(a.mutex);
  span.ordinal = a.made++;
  a.by_pointer[*ptr] = {base, total, std::move(span)};
  a.bytes += total;
  return cudaSuccess;
}

// "dot.cu:25" from the call's file (as compiled: its last component) and line.
std::string site_of(const MallocText* text) {
  if (text == nullptr || text->file == nullptr || text->line <= 0) return "";
  const std::string file = text->file;
  return file.substr(file.rfind('/') + 1) + ":" + std::to_string(text->line);
}

}  // namespace

cudaError_t device_malloc(void** ptr, std::size_t bytes, void* pc, unsigned element_size,
                          const char* type, bool, const MallocText* text) {
  Program& program = Program::get();
  if (ptr == nullptr) return program.note(cudaErrorInvalidValue);
  BufferSpan span;
  span.name = text != nullptr ? buffer_name_of(text->arguments) : "";
  span.site = site_of(text);
  span.element_size = element_size;
  // A buffer of the harness or a launch spec's main() has no line of the user's: its name travels.
  const bool unplaced = text != nullptr && (text->file == nullptr || text->line <= 0);
  const std::string name = unplaced ? span.name : "";
  const cudaError_t e = map_device_buffer(ptr, bytes, std::move(span));
  if (e == cudaSuccess) program.global.allocated(*ptr, bytes, pc, element_size, type, name);
  return program.note(e);
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
  std::lock_guard<std::mutex> lock(a.mutex);
  auto it = a.by_pointer.find(ptr);
  if (it == a.by_pointer.end()) return program.note(cudaErrorInvalidValue);
  munmap(it->second.base, it->second.length);
  a.bytes -= it->second.length;
  a.by_pointer.erase(it);
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
  std::memmove(dst, src, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                         std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  if (width > dpitch || width > spitch) return Program::get().note(cudaErrorInvalidPitchValue);
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
  std::memset(dst, value, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width,
                         std::size_t height) {
  for (std::size_t row = 0; row < height; ++row)
    if (cudaError_t e = cudaMemset(static_cast<char*>(dst) + row * pitch, value, width);
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
