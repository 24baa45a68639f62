#pragma once

#include "act/ActRequest.h"
#include "config/Vocabulary.h"
#include "decide/Recommendation.h"
#include "session/SessionDiff.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace ptriage {

// Translated labels for the engine's closed vocabularies (classes, ledger term ids, strengths, confidence,
// risk, recommended actions, action results). Their JSON names are the engine's (config/Vocabulary).
// The engine's sentences themselves are English; these are the words around them.
class EngineLabels {
    Q_DECLARE_TR_FUNCTIONS(EngineLabels)
public:
    static QString processClass(ProcessClass c); // "useful", "stuck or spinning", "abandoned", "zombie"
    static QString term(const std::string &id); // "cpu" → "CPU now"; an unknown id is shown as is
    static QString strength(Strength strength);
    static QString confidence(Confidence confidence);
    static QString risk(Risk risk);
    static QString action(RecommendedAction action);
    // The recommendation as shown: its action, "review" for a probably abandoned process kept, or for
    // a zombie what its parent should do ("ask the parent to reap (SIGCHLD)", "end the parent").
    static QString recommendation(const Recommendation &rec);
    static QString recommendation(RecommendedAction action, bool review, ParentAction parent = ParentAction::None);
    // What a zombie's parent should do, in full ("ask the parent to reap (SIGCHLD)") and as one word
    // for a narrow column ("reap", "end"); empty for None.
    static QString parentAction(ParentAction parent);
    static QString parentActionShort(ParentAction parent);
    static QString transition(Transition t); // "appeared", "newly orphaned" …
    static QString actStatus(ActStatus status); // "done", "not authorized" …
    // An action on a process, as `ptriage act` names it ("end", "reap"; the same words in English).
    static QString verb(ActVerb verb);
    static QString mark(ActVerb verb); // what ptriage did and has not undone: "paused", "frozen" …
};

} // namespace ptriage
