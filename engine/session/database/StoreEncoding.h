#pragma once

#include "session/Session.h"

#include <string>
#include <vector>

// How the session database keeps lists in one column: only the store's code uses these, the
// values it hands out are typed.
namespace ptriage::store_encoding {

// argv joined by NUL, raw bytes (commands.text, decisions.command). "" is no argv.
std::string joinArgv(const std::vector<std::string> &argv);
std::vector<std::string> splitArgv(const std::string &joined);

// `text` whole when it has at most `maxBytes`; else its first `maxBytes` at most, not inside a UTF-8
// character, and "…". `kept`: the bytes of `text` kept.
std::string bounded(std::string text, std::size_t maxBytes, std::size_t *kept = nullptr);

// One line each (a session's gates).
std::string joinLines(const std::vector<std::string> &lines);
std::vector<std::string> splitLines(const std::string &text);

// "term\tbits\tclass" lines, bits to 0.1; a line that is not ours is left out rather than guessed.
std::string encodeLedger(const std::vector<SavedTerm> &ledger);
std::vector<SavedTerm> decodeLedger(const std::string &text);

// "kind\ttool\tkey\towner\tproject\tdescription" (tabs and line breaks in a field become spaces);
// anything else decodes to an unknown origin.
std::string encodeOrigin(const SavedOrigin &origin);
SavedOrigin decodeOrigin(const std::string &text);

} // namespace ptriage::store_encoding
