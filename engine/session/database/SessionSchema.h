#pragma once

#include "store/SqliteFile.h"

#include <span>

namespace ptriage::session_schema {

// The application id in ptriage_meta: how a file is known to be ours.
inline constexpr const char *kApplication = "ptriage sessions";

// Forward migrations: step N takes user_version N-1 to N. Append, never edit a released step.
using Step = SchemaStep;
std::span<const Step> steps();
// The session database as the access layer opens it (the session store and the action journal).
SqliteSchema schema();

} // namespace ptriage::session_schema
