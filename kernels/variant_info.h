// What the catalog says about a variant: its lesson, its launch policy, how it behaves and what the
// GUI picks for it. Each kernel file ends with its variants' descriptions (its catalog entries).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/domain.h"

namespace stridescope {

// How many blocks a launch over n elements uses, and which block reads which elements.
enum class GridPolicy {
  OneBlockPerChunk,  // ceil(n / block) blocks; block b reads elements b*block ..
  TwoPerThread,      // ceil(n / 2 block); block b reads b*2*block .., each thread adds two
  GridStride,        // ceil(n / 16 block), 1..1024; chunks of `block` dealt out grid-stride
  GridStridePairs,   // the same grid; chunks of 2 block dealt out grid-stride (kernel 7)
  BookDot,           // min(32, ceil(n / block)); chunks of `block` dealt out grid-stride
};

// Blocks to launch for n elements.
unsigned grid_blocks(GridPolicy policy, std::uint64_t n, unsigned block);

// The lesson: what the GUI and `stridescope list` say about the variant.
struct Lesson {
  std::string_view title;      // shown in menus
  std::string_view teaches;    // one sentence: the lesson
  std::string_view reference;  // Harris's slides or the book's chapter
  std::string_view step_rule;  // what an active thread does in one reduction step
  // Bug playground: what is broken on purpose and what to watch for ("" for a correct variant).
  std::string_view broken_on_purpose = {};
  // The narration's words for what each thread stores when it first writes shared memory with a
  // value from outside it ("its element", "the sum of its two elements"), and the kernel's own
  // names for its shared array and its thread index.
  std::string_view stored_value = "its element";
  std::string_view shared_array = "s";
  std::string_view thread_index = "tid";
};

// How the host launches it.
struct LaunchPolicy {
  GridPolicy grid = GridPolicy::OneBlockPerChunk;
  unsigned min_block = 2;       // smallest block size it supports
  bool any_block_size = false;  // false: powers of two only
  unsigned inputs = 1;          // 2: vectors a and b of n elements, back to back (dot products)
  Operator op = Operator::Sum;
  // The default second stage; one the kernel does itself (last block, atomic lock, atomicAdd) is
  // the only one (see kernel_finishes_grid).
  SecondStage second_stage = SecondStage::Host;
};

// What the analyses and backends need to know of it.
struct Behaviour {
  bool result_in_word0 = true;       // the block's result ends in s[0] (false: in a register)
  bool stops_at_divergence = false;  // never launched on a GPU for a trace: it could hang
  bool timing_dependent = false;     // races: a GPU's result and trace depend on timing
  bool compensated = false;          // each thread sums with Kahan's compensation
  // The benchmark's reference rung: timed beside CUB, alternately, launched with as many blocks as
  // are resident on the GPU.
  bool reference_rung = false;
};

// What the GUI picks when the variant is chosen.
struct GuiHints {
  unsigned suggested_block = 0;                 // 0: keep the current block size
  std::optional<ElementType> suggested_type{};  // none: keep the current type
};

// What the hazard lab must find in a run of the variant (tests/test_lab.cpp holds every variant to
// it): nothing for a correct variant; a bug-playground variant names what it is broken for.
struct LabFindings {
  bool hazards = false;        // races: two threads' accesses to a word, unordered, one a write
  bool divergence = false;     // a barrier that some threads wait at and others never reach
  bool lost = false;           // input elements that never reach the result
  bool uninitialized = false;  // reads of shared memory that no thread wrote
  bool any() const { return hazards || divergence || lost || uninitialized; }
};

// How the benchmark's ladder (`stridescope bench`'s table, the Timing tab) groups its kernels.
// Cub and Copy are the references timed beside the variants, never a variant's family.
enum class BenchFamily {
  Harris,   // Harris's kernels 1..7
  Other,    // serial, atomic-add, repeated launches, max, min, Kahan, the dot products
  Shuffle,  // the tuned variant and the warp-shuffle ones
  Cub,
  Copy,
};

// The variant's place on the ladder. Rungs ascend from Harris's kernel 1; equal rungs keep catalog
// order; rung 0 (the default) comes after every numbered rung, in catalog order.
struct LadderPlace {
  BenchFamily family = BenchFamily::Other;
  unsigned rung = 0;  // Harris's kernels: their number on his slides (1..7)
  // Harris's kernels: the short name after his slide's title ("first add"), shown as "kernel 4
  // (first add)"; any other variant is shown by its id.
  std::string_view harris_name = {};
};

struct VariantDescription {
  std::string_view id;           // command-line name
  std::string_view source_file;  // its kernel file in kernels/, shown in the source panel
  Lesson lesson;
  LaunchPolicy launch{};
  Behaviour behaviour{};
  GuiHints gui{};
  LabFindings lab{};     // what the hazard lab finds: nothing unless broken on purpose
  LadderPlace ladder{};  // where the benchmark lists it (bug-playground variants are not timed)

  bool broken_on_purpose() const { return !lesson.broken_on_purpose.empty(); }
  // The kernel writes the grid total itself: block sums have grid + 2 slots, [grid] the total.
  bool writes_grid_total() const { return kernel_finishes_grid(launch.second_stage); }
};

// The line that ends the kernel text in every kernel file: below it are the catalog entries, which
// the source panel does not show.
inline constexpr std::string_view kCatalogEntryMarker = "// ---- catalog entry";

}  // namespace stridescope
