// Overflow analysis: whether the true result fits the element type, and the wrap-around if not.
#include "analysis/overflow.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/format.h"

namespace stridescope {

double wrap_to_int32(double reference) {
  constexpr double kTwo32 = 4294967296.0;
  double r = std::fmod(reference, kTwo32);  // exact for integers below 2^53
  if (r < 0) r += kTwo32;
  return r >= kTwo32 / 2 ? r - kTwo32 : r;
}

std::optional<Overflow> overflow(double result, double reference, ElementType type, Operator op) {
  if (op == Operator::Max || op == Operator::Min || type == ElementType::Double)
    return std::nullopt;
  Overflow o;
  o.type = type;
  o.reference = reference;
  std::string what = op == Operator::Dot ? "dot product" : "sum";
  if (type == ElementType::Int) {
    o.largest = std::numeric_limits<std::int32_t>::max();
    double lowest = std::numeric_limits<std::int32_t>::min();
    if (reference <= o.largest && reference >= lowest) return std::nullopt;
    o.wrapped = std::fabs(reference) < 9007199254740992.0 ? wrap_to_int32(reference) : reference;
    o.explains = result == o.wrapped;
    o.sentence = "int overflow: the true " + what + " " + value_text(reference) +
                 " is beyond what an int holds (" + value_text(lowest) + " to " +
                 value_text(o.largest) + "), so the additions wrapped around";
    o.sentence +=
        o.explains
            ? ": " + value_text(reference) + " wraps to " + value_text(result) + ", the result."
            : "; wrapping alone would give " + value_text(o.wrapped) + ", not the result " +
                  value_text(result) + ", so something else went wrong as well.";
  } else {
    o.largest = std::numeric_limits<float>::max();
    if (std::fabs(reference) <= o.largest) return std::nullopt;
    o.wrapped = reference;
    o.explains = std::isinf(result);
    o.sentence = "float overflow: the true " + what + " " + value_text(reference) +
                 " is beyond the largest float (" + value_text(o.largest) + ")" +
                 (o.explains ? ", so the result is infinite." : ".");
  }
  o.sentence += " Run it with --type double (exact for integers up to 2^53) or a smaller n.";
  return o;
}

}  // namespace stridescope
