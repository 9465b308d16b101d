// The reader tool's request and answer (libclang_reader.h) as JSON: what parse_program sends the
// tool and reads back.
#pragma once

#include <nlohmann/json.hpp>

#include "program/read/libclang_reader.h"

namespace stridescope {

nlohmann::json to_json(const ReadRequest& request);
ReadRequest read_request_of(const nlohmann::json& j);  // throws nlohmann::json::exception
nlohmann::json to_json(const ReadAnswer& answer);
ReadAnswer read_answer_of(const nlohmann::json& j);  // throws nlohmann::json::exception

}  // namespace stridescope
