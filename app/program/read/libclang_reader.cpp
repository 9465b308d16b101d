// Reads a user's .cu file with libclang (CUDA mode, host side): launches, __shared__ variables,
// kernels, device bodies, unsupported constructs (see libclang_reader.h). Built into the reader
// tool only (reader_main.cpp), never into stridescope itself.
#include "program/read/libclang_reader.h"

#include <clang-c/Index.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

#include "program/build/cuda_arch.h"
#include "program/read/kernel_prototypes.h"
#include "program/read/launch_brackets.h"
#include "program/read/unsupported_names.h"

namespace stridescope {

namespace {

std::string text_of(CXString s) {
  const char* c = clang_getCString(s);
  std::string out = c ? c : "";
  clang_disposeString(s);
  return out;
}

// The main file as parsed differs from the file where kernel_prototypes.h changed it: its offsets
// are given back by line and column (the reader reads one file per process).
OffsetMap main_offsets;
CXFile main_file = nullptr;

struct Position {
  unsigned line = 0, offset = 0;
};
Position position_of(CXSourceLocation loc) {
  Position p;
  CXFile file = nullptr;
  unsigned column = 0;
  clang_getExpansionLocation(loc, &file, &p.line, &column, &p.offset);
  if (!main_offsets.line_starts.empty() && file && main_file && clang_File_isEqual(file, main_file))
    p.offset = main_offsets.offset(p.line, column);
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

// "FILE:LINE:COL: " of a place, as the file names itself (its #line); "" where it has none.
std::string place_of(CXSourceLocation location) {
  CXString file;
  unsigned line = 0, column = 0;
  clang_getPresumedLocation(location, &file, &line, &column);
  const std::string name = text_of(file);
  if (name.empty()) return "";
  return name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
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

// A host function of the user's (no __device__, no __global__ checked by the caller) defined here
// that no kernel's thread may run (nvcc would refuse the call): not main (ignored by name
// already), not inline or constexpr (nvcc's --expt-relaxed-constexpr lets device code call those),
// not a template's, whose name has no single mangling.
bool is_plain_host_definition(CXCursor c) {
  const CXCursorKind kind = clang_getCursorKind(c);
  if ((kind != CXCursor_FunctionDecl && kind != CXCursor_CXXMethod) ||
      !clang_isCursorDefinition(c) || clang_Cursor_isFunctionInlined(c) ||
      clang_CXXMethod_isDefaulted(c) || !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)))
    return false;
  const CXCursor first = clang_getCanonicalCursor(c);  // `__device__` on the declaration only
  if (has_annotation(first, "stridescope_device") || has_child_kind(first, CXCursor_CUDAGlobalAttr))
    return false;
  const CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(c));
  if (parent == CXCursor_ClassTemplate || parent == CXCursor_ClassTemplatePartialSpecialization)
    return false;
  const std::string name = text_of(clang_getCursorSpelling(c));
  return name != "main" && !text_of(clang_Cursor_getMangling(c)).empty();
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
  std::string refused;         // what nvcc refuses and the parse let through (one error line)

  // A template kernel's __shared__ arrays typed by its parameters (`__shared__ T s[256]`) get the
  // types its launches give them (`double[256]`), where every launch of it gives the same: the
  // trace's element type then is the launched one, as nvcc's instantiation has it.
  void type_shared_by_launches() {
    for (SharedDecl& d : facts.shared) {
      const auto found = launched_.find(d.function);
      if (found == launched_.end() || !found->second) continue;
      for (const auto& [parameter, argument] : *found->second) {
        const std::regex word("\\b" + parameter + "\\b");
        d.type = std::regex_replace(d.type, word, argument);
      }
    }
  }

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
  // By template kernel: (type parameter, the type its launches give it), or none if they differ.
  std::map<std::string, std::optional<std::vector<std::pair<std::string, std::string>>>> launched_;
  bool in_kernel_ = false;  // the walk is in a __global__ function's body

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
      if (!device && !device_code && is_plain_host_definition(c))
        facts.host_functions.push_back(text_of(clang_Cursor_getMangling(c)));
      if (main_file && kind == CXCursor_FunctionDecl &&
          text_of(clang_getCursorSpelling(c)) == "main" &&
          clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_TranslationUnit)
        facts.has_main = true;
      const bool outer_kernel = in_kernel_;
      in_kernel_ = kernel;
      walk(c, device, text_of(clang_getCursorSpelling(c)));
      in_kernel_ = outer_kernel;
      return CXChildVisit_Continue;
    }
    if (kind == CXCursor_GCCAsmStmt)
      facts.unsupported.push_back({"inline assembly (asm, inline PTX)", int(at.line), path_of(c)});
    if (kind == CXCursor_VarDecl && has_annotation(c, "stridescope_shared"))
      on_shared(c, function, at);
    if (kind == CXCursor_CallExpr) {
      on_call(c, device_code, at);
      if (device_code) on_device_printf(c);
      if (in_kernel_) check_callee_runs_on_device(c, function);
    }
    return CXChildVisit_Recurse;
  }

  // A kernel's call of the user's host-only function: nvcc refuses it ("calling a __host__ function
  // from a __global__ function is not allowed"), and such a function is built without the access
  // callbacks (host_functions); the first one is the file's error. Not checked in __device__
  // functions: the parse cannot tell them from __host__ __device__ ones, where nvcc only warns.
  void check_callee_runs_on_device(CXCursor call, const std::string& caller) {
    const CXCursor callee = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (!refused.empty() || clang_Cursor_isNull(callee) || !in_user_file(callee) ||
        !is_plain_host_definition(callee))
      return;
    refused = place_of(clang_getCursorLocation(call)) + "error: calling a __host__ function(\"" +
              text_of(clang_getCursorDisplayName(callee)) + "\") from a __global__ function(\"" +
              caller +
              "\") is not allowed; nvcc refuses it too: declare it __device__ (or __host__ " +
              "__device__ to call it from both)\n";
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
    bool unwritable = false;
    l.template_arguments = deduced_arguments(kids[0], unwritable);
    l.deduced = is_deduced(kids[0]) || unwritable || uses_default_arguments(c);
    if (l.deduced) l.template_arguments.clear();
    l.callee = position_of(clang_getRangeStart(clang_getCursorExtent(c))).offset;
    l.open = position_of(clang_getRangeStart(range)).offset;
    l.close = position_of(clang_getRangeEnd(range)).offset - 3;
    l.line = int(at.line);
    facts.launches.push_back(l);
    note_launched_types(kids[0]);
  }

  // The type parameters of the launched kernel's template and the types this launch gives them;
  // a second launch that gives others leaves the kernel's arrays as written (std::nullopt).
  void note_launched_types(CXCursor callee) {
    const CXCursor kernel = clang_getCursorReferenced(without_casts(callee));
    if (clang_Cursor_isNull(kernel)) return;
    const CXCursor pattern = clang_getSpecializedCursorTemplate(kernel);
    if (clang_Cursor_isNull(pattern)) return;
    std::vector<std::pair<std::string, std::string>> types;
    int index = 0;
    for (const CXCursor& child : children_of(pattern)) {
      const CXCursorKind kind = clang_getCursorKind(child);
      if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
          kind != CXCursor_TemplateTemplateParameter)
        continue;
      const unsigned at = unsigned(index++);
      if (kind == CXCursor_TemplateTypeParameter &&
          clang_Cursor_getTemplateArgumentKind(kernel, at) == CXTemplateArgumentKind_Type)
        types.emplace_back(
            text_of(clang_getCursorSpelling(child)),
            text_of(clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(kernel, at))));
    }
    const std::string name = text_of(clang_getCursorSpelling(kernel));
    const auto [it, first] = launched_.try_emplace(name, types);
    if (!first && it->second != types) it->second = std::nullopt;
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
  static CXCursor without_casts(CXCursor callee) {
    while (clang_getCursorKind(callee) == CXCursor_UnexposedExpr) {  // implicit casts
      const std::vector<CXCursor> inner = children_of(callee);
      if (inner.size() != 1) break;
      callee = inner.front();
    }
    return callee;
  }

  static bool is_deduced(CXCursor callee) {
    const std::string type =
        text_of(clang_getTypeSpelling(clang_getCursorType(without_casts(callee))));
    return type.find("overloaded") != std::string::npos ||
           type.find("dependent") != std::string::npos;
  }

  // A template kernel named without its arguments, which the call deduced (`estimate<<<g,
  // b>>>(n, sum)` for `template <typename T> __global__ void estimate(int, T*)`): the arguments as
  // C++ writes them ("<double>"); "" where the name is written with them, or is no template's.
  // `unwritable`: an argument is neither a type nor an integer (the launch is left to deduce).
  std::string deduced_arguments(CXCursor callee, bool& unwritable) const {
    callee = without_casts(callee);
    unwritable = false;
    const CXCursor kernel = clang_getCursorReferenced(callee);
    if (clang_Cursor_isNull(kernel) ||
        clang_Cursor_isNull(clang_getSpecializedCursorTemplate(kernel)))
      return "";
    for (const std::string& token : tokens_of(tu_, callee))
      if (token == "<") return "";
    std::string out;
    for (int i = 0, n = clang_Cursor_getNumTemplateArguments(kernel); i < n; ++i) {
      const unsigned at = unsigned(i);
      const CXTemplateArgumentKind kind = clang_Cursor_getTemplateArgumentKind(kernel, at);
      out += out.empty() ? "<" : ", ";
      if (kind == CXTemplateArgumentKind_Type) {
        out += text_of(clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(kernel, at)));
      } else if (kind == CXTemplateArgumentKind_Integral) {
        out += std::to_string(clang_Cursor_getTemplateArgumentValue(kernel, at));
      } else {
        unwritable = true;
        return "";
      }
    }
    unwritable = out.empty();
    return out.empty() ? "" : out + ">";
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

  // A call of the C library's printf in device code, written in the file (not in a macro).
  void on_device_printf(CXCursor call) {
    const CXCursor callee = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(callee) || text_of(clang_getCursorSpelling(callee)) != "printf" ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(callee)))
      return;
    const std::vector<CXCursor> kids = children_of(call);
    if (kids.empty()) return;
    const CXSourceRange range = clang_getCursorExtent(kids[0]);
    const CXSourceLocation begin = clang_getRangeStart(range), end = clang_getRangeEnd(range);
    const std::vector<std::string> tokens = tokens_of(tu_, kids[0]);
    if (tokens.empty() || tokens.back() != "printf") return;  // written in a macro
    facts.device_printfs.push_back(
        {path_of(call), position_of(begin).offset, position_of(end).offset});
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
    // Through typedefs ("real_t [16][16]" -> "float [16][16]"), but a template's parameter as
    // written ("T [256]", not "type-parameter-0-0 [256]").
    const CXType type = clang_getCursorType(c);
    const std::string canonical = text_of(clang_getTypeSpelling(clang_getCanonicalType(type)));
    d.type = canonical.find("type-parameter") == std::string::npos
                 ? canonical
                 : text_of(clang_getTypeSpelling(type));
    d.function = function;
    d.line = int(at.line);
    d.is_extern = clang_Cursor_getStorageClass(c) == CX_SC_Extern;
    d.mangled = text_of(clang_Cursor_getMangling(c));
    facts.shared.push_back(std::move(d));
  }
};

// "FILE:LINE:COL" of a diagnostic, as the file names itself (its #line).
std::string place_of(CXDiagnostic d) {
  return place_of(clang_getDiagnosticLocation(d));
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

// The file parsed in CUDA mode with `args` (the language, the user's flags, our header, precompiled
// or as text); null if libclang fails.
std::unique_ptr<CXTranslationUnitImpl, void (*)(CXTranslationUnit)> parse_tu(
    CXIndex index, const std::string& file, const std::vector<std::string>& args,
    const std::string& appended) {
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  // The file as the build compiles it: the host pass's tests of __CUDA_ARCH__ made true.
  std::ifstream in(file, std::ios::binary);
  const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  main_offsets = {};
  const std::string as_built = kernel_prototypes_unforced(
      launch_brackets_joined(with_host_tests_true(source + appended)), main_offsets);
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

ReadAnswer read_with_libclang(const ReadRequest& request) {
  ReadAnswer answer;
  std::unique_ptr<void, void (*)(CXIndex)> index(clang_createIndex(0, 0), clang_disposeIndex);
  auto owner = parse_tu(index.get(), request.file, request.args, request.appended);
  // A file with errors is read again with the header as text, so what clang says is never about
  // the precompiled header (a stale or unreadable one).
  if (!request.text_args.empty() && (!owner || !errors_of(owner.get()).empty())) {
    owner = parse_tu(index.get(), request.file, request.text_args, request.appended);
    answer.pch_at_fault = owner && errors_of(owner.get()).empty();
  }
  if (!owner) {
    answer.error = "libclang could not parse " + request.file;
    return answer;
  }
  CXTranslationUnit tu = owner.get();
  main_file = clang_getFile(tu, request.file.c_str());
  std::vector<std::string> warnings;
  if (std::string errors = errors_of(tu, &warnings); !errors.empty()) {
    answer.error = std::move(errors);
    return answer;
  }
  Walker walker(tu, request.file);
  walker.runtime_prefix = request.runtime_prefix;
  walker.walk(clang_getTranslationUnitCursor(tu), false, "");
  walker.type_shared_by_launches();
  if (!walker.refused.empty()) {
    answer.error = std::move(walker.refused);
    return answer;
  }
  answer.facts = std::move(walker.facts);
  answer.facts.warnings = std::move(warnings);
  std::stable_sort(answer.facts.launches.begin(), answer.facts.launches.end(),
                   [](const KernelLaunch& a, const KernelLaunch& b) {
                     return std::tie(a.file, a.open) < std::tie(b.file, b.open);
                   });
  return answer;
}

}  // namespace stridescope
