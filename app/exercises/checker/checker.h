// `stridescope exercise check`: a learner's file of kernels, compiled once with the exercise's
// harness, run on every case, compared with the host reference, then judged on its traces (races,
// uninitialized reads, lost elements, the exercise's goals) and under random thread orders: what
// is wrong fails even when the output happens to be right, each failure one sentence naming the
// case, the step and the line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "exercises/check_result.h"
#include "exercises/exercise.h"
#include "program/record/raw_results.h"
#include "trace/trace.h"

namespace stridescope {

// Throws OwnProgramError when the file cannot be built (a compile error: clang's messages).
CheckResult check_exercise(const Exercise& exercise, const std::string& file,
                           const CheckOptions& options = {});

// The pieces, pure and tested on their own.

// The arrays a harness reported (read from device memory by the runtime), in order.
std::vector<ExpectedArray> reported_arrays(const RawResults& reports);

// Where the results do not come from the kernels: an element a host copy wrote, a returned value
// the last launch did not leave on the device, an input element no kernel read, fewer launches
// than the case needs. "" when they do.
std::string device_work_failure(const RawResults& reports, std::size_t launches,
                                std::size_t launches_needed);

// The first race in global memory, as a sentence for the learner, with its line.
std::optional<CheckFailure> global_race_failure(const RawResults& reports,
                                                const std::string& label);

// "" when `got` holds every expected array with its values (within its tolerance); else what is
// wrong: "out[3] is 12, expected 10", "no out reported".
// `where`, if given, gets the array and index of the first wrong element.
std::string output_difference(const std::vector<ExpectedArray>& expected,
                              const std::vector<ExpectedArray>& got,
                              std::pair<std::string, std::size_t>* where = nullptr);

// " (written last by thread 3 of block 1 at line 12)", " (no kernel wrote it)", or "" where the
// report does not say.
std::string writer_text(const RawResults& reports, const std::string& name, std::size_t index);

// The first race in the trace, as a sentence for the learner, with its step and line.
std::optional<CheckFailure> race_failure(const Trace& trace, const std::string& label);
std::optional<CheckFailure> uninitialized_failure(const Trace& trace, const std::string& label);
// Input elements that never reach the block's sum (for exercises whose blocks sum into word 0).
std::optional<CheckFailure> lost_failure(const Trace& trace, const std::string& label);
std::optional<CheckFailure> goal_failure(ExerciseGoal goal, const Trace& trace,
                                         const std::string& label);

}  // namespace stridescope
