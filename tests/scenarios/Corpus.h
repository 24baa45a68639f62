// `scenario_suite --save-corpus DIR`: each scenario's last replayed capture pair, trimmed to what the
// verdicts of its labelled processes read, with the label a person gives each of them
// (tests/corpus/README.md says what the files are and the label rules).
#pragma once

#include "Harness.h"

#include <string>

namespace ptriage::scenarios {

// The label a person gives a process checked with `kind`: abandoned, useful, stuck, zombie, or
// not-judged (D state, too young, a wrapper, a check of the blast radius only).
const char *personLabel(Expect kind);
// The expectation's name in the labels file ("left_behind_kill" …).
const char *expectJsonName(Expect kind);

struct CorpusEntry {
    int labels = 0; // label lines written
    int processes = 0; // distinct processes labelled
    int capturedProcesses = 0; // processes kept in the trimmed "after" capture
    std::size_t bytes = 0; // size of capture.tar.gz
    bool wholeSessions = false; // the first trim replayed differently; whole sessions were kept
};

// Writes DIR/<scenario>/capture.tar.gz and labels.jsonl (replacing what was there) from the pair the
// scenario replayed last and its checks and labels. The trimmed pair is replayed and every labelled
// process's category, observations, posterior and recommendation compared with the untrimmed
// result; returns why it could not (empty: written).
std::string saveCorpus(const std::string &dir, const Scenario &scenario, const test::CapturePair &pair,
    const Outcome &outcome, const std::string &workDir, CorpusEntry *entry);

} // namespace ptriage::scenarios
