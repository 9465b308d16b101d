// Canvas text: the words the memory canvas puts on screen (row labels, bank names, tooltips), kept
// apart from drawing so that tests can read them.
#pragma once

#include <string>
#include <vector>

#include "ui/canvas/canvas_model.h"

namespace stridescope {

// "s[32..63]": the words of one row of memory; "s[5]" for a single word.
// "s[3..7]", or by the program's array names ("As[0..1][*]"; trace/array_names.h).
std::string word_range_text(const std::vector<SharedArray>& arrays, unsigned first, unsigned last);

// "bank 5", or "banks 4 and 5" for an 8-byte word.
std::string banks_text(const CanvasModel& model, unsigned word);

// Words compactly, as index expressions: "s[0..31], s[40]"; at most `limit` ranges, then "...".
std::string words_text(const std::vector<SharedArray>& arrays, const std::vector<unsigned>& words,
                       std::size_t limit = 6);

// "full, 32 of 32 lanes active", "divergent, 2 of 32 lanes active", "idle".
std::string warp_state_text(const WarpActivity& warp);

// Thread, warp, lane, active or idle, the words it read and wrote, its barrier and races.
std::string thread_tooltip(const CanvasModel& model, unsigned thread);
// The warp's state, its bank-conflict degree and the words its lanes touched (and that a click
// keeps its links shown, where it does).
std::string warp_tooltip(const CanvasModel& model, unsigned warp, bool click_pins = true);
// Value, banks, row, the threads that read and wrote it, conflict, races and the lab's marks.
std::string word_tooltip(const CanvasModel& model, unsigned word, unsigned words_per_row);

}  // namespace stridescope
