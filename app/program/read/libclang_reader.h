// The reading of a user's .cu file by libclang, in a process of its own (the reader tool,
// reader_main.cpp): a file that makes libclang crash, loop or swallow memory stops the reader with
// its limits, never stridescope. parse_program (program_parse.h) runs the tool; the request and
// the answer travel as JSON (read_json.h).
#pragma once

#include <string>
#include <vector>

#include "program/read/program_parse.h"

namespace stridescope {

struct ReadRequest {
  std::string file;
  std::vector<std::string> args;       // clang's: the language, the user's -I and -D, our header
  std::vector<std::string> text_args;  // the same with the header as text: the retry where the
                                       // precompiled one may be at fault ({} when args read it so)
  std::string appended;                // text read after the file's own (an exercise's harness)
  std::string runtime_prefix;          // StrideScope's headers' folder: not the user's files
};

struct ReadAnswer {
  ProgramFacts facts;
  std::string error;          // clang's errors, one per line ("" when the file parsed)
  bool pch_at_fault = false;  // it parsed only with the header as text: drop the precompiled one
};

// Parses the request's file with libclang (in this process).
ReadAnswer read_with_libclang(const ReadRequest& request);

}  // namespace stridescope
