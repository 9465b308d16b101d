// An exercise: what to compute, a starter file of kernels to complete, hints, a reference solution,
// and what its checker runs: a harness (a main() appended to the learner's file) on several cases,
// a host reference for each case's output, and goals measured on the trace.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace stridescope {

// One input the checker runs: the harness's arguments, shown as `label` ("size 300, block 96").
struct ExerciseCase {
  std::string label;
  std::vector<long> args;
  unsigned traced_launch = 0;  // which launch, and which block of it, the checker traces
  unsigned traced_block = 0;
  std::size_t launches = 1;  // the launches the case needs at least (relaunch: one per pass)
};

// An output array the harness reports (read by the runtime from device memory) and what it must hold.
struct ExpectedArray {
  std::string name;
  std::vector<double> values;
  // 0: exact (integers); else the largest error allowed, relative to max(1, |reference|), against
  // a float64 reference.
  double tolerance = 0;
  bool scalar = false;  // one value, named without an index ("sum is 9", not "sum[0] is 9")
};

// What a correct kernel also achieves, measured on the traced block.
enum class ExerciseGoal {
  ConflictFree,   // no shared-memory bank conflicts
  InputReadOnce,  // no byte of the first buffer the harness allocates is read twice
  FewBarriers,    // at most log2(block size) + 1 __syncthreads()
  AtomicResult,   // every write to the last buffer the harness allocates is an atomic
  ShareOfInput,   // the traced block reads no more than its share of the first buffer
};

struct Exercise {
  std::string name;   // "halving-loop": what `stridescope exercise` takes
  std::string title;  // "The halving loop"
  std::string statement;
  std::string starter;             // the learner's file: kernels with their bodies to write
  std::string solution;            // the reference solution: the starter, completed
  std::vector<std::string> hints;  // up to three, revealed one at a time
  std::string harness;             // the main() appended to the learner's file
  std::vector<ExerciseCase> cases;
  std::function<std::vector<ExpectedArray>(const std::vector<long>& args)> reference;
  std::vector<ExerciseGoal> goals;
  bool block_sum = false;  // each traced block sums into word 0 of its shared memory
};

// Every exercise, in the order of the path through them.
const std::vector<Exercise>& exercises();
const Exercise* find_exercise(const std::string& name);

// The goal as a sentence for the statement: "no bank conflicts".
std::string goal_text(ExerciseGoal goal);

}  // namespace stridescope
