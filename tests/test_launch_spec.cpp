// The launch spec of a kernel-only file (`stridescope run FILE.cu --launch 'k<<<g,b>>>(...)'`):
// its reader, its check against the kernel's parameters and the main() written for it. Pure: no
// clang needed (the kernels are written here as libclang reports them).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "program/build/launch_main.h"
#include "program/read/launch_binding.h"
#include "program/read/launch_spec.h"

namespace stridescope {
namespace {

// The message of the LaunchSpecError `f` throws ("" if it throws none).
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const LaunchSpecError& e) {
    return e.what();
  }
  return "";
}

TEST(LaunchSpec, ReadsNameGridBlockSharedAndEveryInit) {
  const LaunchSpec s = parse_launch_spec(
      " reduce <<< (4,2) , (8,4,2), 1024 >>> ( a = iota(1024), b=zeros(4), c=ones(3), "
      "d=fill(5, -2.5), e=random(10), f=random(10, 7), g=values(3,1,4,2), n=1e3, x=-0.5)");
  EXPECT_EQ(s.kernel, "reduce");
  EXPECT_TRUE(s.template_args.empty());
  EXPECT_EQ(s.grid.x, 4u);
  EXPECT_EQ(s.grid.y, 2u);
  EXPECT_EQ(s.grid.z, 1u);
  EXPECT_EQ(s.block.count(), 64u);
  EXPECT_EQ(s.shared_bytes, 1024u);
  ASSERT_EQ(s.args.size(), 9u);
  EXPECT_EQ(s.args[0].param, "a");
  EXPECT_EQ(s.args[0].kind, InitKind::Iota);
  EXPECT_EQ(s.args[0].count, 1024u);
  EXPECT_EQ(s.args[0].text, "iota(1024)");
  EXPECT_EQ(s.args[1].kind, InitKind::Zeros);
  EXPECT_EQ(s.args[2].kind, InitKind::Ones);
  EXPECT_EQ(s.args[3].kind, InitKind::Fill);
  EXPECT_EQ(s.args[3].count, 5u);
  EXPECT_EQ(s.args[3].number, -2.5);
  EXPECT_EQ(s.args[4].seed, 1u);  // the default seed
  EXPECT_EQ(s.args[5].seed, 7u);
  EXPECT_EQ(s.args[6].values, (std::vector<double>{3, 1, 4, 2}));
  EXPECT_EQ(s.args[6].count, 4u);
  EXPECT_EQ(s.args[7].kind, InitKind::Number);
  EXPECT_EQ(s.args[7].number, 1000);
  EXPECT_EQ(s.args[8].number, -0.5);
}

TEST(LaunchSpec, ReadsTemplateArgumentsNamespacesAndNoArguments) {
  const LaunchSpec t = parse_launch_spec("ns::sum<unsigned int, 256><<<1,32>>>()");
  EXPECT_EQ(t.kernel, "ns::sum");
  EXPECT_EQ(t.template_args, (std::vector<std::string>{"unsigned int", "256"}));
  EXPECT_TRUE(t.args.empty());
  EXPECT_TRUE(is_launch_spec("k<<<1,1>>>()"));
  EXPECT_FALSE(is_launch_spec("3"));
}

TEST(LaunchSpec, EveryMistakeIsOneMessageSayingWhatAndWhere) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"<<<1,1>>>()", "expected the kernel's name (NAME<<<GRID,BLOCK>>>(...)) (at '<<<1,1>>>()')"},
      {"k<<<1>>>()", "expected `,` after the grid (write NAME<<<GRID,BLOCK>>>) (at '>>>()')"},
      {"k<<<0,1>>>()", "the grid's size must be a whole number from 1 to 4,294,967,295"},
      {"k<<<1,(2,2>>>()", "expected `)` to close the block's (x,y) or (x,y,z)"},
      {"k<<<1,1,99999>>>()", "the shared memory size must be a whole number from 0 to 49,152"},
      {"k<<<1,1>>>", "expected `(` after `>>>`"},
      {"k<<<1,1>>>(a)", "expected `=` after the parameter's name `a` (at ')')"},
      {"k<<<1,1>>>(a=iota(0))",
       "the element count n of iota(...) of a must be a whole number "
       "from 1 to 67,108,864"},
      {"k<<<1,1>>>(a=iota(70000000))", "from 1 to 67,108,864"},
      {"k<<<1,1>>>(a=iota(4)", "expected `)` after the last argument (at the end)"},
      {"k<<<1,1>>>(a=iota 4)", "expected `(` after iota"},
      {"k<<<1,1>>>(a=fill(4))", "expected `,` after n in fill(...) of a: write fill(n,v)"},
      {"k<<<1,1>>>(a=sequence(4))", "unknown INIT 'sequence' for a: use iota(n), zeros(n)"},
      {"k<<<1,1>>>(a=values())", "each value of values(...) of a must be a number"},
      {"k<<<1,1>>>(a=values(1,x))", "each value of values(...) of a must be a number"},
      {"k<<<1,1>>>(n=12abc)", "expected `)` after the last argument (at 'abc)')"},
      {"k<<<1,1>>>(n=--3)", "n's value must be a number"},
      {"k<<<1,1>>>(n=3) extra", "unexpected text after the arguments' `)` (at 'extra')"},
      {"k<<<1,2048>>>()", "the block has 2,048 threads; CUDA allows 1 to 1,024 threads per block"},
      {"k<<<(1,1),(1,1,65)>>>()", "the block's z is 65; CUDA allows up to 64"},
      {"k<<<(5000,5000),1>>>()", "the grid has 25,000,000 blocks; at most 16,777,216"},
      // Sizes whose product wraps around 2^64 (to 0 here) are still too many.
      {"k<<<(1048576,1048576,16777216),1>>>()", "the grid has more than 2^64 blocks; at most"},
      {"k<<<1,(4294967295,4294967295,2)>>>()", "the block has more than 2^64 threads"},
      {"k<<<1,1>>>(a=iota(67108864),b=iota(67108864),c=ones(1))",
       "the arrays hold 134,217,729 elements together; at most 134,217,728"},
      {"k<int<<<1,1>>>()", "a template argument may not contain `<`"},
  };
  for (const auto& [spec, expected] : cases) {
    const std::string message = error_of([&] { parse_launch_spec(spec); });
    EXPECT_EQ(message.rfind("--launch: ", 0), 0u) << spec << " -> " << message;
    EXPECT_NE(message.find(expected), std::string::npos) << spec << " -> " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << spec;
  }
}

TEST(LaunchSpec, RandomIsTheCatalogsRandomInput) {
  // splitmix64(seed * 0x100000001b3 + i) % 10: integers 0..9, as `--input random` gives them.
  std::vector<double> first;
  for (int i = 0; i < 8; ++i) first.push_back(spec_random_value(1, i));
  for (double v : first) EXPECT_TRUE(v >= 0 && v <= 9 && v == int(v));
  EXPECT_NE(first, std::vector<double>(8, first[0]));
  EXPECT_NE(spec_random_value(2, 0) * 10 + spec_random_value(2, 1),
            spec_random_value(1, 0) * 10 + spec_random_value(1, 1));
}

KernelParam param(const std::string& name, const std::string& type, bool pointer,
                  const std::string& value_type) {
  return KernelParam{name, type, pointer, value_type};
}

// `reduce(const int * in, int * out, int n)` and `scale(float * x, float a)`, as libclang reports.
std::vector<KernelDecl> two_kernels() {
  KernelDecl reduce{"reduce",
                    {param("in", "const int *", true, "int"), param("out", "int *", true, "int"),
                     param("n", "int", false, "int")}};
  KernelDecl scale{"scale",
                   {param("x", "float *", true, "float"), param("a", "float", false, "float")}};
  return {reduce, scale};
}

std::string bind_error(const std::string& spec) {
  return error_of([&] { bind_launch(parse_launch_spec(spec), two_kernels()); });
}

TEST(LaunchBinding, TakesEachArgumentInTheKernelsParameterOrder) {
  const BoundLaunch b = bind_launch(
      parse_launch_spec("reduce<<<4,256>>>(n=1024, out=zeros(4), in=iota(1024))"), two_kernels());
  EXPECT_EQ(b.callee, "reduce");
  ASSERT_EQ(b.args.size(), 3u);
  EXPECT_EQ(b.args[0].param.name, "in");
  EXPECT_EQ(b.args[0].init.kind, InitKind::Iota);
  EXPECT_EQ(b.args[1].param.name, "out");
  EXPECT_EQ(b.args[2].param.name, "n");
  EXPECT_EQ(b.args[2].type.name, "int");
}

TEST(LaunchBinding, NamesTheKernelsTheParametersAndTheValuesThatDoNotFit) {
  EXPECT_EQ(bind_error("sum<<<1,4>>>()"),
            "--launch: the file has no kernel named 'sum'; its kernels: reduce, scale");
  EXPECT_EQ(bind_error("reduce<<<1,4>>>(in=iota(4), out=zeros(1))"),
            "--launch: parameter 'n' (int) of reduce is not given: give every parameter once, "
            "e.g. n=256");
  EXPECT_EQ(bind_error("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=4, m=2)"),
            "--launch: reduce has no parameter 'm'; its parameters: in, out, n");
  EXPECT_EQ(bind_error("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=4, n=5)"),
            "--launch: parameter 'n' is given twice");
  EXPECT_NE(bind_error("reduce<<<1,4>>>(in=4, out=zeros(1), n=4)")
                .find("in (const int *) is a pointer: give its elements, e.g. in=iota(256)"),
            std::string::npos);
  EXPECT_NE(bind_error("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=ones(4))")
                .find("n (int) is a number, not an array"),
            std::string::npos);
  EXPECT_NE(bind_error("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=0.5)")
                .find("the value of n (int) is int: 0.5 is not a whole number"),
            std::string::npos);
  EXPECT_NE(bind_error("reduce<<<1,4>>>(in=values(1,2.5), out=zeros(1), n=4)")
                .find("each value of in (const int *) is int: 2.5 is not a whole number"),
            std::string::npos);
  EXPECT_NE(bind_error("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=3000000000)")
                .find("3e+09 is not from -2147483648 to 2147483647"),
            std::string::npos);
  EXPECT_EQ(bind_error("scale<<<1,4>>>(x=values(0.5,1e3), a=-2.25)"), "");  // floats take these
  EXPECT_NE(bind_error("scale<int><<<1,4>>>(x=ones(4), a=2)").find("'scale' is not a template"),
            std::string::npos);
}

TEST(LaunchBinding, TypesASpecCannotFillAndTemplatesAreNamed) {
  KernelDecl vec{"vec", {param("p", "float2 *", true, "float2")}};
  KernelDecl tmpl{"tsum",
                  {param("in", "const T *", true, "type-parameter-0-0"),
                   param("n", "unsigned int", false, "unsigned int")},
                  true};
  const std::vector<KernelDecl> kernels = {vec, tmpl};
  EXPECT_NE(error_of([&] { bind_launch(parse_launch_spec("vec<<<1,1>>>(p=ones(2))"), kernels); })
                .find("parameter 'p' of vec is 'float2 *': a spec fills numbers and arrays "
                      "(pointers) of int, unsigned int, long"),
            std::string::npos);
  EXPECT_NE(
      error_of([&] {
        bind_launch(parse_launch_spec("tsum<<<1,1>>>(in=ones(2), n=2)"), kernels);
      }).find("kernel 'tsum' is a template: give its arguments, e.g. tsum<int><<<...>>>(...)"),
      std::string::npos);
  const BoundLaunch b =
      bind_launch(parse_launch_spec("tsum<unsigned><<<1,2>>>(in=ones(2), n=2)"), kernels);
  EXPECT_EQ(b.callee, "tsum<unsigned>");
  EXPECT_EQ(b.args[0].type.name, "unsigned int");
  EXPECT_NE(error_of([&] {
              bind_launch(parse_launch_spec("tsum<unsigned><<<1,2>>>(in=values(-1), n=2)"),
                          kernels);
            }).find("-1 is not from 0 to 4294967295"),
            std::string::npos);
}

TEST(LaunchBinding, AnUnnamedParameterAndAnOverloadedKernelCannotBeGiven) {
  KernelDecl unnamed{"k", {param("", "int *", true, "int")}};
  KernelDecl overloaded{"o", {param("x", "int *", true, "int")}, false, true};
  const std::vector<KernelDecl> kernels = {unnamed, overloaded};
  EXPECT_NE(error_of([&] {
              bind_launch(parse_launch_spec("k<<<1,1>>>()"), kernels);
            }).find("k's parameter of type 'int *' has no name in the file"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              bind_launch(parse_launch_spec("o<<<1,1>>>(x=ones(1))"), kernels);
            }).find("kernel 'o' is overloaded"),
            std::string::npos);
}

TEST(LaunchBinding, TheNoMainMessageGivesARunnableExampleAndListsTheKernels) {
  EXPECT_EQ(no_main_message("r.cu", two_kernels()),
            "r.cu has no main(): give a launch, e.g. --launch 'reduce<<<1,256>>>(in=iota(256), "
            "out=zeros(256), n=256)' (its kernels: reduce(const int *in, int *out, int n); "
            "scale(float *x, float a))");
  // The example it gives is a spec that binds.
  EXPECT_NO_THROW(bind_launch(parse_launch_spec(example_launch(two_kernels()[0])), two_kernels()));
  EXPECT_EQ(no_main_message("e.cu", {}),
            "e.cu has no main() and no kernel (__global__ function): nothing to run");
  // A kernel with an extern __shared__ array gets 256 of its elements as the launch's third
  // number (without it the example stopped at the first store into the array).
  const std::vector<SharedDecl> dynamic{{"s", "double[]", "reduce", 3, true, ""},
                                        {"t", "int[8]", "scale", 9, false, ""}};
  EXPECT_EQ(example_launch(two_kernels()[0], dynamic),
            "reduce<<<1,256,2048>>>(in=iota(256), out=zeros(256), n=256)");
  EXPECT_EQ(example_launch(two_kernels()[1], dynamic), "scale<<<1,256>>>(x=zeros(256), a=256)");
  // A file-scope extern array is every kernel's dynamic memory.
  EXPECT_EQ(example_launch(two_kernels()[1], {{"f", "float[]", "", 1, true, ""}}),
            "scale<<<1,256,1024>>>(x=zeros(256), a=256)");
  EXPECT_NO_THROW(
      bind_launch(parse_launch_spec(example_launch(two_kernels()[0], dynamic)), two_kernels()));
}

TEST(LaunchMain, LaunchesOnceWithTheDevicePointersAndPrintsEveryArray) {
  const std::string src = launch_main_source(bind_launch(
      parse_launch_spec("reduce<<<(4,2),256,64>>>(in=values(3,1,4,2), out=zeros(8), n=4)"),
      two_kernels()));
  EXPECT_EQ(src.rfind("\n#line 1 \"<main() made by stridescope run --launch>\"\n", 0), 0u);
  EXPECT_NE(src.find("static const double stridescope_values_0[] = {3, 1, 4, 2};"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("int* stridescope_host_1 = stridescope_launch::make<int>(8ull, "
                     "stridescope_launch::Fill, 0, 1ull, nullptr);"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("::stridescope_rt::launcher(reduce, dim3(4, 2, 1), dim3(256, 1, 1), 64)("
                     "stridescope_dev_0, stridescope_dev_1, static_cast<int>(4));"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("stridescope_launch::print(\"in\", stridescope_host_0, stridescope_dev_0, "
                     "4ull);"),
            std::string::npos);
  EXPECT_NE(src.find("stridescope_launch::print(\"out\""), std::string::npos);
  EXPECT_EQ(src.find("stridescope_launch::print(\"n\""), std::string::npos);  // not an array
  EXPECT_NE(
      src.find("#define STRIDESCOPE_LAUNCH_PRINTED 16\n#include <stridescope_launch_main.h>\n"),
      std::string::npos);
}

TEST(LaunchMain, AFileWithAMainTakesNoSpecAndOneWithoutNeedsOne) {
  ProgramFacts with_main;
  with_main.has_main = true;
  with_main.kernels = two_kernels();
  EXPECT_EQ(main_for_launch("m.cu", with_main, "", "reduce<<<1,1>>>()"), "");  // fallback unused
  EXPECT_NE(error_of([&] {
              main_for_launch("m.cu", with_main, "reduce<<<1,1>>>()", "");
            }).find("m.cu has a main(), which makes its own launches"),
            std::string::npos);
  ProgramFacts kernels_only;
  kernels_only.kernels = two_kernels();
  EXPECT_NE(error_of([&] {
              main_for_launch("k.cu", kernels_only, "", "");
            }).find("k.cu has no main(): give a launch"),
            std::string::npos);
  EXPECT_NE(main_for_launch("k.cu", kernels_only, "", "scale<<<1,4>>>(x=ones(4), a=2)")
                .find("launcher(scale"),
            std::string::npos);
}

TEST(LaunchMain, TheSpecInTheFilesCommentIsFound) {
  EXPECT_EQ(launch_spec_in_comments("// run:\n//   stridescope run r.cu --launch "
                                    "'reduce<<<4,256>>>(in=iota(1024), out=zeros(4), n=1024)'\n"),
            "reduce<<<4,256>>>(in=iota(1024), out=zeros(4), n=1024)");
  EXPECT_EQ(launch_spec_in_comments("// stridescope run m.cu --launch 3\n"), "");
  EXPECT_EQ(launch_spec_in_comments("const char* s = \"--launch 'k<<<1,1>>>()'\";\n"), "");
  EXPECT_EQ(launch_spec_in_comments("// --launch 'k<<<1,1>>>(\n// a=ones(1))'\n"), "");
}

}  // namespace
}  // namespace stridescope
