#pragma once

#include <array>
#include <optional>
#include <string_view>

// The evidence terms' likelihood tables (priors.json "likelihoods") and their bins: the one list
// that the evidence reads and the loader checks priors.json against.
namespace ptriage {

enum class EvidenceTable {
    Cpu,
    CpuInRun, // a test or build tool under a run that still runs (ProcessFacts::liveRun)
    LastRan,
    Progress,
    SustainedCpu,
    Io,
    Age,
    OrphanInteractive,
    OrphanOther,
    TtyInteractive,
    TtyOther,
    State,
    Sockets,
    WritingFiles,
    Supervisor,
    Intent,
    CwdDeleted,
    Leaking,
    Owner,
    AgeUnknownKind,
};

struct EvidenceTableSpec {
    EvidenceTable id;
    std::string_view name; // the key in priors.json
    std::string_view term; // the ledger's term: two tables (by kind of program) may share one
    std::array<std::string_view, 7> bins; // empty names after the last
};

inline constexpr std::array<EvidenceTableSpec, 20> kEvidenceTables{{
    {EvidenceTable::Cpu, "cpu", "cpu", {"idle", "trickle", "low", "busy", "spinning"}},
    {EvidenceTable::CpuInRun, "cpu_in_run", "cpu", {"idle", "trickle", "low", "busy", "spinning"}},
    {EvidenceTable::LastRan, "last_ran", "last_ran", {"seconds", "minutes", "hours", "days"}},
    {EvidenceTable::Progress, "progress", "progress", {"writing", "io", "none"}},
    {EvidenceTable::SustainedCpu, "sustained_cpu", "sustained_cpu", {"yes", "no"}},
    {EvidenceTable::Io, "io", "io", {"none", "some", "heavy"}},
    {EvidenceTable::Age, "age", "age", {"within", "past", "long_past", "far_past"}},
    {EvidenceTable::OrphanInteractive, "orphan_interactive", "orphan",
        {"parent_alive", "reparented", "reparented_session_gone"}},
    {EvidenceTable::OrphanOther, "orphan_other", "orphan", {"parent_alive", "reparented", "reparented_session_gone"}},
    {EvidenceTable::TtyInteractive, "tty_interactive", "tty", {"foreground", "background", "none"}},
    {EvidenceTable::TtyOther, "tty_other", "tty", {"foreground", "background", "none"}},
    {EvidenceTable::State, "state", "state", {"R", "S", "D", "Z", "T", "I", "RS"}},
    {EvidenceTable::Sockets, "sockets", "sockets", {"serving", "listening", "established", "none"}},
    {EvidenceTable::WritingFiles, "writing_files", "writing_files", {"yes", "no"}},
    {EvidenceTable::Supervisor, "supervisor", "supervisor", {"systemd_unit", "container", "process_manager", "none"}},
    {EvidenceTable::Intent, "intent", "intent", {"multiplexer", "ssh", "recent_tty", "none"}},
    {EvidenceTable::CwdDeleted, "cwd_deleted", "cwd_deleted", {"yes", "no"}},
    {EvidenceTable::Leaking, "leaking", "leaking", {"yes", "no"}},
    {EvidenceTable::Owner, "owner", "owner", {"alive", "gone", "none"}},
    {EvidenceTable::AgeUnknownKind, "age_unknown_kind", "age", {"within", "past", "long_past", "far_past"}},
}};

// The term of past decisions: counts, not a table's bins.
inline constexpr std::string_view kPastDecisionsTerm = "past_decisions";

constexpr const EvidenceTableSpec &evidenceTable(EvidenceTable t)
{
    return kEvidenceTables[static_cast<std::size_t>(t)];
}

constexpr std::optional<EvidenceTable> evidenceTableNamed(std::string_view name)
{
    for (const auto &spec : kEvidenceTables)
        if (spec.name == name)
            return spec.id;
    return std::nullopt;
}

constexpr bool hasBin(const EvidenceTableSpec &spec, std::string_view bin)
{
    for (std::string_view b : spec.bins)
        if (!b.empty() && b == bin)
            return true;
    return false;
}

// In enum order: the index is the enum's value.
static_assert([] {
    for (std::size_t i = 0; i < kEvidenceTables.size(); ++i)
        if (static_cast<std::size_t>(kEvidenceTables[i].id) != i)
            return false;
    return true;
}());

} // namespace ptriage
