#pragma once

#include <span>

namespace ptriage::session_schema {

// The application id in ptriage_meta: how a file is known to be ours.
inline constexpr const char *kApplication = "ptriage sessions";

// Forward migrations: step N takes user_version N-1 to N. Append, never edit a released step.
struct Step {
    int version;
    const char *sql;
};
std::span<const Step> steps();

} // namespace ptriage::session_schema
