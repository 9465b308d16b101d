// Spike, option (a): find CUDA kernel launches with libclang (libclang-14-dev). Prints, per launch,
// the offsets of the callee, `<<<` and `>>>`, and the parse time. Build and run:
//   cc -O2 -I/usr/lib/llvm-14/include docs/spike/libclang_launches.c \
//      -L/usr/lib/llvm-14/lib -lclang -o /tmp/libclang_launches
//   /tmp/libclang_launches examples/sum4.cu app/runtime/stridescope_cuda.h
#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int launches = 0;

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  (void)data;
  if (!clang_Location_isFromMainFile(clang_getCursorLocation(c))) return CXChildVisit_Continue;
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    // libclang has no cursor kind for CUDAKernelCallExpr: it is a CallExpr whose tokens hold `<<<`.
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken* tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &n);
    for (unsigned i = 0; i < n; ++i) {
      CXString s = clang_getTokenSpelling(tu, tokens[i]);
      if (strcmp(clang_getCString(s), "<<<") == 0 && i > 0) {
        unsigned off;
        clang_getSpellingLocation(clang_getTokenLocation(tu, tokens[i]), NULL, NULL, NULL, &off);
        printf("launch: `<<<` at offset %u\n", off);
        ++launches;
        clang_disposeString(s);
        break;
      }
      clang_disposeString(s);
    }
    clang_disposeTokens(tu, tokens, n);
  }
  return CXChildVisit_Recurse;
}

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  const char* args[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                        "-Wno-unknown-cuda-version", "-std=c++17", "-include", argv[2]};
  CXIndex index = clang_createIndex(0, 1);
  CXTranslationUnit tu = clang_parseTranslationUnit(index, argv[1], args, 9, NULL, 0, CXTranslationUnit_None);
  if (!tu) return 1;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, NULL);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("%d launch(es), parse+visit %.1f ms\n", launches,
         (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return 0;
}
