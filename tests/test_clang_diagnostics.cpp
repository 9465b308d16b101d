// clang's `file:line:col: error: message` lines, parsed for the GUI's source panel.
#include <gtest/gtest.h>

#include "model/clang_diagnostics.h"

namespace stridescope {
namespace {

constexpr const char* kOutput =
    "sum.cu:12:5: error: use of undeclared identifier 'cach'\n"
    "    cach[tid] = in[tid];\n"
    "    ^\n"
    "/home/a b/x:y/sum.cu:20:17: warning: unused variable 'k' [-Wunused-variable]\n"
    "sum.cu:3:10: fatal error: 'missing.h' file not found\n"
    "sum.cu:7:1: note: previous definition is here\n"
    "sum.cu:30: a kernel launch written inside a macro is not supported\n"
    "3 errors generated.\n";

TEST(ClangDiagnostics, EveryDiagnosticLineWithItsPlaceSeverityAndMessage) {
  std::vector<Diagnostic> d = parse_diagnostics(kOutput);
  ASSERT_EQ(d.size(), 5u);
  EXPECT_EQ(d[0].file, "sum.cu");
  EXPECT_EQ(d[0].line, 12);
  EXPECT_EQ(d[0].column, 5);
  EXPECT_EQ(d[0].severity, "error");
  EXPECT_EQ(d[0].message, "use of undeclared identifier 'cach'");
  EXPECT_EQ(d[1].file, "/home/a b/x:y/sum.cu");
  EXPECT_EQ(d[1].line, 20);
  EXPECT_EQ(d[1].severity, "warning");
  EXPECT_EQ(d[2].severity, "fatal error");
  EXPECT_EQ(d[2].message, "'missing.h' file not found");
  EXPECT_EQ(d[3].severity, "note");
  EXPECT_EQ(d[4].line, 30);
  EXPECT_EQ(d[4].column, 0);
  EXPECT_EQ(d[4].severity, "");
  EXPECT_EQ(d[4].text(), "sum.cu:30: a kernel launch written inside a macro is not supported");
  EXPECT_EQ(d[0].text(), "sum.cu:12:5: error: use of undeclared identifier 'cach'");
}

TEST(ClangDiagnostics, TextWithoutDiagnosticsGivesNone) {
  EXPECT_TRUE(parse_diagnostics("").empty());
  EXPECT_TRUE(
      parse_diagnostics("clang++ not found\n3 errors generated.\nx:y: z\n:1:2: e\n").empty());
  EXPECT_TRUE(parse_diagnostics("  sum.cu:1:2: error: indented is an excerpt\n").empty());
}

TEST(ClangDiagnostics, TheFirstProblemIsTheFirstErrorElseTheFirstLine) {
  EXPECT_EQ(first_problem(kOutput), "sum.cu:12:5: error: use of undeclared identifier 'cach'");
  EXPECT_EQ(first_problem("a.cu:1:1: warning: w\na.cu:2:2: error: e\n"), "a.cu:2:2: error: e");
  EXPECT_EQ(first_problem("a.cu:1:1: warning: w\n"), "a.cu:1:1: warning: w");
  EXPECT_EQ(first_problem("\n  \nclang++ not found (install clang-14)\n"),
            "clang++ not found (install clang-14)");
  EXPECT_EQ(first_problem(""), "");
}

TEST(ClangDiagnostics, AFileIsNamedByItsPathOrItsName) {
  EXPECT_TRUE(names_file("/tmp/x/sum.cu", "/tmp/x/sum.cu"));
  EXPECT_TRUE(names_file("sum.cu", "/home/t/examples/sum.cu"));
  EXPECT_FALSE(names_file("/usr/include/stdio.h", "/home/t/sum.cu"));
}

}  // namespace
}  // namespace stridescope
