// Reads a user's .cu file with libclang (CUDA mode, host side): launches, __shared__ variables,
// unsupported constructs; and rewrites the file for the plain C++ build.
#include "owncuda/program_parse.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>

#include "owncuda/header_pch.h"
#include "owncuda/own_program.h"
#include "owncuda/runtime_paths.h"

#ifdef STRIDESCOPE_HAVE_LIBCLANG
#include <clang-c/Index.h>
#endif

namespace stridescope {

#ifdef STRIDESCOPE_HAVE_LIBCLANG
namespace {

std::string text_of(CXString s) {
  const char* c = clang_getCString(s);
  std::string out = c ? c : "";
  clang_disposeString(s);
  return out;
}

struct Position {
  unsigned line = 0, offset = 0;
};
Position position_of(CXSourceLocation loc) {
  Position p;
  clang_getExpansionLocation(loc, nullptr, &p.line, nullptr, &p.offset);
  return p;
}

std::vector<CXCursor> children_of(CXCursor c) {
  std::vector<CXCursor> out;
  clang_visitChildren(
      c,
      [](CXCursor child, CXCursor, CXClientData data) {
        static_cast<std::vector<CXCursor>*>(data)->push_back(child);
        return CXChildVisit_Continue;
      },
      &out);
  return out;
}

bool has_child_kind(CXCursor c, CXCursorKind kind) {
  for (CXCursor child : children_of(c))
    if (clang_getCursorKind(child) == kind) return true;
  return false;
}

// The spellings of the tokens in `c`'s extent.
std::vector<std::string> tokens_of(CXTranslationUnit tu, CXCursor c) {
  CXToken* tokens = nullptr;
  unsigned n = 0;
  clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &n);
  std::vector<std::string> out;
  for (unsigned i = 0; i < n; ++i) out.push_back(text_of(clang_getTokenSpelling(tu, tokens[i])));
  clang_disposeTokens(tu, tokens, n);
  return out;
}

// clang's canonical spelling of `t` without const and volatile ("const int" -> "int").
std::string value_type_of(CXType t) {
  std::string s = text_of(clang_getTypeSpelling(clang_getCanonicalType(t)));
  for (bool again = true; again;) {
    again = false;
    for (const char* q : {"const ", "volatile "})
      if (s.rfind(q, 0) == 0) {
        s.erase(0, std::strlen(q));
        again = true;
      }
  }
  return s;
}

// `ns::name`: the names of the enclosing namespaces, outermost first.
std::string qualified_name(CXCursor c) {
  std::string name = text_of(clang_getCursorSpelling(c));
  for (CXCursor p = clang_getCursorSemanticParent(c); clang_getCursorKind(p) == CXCursor_Namespace;
       p = clang_getCursorSemanticParent(p))
    name = text_of(clang_getCursorSpelling(p)) + "::" + name;
  return name;
}

KernelDecl kernel_of(CXCursor c, int line) {
  KernelDecl k;
  k.name = qualified_name(c);
  k.is_template = clang_getCursorKind(c) == CXCursor_FunctionTemplate;
  k.line = line;
  for (CXCursor p : children_of(c)) {
    if (clang_getCursorKind(p) != CXCursor_ParmDecl) continue;
    const CXType t = clang_getCursorType(p);
    KernelParam param;
    param.name = text_of(clang_getCursorSpelling(p));
    param.type = text_of(clang_getTypeSpelling(t));
    param.is_pointer = clang_getCanonicalType(t).kind == CXType_Pointer;
    param.value_type =
        value_type_of(param.is_pointer ? clang_getPointeeType(clang_getCanonicalType(t)) : t);
    k.params.push_back(std::move(param));
  }
  return k;
}

// Walks the main file's declarations: a function's body knows whether it is device code.
class Walker {
 public:
  Walker(CXTranslationUnit tu, const std::string& file)
      : tu_(tu), main_(clang_getFile(tu, file.c_str())) {}
  ProgramFacts facts;

  void walk(CXCursor parent, bool device_code, const std::string& function) {
    struct Context {
      Walker* self;
      bool device_code;
      const std::string* function;
    } context{this, device_code, &function};
    clang_visitChildren(
        parent,
        [](CXCursor c, CXCursor, CXClientData data) {
          auto* ctx = static_cast<Context*>(data);
          return ctx->self->visit(c, ctx->device_code, *ctx->function);
        },
        &context);
  }

 private:
  CXTranslationUnit tu_;
  CXFile main_;

  // Written in the main file, or expanded there from a macro (`__shared__ int s[4];` starts with
  // a macro spelled in StrideScope's header).
  bool in_main_file(CXSourceLocation loc) const {
    CXFile file = nullptr;
    clang_getExpansionLocation(loc, &file, nullptr, nullptr, nullptr);
    return file && main_ && clang_File_isEqual(file, main_);
  }

  CXChildVisitResult visit(CXCursor c, bool device_code, const std::string& function) {
    if (!in_main_file(clang_getCursorLocation(c))) return CXChildVisit_Continue;
    const CXCursorKind kind = clang_getCursorKind(c);
    const Position at = position_of(clang_getCursorLocation(c));
    if (kind == CXCursor_FunctionDecl || kind == CXCursor_FunctionTemplate ||
        kind == CXCursor_CXXMethod) {
      const bool kernel = has_child_kind(c, CXCursor_CUDAGlobalAttr);
      const bool device = kernel || has_child_kind(c, CXCursor_CUDADeviceAttr);
      if (kernel) add_kernel(kernel_of(c, int(at.line)));
      if (kind == CXCursor_FunctionDecl && text_of(clang_getCursorSpelling(c)) == "main" &&
          clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_TranslationUnit)
        facts.has_main = true;
      walk(c, device, text_of(clang_getCursorSpelling(c)));
      return CXChildVisit_Continue;
    }
    if (kind == CXCursor_GCCAsmStmt)
      facts.unsupported.push_back({"inline assembly (asm, inline PTX)", int(at.line)});
    if (kind == CXCursor_VarDecl && has_child_kind(c, CXCursor_CUDASharedAttr))
      on_shared(c, function, at);
    if (kind == CXCursor_CallExpr) on_call(c, device_code, at);
    return CXChildVisit_Recurse;
  }

  // A kernel launch is a call whose second child is the `<<<g, b>>>` configuration call.
  void on_call(CXCursor c, bool device_code, Position at) {
    const std::vector<CXCursor> kids = children_of(c);
    if (kids.size() < 2 || clang_getCursorKind(kids[1]) != CXCursor_CallExpr) return;
    const std::vector<std::string> config = tokens_of(tu_, kids[1]);
    if (config.empty() || config.front() != "<<<" || config.back() != ">>>") return;
    if (device_code) {
      facts.unsupported.push_back(
          {"dynamic parallelism (a kernel launch inside a kernel)", int(at.line)});
      return;
    }
    const CXSourceRange range = clang_getCursorExtent(kids[1]);
    KernelLaunch l;
    l.callee = position_of(clang_getRangeStart(clang_getCursorExtent(c))).offset;
    l.open = position_of(clang_getRangeStart(range)).offset;
    l.close = position_of(clang_getRangeEnd(range)).offset - 3;
    l.line = int(at.line);
    facts.launches.push_back(l);
  }

  // One entry per kernel name: a prototype and its definition are one; other parameters, an
  // overload.
  void add_kernel(KernelDecl k) {
    for (KernelDecl& known : facts.kernels) {
      if (known.name != k.name) continue;
      bool same = known.params.size() == k.params.size();
      for (std::size_t i = 0; same && i < k.params.size(); ++i)
        same = known.params[i].type == k.params[i].type;
      known.overloaded = known.overloaded || !same;
      if (same) known.params = std::move(k.params);  // the definition's names win
      return;
    }
    facts.kernels.push_back(std::move(k));
  }

  void on_shared(CXCursor c, const std::string& function, Position at) {
    SharedDecl d;
    d.name = text_of(clang_getCursorSpelling(c));
    d.type = text_of(clang_getTypeSpelling(clang_getCursorType(c)));
    d.function = function;
    d.line = int(at.line);
    d.is_extern = clang_Cursor_getStorageClass(c) == CX_SC_Extern;
    const CXSourceRange range = clang_getCursorExtent(c);
    d.begin = position_of(clang_getRangeStart(range)).offset;
    d.end = position_of(clang_getRangeEnd(range)).offset;
    facts.shared.push_back(std::move(d));
  }
};

// clang's errors, one `file:line:col: error: message` line each.
std::string errors_of(CXTranslationUnit tu) {
  std::string out;
  for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; ++i) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
      out += text_of(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions())) + "\n";
    clang_disposeDiagnostic(d);
  }
  return out;
}

// The file parsed in CUDA mode against our header (precompiled where `clang` can build it: see
// header_pch.h); null if libclang fails.
std::unique_ptr<CXTranslationUnitImpl, void (*)(CXTranslationUnit)> parse_tu(
    CXIndex index, const std::string& file, const std::vector<std::string>& header) {
  std::vector<std::string> args{"-x",         "cuda",       "--cuda-host-only",
                                "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
                                "-std=c++17", "-I",         (runtime_dir() / "include").string()};
  args.insert(args.end(), header.begin(), header.end());
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  CXTranslationUnit tu = nullptr;
  const CXErrorCode rc = clang_parseTranslationUnit2(
      index, file.c_str(), argv.data(), int(argv.size()), nullptr, 0, CXTranslationUnit_None, &tu);
  if (rc != CXError_Success) tu = nullptr;
  return {tu, clang_disposeTranslationUnit};
}

}  // namespace

ProgramFacts parse_program(const std::string& file, const std::string& clang) {
  const std::vector<std::string> as_text{"-include",
                                         (runtime_dir() / "stridescope_cuda.h").string()};
  std::vector<std::string> header = as_text;
  if (!clang.empty())
    header = header_args(clang, {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                 "-Wno-unknown-cuda-version", "-std=c++17", "-I",
                                 (runtime_dir() / "include").string()});
  std::unique_ptr<void, void (*)(CXIndex)> index(clang_createIndex(0, 0), clang_disposeIndex);
  auto owner = parse_tu(index.get(), file, header);
  // A file with errors is read again without the precompiled header, so what clang says is
  // never about the cache (a stale or unreadable one).
  if (header != as_text && (!owner || !errors_of(owner.get()).empty())) {
    owner = parse_tu(index.get(), file, as_text);
    if (owner && errors_of(owner.get()).empty()) drop_pch(header);  // the cache's fault
  }
  if (!owner) throw OwnProgramError("libclang could not parse " + file);
  CXTranslationUnit tu = owner.get();
  if (std::string errors = errors_of(tu); !errors.empty()) throw OwnProgramError(errors);
  Walker walker(tu, file);
  walker.walk(clang_getTranslationUnitCursor(tu), false, "");
  ProgramFacts facts = std::move(walker.facts);
  std::sort(facts.launches.begin(), facts.launches.end(),
            [](const KernelLaunch& a, const KernelLaunch& b) { return a.open < b.open; });
  return facts;
}
#else
ProgramFacts parse_program(const std::string& file, const std::string&) {
  throw OwnProgramError(
      "this stridescope was built without libclang (libclang-14-dev), so it "
      "cannot read " +
      file);
}
#endif

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
      throw OwnProgramError("line " + std::to_string(l.line) +
                            ": a kernel launch written inside a macro is not supported");
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
