// Runs files through the trace pipeline (for coverage builds, which have no libFuzzer main).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "trace_pipeline.h"

int main(int argc, char** argv) {
  int accepted = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    accepted += stridescope::exercise_trace_pipeline(bytes.str()) ? 1 : 0;
  }
  std::printf("%d of %d inputs were valid traces\n", accepted, argc - 1);
  return 0;
}
