// A step's short label from its accesses: "stride = 64", "load", "write block sum", ...
#pragma once

#include <string>

#include "trace/trace.h"

namespace stridescope {

enum class StepLabelKind {
  Stride,         // additions, all with one distance between source and target word
  Additions,      // additions at several distances
  Load,           // only writes, thread t to word t
  Store,          // only writes, elsewhere
  WriteBlockSum,  // thread 0 reads word 0 and the block exits
  Read,           // only reads
  ReadWrite,      // reads and writes, no addition
  NoSharedWork,   // no shared-memory access
};

struct StepLabel {
  StepLabelKind kind = StepLabelKind::NoSharedWork;
  long stride = 0;  // for Stride
  std::string text() const;
  bool operator==(const StepLabel&) const = default;
};

StepLabel step_label(const Step& step, unsigned word_size);

}  // namespace stridescope
