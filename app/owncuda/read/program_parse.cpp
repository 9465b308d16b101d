// Reads a user's .cu file with libclang (CUDA mode, host side): launches, __shared__ variables,
// unsupported constructs; and rewrites the file for the plain C++ build.
#include "owncuda/read/program_parse.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "owncuda/build/cuda_arch.h"
#include "owncuda/build/header_pch.h"
#include "owncuda/build/runtime_paths.h"
#include "owncuda/own_program.h"
#include "owncuda/read/unsupported_names.h"

#ifdef STRIDESCOPE_HAVE_LIBCLANG
#include <clang-c/Index.h>
#endif

namespace stridescope {

std::vector<std::string> CompileFlags::args() const {
  std::vector<std::string> out;
  for (const std::string& d : include_dirs) out.insert(out.end(), {"-I", d});
  for (const std::string& d : defines) out.insert(out.end(), {"-D", d});
  return out;
}

std::vector<std::string> parse_flags() {
  return {"-x",
          "cuda",
          "--cuda-host-only",
          "-nocudainc",
          "-nocudalib",
          "-Wno-unknown-cuda-version",
          "-std=gnu++17",
          "-Xclang",
          "-fcuda-allow-variadic-functions",
          "-D__CUDA_ARCH__=" + std::to_string(kEmulatedCudaArch),
          "-I",
          runtime_include_dir().string()};
}

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

// __device__ and __shared__ reach the parse as annotations (runtime/include/stridescope/
// qualifiers.h): `annotation` is "stridescope_device" or "stridescope_shared".
bool has_annotation(CXCursor c, const char* annotation) {
  for (CXCursor child : children_of(c))
    if (clang_getCursorKind(child) == CXCursor_AnnotateAttr &&
        text_of(clang_getCursorSpelling(child)) == annotation)
      return true;
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

// Walks the declarations of the main file and of the user's headers it includes (not the system's
// or StrideScope's): a function's body knows whether it is device code.
class Walker {
 public:
  Walker(CXTranslationUnit tu, const std::string& file)
      : tu_(tu), main_(clang_getFile(tu, file.c_str())) {}
  ProgramFacts facts;
  std::string runtime_prefix;  // StrideScope's headers: not the user's

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
  std::map<CXFile, bool> user_file_;  // by file: the user's (not a system or StrideScope header)

  // The file a cursor was written in (or expanded in, from a macro: `__shared__ int s[4];` starts
  // with a macro spelled in StrideScope's header).
  static CXFile file_of(CXSourceLocation loc) {
    CXFile file = nullptr;
    clang_getExpansionLocation(loc, &file, nullptr, nullptr, nullptr);
    return file;
  }
  bool in_main_file(CXCursor c) const {
    CXFile file = file_of(clang_getCursorLocation(c));
    return file && main_ && clang_File_isEqual(file, main_);
  }
  bool in_user_file(CXCursor c) {
    const CXSourceLocation loc = clang_getCursorLocation(c);
    CXFile file = file_of(loc);
    if (!file) return false;
    auto [it, fresh] = user_file_.try_emplace(file, false);
    if (fresh) {
      const std::string name = text_of(clang_getFileName(file));
      it->second = !clang_Location_isInSystemHeader(loc) &&
                   (runtime_prefix.empty() || name.rfind(runtime_prefix, 0) != 0);
    }
    return it->second;
  }
  std::string path_of(CXCursor c) const {
    if (in_main_file(c)) return "";
    CXFile file = file_of(clang_getCursorLocation(c));
    return file ? std::filesystem::absolute(text_of(clang_getFileName(file)))
                      .lexically_normal()
                      .string()
                : "";
  }

  CXChildVisitResult visit(CXCursor c, bool device_code, const std::string& function) {
    if (!in_user_file(c)) return CXChildVisit_Continue;
    const bool main_file = in_main_file(c);
    const CXCursorKind kind = clang_getCursorKind(c);
    const Position at = position_of(clang_getCursorLocation(c));
    if (kind == CXCursor_FunctionDecl || kind == CXCursor_FunctionTemplate ||
        kind == CXCursor_CXXMethod) {
      const bool kernel = has_child_kind(c, CXCursor_CUDAGlobalAttr);
      const bool device = kernel || has_annotation(c, "stridescope_device");
      if (kernel && main_file) add_kernel(kernel_of(c, int(at.line)));
      if (device) on_device_body(c);
      if (main_file && kind == CXCursor_FunctionDecl &&
          text_of(clang_getCursorSpelling(c)) == "main" &&
          clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_TranslationUnit)
        facts.has_main = true;
      walk(c, device, text_of(clang_getCursorSpelling(c)));
      return CXChildVisit_Continue;
    }
    if (kind == CXCursor_GCCAsmStmt)
      facts.unsupported.push_back({"inline assembly (asm, inline PTX)", int(at.line), path_of(c)});
    if (kind == CXCursor_VarDecl && has_annotation(c, "stridescope_shared"))
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
          {"dynamic parallelism (a kernel launch inside a kernel)", int(at.line), path_of(c)});
      return;
    }
    const CXSourceRange range = clang_getCursorExtent(kids[1]);
    KernelLaunch l;
    l.file = path_of(c);
    l.deduced = is_deduced(kids[0]) || uses_default_arguments(c);
    l.callee = position_of(clang_getRangeStart(clang_getCursorExtent(c))).offset;
    l.open = position_of(clang_getRangeStart(range)).offset;
    l.close = position_of(clang_getRangeEnd(range)).offset - 3;
    l.line = int(at.line);
    facts.launches.push_back(l);
  }

  // A launch that leaves arguments to the kernel's defaults: clang lists them among the call's
  // arguments, where they are written: in the kernel's declaration, not in the call.
  static bool uses_default_arguments(CXCursor call) {
    const CXSourceRange range = clang_getCursorExtent(call);
    const unsigned begin = position_of(clang_getRangeStart(range)).offset;
    const unsigned end = position_of(clang_getRangeEnd(range)).offset;
    for (int i = 0, n = clang_Cursor_getNumArguments(call); i < n; ++i) {
      const unsigned at = position_of(clang_getRangeStart(clang_getCursorExtent(
                                          clang_Cursor_getArgument(call, unsigned(i)))))
                              .offset;
      if (at < begin || at > end) return true;
    }
    return false;
  }

  // A kernel named by a template without its arguments, or by a name of several kernels: the call
  // decides which function it is (clang's parse of a template cannot say: it may depend on the
  // template's own arguments).
  static bool is_deduced(CXCursor callee) {
    while (clang_getCursorKind(callee) == CXCursor_UnexposedExpr) {  // implicit casts
      const std::vector<CXCursor> inner = children_of(callee);
      if (inner.size() != 1) break;
      callee = inner.front();
    }
    const std::string type = text_of(clang_getTypeSpelling(clang_getCursorType(callee)));
    return type.find("overloaded") != std::string::npos ||
           type.find("dependent") != std::string::npos;
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

  void on_device_body(CXCursor c) {
    for (CXCursor child : children_of(c))
      if (clang_getCursorKind(child) == CXCursor_CompoundStmt)
        facts.device_bodies.push_back(
            {path_of(c), position_of(clang_getRangeStart(clang_getCursorExtent(child))).offset});
  }

  void on_shared(CXCursor c, const std::string& function, Position at) {
    SharedDecl d;
    d.name = text_of(clang_getCursorSpelling(c));
    d.type = text_of(clang_getTypeSpelling(clang_getCursorType(c)));
    d.function = function;
    d.line = int(at.line);
    d.is_extern = clang_Cursor_getStorageClass(c) == CX_SC_Extern;
    d.mangled = text_of(clang_Cursor_getMangling(c));
    facts.shared.push_back(std::move(d));
  }
};

// "FILE:LINE:COL" of a diagnostic, as the file names itself (its #line).
std::string place_of(CXDiagnostic d) {
  CXString file;
  unsigned line = 0, column = 0;
  clang_getPresumedLocation(clang_getDiagnosticLocation(d), &file, &line, &column);
  const std::string name = text_of(file);
  if (name.empty()) return "";
  return name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

// clang's errors, one `file:line:col: error: message` line each (a CUDA feature stridescope run
// does not have named as such), and the warnings about removed CUDA functions it still runs.
std::string errors_of(CXTranslationUnit tu, std::vector<std::string>* warnings = nullptr) {
  std::string out;
  std::set<std::string> warned;
  for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; ++i) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    const std::string message = text_of(clang_getDiagnosticSpelling(d));
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      const std::string named = unsupported_message(message);
      out += named.empty()
                 ? text_of(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions()))
                 : place_of(d) + "error: " + named;
      out += "\n";
    } else if (const std::size_t at = message.find("stridescope-legacy: ");
               warnings && at != std::string::npos) {
      std::string name = message.substr(0, message.find(' '));  // "'__shfl_xor<int>'"
      if (name.find('<') != std::string::npos) name = name.substr(0, name.find('<')) + "'";
      if (warned.insert(name).second)
        warnings->push_back(place_of(d) + "warning: " + name + " was " +
                            message.substr(at + std::strlen("stridescope-legacy: ")));
    }
    clang_disposeDiagnostic(d);
  }
  return out;
}

// The file parsed in CUDA mode against our header (precompiled where `clang` can build it: see
// header_pch.h); null if libclang fails.
std::unique_ptr<CXTranslationUnitImpl, void (*)(CXTranslationUnit)> parse_tu(
    CXIndex index, const std::string& file, const std::vector<std::string>& header,
    const CompileFlags& flags, const std::string& appended) {
  std::vector<std::string> args = parse_flags();
  const std::vector<std::string> user = flags.args();
  args.insert(args.end(), user.begin(), user.end());
  args.insert(args.end(), header.begin(), header.end());
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  // The file as the build compiles it: the host pass's tests of __CUDA_ARCH__ made true.
  std::ifstream in(file, std::ios::binary);
  const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string as_built = with_host_tests_true(source + appended);
  CXUnsavedFile unsaved{file.c_str(), as_built.data(), static_cast<unsigned long>(as_built.size())};
  const bool differs = in && as_built != source;
  CXTranslationUnit tu = nullptr;
  const CXErrorCode rc = clang_parseTranslationUnit2(index, file.c_str(), argv.data(),
                                                     int(argv.size()), differs ? &unsaved : nullptr,
                                                     differs ? 1 : 0, CXTranslationUnit_None, &tu);
  if (rc != CXError_Success) tu = nullptr;
  return {tu, clang_disposeTranslationUnit};
}

}  // namespace

ProgramFacts parse_program(const std::string& file, const std::string& clang,
                           const CompileFlags& flags, const std::string& appended) {
  const std::vector<std::string> as_text{"-include", cuda_header().string()};
  std::vector<std::string> header = as_text;
  if (!clang.empty()) header = header_args(clang, parse_flags());
  std::unique_ptr<void, void (*)(CXIndex)> index(clang_createIndex(0, 0), clang_disposeIndex);
  auto owner = parse_tu(index.get(), file, header, flags, appended);
  // A file with errors is read again without the precompiled header, so what clang says is
  // never about the cache (a stale or unreadable one).
  if (header != as_text && (!owner || !errors_of(owner.get()).empty())) {
    owner = parse_tu(index.get(), file, as_text, flags, appended);
    if (owner && errors_of(owner.get()).empty()) drop_pch(header);  // the cache's fault
  }
  if (!owner) throw OwnProgramError("libclang could not parse " + file);
  CXTranslationUnit tu = owner.get();
  std::vector<std::string> warnings;
  if (std::string errors = errors_of(tu, &warnings); !errors.empty()) throw OwnProgramError(errors);
  Walker walker(tu, file);
  walker.runtime_prefix = runtime_include_dir().lexically_normal().string();
  walker.walk(clang_getTranslationUnitCursor(tu), false, "");
  ProgramFacts facts = std::move(walker.facts);
  facts.warnings = std::move(warnings);
  std::stable_sort(facts.launches.begin(), facts.launches.end(),
                   [](const KernelLaunch& a, const KernelLaunch& b) {
                     return std::tie(a.file, a.open) < std::tie(b.file, b.open);
                   });
  return facts;
}
#else
ProgramFacts parse_program(const std::string& file, const std::string&, const CompileFlags&,
                           const std::string&) {
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

ElementType shared_element_type(const std::vector<std::string>& shared_types, std::string* note) {
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
  if (any_double && note)
    *note =
        "note: the program's shared arrays mix 8-byte and smaller elements: the trace shows "
        "shared memory as 4-byte words (an 8-byte value is two of them)";
  return ElementType::Int;
}

std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches) {
  ProgramFacts facts;
  facts.launches = launches;
  return rewrite_program(source, facts);
}

std::string rewrite_program(const std::string& source, const ProgramFacts& facts,
                            const std::string& file) {
  struct Edit {
    std::size_t begin, end;
    std::string text;
  };
  std::vector<Edit> edits;
  for (const KernelLaunch& l : facts.launches) {
    if (l.file != file) continue;
    if (l.open < l.callee || l.close < l.open || l.close + 3 > source.size() ||
        source.compare(l.open, 3, "<<<") != 0 || source.compare(l.close, 3, ">>>") != 0)
      throw OwnProgramError("line " + std::to_string(l.line) +
                            ": a kernel launch written inside a macro is not supported");
    if (!l.deduced) {
      edits.push_back({l.callee, l.callee, "::stridescope_rt::launcher("});
    } else {  // the kernel the call picks (runtime/include/stridescope/launch.h)
      std::string name = source.substr(l.callee, l.open - l.callee);
      while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
        name.pop_back();
      if (name.find('\n') != std::string::npos)
        throw OwnProgramError("line " + std::to_string(l.line) +
                              ": a kernel's name spread over lines is not supported");
      edits.push_back({l.callee, l.open,
                       "::stridescope_rt::launcher_deduced(STRIDESCOPE_PICK(" + name +
                           "), STRIDESCOPE_CALL(" + name + ")"});
    }
    edits.push_back({l.open, l.open + 3, ", "});
    edits.push_back({l.close, l.close + 3, ")"});
  }
  // Device code contracts `a * b + c` into a fused multiply-add, as nvcc's (program_build.cpp).
  for (const DeviceBody& b : facts.device_bodies)
    if (b.file == file && b.open < source.size() && source[b.open] == '{')
      edits.push_back({b.open + 1, b.open + 1, " _Pragma(\"clang fp contract(fast)\")"});
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
