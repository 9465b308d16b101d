// A raw record's JSON -> its typed fields, after raw_record_check.h has checked their shapes (see
// raw_record.h); the harness's lists are checked here, as they are read.
#include <algorithm>

#include "program/record/raw_record.h"
#include "program/record/raw_record_check.h"

namespace stridescope {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxEntries = 4096;  // the runtime writes at most 64 races, a few results

RawDims dims_of(const json& d) {
  return {d[0].get<std::uint64_t>(), d[1].get<std::uint64_t>(), d[2].get<std::uint64_t>()};
}

std::vector<std::uint32_t> words_of(const json& words) {
  std::vector<std::uint32_t> out;
  out.reserve(words.size());
  for (const json& w : words) out.push_back(static_cast<std::uint32_t>(w.get<std::int64_t>()));
  return out;
}

char kind_of(const json& j) {
  return j.get_ref<const std::string&>()[0];
}

RawAccess access_of(const json& a) {
  RawAccess access;
  access.thread = a[0].get<std::uint32_t>();
  access.order = a[1].get<std::uint32_t>();
  access.offset = a[2].get<std::uint32_t>();
  access.size = a[3].get<std::uint32_t>();
  access.kind = kind_of(a[4]);
  access.pc = a[5].get<std::uint64_t>();
  access.value = a[6].get<std::int64_t>();
  access.warp_epoch = a.size() > 7 ? a[7].get<std::uint32_t>() : 0;
  access.round = a.size() > 8 ? a[8].get<std::uint32_t>() : 0;
  return access;
}

RawShuffle shuffle_of(const json& h) {
  RawShuffle s;
  s.warp = h["warp"].get<std::uint32_t>();
  s.mask = h["mask"].get<std::uint32_t>();
  s.delta = h["delta"].get<int>();
  s.line = h["line"].get<int>();
  s.round = h["round"].get<std::uint32_t>();
  s.size = h["size"].get<unsigned>();
  s.kind_of_value = h["kind_of_value"].get<int>();
  for (std::size_t lane = 0; lane < 32; ++lane) {
    s.sent[lane] = h["sent"][lane].get<std::uint64_t>();
    s.received[lane] = h["received"][lane].get<std::uint64_t>();
  }
  return s;
}

RawGlobalUse global_use_of(const json& entry) {
  RawGlobalUse use;
  use.buffer = entry[0].get<std::uint32_t>();
  use.kind = kind_of(entry[1]);
  use.accesses = entry[2].get<std::uint64_t>();
  use.bytes = entry[3].get<std::uint64_t>();
  for (const json& r : entry[4])
    use.ranges.emplace_back(r[0].get<std::uint64_t>(), r[1].get<std::uint64_t>());
  return use;
}

RawStep step_of(const json& s) {
  RawStep step;
  step.exit = s["kind"].get_ref<const std::string&>() == "exit";
  step.line = s["line"].get<int>();
  step.accesses.reserve(s["accesses"].size());
  for (const json& a : s["accesses"]) step.accesses.push_back(access_of(a));
  if (s.contains("warp_syncs"))
    for (const json& w : s["warp_syncs"])
      step.warp_syncs.push_back(
          {static_cast<std::uint32_t>(w[0].get<std::int64_t>()),
           static_cast<std::uint32_t>(w[1].get<std::int64_t>()), w[2].get<int>(),
           w.size() > 3 ? static_cast<std::uint32_t>(w[3].get<std::int64_t>()) : 0});
  if (s.contains("shuffles"))
    for (const json& h : s["shuffles"]) step.shuffles.push_back(shuffle_of(h));
  step.snapshot = words_of(s["snapshot"]);
  if (s.contains("global") && s["global"].is_array())
    for (const json& entry : s["global"]) step.global.push_back(global_use_of(entry));
  return step;
}

// The fields raw_record_shape_problem checked, read.
void read_checked_fields(const json& raw, RawRecord& r) {
  if (raw.contains("error")) r.error = raw["error"].get<std::string>();
  if (raw.contains("untraced")) r.untraced = raw["untraced"].get<std::string>();
  r.traced = raw.value("traced", false);
  if (raw.contains("fault_pc")) r.fault_pc = raw["fault_pc"].get<std::uint64_t>();
  r.shared_accesses = raw.value("shared_accesses", std::uint64_t{0});
  r.global_races_total = raw.value("global_races_total", std::uint64_t{0});
  r.uninitialized_total = raw.value("uninitialized_total", std::uint64_t{0});
  r.repeated_launches = raw.value("repeated_launches", std::uint64_t{0});
  r.shared_bytes = raw.value("shared_bytes", std::uint64_t{0});
  if (raw.contains("grid")) r.grid = dims_of(raw["grid"]);
  if (raw.contains("block")) r.block = dims_of(raw["block"]);
  if (raw.contains("traced_launch") && raw["traced_launch"].is_number_unsigned())
    r.traced_launch = raw["traced_launch"].get<std::uint64_t>();
  if (raw.contains("steps"))
    for (const json& s : raw["steps"]) r.steps.push_back(step_of(s));
  if (raw.contains("first_snapshots")) {
    r.first_snapshots.emplace();
    for (const json& s : raw["first_snapshots"]) r.first_snapshots->push_back(words_of(s));
  }
  if (raw.contains("block_results"))
    r.block_results = raw["block_results"].get<std::vector<std::int64_t>>();
  if (raw.contains("launches"))
    for (const json& l : raw["launches"])
      r.launches.push_back(
          {dims_of(l["grid"]), dims_of(l["block"]),
           l.contains("kernel") ? std::optional(l["kernel"].get<std::string>()) : std::nullopt,
           l.value("dynamic_shared", std::uint64_t{0})});
  if (raw.contains("shared_symbols"))
    for (const json& s : raw["shared_symbols"])
      r.shared_symbols.push_back({s["name"].get<std::string>(), s["offset"].get<std::uint32_t>(),
                                  s["bytes"].get<std::uint32_t>()});
  if (raw.contains("buffers")) {
    r.buffers.emplace();
    for (const json& b : raw["buffers"])
      r.buffers->push_back(
          {b["pc"].get<std::uint64_t>(), b["bytes"].get<std::uint64_t>(),
           b["type"].get<std::string>(), b["element_size"].get<std::uint32_t>(),
           b.contains("name") ? std::optional(b["name"].get<std::string>()) : std::nullopt});
  }
}

// The harness's lists: each a list the record can hold, of entries read with at() (a missing field
// is a json exception, said as the record being malformed).
const json& list(const json& raw, const char* key) {
  static const json empty = json::array();
  if (!raw.contains(key)) return empty;
  const json& v = raw[key];
  if (!v.is_array() || v.size() > kMaxEntries)
    throw RawRecordError(std::string("the record's \"") + key + "\" is not a list it can hold");
  return v;
}

RawGlobalSide side_of(const json& j) {
  if (!j.is_array() || j.size() != 4) throw RawRecordError("a race's access is malformed");
  const std::string kind = j[3].get<std::string>();
  if (kind != "r" && kind != "w" && kind != "a")
    throw RawRecordError("a race's access kind is not r, w or a");
  return {j[0].get<std::uint64_t>(), j[1].get<std::uint32_t>(), j[2].get<std::uint64_t>(), kind[0]};
}

std::vector<RawReported::Writer> writers_of(const json& list) {
  if (!list.is_array() || list.size() > (1u << 16))
    throw RawRecordError("a result's writers are not a list it can hold");
  std::vector<RawReported::Writer> out;
  out.reserve(list.size());
  for (const json& w : list) {
    if (!w.is_array() || w.size() != 5) throw RawRecordError("a result's writer is malformed");
    const int how = w[3].get<int>();
    if (how < 0 || how > 5) throw RawRecordError("a result's writer is malformed");
    out.push_back({w[0].get<std::uint64_t>(), w[1].get<std::uint64_t>(), w[2].get<std::uint32_t>(),
                   how, w[4].get<long>()});
  }
  return out;
}

std::vector<double> numbers(const json& j) {
  if (!j.is_array()) throw RawRecordError("a result's values are not a list");
  std::vector<double> out;
  out.reserve(j.size());
  for (const json& v : j) out.push_back(v.get<double>());
  return out;
}

RawReported reported_of(const json& r) {
  RawReported result;
  result.name = r.at("name").get<std::string>();
  if (r.contains("error")) result.error = r["error"].get<std::string>();
  if (r.contains("values")) result.values = numbers(r["values"]);
  result.host_written = r.value("host_written", -1LL);
  if (r.contains("writers")) result.writers = writers_of(r["writers"]);
  if (r.contains("on_device")) {
    result.on_device = r["on_device"].get<bool>();
    result.last_launch_wrote = numbers(r.at("last_launch_wrote"));
  }
  return result;
}

void read_harness_lists(const json& raw, RawRecord& r) {
  try {
    for (const json& g : list(raw, "global_races"))
      r.global_races.push_back({g.at("launch").get<long>(), g.at("buffer").get<std::string>(),
                                g.at("element").get<long long>(), side_of(g.at("first")),
                                side_of(g.at("second"))});
    for (const json& u : list(raw, "uninitialized_reads"))
      r.unwritten_reads.push_back({u.at("launch").get<long>(), u.at("buffer").get<std::string>(),
                                   u.at("element").get<long long>(), side_of(u.at("reader"))});
    for (const json& result : list(raw, "results")) r.results.push_back(reported_of(result));
    for (const json& u : list(raw, "unread"))
      r.unread.push_back({u.at("name").get<std::string>(), u.at("unread").get<std::uint64_t>(),
                          u.at("first").get<long long>()});
  } catch (const json::exception& e) {
    throw RawRecordError(std::string("the program's record is malformed: ") + e.what());
  }
}

}  // namespace

std::uint32_t volume(const RawDims& d) {
  return std::uint32_t(d[0]) * std::uint32_t(d[1]) * std::uint32_t(d[2]);
}

RawRecord raw_record_of(const json& raw) {
  if (std::optional<std::string> problem = raw_record_shape_problem(raw))
    throw RawRecordError(*problem);
  RawRecord r;
  r.started_only = raw.size() == 1 && raw.contains("started");
  try {
    read_checked_fields(raw, r);
  } catch (const json::exception& e) {  // (a shape the check let through: its bug)
    throw RawRecordError(std::string("the program's record is malformed: ") + e.what());
  }
  if (std::optional<std::string> problem = raw_record_bounds_problem(r))
    throw RawRecordError(*problem);
  read_harness_lists(raw, r);
  return r;
}

}  // namespace stridescope
