#pragma once

#include "collect/Collector.h"
#include "decide/Triage.h"

#include <functional>
#include <string>

namespace ptriage::test {

// Two captures of the live /proc `gapSeconds` apart, both made `ageBySeconds` older by moving
// their clocks forward together (so every process is that much older, and rates are unchanged;
// a process that did not run between the captures has not run for `ageBySeconds` more). Aged a
// minute or more, TCP connections that had just ended (TIME_WAIT) are gone from them, unless
// `connectionsRecur`: what made them (a page polling a server) goes on.
struct CapturePair {
    std::string before;
    std::string after;
};
CapturePair capturePair(const std::string &dir, double gapSeconds, double ageBySeconds, bool connectionsRecur = false);

// Leaves in both captures only the processes of `pids` (with their descendants), their ancestors and
// this test's own line: on a busy machine everything else there, aged, would be a leftover too.
void keepOnly(const CapturePair &pair, const std::vector<int> &pids);

// Takes the open files of `pid` out of both captures: what a user without privileges reads of another
// user's process (its fd directory is not readable).
void hideOpenFiles(const CapturePair &pair, int pid);

void shiftUptime(const std::string &root, double seconds);
// What a busy loop shows between the two captures when it gets `share` of a core (a loaded machine
// gives a real one less): the CPU time of `pid` in the second capture, its sched file and its stat.
void makeBusy(const CapturePair &pair, int pid, double share = 1.0);
// Edits the fields after "(comm)" of <root>/<pid>/stat: index 0 is the state, 11 utime, 12 stime.
void editStat(const std::string &root, int pid, const std::function<void(std::vector<std::string> &)> &edit);
void writeProcFile(const std::string &root, int pid, const std::string &name, const std::string &content);

// The pipeline on a capture pair: the first capture seeds the rates of the second.
std::shared_ptr<const TriageResult> replay(
    const CapturePair &pair, const TriageConfig &config, std::optional<double> minAge = {});
// The pipeline on the live system (one-shot scan).
std::shared_ptr<const TriageResult> live(const TriageConfig &config, std::optional<double> minAge = {});
const TriageConfig &defaultModel();
// What a long-lived engine collects: deep reads only for identities it has not seen.
CollectOptions longLivedOptions();
// What a test's long-lived engine triages with: this process is ptriage (never a target), and the
// processes it spawns, seconds old, may be candidates (no minimum age).
TriageOptions youngOptions();

int indexOfPid(const TriageResult &r, int pid); // -1 when absent
std::string dump(const TriageResult &r, int index); // explain text, for failure messages

} // namespace ptriage::test
