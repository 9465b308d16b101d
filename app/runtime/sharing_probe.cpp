// Whether a kernel's threads share memory between barriers (sharing_probe.h).
#include "sharing_probe.h"

#include <atomic>
#include <map>
#include <mutex>
#include <utility>

namespace stridescope_rt {

void SharingProbe::begin_block(std::size_t shared_bytes) {
  if (shared_words_.size() < shared_bytes / 4 + 1) shared_words_.resize(shared_bytes / 4 + 1);
  global_words_.clear();
  ++stamp_;  // every word's notes are of an earlier block now
  shared_ = false;
}

void SharingProbe::note(Word& word, char kind, std::int32_t thread) {
  if (word.stamp != stamp_) word = Word{stamp_};
  const auto other = [&](std::int32_t who) { return who != -1 && who != thread; };
  const auto add = [&](std::int32_t& who) { who = who == -1 || who == thread ? thread : -2; };
  if (kind == 'r') {
    shared_ |= other(word.writer) || other(word.atomic);
    add(word.reader);
  } else if (kind == 'w') {
    shared_ |= other(word.writer) || other(word.reader) || other(word.atomic);
    word.writer = thread;
  } else {  // an atomic
    shared_ |= other(word.writer) || other(word.reader);
    add(word.atomic);
  }
}

void SharingProbe::shared_access(std::uint32_t offset, unsigned size, char kind, unsigned thread) {
  for (std::uint32_t w = offset / 4; w <= (offset + size - 1) / 4; ++w)
    if (w < shared_words_.size()) note(shared_words_[w], kind, std::int32_t(thread));
}

void SharingProbe::global_access(std::uintptr_t address, unsigned size, char kind,
                                 unsigned thread) {
  for (std::uintptr_t w = address / 4; w <= (address + size - 1) / 4; ++w)
    note(global_words_[w], kind, std::int32_t(thread));
}

namespace {
// Blocks of a kernel probed clean before the others skip the turns.
constexpr int kCleanProbes = 2;
struct Known {
  std::atomic<Sharing> sharing{Sharing::Unknown};  // read without the lock (sharing_slot)
  int clean = 0;
};
std::mutex known_mutex;
std::map<std::pair<const void*, unsigned>, Known>& known() {
  static auto* k = new std::map<std::pair<const void*, unsigned>, Known>;
  return *k;
}
}  // namespace

const std::atomic<Sharing>& sharing_slot(const void* kernel, unsigned threads) {
  std::lock_guard<std::mutex> lock(known_mutex);
  return known()[{kernel, threads}].sharing;  // a map's nodes stay where they are
}

void probed(const void* kernel, unsigned threads, bool shared) {
  std::lock_guard<std::mutex> lock(known_mutex);
  Known& k = known()[{kernel, threads}];
  if (shared) {
    k.sharing.store(Sharing::Some, std::memory_order_release);
  } else if (k.sharing.load(std::memory_order_relaxed) == Sharing::Unknown &&
             ++k.clean >= kCleanProbes) {
    k.sharing.store(Sharing::None, std::memory_order_release);
  }
}

}  // namespace stridescope_rt
