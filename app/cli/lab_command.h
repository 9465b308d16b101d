// The `stridescope lab` command: the hazard lab's findings for one run, as text or JSON.
#pragma once

#include <iosfwd>
#include <string>

#include "analysis/lab_summary.h"
#include "catalog/emu/run_variant.h"

namespace stridescope {

// Prints the summary line and every finding; with `json_path`, also writes them as JSON (what
// scripts/sanitizer_compare.py reads). Returns 0.
int command_lab(const RunRequest& request, const std::string& json_path, std::ostream& out);

// The findings of a trace, printed for people.
void print_lab_findings(const Trace& trace, const LabSummary& summary, std::ostream& out);

}  // namespace stridescope
