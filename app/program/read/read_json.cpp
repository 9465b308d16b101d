// The reader tool's request and answer as JSON (see read_json.h).
#include "program/read/read_json.h"

namespace stridescope {

using nlohmann::json;

void to_json(json& j, const KernelLaunch& l) {
  j = {{"file", l.file},
       {"callee", l.callee},
       {"open", l.open},
       {"close", l.close},
       {"line", l.line},
       {"deduced", l.deduced},
       {"template_arguments", l.template_arguments}};
}
void from_json(const json& j, KernelLaunch& l) {
  l = {j.at("file"),
       j.at("callee"),
       j.at("open"),
       j.at("close"),
       j.at("line"),
       j.at("deduced"),
       j.value("template_arguments", std::string())};
}
void to_json(json& j, const SharedDecl& d) {
  j = {{"name", d.name}, {"type", d.type},           {"function", d.function},
       {"line", d.line}, {"is_extern", d.is_extern}, {"mangled", d.mangled}};
}
void from_json(const json& j, SharedDecl& d) {
  d = {j.at("name"), j.at("type"),      j.at("function"),
       j.at("line"), j.at("is_extern"), j.at("mangled")};
}
void to_json(json& j, const UnsupportedUse& u) {
  j = {{"feature", u.feature}, {"line", u.line}, {"file", u.file}};
}
void from_json(const json& j, UnsupportedUse& u) {
  u = {j.at("feature"), j.at("line"), j.at("file")};
}
void to_json(json& j, const KernelParam& p) {
  j = {{"name", p.name},
       {"type", p.type},
       {"is_pointer", p.is_pointer},
       {"value_type", p.value_type}};
}
void from_json(const json& j, KernelParam& p) {
  p = {j.at("name"), j.at("type"), j.at("is_pointer"), j.at("value_type")};
}
void to_json(json& j, const KernelDecl& k) {
  j = {{"name", k.name},
       {"params", k.params},
       {"is_template", k.is_template},
       {"overloaded", k.overloaded},
       {"line", k.line}};
}
void from_json(const json& j, KernelDecl& k) {
  k = {j.at("name"), j.at("params").get<std::vector<KernelParam>>(), j.at("is_template"),
       j.at("overloaded"), j.at("line")};
}
void to_json(json& j, const DevicePrintf& p) {
  j = {{"file", p.file}, {"begin", p.begin}, {"end", p.end}};
}
void from_json(const json& j, DevicePrintf& p) {
  p = {j.at("file"), j.at("begin"), j.at("end")};
}
void to_json(json& j, const DeviceBody& b) {
  j = {{"file", b.file}, {"open", b.open}};
}
void from_json(const json& j, DeviceBody& b) {
  b = {j.at("file"), j.at("open")};
}

json to_json(const ReadRequest& r) {
  return {{"file", r.file},
          {"args", r.args},
          {"text_args", r.text_args},
          {"appended", r.appended},
          {"runtime_prefix", r.runtime_prefix}};
}

ReadRequest read_request_of(const json& j) {
  return {j.at("file"), j.at("args"), j.at("text_args"), j.at("appended"), j.at("runtime_prefix")};
}

json to_json(const ReadAnswer& a) {
  const ProgramFacts& f = a.facts;
  return {{"error", a.error},
          {"pch_at_fault", a.pch_at_fault},
          {"launches", f.launches},
          {"shared", f.shared},
          {"unsupported", f.unsupported},
          {"kernels", f.kernels},
          {"device_bodies", f.device_bodies},
          {"device_printfs", f.device_printfs},
          {"has_main", f.has_main},
          {"host_functions", f.host_functions},
          {"warnings", f.warnings}};
}

ReadAnswer read_answer_of(const json& j) {
  ReadAnswer a;
  a.error = j.at("error");
  a.pch_at_fault = j.at("pch_at_fault");
  ProgramFacts& f = a.facts;
  f.launches = j.at("launches").get<std::vector<KernelLaunch>>();
  f.shared = j.at("shared").get<std::vector<SharedDecl>>();
  f.unsupported = j.at("unsupported").get<std::vector<UnsupportedUse>>();
  f.kernels = j.at("kernels").get<std::vector<KernelDecl>>();
  f.device_bodies = j.at("device_bodies").get<std::vector<DeviceBody>>();
  f.device_printfs = j.at("device_printfs").get<std::vector<DevicePrintf>>();
  f.has_main = j.at("has_main");
  f.host_functions = j.at("host_functions").get<std::vector<std::string>>();
  f.warnings = j.at("warnings").get<std::vector<std::string>>();
  return a;
}

}  // namespace stridescope
