#include "session/database/SessionSchema.h"

namespace ptriage::session_schema {
namespace {

// Command lines, cwds, cgroups and short texts (users, comms, gates, terminals) are interned:
// a process row holds ids, so a session of processes mostly seen before adds little. Process rows
// key on (session, pid) without a rowid, so deleting a session (cascade) walks one range.
// Interned ids carry no foreign key on purpose: checking them on every cleanup would scan rows.
constexpr const char *kVersion1 = R"sql(
CREATE TABLE ptriage_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO ptriage_meta VALUES ('application', 'ptriage sessions');
CREATE TABLE commands (id INTEGER PRIMARY KEY, text BLOB NOT NULL UNIQUE);
CREATE TABLE cwds (id INTEGER PRIMARY KEY, text BLOB NOT NULL UNIQUE);
CREATE TABLE cgroups (id INTEGER PRIMARY KEY, text BLOB NOT NULL UNIQUE);
CREATE TABLE texts (id INTEGER PRIMARY KEY, text BLOB NOT NULL UNIQUE);
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms INTEGER NOT NULL, host TEXT NOT NULL, boot_id TEXT NOT NULL, kernel TEXT NOT NULL,
  clock_ticks INTEGER NOT NULL, mem_total INTEGER NOT NULL, mem_available INTEGER NOT NULL,
  psi_some REAL, psi_full REAL,
  process_count INTEGER NOT NULL, candidate_count INTEGER NOT NULL, rss_total INTEGER NOT NULL);
CREATE INDEX sessions_by_time ON sessions (at_ms);
CREATE TABLE processes (
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  pid INTEGER NOT NULL, start_ticks INTEGER NOT NULL, ppid INTEGER NOT NULL, parent_start INTEGER NOT NULL,
  comm_id INTEGER, command_id INTEGER, cwd_id INTEGER, cgroup_id INTEGER, terminal_id INTEGER, user_id INTEGER,
  state TEXT NOT NULL, orphaned INTEGER NOT NULL,
  cpu_share REAL, io_rate REAL, rss INTEGER NOT NULL, cpu_ticks INTEGER NOT NULL, age REAL NOT NULL,
  class INTEGER NOT NULL, p_useful REAL NOT NULL, p_useful_bad REAL NOT NULL, p_abandoned REAL NOT NULL,
  p_zombie REAL NOT NULL,
  action INTEGER NOT NULL, review INTEGER NOT NULL, candidate INTEGER NOT NULL, score INTEGER NOT NULL,
  blocked_by_id INTEGER, risk INTEGER NOT NULL,
  PRIMARY KEY (session_id, pid)) WITHOUT ROWID;
)sql";

// The action journal, moved here from its own actions.sqlite (issue 10): the same columns, so an
// old journal's rows (ids, undone_by links, undo payloads) are copied as they are.
constexpr const char *kVersion2Actions = R"sql(
CREATE TABLE actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms INTEGER NOT NULL, user TEXT NOT NULL, verb TEXT NOT NULL,
  target TEXT NOT NULL, command TEXT NOT NULL, status TEXT NOT NULL,
  message TEXT NOT NULL, via_helper INTEGER NOT NULL,
  undo TEXT NOT NULL, undone_by INTEGER NOT NULL DEFAULT 0);
CREATE INDEX actions_by_time ON actions (at_ms);
)sql";

// The ledger of each process without its sentences, interned in `texts` like the gates.
constexpr const char *kVersion2Ledgers = R"sql(
ALTER TABLE processes ADD COLUMN ledger_id INTEGER;
)sql";

// Decisions (learning, issue 10): one row per vote. Only the raw command is kept; its patterns
// (exact, generalized, base) are computed when read, so a better normalization applies to old
// votes too and nothing here needs migrating when it changes. The target is boot:start:pid.
constexpr const char *kVersion2Decisions = R"sql(
CREATE TABLE decisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms INTEGER NOT NULL,
  vote INTEGER NOT NULL CHECK (vote IN (0, 1)),
  target TEXT NOT NULL,
  command BLOB NOT NULL);
CREATE INDEX decisions_by_time ON decisions (at_ms);
)sql";

// Who started each process (issue 37), interned in `texts`: a group's members share one row.
constexpr const char *kVersion3Origins = R"sql(
ALTER TABLE processes ADD COLUMN origin_id INTEGER;
)sql";

// Actions done on another machine over ssh (issue 40): its name as the person gave it, and the
// action's id in that machine's own journal, which keeps what undoing it needs.
constexpr const char *kVersion4RemoteActions = R"sql(
ALTER TABLE actions ADD COLUMN host TEXT NOT NULL DEFAULT '';
ALTER TABLE actions ADD COLUMN remote_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN remote_undo INTEGER NOT NULL DEFAULT 0;
)sql";

// Sessions of other machines (scan --host --save, issue 40): the name ssh was given ('' for this
// machine), beside `host`, which stays the machine's own name. Rows of older files are this machine's.
constexpr const char *kVersion5HostSessions = R"sql(
ALTER TABLE sessions ADD COLUMN ssh_host TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_by_ssh_host ON sessions (ssh_host, at_ms);
)sql";

// Steps of one version run in one transaction.
constexpr Step kSteps[] = {{1, kVersion1}, {2, kVersion2Actions}, {2, kVersion2Ledgers}, {2, kVersion2Decisions},
    {3, kVersion3Origins}, {4, kVersion4RemoteActions}, {5, kVersion5HostSessions}};

} // namespace

std::span<const Step> steps()
{
    return kSteps;
}

SqliteSchema schema()
{
    return {kApplication, "ptriage session store", kSteps};
}

} // namespace ptriage::session_schema
