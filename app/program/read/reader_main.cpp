// stridescope-read REQUEST.json ANSWER.json: reads a user's .cu file with libclang in a process of
// its own (see libclang_reader.h). Exit 0 with the answer written (clang's errors included), 2 for
// a request it cannot read or an answer it cannot write.
#include <fstream>
#include <iostream>

#include "program/read/libclang_reader.h"
#include "program/read/read_json.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: stridescope-read REQUEST.json ANSWER.json\n";
    return 2;
  }
  stridescope::ReadRequest request;
  try {
    std::ifstream in(argv[1]);
    request = stridescope::read_request_of(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    std::cerr << "stridescope-read: bad request " << argv[1] << ": " << e.what() << "\n";
    return 2;
  }
  const stridescope::ReadAnswer answer = stridescope::read_with_libclang(request);
  std::ofstream out(argv[2]);
  out << stridescope::to_json(answer).dump();
  out.close();
  if (!out) {
    std::cerr << "stridescope-read: cannot write " << argv[2] << "\n";
    return 2;
  }
  return 0;
}
