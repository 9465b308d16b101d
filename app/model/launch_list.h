// A program's kernel launches as the Run panel lists them ("3: matmul_tiled<<<(2,2),(16,16)>>>")
// and the traced block bounded by a launch's grid.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "trace/trace.h"

namespace stridescope {

// "32" for a 1-D size, "(2,2)" for 2-D, "(2,2,4)" for 3-D: as a launch's <<<...>>> reads.
std::string dims_text(const std::array<std::uint32_t, 3>& dims);

// "0: dot<<<32,256>>>": the launch's index, kernel, grid and block.
std::string launch_label(std::size_t index, const ProgramLaunch& launch);

// Blocks in the launch's grid (x * y * z).
std::uint64_t block_count(const ProgramLaunch& launch);

// `block` if the launch has it, else its last block (a smaller grid after a change of launch).
std::uint32_t bounded_block(std::uint64_t block, const ProgramLaunch& launch);

// Where linear block `block` sits in a 2-D or 3-D grid, "(1,0)" (x first); "" for a 1-D grid.
std::string block_position(std::uint32_t block, const ProgramLaunch& launch);

// "block 1 (1,0) of launch 3: matmul_tiled<<<(2,2),(16,16)>>>": which block of which launch a
// program's trace shows; "" for a trace without a launch list (the catalog's).
std::string traced_launch_text(const Trace& trace);

}  // namespace stridescope
