// The `stridescope precision` command: the precision study as a table with log-scale bars.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "catalog/emu/precision_study.h"

namespace stridescope {

void print_precision_study(const PrecisionStudy& study, std::ostream& out);

int command_precision(std::uint64_t n, std::uint64_t seed, unsigned block,
                      const std::string& json_path, std::ostream& out);

}  // namespace stridescope
