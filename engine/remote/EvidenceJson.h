#pragma once

#include "collect/Snapshot.h"

#include <string>
#include <string_view>

namespace ptriage {

// `ptriage.evidence.v1`: what one machine's collector saw (its samples, details, sockets, locks and
// system figures), and nothing it concluded. Another machine's ptriage judges it with its own model,
// so every host reads the same ledger. The version is the schema's; a reader refuses any other.
inline constexpr std::string_view kEvidenceSchema = "ptriage.evidence.v1";

// What one machine's evidence may hold, each bound checked before it costs: bytes (about 1 KiB a
// process), values (about 160 a process, keys included and a container as 8; counted on the bytes
// before anything is parsed: jsonWithin) and processes (25,000: five times a busy workstation's).
// The worst input within them is read within 2 s and 256 MB (tests/benchmarks/evidence_bounds).
inline constexpr std::size_t kMaxEvidenceBytes = std::size_t{64} << 20;
inline constexpr std::size_t kMaxEvidenceValues = std::size_t{4} << 20;
inline constexpr long long kMaxEvidenceProcesses = 25000;

struct EvidenceHeader {
    std::string version; // the sender's ptriage version, for messages
    int selfPid = 0; // the sender's own process: never a target
};

std::string evidenceJson(const Snapshot &snap, const EvidenceHeader &header);

// Nothing in `json` is trusted: every field is checked for its type and range, every string is
// bounded, each process must carry the snapshot's boot id and a pid of its own. On any problem:
// false, with the first one in `error` (where, and what was expected), and `out` untouched.
bool parseEvidence(std::string_view json, Snapshot &out, EvidenceHeader &header, std::string *error);

} // namespace ptriage
