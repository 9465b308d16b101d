// Hazard analysis: conflicting accesses to one word by different threads within one step.
#include "analysis/hazards.h"

#include <map>
#include <set>

namespace stridescope {

std::string hazard_name(HazardKind kind) {
  switch (kind) {
    case HazardKind::ReadAfterWrite:
      return "read-after-write";
    case HazardKind::WriteAfterRead:
      return "write-after-read";
    default:
      return "write-after-write";
  }
}

std::vector<Hazard> hazards(const Step& step, unsigned word_size) {
  // The first reads and writes of a word by up to two different threads: enough to find, for any
  // later access, an earlier one by another thread.
  struct Earlier {
    const Access* by[2] = {nullptr, nullptr};
    void add(const Access& a) {
      if (!by[0]) {
        by[0] = &a;
      } else if (!by[1] && by[0]->thread != a.thread) {
        by[1] = &a;
      }
    }
    const Access* other_than(unsigned thread) const {
      for (const Access* a : by) {
        if (a && a->thread != thread) return a;
      }
      return nullptr;
    }
  };
  struct Seen {
    Earlier writes, reads;
    std::set<HazardKind> reported;
  };
  std::map<unsigned, Seen> by_word;
  std::vector<Hazard> found;
  auto report = [&](Seen& seen, HazardKind kind, unsigned word, const Access& first,
                    const Access& second) {
    if (!seen.reported.insert(kind).second) return;
    found.push_back({kind, word, first, second});
  };
  for (const Access& a : step.accesses) {
    unsigned first_word = a.address / word_size;
    unsigned last_word = (a.address + a.size - 1) / word_size;
    for (unsigned word = first_word; word <= last_word; ++word) {
      Seen& seen = by_word[word];
      if (a.kind == AccessKind::Read) {
        if (const Access* w = seen.writes.other_than(a.thread))
          report(seen, HazardKind::ReadAfterWrite, word, *w, a);
        seen.reads.add(a);
      } else {
        if (const Access* w = seen.writes.other_than(a.thread))
          report(seen, HazardKind::WriteAfterWrite, word, *w, a);
        if (const Access* r = seen.reads.other_than(a.thread))
          report(seen, HazardKind::WriteAfterRead, word, *r, a);
        seen.writes.add(a);
      }
    }
  }
  return found;
}

}  // namespace stridescope
