// Out-of-bounds accesses to shared memory and to cudaMalloc buffers (docs/own-programs.md,
// "Out-of-bounds accesses"): the bytes a launch's kernel may touch, and the words that name the
// array or buffer an access missed, its index and the side it missed on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace stridescope_rt {

struct WordState;  // global_races.h

// qualifiers.h's gap before the first __shared__ variable of each of the program's files.
inline constexpr std::size_t kSharedFrontRedZone = 1024;
// The dynamic shared memory dynshared.s reserves (its largest launch).
inline constexpr std::size_t kDynamicSharedBytes = 48 * 1024;
// Zero bytes after a window's region: an access that starts inside it and runs past it reads them.
inline constexpr std::size_t kWindowTail = 16;

// A piece of the shared memory, as offsets from stridescope_shared_begin.
struct SharedObject {
  std::int64_t begin = 0, end = 0;
  bool allowed = false;  // the launch's kernel may touch it
  bool dynamic = false;  // the dynamic shared memory (its size at this launch)
  bool own = false;      // a __shared__ variable of the launch's kernel itself
  std::string name;      // "s"; the dynamic memory's extern names ("a or b"), "" for a gap
};

// A launch's shared memory as the checks see it: allowed[b] is 1 where the kernel may touch the
// byte at offset first + b (from the front red zone to the end of the dynamic memory).
struct SharedWindow {
  std::int64_t first = 0;
  std::vector<std::uint8_t> allowed;  // kWindowTail zeros at the end
  std::vector<SharedObject> objects;  // by begin
};

// The window of `kernel` (null where the launch does not say which) with `dynamic` bytes of dynamic
// shared memory at `dynamic_offset`: its own __shared__ arrays, those at file scope and in
// __device__ functions, the dynamic bytes, and the padding between two of them; not the arrays of
// the other kernels, the red zones, the dynamic memory past `dynamic`. Made once per kernel and
// size (the caller holds the launch lock).
const SharedWindow& shared_window(const void* kernel, std::size_t dynamic,
                                  std::int64_t dynamic_offset);

// "wrote s[32], past the end of __shared__ s (s[0]..s[31], 4-byte elements)".
std::string shared_overrun(const SharedWindow& window, std::int64_t offset, unsigned size,
                           char kind);

// A cudaMalloc buffer as the checks see it: its mapping (guard pages and red zones around the data)
// and its data.
struct BufferSpan {
  std::uintptr_t map_begin = 0, map_end = 0, begin = 0, end = 0;
  std::string name;                 // "d", from the call's first argument ("" where none was seen)
  std::string site;                 // "dot.cu:25", the call's place ("" where unknown)
  std::uint32_t element_size = 0;   // sizeof(T) of cudaMalloc(T**, ...), 0 where unknown
  std::size_t ordinal = 0;          // which cudaMalloc of the program (0: the first)
  WordState* shadow = nullptr;      // a WordState per 4 bytes of data (null: too large to check)
  std::uint8_t* settled = nullptr;  // a byte per word beside the shadow (global_races.h)
  bool managed = false;             // cudaMallocManaged: host code writes it without a copy
};

// The live device buffers, by address (memory.cpp).
std::vector<BufferSpan> buffer_spans();

// A buffer the program freed after the last launch's kernel wrote some of its words: its bytes and
// those words (so that a host function that frees its buffer before returning the kernel's value
// is still seen to return the kernel's value: results.cpp). Forgotten when the next launch begins.
struct FreedWords {
  std::vector<unsigned char> bytes;
  std::vector<bool> written;  // per 4-byte word: by the last launch's kernel
};
const std::vector<FreedWords>& freed_by_last_launch();
void forget_freed_words();

// A count that changes whenever host code changes what device buffers hold or which there are.
std::uint64_t device_memory_epoch();

// Device (not managed) buffers accessible to code (a launch begins: true) or not (it ended: false),
// counted: the last of several launches running at once closes them.
void open_device_memory(bool open);
// cudaMemcpy's and cudaMemset's work (`set`: memset to `value`), with the buffers opened for it and
// their words marked as the host's (or, from another buffer, as its words were).
// False, copying nothing, where a device side runs past its buffer's data.
bool copy_memory(void* dst, const void* src, std::size_t bytes, bool set, int value);
// The words of [device, device + bytes) marked as nobody's: the exercise harness's own inputs.
void mark_initial(const void* device, std::size_t bytes);
// Every word's settled mark cleared (global_races.h: at a launch whose tag was an earlier one's).
void clear_settled_marks();
// The buffer holding `device` and whether [device, device + bytes) lies in its data.
struct DeviceWords {
  BufferSpan span;  // span.shadow null: no buffer (or one too large to check)
  bool inside = false;
};
DeviceWords device_words(const void* device, std::size_t bytes);
// The device (not managed) buffer whose mapping holds `address`; false where none does, or where
// the buffers cannot be looked at now (a fault inside a copy).
bool buffer_holding(std::uintptr_t address, BufferSpan& out);

// The buffer nearest to `address` (in a red zone or past a buffer), or null.
const BufferSpan* nearest_buffer(const std::vector<BufferSpan>& buffers, std::uintptr_t address);

// "wrote d[-64] (byte -256), before the start of the cudaMalloc buffer d (...)".
std::string buffer_overrun(const BufferSpan& buffer, std::uintptr_t address, unsigned size,
                           char kind);

// The name a cudaMalloc's first argument gives its buffer: "(void**)&dev_a" -> "dev_a".
std::string buffer_name_of(const char* arguments);

}  // namespace stridescope_rt
