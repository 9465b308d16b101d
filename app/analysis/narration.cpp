// Narration: what a step does, said for its kind (a load, a tree level, a warp round, a shuffle, a
// thread alone adding in a register, the block's result), then its warps, conflicts and races.
#include "analysis/narration.h"

#include "trace/array_names.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "analysis/global_ranges.h"
#include "analysis/narration_phrases.h"
#include "analysis/step_facts.h"
#include "core/format.h"

namespace stridescope {
namespace {

std::vector<unsigned> sorted(const std::set<unsigned>& s) {
  return {s.begin(), s.end()};
}

std::string verb(const std::vector<unsigned>& threads, std::string_view one,
                 std::string_view many) {
  return std::string(threads.size() == 1 ? one : many);
}

// The words a step's accesses of `kind` touch, and (thread, word) pairs.
struct Touched {
  std::set<unsigned> threads, words;
  std::vector<std::pair<unsigned, unsigned>> pairs;
};
// `kind` Read or Write takes in the atomics (they read and write), Atomic only them.
Touched touched(const Step& step, AccessKind kind, unsigned word_size, bool with_atomics = true) {
  Touched t;
  for (const Access& a : step.accesses) {
    if (kind == AccessKind::Atomic ? a.kind != AccessKind::Atomic
        : kind == AccessKind::Read ? !reads_memory(a.kind)
                                   : !writes_memory(a.kind))
      continue;
    if (!with_atomics && kind != AccessKind::Atomic && a.kind == AccessKind::Atomic) continue;
    t.threads.insert(a.thread);
    t.words.insert(a.address / word_size);
    t.pairs.emplace_back(a.thread, a.address / word_size);
  }
  return t;
}

std::string words_phrase(const Touched& t, const NarrationWords& w) {
  if (w.arrays && !w.arrays->empty()) return word_runs_name(*w.arrays, sorted(t.words), 4);
  if (auto e = index_expression(t.pairs, w.shared_array, w.thread_index)) return *e;
  return std::string(w.shared_array) + "[" + describe_words(sorted(t.words)) + "]";
}

std::string combine_verb(Operator op, bool one) {
  if (op == Operator::Max) return one ? " keeps the larger of " : " keep the larger of ";
  if (op == Operator::Min) return one ? " keeps the smaller of " : " keep the smaller of ";
  return one ? " adds " : " add ";
}

std::string combine_received(Operator op) {
  if (op == Operator::Max) return " and keeps the larger of it and its own";
  if (op == Operator::Min) return " and keeps the smaller of it and its own";
  return " and adds it to its own";
}

std::string combined_noun(Operator op, std::size_t n) {
  return combinations_text(compares(op), n);
}

}  // namespace

namespace {

// Context of one step's sentence.
struct Teller {
  const Trace& trace;
  const BlockTrace& block;
  const Step& step;
  const StepFacts& facts;
  const NarrationWords& words;
  Narration out;

  std::string array() const { return std::string(words.shared_array); }
  Operator op() const { return trace.run.op; }
  unsigned word_size() const { return trace.word_size; }
  // (thread, word) pairs as an index expression: "s[tid + 2]"; in a user's program, of the one
  // 1-D array holding them in its elements ("vals[tid + 2]" for doubles among 4-byte arrays), or
  // the words' names where several arrays hold them ("vals[2..3], count[2..3]").
  std::optional<std::string> words_expression(
      const std::vector<std::pair<unsigned, unsigned>>& pairs) const {
    if (words.arrays == nullptr || words.arrays->empty() || pairs.empty())
      return index_expression(pairs, words.shared_array, words.thread_index);
    const SharedArray* a = array_holding(*words.arrays, pairs.front().second);
    std::set<unsigned> held;
    bool one_array = a != nullptr && a->dims.size() == 1 && a->dims[0] > 1;  // not a scalar
    std::vector<std::pair<unsigned, unsigned>> elements;
    for (const auto& [thread, word] : pairs) {
      held.insert(word);
      one_array = one_array && array_holding(*words.arrays, word) == a;
      if (one_array) elements.emplace_back(thread, element_of(*a, word));
    }
    // One thread's words are named as they are ("sum[0]", not "sum[tid]": a program need not have
    // a tid, and thread 0's index is 0).
    const bool one_thread = std::all_of(
        pairs.begin(), pairs.end(), [&](const auto& p) { return p.first == pairs.front().first; });
    if (one_array && !one_thread)
      if (auto e = index_expression(elements, a->name, words.thread_index)) return e;
    return word_runs_name(*words.arrays, sorted(held), 4);
  }
  // An addition's stride as the kernel indexes its array (elements of a program's array).
  long distance(const Addition& a) const {
    return element_distance(trace.arrays, a.target_word, a.source_word);
  }

  // One thread adding many words into one, in a register: the serial baseline's loop.
  bool accumulates() const {
    const std::vector<Addition>& adds = facts.additions;
    if (adds.size() < 2) return false;
    std::set<long> strides;
    for (const Addition& a : adds) {
      if (a.thread != adds[0].thread || a.target_word != adds[0].target_word) return false;
      strides.insert(distance(a));
    }
    return strides.size() > 1;
  }

  void tell_accumulation() {
    const Addition& first = facts.additions.front();
    std::set<unsigned> sources;
    for (const Addition& a : facts.additions) sources.insert(a.source_word);
    std::string target = shared_word_name(words, first.target_word);
    std::string from = words.arrays && !words.arrays->empty()
                           ? word_runs_name(*words.arrays, sorted(sources), 4)
                           : array() + "[" + describe_words(sorted(sources)) + "]";
    out.text = "Thread " + std::to_string(first.thread) +
               (compares(op()) ? " compares " + from + " with " + target
                               : " adds " + from + " into " + target) +
               ", one after another in a register: " + combined_noun(op(), facts.additions.size()) +
               " in a row";
    out.claims.threads = {first.thread};
    out.claims.combined = static_cast<unsigned>(facts.additions.size());
    out.claims.words_read = sorted(sources);
    out.claims.words_written = {first.target_word};
  }

  void tell_tree_level() {
    const std::vector<Addition>& adds = facts.additions;
    std::set<unsigned> threads;
    std::set<long> strides;
    std::vector<std::pair<unsigned, unsigned>> targets, sources;
    for (const Addition& a : adds) {
      threads.insert(a.thread);
      strides.insert(distance(a));
      targets.emplace_back(a.thread, a.target_word);
      sources.emplace_back(a.thread, a.source_word);
    }
    std::vector<unsigned> who = sorted(threads);
    out.claims.threads = who;
    out.claims.combined = static_cast<unsigned>(adds.size());
    for (const auto& t : targets) out.claims.words_written.push_back(t.second);
    std::string subject = describe_threads(who);
    if (strides.size() > 1) {  // rounds with no barrier between them: one step
      std::string list;
      for (auto it = strides.rbegin(); it != strides.rend(); ++it) {
        list += (list.empty() ? "" : ", ") + std::to_string(*it);
      }
      out.text = subject + (compares(op()) ? " compare" : " add") +
                 " elements at several distances in this one step (strides " + list + "; " +
                 combined_noun(op(), adds.size()) + "): no barrier separates the rounds";
      return;
    }
    long stride = *strides.begin();
    out.claims.stride = stride;
    std::string target = words_expression(targets).value_or(array() + "[its own word]");
    std::string source = words_expression(sources).value_or(
        array() + "[the word " + std::to_string(stride) + " to the right]");
    bool one = who.size() == 1;
    out.text = "Stride " + std::to_string(stride) + ": " + subject + combine_verb(op(), one) +
               (compares(op()) ? target + " and " + source + " in " + target
                               : source + " into " + target) +
               " (" + combined_noun(op(), adds.size()) + ")";
    if (touched(step, AccessKind::Read, word_size()).threads.empty()) {
      out.text += ", with the values " + verb(who, "it", "they") + " read before the __syncwarp()";
    }
  }

  // Writes of values from outside shared memory: the load, or a later store of a computed value.
  bool stores_only() const {
    Touched reads = touched(step, AccessKind::Read, word_size());
    return reads.threads.empty() && !touched(step, AccessKind::Write, word_size()).threads.empty();
  }

  void tell_store(bool first_store) {
    Touched writes = touched(step, AccessKind::Write, word_size());
    std::vector<unsigned> who = sorted(writes.threads);
    out.claims.threads = who;
    out.claims.words_written = sorted(writes.words);
    std::string into = words_phrase(writes, words);
    std::string load = first_store && facts.label.kind == StepLabelKind::Load ? "Load: " : "";
    if (first_store && !words.stored_value.empty()) {  // the catalog kernel's own words
      out.text = load + (who.size() == 1 ? "" : "each of ") + describe_threads(who) + " stores " +
                 std::string(words.stored_value) + " into " + into;
      return;
    }
    // Said from the trace: where the values came from (a program's global memory), or the value.
    std::vector<std::string> sources = buffers_read(trace, facts.index);
    std::set<double> values;
    for (const Access& a : step.accesses) values.insert(a.value);
    std::string what;
    if (!sources.empty() && &block == &trace.blocks.front()) {
      std::string names;
      for (const std::string& s : sources) names += (names.empty() ? "" : ", ") + s;
      what = verb(who, "a value it read", "values they read") +
             " or computed from global memory (" + names + ")";
    } else if (values.size() == 1) {
      what = "the value " + value_text(*values.begin());
    } else {
      what = verb(who, "its value", "their values");
    }
    out.text =
        load + describe_threads(who) + verb(who, " stores ", " store ") + what + " into " + into;
  }

  // Reads only: a warp round reading before it writes, or every thread reading one word.
  void tell_reads() {
    std::map<unsigned, std::vector<std::pair<unsigned, unsigned>>> by_order;  // k-th read of each
    Touched reads = touched(step, AccessKind::Read, word_size());
    for (const Access& a : step.accesses) {
      if (a.kind == AccessKind::Read)
        by_order[a.order].emplace_back(a.thread, a.address / word_size());
    }
    std::vector<std::string> parts;
    for (const auto& [order, pairs] : by_order) {
      auto e = words_expression(pairs);
      if (!e) {
        parts.clear();
        break;
      }
      if (std::find(parts.begin(), parts.end(), *e) == parts.end()) parts.push_back(*e);
    }
    std::string what = parts.empty() || parts.size() > 3 ? words_phrase(reads, words) : parts[0];
    for (std::size_t i = 1; i < parts.size() && parts.size() <= 3; ++i) {
      what += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
    }
    std::vector<unsigned> who = sorted(reads.threads);
    out.claims.threads = who;
    out.claims.words_read = sorted(reads.words);
    out.text = describe_threads(who) + verb(who, " reads ", " read ") + what;
    if (reads.words.size() == 1 && who.size() > 1) out.text += " (one word: a broadcast)";
    if (step.kind == StepKind::WarpRound && !step.warp_syncs.empty()) {
      out.text += ", then meet at __syncwarp() on line " + std::to_string(step.line);
    }
  }

  void tell_shuffle() {
    const ShuffleRound& first = step.shuffles.front();
    std::set<unsigned> warps, lanes, own;
    for (const ShuffleRound& r : step.shuffles) {
      warps.insert(r.warp);
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        if ((r.mask >> lane & 1u) == 0) continue;
        lanes.insert(r.warp * kWarpSize + lane);
        if (lane + r.delta >= kWarpSize || (r.mask >> (lane + r.delta) & 1u) == 0) own.insert(lane);
      }
    }
    out.claims.shuffle_offset = first.delta;
    out.claims.threads = sorted(lanes);
    std::vector<unsigned> w = sorted(warps);
    std::string where =
        w.size() == 1 ? "warp " + std::to_string(w[0]) : "warps " + describe_words(w);
    std::string d = std::to_string(first.delta);
    out.text = "Shuffle, offset " + d + ": in " + where + " (" + describe_threads(sorted(lanes)) +
               "), lane l receives lane l+" + d + "'s value" +
               (words.shuffles_combine ? combine_received(op()) : "");
    if (own.size() == 1)
      out.text += " (lane " + std::to_string(*own.begin()) + " gets its own back)";
    if (own.size() > 1)
      out.text += " (lanes " + describe_words(sorted(own)) + " get their own back)";
  }

  // Thread 0 alone reads word 0 as the block ends, or stores a value there.
  void tell_block_result() {
    std::string result = "the block's " + std::string(result_name(op()));
    out.claims.threads = {0};
    double word0 = step.snapshot.empty() ? step.accesses.front().value : step.snapshot[0];
    if (step.accesses.front().kind == AccessKind::Write) {
      out.claims.words_written = {0};
      out.text = "Thread 0 stores " + value_text(word0) + " into " + shared_word_name(words, 0);
      if (word0 == block.partial) out.text += ": " + result;
      return;
    }
    out.claims.words_read = {0};
    out.text = "Thread 0 reads " + shared_word_name(words, 0) + " = " + value_text(word0);
    if (words.result_in_word0) out.text += ": " + result + ", which it writes to global memory";
  }
};

}  // namespace

namespace {

// "Threads 0, 32 write s[0–1]; threads 0–1 read s[0–1]" for any other step; atomics (a
// histogram's atomicAdd) as what they are: "threads 0–127 update counts[0..15] atomically".
Narration tell_accesses(const Step& step, const NarrationWords& words, unsigned word_size) {
  Narration n;
  for (AccessKind kind : {AccessKind::Atomic, AccessKind::Write, AccessKind::Read}) {
    Touched t = touched(step, kind, word_size, false);
    if (t.threads.empty()) continue;
    std::vector<unsigned> who = sorted(t.threads);
    if (!n.text.empty()) n.text += "; ";
    if (kind == AccessKind::Atomic) {
      n.text +=
          describe_threads(who) + verb(who, " updates ", " update ") + words_phrase(t, words) +
          " atomically (" +
          count_text(t.pairs.size(), "atomic read-modify-write", "atomic read-modify-writes") + ")";
      n.claims.words_written = n.claims.words_read = sorted(t.words);
      n.claims.threads.insert(n.claims.threads.end(), who.begin(), who.end());
      continue;
    }
    n.text += describe_threads(who) +
              (kind == AccessKind::Write ? verb(who, " writes ", " write ")
                                         : verb(who, " reads ", " read ")) +
              words_phrase(t, words);
    if (kind == AccessKind::Read && t.words.size() == 1 && who.size() > 1) {
      n.text += " (one word: a broadcast)";
    }
    std::vector<unsigned>& claimed =
        kind == AccessKind::Write ? n.claims.words_written : n.claims.words_read;
    claimed.insert(claimed.end(), t.words.begin(), t.words.end());
    n.claims.threads.insert(n.claims.threads.end(), who.begin(), who.end());
  }
  for (std::vector<unsigned>* list :
       {&n.claims.threads, &n.claims.words_written, &n.claims.words_read}) {
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  if (n.text.empty()) n.text = "No thread touches shared memory";
  return n;
}

std::string divergence_sentence(const Divergence& d) {
  std::string text;
  for (const BarrierWaiters& w : d.waiting) {
    std::vector<unsigned> threads(w.threads.begin(), w.threads.end());
    text += (text.empty() ? "" : "; ") + describe_threads(threads) +
            verb(threads, " waits at ", " wait at ") +
            (w.warp_barrier ? "__syncwarp()" : "__syncthreads()") + " on line " +
            std::to_string(w.line);
  }
  if (!d.exited.empty()) {
    std::vector<unsigned> exited(d.exited.begin(), d.exited.end());
    text += "; " + describe_threads(exited) + verb(exited, " has", " have") + " exited";
  }
  return text + ": barrier divergence, the run stops here";
}

// "; warps 1–3 diverge (...); warps 4–7 idle; up to 8-way bank conflicts in warps 0–1".
std::string warp_clauses(const StepFacts& f, NarrationClaims& claims) {
  for (const WarpActivity& w : f.activity.warps) {
    if (w.state == WarpState::Idle) claims.idle_warps.push_back(w.warp);
    if (w.state == WarpState::Divergent) claims.divergent_warps.push_back(w.warp);
  }
  std::string text;
  const std::vector<unsigned>& divergent = claims.divergent_warps;
  if (!divergent.empty()) {
    text += "; warp" + std::string(divergent.size() > 1 ? "s " : " ") + describe_words(divergent) +
            (divergent.size() > 1 ? " diverge" : " diverges");
    if (divergent.size() == 1) {
      const WarpActivity& w = f.activity.warps[divergent[0]];
      text += " (" + std::to_string(w.active) + " of " + std::to_string(w.lanes) + " lanes active)";
    }
  }
  if (!claims.idle_warps.empty()) {
    text += "; warp" + std::string(claims.idle_warps.size() > 1 ? "s " : " ") +
            describe_words(claims.idle_warps) + " idle";
  }
  std::vector<unsigned> conflicted;
  for (unsigned w = 0; w < f.conflicts.warp_degree.size(); ++w) {
    if (f.conflicts.warp_degree[w] > 1) conflicted.push_back(w);
  }
  if (!conflicted.empty()) {
    text += "; up to " + std::to_string(f.worst_conflict_degree) + "-way bank conflicts in warp" +
            (conflicted.size() > 1 ? "s " : " ") + describe_words(conflicted);
  }
  return text;
}

std::string race_clause(const StepFacts& f, const NarrationWords& words) {
  if (f.hazards.empty()) return "";
  const Hazard& h = f.hazards.front();
  std::string text = "; RACE: " + hazard_name(h.kind) + " on " + shared_word_name(words, h.word) +
                     " between threads " + std::to_string(h.first.thread) + " and " +
                     std::to_string(h.second.thread);
  if (f.hazards.size() > 1) text += " (and " + std::to_string(f.hazards.size() - 1) + " more)";
  return text;
}

}  // namespace

std::string shared_word_name(const NarrationWords& words, unsigned word) {
  if (words.arrays && !words.arrays->empty()) return word_name(*words.arrays, word);
  return std::string(words.shared_array) + "[" + std::to_string(word) + "]";
}

Narration narrate(const Trace& trace, const BlockTrace& block, const Step& step,
                  const StepFacts& facts, const NarrationWords& words, bool first_store) {
  Teller t{trace, block, step, facts, words, {}};
  bool diverged = step.kind == StepKind::Divergence && trace.divergence;
  if (diverged && step.accesses.empty() && step.shuffles.empty()) {
    t.out.text = divergence_sentence(*trace.divergence);
  } else if (step.kind == StepKind::Exit && facts.label.kind == StepLabelKind::WriteBlockSum) {
    t.tell_block_result();
  } else if (t.accumulates()) {
    t.tell_accumulation();
  } else if (!facts.additions.empty()) {
    t.tell_tree_level();
  } else if (!step.shuffles.empty() && step.accesses.empty()) {
    t.tell_shuffle();
  } else if (t.stores_only()) {
    t.tell_store(first_store);
  } else if (facts.label.kind == StepLabelKind::Read) {
    t.tell_reads();
  } else {
    t.out = tell_accesses(step, words, trace.word_size);
  }
  if (!step.shuffles.empty() && !step.accesses.empty()) {  // accesses, then a shuffle round
    Teller s{trace, block, step, facts, words, {}};
    s.tell_shuffle();
    s.out.text[0] = static_cast<char>(std::tolower(s.out.text[0]));
    t.out.text += "; then " + s.out.text;
    t.out.claims.shuffle_offset = s.out.claims.shuffle_offset;
  }
  Narration n = std::move(t.out);
  n.text += warp_clauses(facts, n.claims) + race_clause(facts, words);
  if (diverged && !(step.accesses.empty() && step.shuffles.empty())) {
    n.text += "; then " + divergence_sentence(*trace.divergence);
  }
  if (!n.text.empty()) n.text[0] = static_cast<char>(std::toupper(n.text[0]));
  return n.text += ".", n;
}

}  // namespace stridescope
