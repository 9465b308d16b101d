// The GPU tracer's host side: a Compute Sanitizer tool library, injected into a user's program
// (CUDA_INJECTION64_PATH or LD_PRELOAD), that patches every loaded module with the device callbacks
// of trace_patches.cu (until the traced launch is done) and writes the traced block's events as a
// JSON record (read by app/program/gputrace/gpu_record.h). Environment: STRIDESCOPE_LAUNCH,
// STRIDESCOPE_TRACED_BLOCK (as for the emulator), STRIDESCOPE_GPU_RAW (the record's path),
// STRIDESCOPE_GPU_PATCH (the patches' fatbin; default: trace_patches.fatbin beside this library),
// STRIDESCOPE_GPU_CUBIN (where to copy the traced kernel's module, for nvdisasm's line table),
// STRIDESCOPE_GPU_EVENTS (buffer size).
#include <cuda.h>
#include <dlfcn.h>
#include <elf.h>
#include <sanitizer.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gpu_trace_buffer.h"

namespace {

using namespace stridescope_gputrace;

constexpr std::size_t kDefaultEvents = std::size_t{1} << 22;  // 256 MiB of events
constexpr std::size_t kSnapshotArea = std::size_t{64} << 20;

struct ModuleSymbols {
  std::vector<char> cubin;  // the image the driver loaded
  std::vector<std::string> functions;
  struct Shared {
    std::string name, section;
    std::uint64_t offset, bytes;
  };
  std::vector<Shared> shared;
  std::vector<std::string> shared_sections;  // .nv.shared.* (to say why no variable was named)
};

struct LaunchInfo {
  std::string kernel;
  std::uint32_t grid[3], block[3];
};

struct TracedFunction {
  std::string name;
  std::uint64_t pc, size;
};

struct Tracer {
  std::recursive_mutex mutex;  // a sanitizer call may call back on the same thread
  long traced_launch = 0, traced_block = 0;
  std::size_t event_capacity = kDefaultEvents;
  std::string raw_path = "gpu_raw.json", patch_path, cubin_path;
  std::set<CUcontext> patched_contexts;
  std::map<CUcontext, GpuTraceControl*> idle_controls;  // enabled = 0: for untraced launches
  std::map<CUmodule, ModuleSymbols> modules;
  // The traced launch's module and stream, once it ran: unpatched at the next launch (unpatch).
  CUmodule traced_module = nullptr;
  Sanitizer_StreamHandle traced_stream = nullptr;
  std::vector<LaunchInfo> launches;
  std::vector<std::string> messages;  // what failed, said once each
  // The traced launch, while it runs and after.
  GpuTraceControl* control = nullptr;  // device memory
  GpuTraceControl host_control{};
  GpuTraceResult* result = nullptr;  // pinned host memory, as are events and snapshots
  GpuTraceResult result_copy{};
  GpuEvent* events = nullptr;
  std::uint32_t* snapshots = nullptr;
  std::uint32_t* pending = nullptr;  // device memory
  bool traced = false;
  std::string kernel, device;
  LaunchInfo traced_info{};
  std::vector<GpuEvent> recorded;
  std::vector<std::uint32_t> snapshot_words;
  std::vector<TracedFunction> functions;
  std::vector<ModuleSymbols::Shared> shared_symbols;
  std::vector<std::string> shared_sections;
  int driver_version = 0;
};

Tracer& tracer() {
  static Tracer* t = new Tracer;  // never destroyed: the process's exit handlers still use it
  return *t;
}

std::string result_text(SanitizerResult r) {
  const char* text = nullptr;
  sanitizerGetResultString(r, &text);
  return text != nullptr ? text : "error " + std::to_string(int(r));
}

void note(Tracer& t, const std::string& message) {
  for (const std::string& m : t.messages)
    if (m == message) return;
  std::fprintf(stderr, "stridescope-gputrace: %s\n", message.c_str());
  t.messages.push_back(message);
}

bool check(Tracer& t, SanitizerResult r, const std::string& what) {
  if (r == SANITIZER_SUCCESS) return true;
  note(t, what + " failed: " + result_text(r));
  return false;
}

// The function and __shared__ variable symbols of a cubin (an ELF file); none if it is not one.
ModuleSymbols symbols_of(const char* image, std::size_t size) {
  ModuleSymbols out;
  out.cubin.assign(image, image + size);
  if (size < sizeof(Elf64_Ehdr) || std::memcmp(image, ELFMAG, SELFMAG) != 0 ||
      image[EI_CLASS] != ELFCLASS64)
    return out;
  Elf64_Ehdr header;
  std::memcpy(&header, image, sizeof header);
  if (header.e_shoff == 0 || header.e_shentsize != sizeof(Elf64_Shdr) ||
      header.e_shoff + std::uint64_t(header.e_shnum) * sizeof(Elf64_Shdr) > size)
    return out;
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  std::memcpy(sections.data(), image + header.e_shoff, header.e_shnum * sizeof(Elf64_Shdr));
  auto in_image = [&](const Elf64_Shdr& s) { return s.sh_offset + s.sh_size <= size; };
  if (header.e_shstrndx >= sections.size() || !in_image(sections[header.e_shstrndx])) return out;
  const Elf64_Shdr& names = sections[header.e_shstrndx];
  auto section_name = [&](std::size_t i) -> std::string {
    if (i >= sections.size() || sections[i].sh_name >= names.sh_size) return "";
    return std::string(image + names.sh_offset + sections[i].sh_name);
  };
  for (std::size_t i = 0; i < sections.size(); ++i)
    if (section_name(i).rfind(".nv.shared", 0) == 0) out.shared_sections.push_back(section_name(i));
  for (const Elf64_Shdr& table : sections) {
    if (table.sh_type != SHT_SYMTAB || !in_image(table) || table.sh_link >= sections.size())
      continue;
    const Elf64_Shdr& strings = sections[table.sh_link];
    if (!in_image(strings)) continue;
    for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= table.sh_size; at += sizeof(Elf64_Sym)) {
      Elf64_Sym sym;
      std::memcpy(&sym, image + table.sh_offset + at, sizeof sym);
      if (sym.st_name >= strings.sh_size) continue;
      const std::string name(image + strings.sh_offset + sym.st_name);
      const std::string section = section_name(sym.st_shndx);
      if (ELF64_ST_TYPE(sym.st_info) == STT_FUNC && section.rfind(".text.", 0) == 0)
        out.functions.push_back(name);
      else if (ELF64_ST_TYPE(sym.st_info) != STT_SECTION && section.rfind(".nv.shared", 0) == 0)
        out.shared.push_back({name, section, sym.st_value, sym.st_size});
    }
  }
  return out;
}

void module_loaded(Tracer& t, const Sanitizer_ResourceModuleData& m) {
  if (t.patched_contexts.insert(m.context).second &&
      !check(t, sanitizerAddPatchesFromFile(t.patch_path.c_str(), m.context),
             "sanitizerAddPatchesFromFile(" + t.patch_path + ")")) {
    t.patched_contexts.erase(m.context);
    return;
  }
  if (m.pCubin != nullptr) t.modules[m.module] = symbols_of(m.pCubin, m.cubinSize);
  if (t.traced) return;  // a module loaded after the traced launch runs as built
  const struct {
    Sanitizer_InstructionId id;
    const char* callback;
  } patches[] = {
      {SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS, "StrideScopeSharedAccess"},
      {SANITIZER_INSTRUCTION_BARRIER, "StrideScopeBarrier"},
      {SANITIZER_INSTRUCTION_SYNCWARP, "StrideScopeSyncwarp"},
      {SANITIZER_INSTRUCTION_SHFL, "StrideScopeShuffle"},
      {SANITIZER_INSTRUCTION_BLOCK_ENTER, "StrideScopeBlockEnter"},
      {SANITIZER_INSTRUCTION_BLOCK_EXIT, "StrideScopeBlockExit"},
  };
  for (const auto& p : patches)
    check(t, sanitizerPatchInstructions(p.id, m.module, p.callback),
          std::string("sanitizerPatchInstructions(") + p.callback + ")");
  check(t, sanitizerPatchModule(m.module), "sanitizerPatchModule");
}

GpuTraceControl* idle_control(Tracer& t, CUcontext context, Sanitizer_StreamHandle stream) {
  GpuTraceControl*& idle = t.idle_controls[context];
  if (idle != nullptr) return idle;
  void* memory = nullptr;
  if (!check(t, sanitizerAlloc(context, &memory, sizeof(GpuTraceControl)), "sanitizerAlloc"))
    return nullptr;
  static GpuTraceControl off{};  // enabled = 0; stays alive for the asynchronous copy
  check(t, sanitizerMemcpyHostToDeviceAsync(memory, &off, sizeof off, stream),
        "sanitizerMemcpyHostToDeviceAsync");
  idle = static_cast<GpuTraceControl*>(memory);
  return idle;
}

// The traced launch's buffers: events, snapshots and the result in pinned host memory (the device
// writes them, the host reads them after the launch), the atomics' bookkeeping on the device.
bool allocate_buffers(Tracer& t, const Sanitizer_LaunchData& l, GpuTraceControl& h) {
  void *pending = nullptr, *events = nullptr, *snapshots = nullptr, *result = nullptr;
  const std::size_t pending_bytes = std::size_t(h.threads) * sizeof(std::uint32_t);
  const std::size_t event_bytes = t.event_capacity * sizeof(GpuEvent);
  if (!check(t, sanitizerAlloc(l.context, &pending, pending_bytes), "sanitizerAlloc(pending)") ||
      !check(t, sanitizerAllocHost(l.context, &events, event_bytes),
             "sanitizerAllocHost(events)") ||
      !check(t, sanitizerAllocHost(l.context, &snapshots, kSnapshotArea),
             "sanitizerAllocHost(snapshots)") ||
      !check(t, sanitizerAllocHost(l.context, &result, sizeof(GpuTraceResult)),
             "sanitizerAllocHost(result)"))
    return false;
  std::memset(events, 0, event_bytes);
  std::memset(result, 0, sizeof(GpuTraceResult));
  check(t, sanitizerMemset(pending, 0, pending_bytes, l.hStream), "sanitizerMemset");
  h.events = static_cast<GpuEvent*>(events);
  h.snapshots = static_cast<std::uint32_t*>(snapshots);
  h.pending_atomic = static_cast<std::uint32_t*>(pending);
  h.result = static_cast<GpuTraceResult*>(result);
  return true;
}

void begin_traced_launch(Tracer& t, const Sanitizer_LaunchData& l, const LaunchInfo& info) {
  const std::uint64_t blocks = std::uint64_t(info.grid[0]) * info.grid[1] * info.grid[2];
  if (t.traced_block < 0 || std::uint64_t(t.traced_block) >= blocks) {
    note(t, "launch " + std::to_string(t.traced_launch) + " has " + std::to_string(blocks) +
                " blocks: no block " + std::to_string(t.traced_block) + " to trace");
    return;
  }
  GpuTraceControl& h = t.host_control;
  h = GpuTraceControl{};
  h.enabled = 1;
  const std::uint64_t b = std::uint64_t(t.traced_block);
  h.block_x = std::uint32_t(b % info.grid[0]);
  h.block_y = std::uint32_t(b / info.grid[0] % info.grid[1]);
  h.block_z = std::uint32_t(b / (std::uint64_t(info.grid[0]) * info.grid[1]));
  h.threads = info.block[0] * info.block[1] * info.block[2];
  h.live_threads = h.threads;
  int static_shared = 0;
  if (cuFuncGetAttribute(&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, l.function) !=
      CUDA_SUCCESS)
    note(t, "cuFuncGetAttribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES) failed");
  h.static_shared = std::uint32_t(static_shared);
  int reserved = 0;
  if (cuDeviceGetAttribute(&reserved, CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
                           l.device) != CUDA_SUCCESS)
    note(t, "cuDeviceGetAttribute(CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK) failed");
  h.shared_base = std::uint32_t(reserved);
  h.event_capacity = std::uint32_t(t.event_capacity);
  h.snapshot_area_bytes = std::uint32_t(kSnapshotArea);
  void* control = nullptr;
  if (!allocate_buffers(t, l, h) ||
      !check(t, sanitizerAlloc(l.context, &control, sizeof h), "sanitizerAlloc(control)"))
    return;
  check(t, sanitizerMemcpyHostToDeviceAsync(control, &h, sizeof h, l.hStream),
        "sanitizerMemcpyHostToDeviceAsync(control)");
  if (!check(t, sanitizerSetCallbackData(l.function, control), "sanitizerSetCallbackData")) return;
  t.control = static_cast<GpuTraceControl*>(control);
  t.events = h.events;
  t.snapshots = h.snapshots;
  t.pending = h.pending_atomic;
  t.result = h.result;
  t.traced_info = info;
  t.kernel = l.functionName != nullptr ? l.functionName : "";
  char name[256] = {};
  if (cuDeviceGetName(name, sizeof name - 1, l.device) == CUDA_SUCCESS) t.device = name;
  cuDriverGetVersion(&t.driver_version);
}

// After the launch: the events (a slot never written has kind 0) and snapshots, from pinned host
// memory; the functions' start pcs; the module's image for nvdisasm.
void end_traced_launch(Tracer& t, const Sanitizer_LaunchData& l) {
  if (!check(t, sanitizerStreamSynchronize(l.hStream), "sanitizerStreamSynchronize")) return;
  // Every thread of the traced block exits through a callback; should the synchronization have
  // returned early, wait for them (2 s at most: a trap ends threads without one).
  std::size_t count = 0;
  for (int wait = 0; wait <= 200; ++wait) {
    count = t.event_capacity;
    while (count > 0 && t.events[count - 1].kind == 0) --count;
    std::uint32_t exited = 0;
    for (std::size_t i = 0; i < count; ++i) exited += t.events[i].kind == kEventBlockExit;
    if (exited >= t.host_control.threads || t.result->event_overflow) break;
    if (wait == 200) note(t, "not every thread of the traced block was seen to exit");
    usleep(10000);
  }
  t.result_copy = *t.result;
  t.recorded.assign(t.events, t.events + count);
  std::uint32_t snapshots = 0;
  for (const GpuEvent& e : t.recorded) snapshots = std::max(snapshots, e.snapshot);
  const std::size_t words = t.result_copy.snapshot_bytes / 4;
  t.snapshot_words.assign(t.snapshots,
                          t.snapshots + std::min(snapshots * words, kSnapshotArea / 4));
  const auto found = t.modules.find(l.module);
  if (found != t.modules.end()) {
    for (const std::string& f : found->second.functions) {
      std::uint64_t pc = 0, size = 0;
      if (sanitizerGetFunctionPcAndSize(l.module, f.c_str(), &pc, &size) == SANITIZER_SUCCESS)
        t.functions.push_back({f, pc, size});
    }
    t.shared_symbols = found->second.shared;
    t.shared_sections = found->second.shared_sections;
    if (!t.cubin_path.empty())
      std::ofstream(t.cubin_path, std::ios::binary)
          .write(found->second.cubin.data(), std::streamsize(found->second.cubin.size()));
  } else {
    note(t, "the traced kernel's module was not seen loading: no functions' pcs");
  }
  t.traced = true;
  sanitizerFree(l.context, t.control);
  sanitizerFree(l.context, t.pending);
  sanitizerFreeHost(l.context, t.events);
  sanitizerFreeHost(l.context, t.snapshots);
  sanitizerFreeHost(l.context, t.result);
  t.control = nullptr;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string dims(const std::uint32_t d[3]) {
  return "[" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + "]";
}

// The record (app/program/gputrace/gpu_record.h reads it): written after the traced launch and
// again at exit, with every launch of the program.
void write_gpu_record(Tracer& t) {
  const GpuTraceControl& h = t.host_control;
  const GpuTraceResult& r = t.result_copy;
  std::ostringstream o;
  o << "{\"format\":\"stridescope-gpu-record\",\"version\":1";
  o << ",\"traced_launch\":" << t.traced_launch << ",\"traced_block\":" << t.traced_block;
  o << ",\"traced\":" << (t.traced ? "true" : "false");
  o << ",\"device\":" << quoted(t.device) << ",\"driver_version\":" << t.driver_version;
  o << ",\"launches\":[";
  for (std::size_t i = 0; i < t.launches.size(); ++i)
    o << (i ? "," : "") << "{\"kernel\":" << quoted(t.launches[i].kernel)
      << ",\"grid\":" << dims(t.launches[i].grid) << ",\"block\":" << dims(t.launches[i].block)
      << "}";
  o << "]";
  o << ",\"messages\":[";
  for (std::size_t i = 0; i < t.messages.size(); ++i) o << (i ? "," : "") << quoted(t.messages[i]);
  o << "]";
  if (t.traced) {
    o << ",\"kernel\":" << quoted(t.kernel) << ",\"grid\":" << dims(t.traced_info.grid)
      << ",\"block\":" << dims(t.traced_info.block);
    o << ",\"static_shared\":" << h.static_shared << ",\"dynamic_shared\":" << r.dynamic_shared
      << ",\"total_shared\":" << r.total_shared << ",\"shared_base\":" << h.shared_base
      << ",\"reserved_shared\":[" << r.reserved_begin << "," << r.reserved_end << "]";
    o << ",\"events_recorded\":" << t.recorded.size() << ",\"event_capacity\":" << h.event_capacity
      << ",\"event_overflow\":" << (r.event_overflow ? "true" : "false")
      << ",\"snapshot_overflow\":" << (r.snapshot_overflow ? "true" : "false");
    o << ",\"functions\":[";
    for (std::size_t i = 0; i < t.functions.size(); ++i)
      o << (i ? "," : "") << "{\"name\":" << quoted(t.functions[i].name)
        << ",\"pc\":" << t.functions[i].pc << ",\"size\":" << t.functions[i].size << "}";
    o << "],\"shared_symbols\":[";
    for (std::size_t i = 0; i < t.shared_symbols.size(); ++i)
      o << (i ? "," : "") << "{\"name\":" << quoted(t.shared_symbols[i].name)
        << ",\"section\":" << quoted(t.shared_symbols[i].section)
        << ",\"offset\":" << t.shared_symbols[i].offset
        << ",\"bytes\":" << t.shared_symbols[i].bytes << "}";
    o << "],\"shared_sections\":[";
    for (std::size_t i = 0; i < t.shared_sections.size(); ++i)
      o << (i ? "," : "") << quoted(t.shared_sections[i]);
    // [kind, thread, pc, address, size, value, value_high, flags, active_mask, snapshot, resolved]
    o << "],\"events\":[";
    for (std::size_t i = 0; i < t.recorded.size(); ++i) {
      const GpuEvent& e = t.recorded[i];
      o << (i ? ",\n" : "\n") << "[" << e.kind << "," << e.thread << "," << e.pc << "," << e.address
        << "," << e.size << "," << e.value << "," << e.value_high << "," << e.flags << ","
        << e.active_mask << "," << e.snapshot << "," << e.resolved << "]";
    }
    o << "],\"snapshot_bytes\":" << r.snapshot_bytes << ",\"snapshots\":[";
    const std::size_t words = r.snapshot_bytes / 4;
    for (std::size_t s = 0; words > 0 && s < t.snapshot_words.size() / words; ++s) {
      o << (s ? ",\n[" : "\n[");
      for (std::size_t w = 0; w < words; ++w)
        o << (w ? "," : "") << t.snapshot_words[s * words + w];
      o << "]";
    }
    o << "]";
  }
  o << "}\n";
  std::ofstream(t.raw_path) << o.str();
}

// After the traced launch, its module's callbacks go: the launches after it run as nvcc built them
// (a patched kernel calls a callback at every shared access and barrier of every block, even where
// the callback returns at once; a 1024x1024 tiled matmul launched 40 times, launch 5 traced: 4.1
// -> 1.6 s on an H200). Done at the next launch, its stream and the traced one's waited for: the
// traced launch's own callbacks end, and patching or unpatching within a launch's callbacks hung a
// program whose launch waited on another stream's event (tests/own_programs/runtime_features.cu).
// Launches before the traced one keep the callbacks, which return at once (enabled = 0).
void unpatch_traced_module(Tracer& t, const Sanitizer_LaunchData& next) {
  if (t.traced_module == nullptr) return;
  if (check(t, sanitizerStreamSynchronize(t.traced_stream), "sanitizerStreamSynchronize") &&
      check(t, sanitizerStreamSynchronize(next.hStream), "sanitizerStreamSynchronize"))
    check(t, sanitizerUnpatchModule(t.traced_module), "sanitizerUnpatchModule");
  t.traced_module = nullptr;
}

void on_launch_begin(Tracer& t, const Sanitizer_LaunchData& l) {
  unpatch_traced_module(t, l);
  const long index = long(t.launches.size());
  LaunchInfo info{l.functionName != nullptr ? l.functionName : "",
                  {l.gridDim_x, l.gridDim_y, l.gridDim_z},
                  {l.blockDim_x, l.blockDim_y, l.blockDim_z}};
  t.launches.push_back(info);
  if (index == t.traced_launch) {
    begin_traced_launch(t, l, info);
    if (t.control != nullptr) return;
  }
  if (GpuTraceControl* idle = idle_control(t, l.context, l.hStream))
    check(t, sanitizerSetCallbackData(l.function, idle), "sanitizerSetCallbackData");
}

void SANITIZERAPI on_callback(void*, Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid,
                              const void* data) {
  Tracer& t = tracer();
  std::lock_guard<std::recursive_mutex> lock(t.mutex);
  if (domain == SANITIZER_CB_DOMAIN_RESOURCE && cbid == SANITIZER_CBID_RESOURCE_MODULE_LOADED) {
    module_loaded(t, *static_cast<const Sanitizer_ResourceModuleData*>(data));
  } else if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_BEGIN) {
    on_launch_begin(t, *static_cast<const Sanitizer_LaunchData*>(data));
  } else if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_END &&
             t.control != nullptr) {
    const auto& l = *static_cast<const Sanitizer_LaunchData*>(data);
    end_traced_launch(t, l);
    write_gpu_record(t);
    t.traced_module = l.module;
    t.traced_stream = l.hStream;
  }
}

void write_at_exit() {
  Tracer& t = tracer();
  std::lock_guard<std::recursive_mutex> lock(t.mutex);
  write_gpu_record(t);
}

std::string beside_this_library(const char* name) {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&beside_this_library), &info) == 0 ||
      info.dli_fname == nullptr)
    return name;
  std::string path = info.dli_fname;
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? name : path.substr(0, slash + 1) + name;
}

int start_tracer() {
  Tracer& t = tracer();
  // Kept loaded to the end: the sanitizer calls back into it, and write_at_exit is registered.
  if (Dl_info self{}; dladdr(reinterpret_cast<void*>(&start_tracer), &self) != 0 && self.dli_fname)
    dlopen(self.dli_fname, RTLD_NOW | RTLD_NODELETE);
  if (const char* s = std::getenv("STRIDESCOPE_LAUNCH")) t.traced_launch = std::atol(s);
  if (const char* s = std::getenv("STRIDESCOPE_TRACED_BLOCK")) t.traced_block = std::atol(s);
  if (const char* s = std::getenv("STRIDESCOPE_GPU_RAW")) t.raw_path = s;
  if (const char* s = std::getenv("STRIDESCOPE_GPU_CUBIN")) t.cubin_path = s;
  if (const char* s = std::getenv("STRIDESCOPE_GPU_EVENTS"); s && std::atol(s) > 0)
    t.event_capacity = std::size_t(std::atol(s));
  const char* patch = std::getenv("STRIDESCOPE_GPU_PATCH");
  t.patch_path = patch != nullptr ? patch : beside_this_library("trace_patches.fatbin");
  Sanitizer_SubscriberHandle handle;
  if (!check(t, sanitizerSubscribe(&handle, on_callback, nullptr), "sanitizerSubscribe")) return 1;
  check(t,
        sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_RESOURCE,
                                SANITIZER_CBID_RESOURCE_MODULE_LOADED),
        "sanitizerEnableCallback(MODULE_LOADED)");
  check(t,
        sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_LAUNCH, SANITIZER_CBID_LAUNCH_BEGIN),
        "sanitizerEnableCallback(LAUNCH_BEGIN)");
  check(t,
        sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_LAUNCH, SANITIZER_CBID_LAUNCH_END),
        "sanitizerEnableCallback(LAUNCH_END)");
  std::atexit(write_at_exit);
  return 0;
}

}  // namespace

// CUDA_INJECTION64_PATH: the driver calls this when it loads the library; 1 means started (with
// 0 the driver unloads the library, and the sanitizer's next callback lands in unmapped memory).
extern "C" __attribute__((visibility("default"))) int InitializeInjection() {
  static const int started = start_tracer() == 0 ? 1 : 0;
  return started;
}

// LD_PRELOAD: started when the library loads.
namespace {
[[maybe_unused]] const int started_at_load = InitializeInjection();
}
