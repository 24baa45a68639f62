#pragma once

#include "act/ActRequest.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace ptriage {

// Translated names for the engine's fixed vocabulary (ledger term ids, strengths, confidence).
// The engine's sentences themselves are English; these are the words around them.
class EngineLabels {
    Q_DECLARE_TR_FUNCTIONS(EngineLabels)
public:
    static QString term(const std::string &id); // "cpu" → "CPU now"; an unknown id is shown as is
    static QString strength(const char *strength); // decisive, strong, substantial, weak
    static QString confidence(const char *confidence); // very_high, high, medium, low
    static QString actStatus(ActStatus status); // "done", "not authorized" …
    static QString mark(ActVerb verb); // what ptriage did and has not undone: "paused", "frozen" …
};

} // namespace ptriage
