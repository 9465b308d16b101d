// Warp collectives resolved from what each lane handed in (see collectives.h).
#include "simt/collectives.h"

namespace stridescope::simt {

namespace {

// The lane a shuffle reads from (its own where CUDA says so).
unsigned shuffle_source(const CollectiveCall& c, unsigned lane) {
  const unsigned width = c.width > 0 && c.width <= 32 ? unsigned(c.width) : 32u;
  const unsigned base = lane / width * width, in = lane - base;
  switch (c.op) {
    case Collective::ShflIdx:
      return base + unsigned(c.arg) % width;
    case Collective::ShflUp:
      return c.arg >= 0 && unsigned(c.arg) <= in ? lane - unsigned(c.arg) : lane;
    case Collective::ShflDown:
      return c.arg >= 0 && in + unsigned(c.arg) < width ? lane + unsigned(c.arg) : lane;
    case Collective::ShflXor:
      return (in ^ unsigned(c.arg)) < width ? base + (in ^ unsigned(c.arg)) : lane;
    default:
      return lane;
  }
}

std::uint64_t reduce(Collective op, bool is_signed,
                     const std::array<CollectiveCall, kWarpSize>& calls, unsigned lanes) {
  std::uint32_t acc = op == Collective::ReduceAnd ? 0xffffffffu : 0u;
  bool first = true;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if ((lanes >> l & 1u) == 0) continue;
    const auto v = static_cast<std::uint32_t>(calls[l].value);
    switch (op) {
      case Collective::ReduceAdd:
        acc += v;
        break;
      case Collective::ReduceMin:
        if (first || (is_signed ? std::int32_t(v) < std::int32_t(acc) : v < acc)) acc = v;
        break;
      case Collective::ReduceMax:
        if (first || (is_signed ? std::int32_t(v) > std::int32_t(acc) : v > acc)) acc = v;
        break;
      case Collective::ReduceAnd:
        acc &= v;
        break;
      case Collective::ReduceOr:
        acc |= v;
        break;
      default:
        acc ^= v;
        break;
    }
    first = false;
  }
  return acc;
}

}  // namespace

const char* collective_name(Collective op) {
  switch (op) {
    case Collective::SyncWarp:
      return "__syncwarp()";
    case Collective::ShflIdx:
      return "__shfl_sync()";
    case Collective::ShflUp:
      return "__shfl_up_sync()";
    case Collective::ShflDown:
      return "__shfl_down_sync()";
    case Collective::ShflXor:
      return "__shfl_xor_sync()";
    case Collective::VoteAll:
      return "__all_sync()";
    case Collective::VoteAny:
      return "__any_sync()";
    case Collective::VoteBallot:
      return "__ballot_sync()";
    case Collective::ReduceAdd:
      return "__reduce_add_sync()";
    case Collective::ReduceMin:
      return "__reduce_min_sync()";
    case Collective::ReduceMax:
      return "__reduce_max_sync()";
    case Collective::ReduceAnd:
      return "__reduce_and_sync()";
    case Collective::ReduceOr:
      return "__reduce_or_sync()";
    case Collective::ReduceXor:
      return "__reduce_xor_sync()";
    case Collective::MatchAny:
      return "__match_any_sync()";
    case Collective::MatchAll:
      return "__match_all_sync()";
    case Collective::ActiveMask:
      return "__activemask()";
  }
  return "a warp collective";
}

bool is_shuffle(Collective op) {
  return op == Collective::ShflIdx || op == Collective::ShflUp || op == Collective::ShflDown ||
         op == Collective::ShflXor;
}

std::array<std::uint64_t, kWarpSize> resolve(const std::array<CollectiveCall, kWarpSize>& calls,
                                             unsigned present) {
  std::array<std::uint64_t, kWarpSize> out{};
  unsigned ballot = 0, first = 32;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if ((present >> l & 1u) == 0) continue;
    if (first == 32) first = l;
    if (calls[l].value != 0) ballot |= 1u << l;
  }
  if (first == 32) return out;
  const Collective op = calls[first].op;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if ((present >> l & 1u) == 0) continue;
    const CollectiveCall& c = calls[l];
    switch (op) {
      case Collective::SyncWarp:
        out[l] = 0;
        break;
      case Collective::ShflIdx:
      case Collective::ShflUp:
      case Collective::ShflDown:
      case Collective::ShflXor: {
        const unsigned src = shuffle_source(c, l);
        const bool inside = src < kWarpSize && (present >> src & 1u) && (c.mask >> src & 1u);
        out[l] = inside ? calls[src].value : c.value;
        break;
      }
      case Collective::VoteAll:
        out[l] = (ballot & present) == present ? 1 : 0;
        break;
      case Collective::VoteAny:
        out[l] = ballot != 0 ? 1 : 0;
        break;
      case Collective::VoteBallot:
        out[l] = ballot & c.mask;
        break;
      case Collective::MatchAny: {
        unsigned same = 0;
        for (unsigned o = 0; o < kWarpSize; ++o)
          if ((present >> o & 1u) && calls[o].value == c.value) same |= 1u << o;
        out[l] = same;
        break;
      }
      case Collective::MatchAll: {
        bool all = true;
        for (unsigned o = 0; o < kWarpSize; ++o)
          if ((present >> o & 1u) && calls[o].value != c.value) all = false;
        out[l] = all ? present : 0;
        break;
      }
      case Collective::ActiveMask:
        out[l] = present;
        break;
      default:
        out[l] = reduce(op, c.arg != 0, calls, present);
        break;
    }
  }
  return out;
}

}  // namespace stridescope::simt
