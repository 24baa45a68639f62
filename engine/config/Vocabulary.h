#pragma once

#include "util/Phrase.h"

#include <array>
#include <optional>
#include <string_view>

namespace ptriage {

// The engine's closed vocabularies. Each has one name in JSON, the CLI and the config files
// (jsonName) and one translated label, which is report/EngineLabels. Nothing parses these
// names back except config and replays (fromJsonName).

// What a process is (the four classes of the posterior).
enum class ProcessClass : int { Useful = 0, UsefulBad = 1, Abandoned = 2, Zombie = 3 };
constexpr int kClassCount = 4;

// What ptriage recommends for a process (decide/). Not what a person asks for (ActVerb, act/), nor
// what the kernel is asked to do (procops::Verb): see engine/README.md.
enum class RecommendedAction : int { Keep = 0, Renice, Pause, Freeze, Throttle, Quarantine, Kill };
constexpr int kActionCount = 7;

// What a zombie's recommendation asks of its parent (a zombie itself is never signalled): nothing (no
// parent to ask, or not a zombie), to reap it (SIGCHLD), or to be ended (the parent itself looks no
// longer needed; init then reaps the zombie).
enum class ParentAction : int { None = 0, Reap, End };

// How much one ledger term moved the verdict: decisive > 3.3 bits, strong > 2, substantial > 1.
enum class Strength : int { Weak = 0, Substantial, Strong, Decisive };
Strength strengthOf(double bits);

// How sure the posterior is of its class: very high > 0.99, high > 0.95, medium > 0.80.
enum class Confidence : int { Low = 0, Medium, High, VeryHigh };
Confidence confidenceOf(double maxProbability);
Confidence oneLevelLess(Confidence c);

// How much would break if a process were acted on (the blast radius).
enum class Risk : int { Low = 0, Medium, High, Critical };

const char *jsonName(ProcessClass c); // useful, useful_bad, abandoned, zombie
const char *jsonName(RecommendedAction a); // keep, renice, pause, freeze, throttle, quarantine, kill
const char *jsonName(Strength s); // weak, substantial, strong, decisive
const char *jsonName(Confidence c); // low, medium, high, very_high
const char *jsonName(Risk r); // low, medium, high, critical
const char *jsonName(ParentAction a); // none, reap, end

template<typename E> std::optional<E> fromJsonName(std::string_view name);

// Each word's label for people in English, marked QT_TRANSLATE_NOOP("EngineLabels", …): "stuck or
// spinning" for useful_bad. report/EngineLabels translates these; nothing else spells them.
const char *labelSource(ProcessClass c);
const char *labelSource(RecommendedAction a);
const char *labelSource(Strength s);
const char *labelSource(Confidence c);
const char *labelSource(Risk r);

// The word inside an engine sentence (Phrase::word): its JSON name in english() (JSON, the session
// database), its label in the installed translation in text() (the window, the CLI's text, the report).
// (Other vocabularies of the engine give a labelSource of their own: infer/Learning's PatternLevel.)
template<typename E> Phrase word(E value)
{
    return Phrase::word(jsonName(value), "EngineLabels", labelSource(value));
}

} // namespace ptriage
