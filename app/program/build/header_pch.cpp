// stridescope_cuda.h precompiled, kept in the user's cache (see header_pch.h).
#include "program/build/header_pch.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>

#include "program/build/runtime_paths.h"
#include "program/process/child_process.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;

struct Fnv {
  std::uint64_t hash = 1469598103934665603ull;
  void add(const std::string& text) {
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
    hash = (hash ^ 0xffu) * 1099511628211ull;  // a separator: "ab","c" is not "a","bc"
  }
};

// A file's identity for the key: its path, size and modification time, and optionally its text.
void add_file(Fnv& fnv, const fs::path& file, bool with_text) {
  std::error_code error;
  fnv.add(file.string());
  fnv.add(std::to_string(fs::file_size(file, error)));
  fnv.add(std::to_string(fs::last_write_time(file, error).time_since_epoch().count()));
  if (!with_text) return;
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  fnv.add(text.str());
}

std::uint64_t cache_key(const std::string& clang, const std::vector<std::string>& flags) {
  Fnv fnv;
  fnv.add(clang);
  add_file(fnv, clang, false);
  for (const std::string& f : flags) fnv.add(f);
  std::vector<fs::path> headers;
  std::error_code error;
  for (const auto& entry : fs::recursive_directory_iterator(runtime_include_dir(), error))
    if (entry.path().extension() == ".h") headers.push_back(entry.path());
  std::sort(headers.begin(), headers.end());
  for (const fs::path& h : headers) add_file(fnv, h, true);
  return fnv.hash;
}

fs::path deps_of(const fs::path& pch) {
  return pch.string() + ".d";
}

// Every file the precompiled header was made from (its dependency file, which clang wrote with
// the system headers) is older than it: a libstdc++ or glibc update makes it stale.
bool up_to_date(const fs::path& pch) {
  std::error_code error;
  const auto built = fs::last_write_time(pch, error);
  if (error) return false;
  std::ifstream in(deps_of(pch));
  if (!in) return false;
  std::string word;
  bool target = true;
  while (in >> word) {
    if (target) {  // "pch.tmp123: " first
      target = word.back() != ':';
      continue;
    }
    if (word == "\\") continue;
    const auto changed = fs::last_write_time(word, error);
    if (error || changed > built) return false;
  }
  return true;
}

// Builds `pch` from the header with `flags`: into files of this process and thread, renamed when
// whole, so runs or windows tracing at the same time never read half a file. False if clang fails.
bool build_pch(const std::string& clang, const std::vector<std::string>& flags,
               const fs::path& pch) {
  std::ostringstream id;
  id << ::getpid() << "-" << std::this_thread::get_id();
  const fs::path tmp = pch.string() + ".tmp" + id.str();
  std::vector<std::string> argv{clang};
  argv.insert(argv.end(), flags.begin(), flags.end());
  argv.insert(argv.end(), {"-c", "-Xclang", "-emit-pch", "-MD", "-MF", deps_of(tmp).string(), "-o",
                           tmp.string(), cuda_header().string()});
  const fs::path log = tmp.string() + ".log";
  int rc = 1;
  try {
    rc = run_process(argv, log, log, {}, Limits{60, 8ull << 30, 1ull << 30, 120});
  } catch (const std::exception&) {
  }
  std::error_code error;
  fs::remove(log, error);
  if (rc == 0) fs::rename(deps_of(tmp), deps_of(pch), error);
  if (rc == 0 && !error) fs::rename(tmp, pch, error);
  if (rc != 0 || error) {
    fs::remove(tmp, error);
    fs::remove(deps_of(tmp), error);
    return false;
  }
  return true;
}

// Removes the cache's precompiled headers of 30 days ago and more (older headers, clangs, flags).
void prune(const fs::path& dir) {
  std::error_code error;
  const auto month_ago = fs::file_time_type::clock::now() - std::chrono::hours(24 * 30);
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("stridescope_cuda-", 0) == 0 && entry.last_write_time(error) < month_ago)
      fs::remove(entry.path(), error);
  }
}

}  // namespace

std::string pch_directory() {
  if (const char* d = std::getenv("STRIDESCOPE_PCH_DIR")) return d;  // set but empty: no cache
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d)
    return (fs::path(d) / "stridescope").string();
  if (const char* d = std::getenv("HOME"); d && *d)
    return (fs::path(d) / ".cache" / "stridescope").string();
  return "";
}

std::vector<std::string> header_args(const std::string& clang,
                                     const std::vector<std::string>& flags) {
  const std::vector<std::string> as_text{"-include", cuda_header().string()};
  const std::string dir = pch_directory();
  if (dir.empty()) return as_text;
  char name[64];
  std::snprintf(name, sizeof name, "stridescope_cuda-%016llx.pch",
                static_cast<unsigned long long>(cache_key(clang, flags)));
  const fs::path pch = fs::path(dir) / name;
  std::error_code error;
  if (!up_to_date(pch)) {
    fs::create_directories(dir, error);
    if (error || !build_pch(clang, flags, pch)) return as_text;
    prune(dir);
  }
  return {"-include-pch", pch.string()};
}

void drop_pch(const std::vector<std::string>& header) {
  if (header.size() != 2 || header[0] != "-include-pch") return;
  std::error_code error;
  fs::remove(header[1], error);
  fs::remove(deps_of(header[1]), error);
}

}  // namespace stridescope
