// A lesson in the window: opening one of its runs, the keys that turn from one run to the next at a
// trace's ends, and the lesson bar over the centre window (model/lessons.h has the words).
#pragma once

#include <cstddef>

#include "ui/platform/key_queue.h"
#include "ui/state/app_context.h"

namespace stridescope {

// Runs step `index` of lesson `id` (its request becomes the Run panel's) and shows its first step.
void open_lesson_step(AppContext& ctx, LessonId id, std::size_t index);

// "End compare": back to one run, in a lesson the lesson's run it was at (a compare started from
// kernel 3 of the ladder goes back to kernel 3, not to the first kernel compared), at the step its
// pane showed; else the Run panel's run.
void end_compare(AppContext& ctx);

// → past a trace's last step opens the lesson's next run at its first step, ← before its first
// step the previous run at its last (PageDown/PageUp alike); true when it turned the page.
bool turn_lesson_page(AppContext& ctx, KeyCommand command);

// "kernel 3 of 7 - sequential addressing", what changed and the figures, wrapped, with a rule under
// them; where that would take over four lines, what changed goes to the facts panel
// (draw_lesson_details). Nothing outside a lesson.
void draw_lesson_bar(AppContext& ctx);
// What changed, at the top of the facts panel when the bar left it out.
void draw_lesson_details(AppContext& ctx);

}  // namespace stridescope
