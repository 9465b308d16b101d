// What an exercise's harness reports (exercise_harness.h): arrays read by the runtime from device
// memory (not from anything the program prints), with the words a host copy wrote, the value a host
// function returned and whether the last launch left it on the device, and the input elements no
// kernel read. They go into the raw record, which the checker reads.
#include <cstring>
#include <string>

#include "bounds.h"
#include "global_races.h"
#include "program.h"

namespace stridescope_rt {

namespace {

// The element at `p`: kind 0 a signed integer, 1 an unsigned one, 2 a float or double.
double value_at(const unsigned char* p, unsigned size, int kind) {
  if (kind == 2) {
    if (size == 4) {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  std::uint64_t bits = 0;
  std::memcpy(&bits, p, size);
  if (kind == 1 || size == 8) return kind == 1 ? double(bits) : double(std::int64_t(bits));
  const unsigned shift = 64 - 8 * size;
  return double(std::int64_t(bits << shift) >> shift);
}

// Device memory open while the runtime reads it.
struct Opened {
  Opened() { open_device_memory(true); }
  ~Opened() { open_device_memory(false); }
};

const WordState* words_of(const DeviceWords& d, const void* p) {
  return d.span.shadow + (reinterpret_cast<std::uintptr_t>(p) - d.span.begin) / 4;
}

constexpr std::size_t kMaxWriters = 1u << 16;  // elements whose writers a report names

// What left the word as it is: [place, block, thread, how, launch]. how: 0 one plain write (its
// place, block and thread), 1 atomics (the place of the last), 2 plain writes of several blocks
// (the place of the last), 3 a kernel of `launch` (no more known: a later launch read the word), 4
// host code (cudaMemcpy, cudaMemset), 5 nothing since the harness made it.
nlohmann::json writer_of(const WordState* w) {
  const std::uint32_t launch = w->provenance & ~kReadByKernel;
  if (launch == 0 || launch == kInitial) return {0, 0, 0, 5, 0};
  if (launch == kHostWritten) return {0, 0, 0, 4, 0};
  if (w->launch != launch || (w->write.flags & kNoted) == 0 || w->write.site == 0)
    return {0, 0, 0, 3, launch - 1};
  const int how = (w->write.flags & kAtomic) != 0        ? 1
                  : (w->write.flags & kOtherBlocks) != 0 ? 2
                                                         : 0;
  return {RaceChecker::get().pc_of(w->write.site), w->write.block, w->write.thread, how,
          launch - 1};
}

}  // namespace

void report_device(const char* name, const void* device, std::size_t count, unsigned size, int kind,
                   bool sum) {
  Program& program = Program::get();
  const DeviceWords d = device_words(device, count * size);
  nlohmann::json r = {{"name", name}};
  if (!d.inside || count == 0) {
    r["error"] = "not a device buffer";
    program.results.push_back(std::move(r));
    return;
  }
  Opened opened;
  nlohmann::json values = nlohmann::json::array();
  double total = 0;
  long long host_written = -1;
  const auto* bytes = static_cast<const unsigned char*>(device);
  // Who wrote each element last (its place, block and thread; 0s where no kernel did): a wrong
  // element is said with its line.
  const bool writers = !sum && d.span.shadow != nullptr && count <= kMaxWriters;
  nlohmann::json who = nlohmann::json::array();
  for (std::size_t i = 0; i < count; ++i) {
    if (writers) who.push_back(writer_of(words_of(d, bytes + i * size)));
    const double v = value_at(bytes + i * size, size, kind);
    if (sum) {
      total += v;
    } else {
      values.push_back(v);
    }
    if (d.span.shadow == nullptr || host_written >= 0) continue;
    const WordState* w = words_of(d, bytes + i * size);
    for (unsigned k = 0; k < (size + 3) / 4; ++k)
      if ((w[k].provenance & ~kReadByKernel) == kHostWritten) host_written = (long long)i;
  }
  if (sum) values.push_back(total);
  r["values"] = std::move(values);
  if (host_written >= 0) r["host_written"] = host_written;
  if (writers) r["writers"] = std::move(who);
  program.results.push_back(std::move(r));
}

void report_returned(const char* name, const void* value, unsigned size, int kind) {
  Program& program = Program::get();
  const double returned = value_at(static_cast<const unsigned char*>(value), size, kind);
  nlohmann::json r = {{"name", name}, {"values", {returned}}};
  // The words the last launch's kernel wrote, in every buffer: the returned value must be one.
  const std::uint32_t last = program.last_writes_by;
  bool found = false;
  nlohmann::json left = nlohmann::json::array();
  Opened opened;
  const auto look_at = [&](const unsigned char* v) {
    const double value = value_at(v, size, kind);
    found = value == returned;
    if (left.size() < 8) left.push_back(value);  // a few, to say what it wrote instead
  };
  for (const BufferSpan& b : buffer_spans()) {
    if (b.shadow == nullptr || last == 0) continue;
    for (std::uintptr_t at = b.begin; at + size <= b.end && !found; at += size)
      if ((b.shadow[(at - b.begin) / 4].provenance & ~kReadByKernel) == last)
        look_at(reinterpret_cast<const unsigned char*>(at));
  }
  // Buffers freed since the launch: the value may have come from one (copied, then freed).
  for (const FreedWords& f : freed_by_last_launch())
    for (std::size_t at = 0; at + size <= f.bytes.size() && !found; at += size)
      if (f.written[at / 4]) look_at(f.bytes.data() + at);
  r["on_device"] = found;
  r["last_launch_wrote"] = std::move(left);
  program.results.push_back(std::move(r));
}

void expect_read(const char* name, const void* device, std::size_t count, unsigned size) {
  Program& program = Program::get();
  const DeviceWords d = device_words(device, count * size);
  if (!d.inside || d.span.shadow == nullptr) return;
  std::size_t unread = 0;
  long long first = -1;
  const auto* bytes = static_cast<const unsigned char*>(device);
  for (std::size_t i = 0; i < count; ++i) {
    const WordState* w = words_of(d, bytes + i * size);
    if ((w->provenance & kReadByKernel) != 0) continue;
    if (unread++ == 0) first = (long long)i;
  }
  if (unread > 0) program.unread.push_back({{"name", name}, {"unread", unread}, {"first", first}});
}

}  // namespace stridescope_rt
