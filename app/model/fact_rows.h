// The facts of a step as one list of rows: the GUI's facts table shows each row's name and value,
// `stridescope check` prints a column per row with its short name and cell. Same words in both.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/trace_model.h"

namespace stridescope {

// How a value is marked: in colour in the GUI.
enum class Emphasis { None, Divergent, Conflict };

struct FactRow {
  std::string name;        // "bank conflicts": the GUI's row name
  std::string short_name;  // "conflict": the CLI's column header
  std::string value;       // "8-way (3 ld + 2 st extra wavefronts)"
  std::string cell;        // "8-way": the CLI's cell
  Emphasis emphasis = Emphasis::None;
  bool in_gui_table = true;  // false: the GUI says it elsewhere (the label heads the panel)
  int width = 10;            // the CLI column's width
  bool left = false;         // the CLI column is text, aligned left
};

// The rows of a step whose facts are `facts` (from model.facts()).
std::vector<FactRow> step_fact_rows(const TraceModel& model, const StepFacts& facts,
                                    std::size_t block = 0);

}  // namespace stridescope
