// The Run panel's launch list and block bounds (model/launch_list), and kernel names from the
// symbolizer's function names (program/record/launch_names).
#include <gtest/gtest.h>

#include "model/launch_list.h"
#include "program/record/launch_names.h"

namespace stridescope {
namespace {

ProgramLaunch launch_of(std::string kernel, std::array<std::uint32_t, 3> grid,
                        std::array<std::uint32_t, 3> block) {
  return {std::move(kernel), grid, block};
}

TEST(LaunchList, LabelsReadLikeTheLaunchInTheSource) {
  EXPECT_EQ(launch_label(0, launch_of("dot", {32, 1, 1}, {256, 1, 1})), "0: dot<<<32,256>>>");
  EXPECT_EQ(launch_label(3, launch_of("matmul_tiled", {2, 2, 1}, {16, 16, 1})),
            "3: matmul_tiled<<<(2,2),(16,16)>>>");
  EXPECT_EQ(launch_label(12, launch_of("k", {2, 3, 4}, {8, 1, 2})), "12: k<<<(2,3,4),(8,1,2)>>>");
  // Dynamic shared memory is the third number, as the source writes it (none: not written).
  ProgramLaunch with_shared = launch_of("reduce", {64, 1, 1}, {256, 1, 1});
  with_shared.dynamic_shared = 1024;
  EXPECT_EQ(launch_label(1, with_shared), "1: reduce<<<64,256,1024>>>");
}

TEST(LaunchList, TheTracedBlockStaysInsideTheGrid) {
  const ProgramLaunch tiles = launch_of("matmul_tiled", {2, 2, 1}, {16, 16, 1});
  EXPECT_EQ(block_count(tiles), 4u);
  EXPECT_EQ(bounded_block(3, tiles), 3u);
  EXPECT_EQ(bounded_block(4, tiles), 3u);
  EXPECT_EQ(bounded_block(UINT64_MAX, tiles), 3u);
  const ProgramLaunch one = launch_of("sum", {1, 1, 1}, {4, 1, 1});
  EXPECT_EQ(bounded_block(7, one), 0u);
  EXPECT_EQ(block_count(launch_of("big", {65535, 65535, 2}, {1, 1, 1})), 65535ull * 65535 * 2);
}

TEST(LaunchList, ABlockOfA2DGridIsPlacedXFirst) {
  const ProgramLaunch tiles = launch_of("matmul_tiled", {2, 2, 1}, {16, 16, 1});
  EXPECT_EQ(block_position(0, tiles), "(0,0)");
  EXPECT_EQ(block_position(1, tiles), "(1,0)");
  EXPECT_EQ(block_position(2, tiles), "(0,1)");
  EXPECT_EQ(block_position(7, launch_of("k", {2, 2, 2}, {1, 1, 1})), "(1,1,1)");
  EXPECT_EQ(block_position(5, launch_of("dot", {32, 1, 1}, {256, 1, 1})), "");
}

TEST(LaunchList, ATraceSaysWhichBlockOfWhichLaunchItShows) {
  Trace trace;
  EXPECT_EQ(traced_launch_text(trace), "");  // the catalog's: no launch list
  BlockTrace block;
  block.block = 1;
  trace.blocks.push_back(block);
  EXPECT_EQ(traced_launch_text(trace), "");
  trace.launches = {launch_of("fill", {8, 1, 1}, {128, 1, 1}),
                    launch_of("matmul_tiled", {2, 2, 1}, {16, 16, 1})};
  trace.traced_launch = 1;
  EXPECT_EQ(traced_launch_text(trace),
            "block 1 (1,0) of launch 1: matmul_tiled<<<(2,2),(16,16)>>>");
  trace.traced_launch = 0;
  EXPECT_EQ(traced_launch_text(trace), "block 1 of launch 0: fill<<<8,128>>>");
  trace.traced_launch = 2;  // past the list
  EXPECT_EQ(traced_launch_text(trace), "");
}

TEST(LaunchList, KernelNamesDropParametersAndReturnTypes) {
  EXPECT_EQ(kernel_name_of("dot(float*, float*, float*)"), "dot");
  EXPECT_EQ(kernel_name_of("void sum<256u>(int*)"), "sum<256u>");
  EXPECT_EQ(kernel_name_of("void reduce<float, std::plus<float> >(float const*, float*)"),
            "reduce<float, std::plus<float> >");
  EXPECT_EQ(kernel_name_of("(anonymous namespace)::tile(float*)"), "tile");
  EXPECT_EQ(kernel_name_of("ns::k(int)"), "ns::k");
  EXPECT_EQ(kernel_name_of("??"), "kernel");
  EXPECT_EQ(kernel_name_of(""), "kernel");
}

}  // namespace
}  // namespace stridescope
