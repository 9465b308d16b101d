// Reads clang's JSON AST of a user's .cu file (CUDA mode, host side): launches, __shared__
// variables, unsupported constructs; and rewrites the file for the plain C++ build.
#include "owncuda/program_parse.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "owncuda/child_process.h"
#include "owncuda/own_program.h"
#include "owncuda/runtime_paths.h"

namespace stridescope {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

// The JSON dump prints a location's "file" and "line" only when they differ from the previous
// ones printed; walking the dump in document order (ordered_json keeps it) tracks the current
// ones.
class AstWalker {
 public:
  explicit AstWalker(std::string main_file) : main_file_(std::move(main_file)) {}
  ProgramFacts facts;

  void walk(const Json& node, bool in_device_code) {
    if (!node.is_object()) return;
    if (node.contains("loc")) track(node["loc"]);
    const std::string file_before = file_;
    const int line_before = line_;
    if (node.contains("range")) track_range(node["range"]);
    const bool here = file_before == main_file_ || file_ == main_file_;
    const std::string kind = node.value("kind", "");
    if (kind == "CUDAKernelCallExpr" && here) on_launch(node, line_before, in_device_code);
    if (kind == "GCCAsmStmt" && here)
      facts.unsupported.push_back({"inline assembly (asm, inline PTX)", line_before});
    if (kind == "VarDecl" && file_ == main_file_ && has_attr(node, "CUDASharedAttr"))
      on_shared(node, line_before);
    std::string function_before = function_;
    if (kind == "FunctionDecl") {
      in_device_code = has_attr(node, "CUDAGlobalAttr") || has_attr(node, "CUDADeviceAttr");
      function_ = node.value("name", "");
    }
    if (node.contains("inner"))
      for (const auto& child : node["inner"]) walk(child, in_device_code);
    function_ = function_before;
  }

 private:
  std::string main_file_, file_, function_;
  int line_ = 0;

  void track(const Json& loc) {
    if (!loc.is_object()) return;
    for (const char* k : {"spellingLoc", "expansionLoc"})
      if (loc.contains(k)) track(loc[k]);
    if (loc.contains("file")) file_ = loc["file"].get<std::string>();
    if (loc.contains("line")) line_ = loc["line"].get<int>();
  }
  void track_range(const Json& range) {
    if (!range.is_object()) return;
    if (range.contains("begin")) track(range["begin"]);
    if (range.contains("end")) track(range["end"]);
  }
  static bool in_macro(const Json& loc) {
    return loc.contains("spellingLoc") || loc.contains("expansionLoc");
  }
  static bool has_attr(const Json& node, const char* attr) {
    if (!node.contains("inner")) return false;
    return std::any_of(node["inner"].begin(), node["inner"].end(),
                       [&](const Json& c) { return c.value("kind", "") == attr; });
  }
  int line_of(const Json& loc, int fallback) const {
    if (loc.contains("expansionLoc")) return line_of(loc["expansionLoc"], fallback);
    return loc.value("line", fallback);
  }

  void on_launch(const Json& node, int line_before, bool in_device_code) {
    if (!node.contains("inner") || node["inner"].size() < 2) return;
    const Json& range = node["range"];
    const Json& config = node["inner"][1]["range"];
    const int line = line_of(range["begin"], line_before);
    if (in_device_code) {
      facts.unsupported.push_back({"dynamic parallelism (a kernel launch inside a kernel)", line});
      return;
    }
    if (in_macro(range["begin"]) || in_macro(config["begin"]) || in_macro(config["end"]))
      throw OwnProgramError(main_file_ + ":" + std::to_string(line) +
                            ": a kernel launch written inside a macro is not supported");
    facts.launches.push_back({range["begin"]["offset"].get<std::size_t>(),
                              config["begin"]["offset"].get<std::size_t>(),
                              config["end"]["offset"].get<std::size_t>(), line});
  }

  void on_shared(const Json& node, int line_before) {
    SharedDecl d;
    d.name = node.value("name", "");
    d.type = node["type"].value("qualType", "");
    d.function = function_;
    d.line = line_of(node["range"]["begin"], line_before);
    d.is_extern = node.value("storageClass", "") == "extern";
    if (d.is_extern) {
      const Json& r = node["range"];
      if (in_macro(r["begin"]) || in_macro(r["end"]))
        throw OwnProgramError(main_file_ + ":" + std::to_string(d.line) +
                              ": an extern __shared__ declaration written inside a macro is not "
                              "supported");
      d.begin = r["begin"]["offset"].get<std::size_t>();
      d.end = r["end"]["offset"].get<std::size_t>() + r["end"].value("tokLen", 1);
    }
    facts.shared.push_back(std::move(d));
  }
};

template <typename T>
void sort_unique_by(std::vector<T>& v, std::size_t T::*key) {
  std::sort(v.begin(), v.end(), [&](const T& a, const T& b) { return a.*key < b.*key; });
  v.erase(std::unique(v.begin(), v.end(), [&](const T& a, const T& b) { return a.*key == b.*key; }),
          v.end());
}

}  // namespace

ProgramFacts parse_program(const std::string& file, const std::string& clang) {
  fs::path dir = fs::temp_directory_path() / ("stridescope-parse-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path out = dir / "ast.json", err = dir / "parse.err";
  int rc = run_process(
      {clang, "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
       "-Wno-unknown-cuda-version", "-std=c++17", "-fsyntax-only", "-I",
       (runtime_dir() / "include").string(), "-include",
       (runtime_dir() / "stridescope_cuda.h").string(), "-Xclang", "-ast-dump=json", file},
      out, err);
  if (rc != 0) {
    std::string message = read_file(err);
    fs::remove_all(dir);
    throw OwnProgramError(message.empty() ? "clang failed on " + file : message);
  }
  Json ast = Json::parse(read_file(out));
  fs::remove_all(dir);
  AstWalker walker(file);
  walker.walk(ast, false);
  // A launch or a declaration inside a function template is dumped once in the template and once
  // per instantiation: one entry per place in the file.
  ProgramFacts facts = std::move(walker.facts);
  sort_unique_by(facts.launches, &KernelLaunch::open);
  std::stable_sort(facts.shared.begin(), facts.shared.end(),
                   [](const SharedDecl& a, const SharedDecl& b) { return a.line < b.line; });
  facts.shared.erase(std::unique(facts.shared.begin(), facts.shared.end(),
                                 [](const SharedDecl& a, const SharedDecl& b) {
                                   return a.line == b.line && a.name == b.name;
                                 }),
                     facts.shared.end());
  return facts;
}

std::vector<KernelLaunch> find_kernel_launches(const std::string& file, const std::string& clang,
                                               std::vector<std::string>* shared_types) {
  ProgramFacts facts = parse_program(file, clang);
  if (shared_types) {
    shared_types->clear();
    for (const SharedDecl& d : facts.shared) shared_types->push_back(d.type);
  }
  return facts.launches;
}

namespace {
// "volatile float[16][16]" -> "float"
std::string base_type(const std::string& type) {
  std::string t = type.substr(0, type.find('['));
  for (const char* q : {"volatile ", "const "})
    if (t.rfind(q, 0) == 0) t = t.substr(std::string(q).size());
  while (!t.empty() && t.back() == ' ') t.pop_back();
  return t;
}
}  // namespace

ElementType shared_element_type(const std::vector<std::string>& shared_types) {
  if (shared_types.empty()) return ElementType::Int;
  bool all_float = true, all_double = true, any_double = false;
  for (const std::string& t : shared_types) {
    const std::string base = base_type(t);
    all_float = all_float && base == "float";
    all_double = all_double && base == "double";
    any_double = any_double || base == "double" || base == "long" || base == "long long" ||
                 base == "unsigned long" || base == "unsigned long long";
  }
  if (all_float) return ElementType::Float;
  if (all_double) return ElementType::Double;
  if (any_double)
    throw OwnProgramError(
        "shared arrays of 8-byte and of smaller elements in one program are not supported yet "
        "(the trace has one word size): make them all double, or all float/int");
  return ElementType::Int;
}

std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches) {
  ProgramFacts facts;
  facts.launches = launches;
  return rewrite_program(source, facts);
}

std::string rewrite_program(const std::string& source, const ProgramFacts& facts) {
  struct Edit {
    std::size_t begin, end;
    std::string text;
  };
  std::vector<Edit> edits;
  for (const KernelLaunch& l : facts.launches) {
    if (l.open < l.callee || l.close < l.open || l.close + 3 > source.size() ||
        source.compare(l.open, 3, "<<<") != 0 || source.compare(l.close, 3, ">>>") != 0)
      throw OwnProgramError("unexpected kernel launch position at byte " + std::to_string(l.open));
    edits.push_back({l.callee, l.callee, "::stridescope_rt::launcher("});
    edits.push_back({l.open, l.open + 3, ", "});
    edits.push_back({l.close, l.close + 3, ")"});
  }
  for (const SharedDecl& d : facts.shared) {
    if (!d.is_extern) continue;
    if (d.end > source.size() || d.end <= d.begin || source.find('\n', d.begin) < d.end)
      throw OwnProgramError(
          "line " + std::to_string(d.line) +
          ": an extern __shared__ declaration spread over lines is not supported");
    edits.push_back({d.begin, d.end,
                     "static " + d.type.substr(0, d.type.find('[')) + "* const " + d.name +
                         " = reinterpret_cast<" + d.type.substr(0, d.type.find('[')) +
                         "*>(stridescope_dynamic_shared)"});
  }
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  std::size_t pos = 0;
  for (const Edit& e : edits) {
    if (e.begin < pos)
      throw OwnProgramError("overlapping rewrites at byte " + std::to_string(e.begin));
    out.append(source, pos, e.begin - pos);
    out += e.text;
    pos = e.end;
  }
  out.append(source, pos, std::string::npos);
  return out;
}

}  // namespace stridescope
