// Reads nvdisasm's line-annotated disassembly into a table of instructions (see sass_lines.h).
#include "program/gputrace/sass_lines.h"

#include <sstream>
#include <vector>

namespace stridescope {

namespace {

struct Frame {
  std::string file;
  int line = 0;
};

std::string trimmed(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// `File "a.cu", line 7 inlined at "b.cu", line 9`: the frames it names, innermost first.
std::vector<Frame> frames_of(const std::string& annotation) {
  std::vector<Frame> frames;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = annotation.find('"', at);
    if (open == std::string::npos) break;
    const std::size_t close = annotation.find('"', open + 1);
    if (close == std::string::npos) break;
    const std::size_t line = annotation.find("line ", close);
    if (line == std::string::npos) break;
    frames.push_back(
        {annotation.substr(open + 1, close - open - 1), std::atoi(annotation.c_str() + line + 5)});
    at = line + 5;
  }
  return frames;
}

// "/*01a0*/   @!P1 BAR.SYNC 0x0 ;" -> offset 0x1a0, opcode "BAR.SYNC"; false for other lines.
bool instruction_of(const std::string& line, std::uint64_t& offset, std::string& opcode) {
  if (line.rfind("/*", 0) != 0) return false;
  const std::size_t close = line.find("*/");
  if (close == std::string::npos || close == 2) return false;
  const std::string hex = line.substr(2, close - 2);
  if (hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) return false;
  offset = std::stoull(hex, nullptr, 16);
  std::istringstream rest(line.substr(close + 2));
  rest >> opcode;
  if (!opcode.empty() && opcode.front() == '@') rest >> opcode;  // a predicate
  if (!opcode.empty() && opcode.back() == ';') opcode.pop_back();
  return !opcode.empty();
}

}  // namespace

SassTable sass_table(const std::string& nvdisasm_text, const std::filesystem::path& file) {
  const std::string name = file.filename().string();
  SassTable table;
  std::map<std::uint64_t, SassInstruction>* function = nullptr;
  std::vector<Frame> frames;
  bool after_instruction = true;  // the next annotation starts a new location
  std::istringstream text(nvdisasm_text);
  for (std::string raw; std::getline(text, raw);) {
    const std::string line = trimmed(raw);
    if (line.rfind(".text.", 0) == 0 && line.back() == ':') {
      function = &table[line.substr(6, line.size() - 7)];
      frames.clear();
      after_instruction = true;
      continue;
    }
    if (line.rfind("//## File ", 0) == 0) {
      if (after_instruction) frames.clear();
      after_instruction = false;
      for (Frame& f : frames_of(line.substr(9))) frames.push_back(std::move(f));
      continue;
    }
    std::uint64_t offset = 0;
    std::string opcode;
    if (function == nullptr || !instruction_of(line, offset, opcode)) continue;
    after_instruction = true;
    SassInstruction& instruction = (*function)[offset];
    instruction.opcode = opcode;
    for (const Frame& f : frames) {
      if (std::filesystem::path(f.file).filename() == name) {
        instruction.line = f.line;
        break;
      }
    }
  }
  return table;
}

}  // namespace stridescope
