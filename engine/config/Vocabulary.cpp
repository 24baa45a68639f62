#include "Vocabulary.h"

#include <QtGlobal>

#include <cmath>

namespace ptriage {
namespace {

constexpr std::array<const char *, kClassCount> kClassNames = {"useful", "useful_bad", "abandoned", "zombie"};
constexpr std::array<const char *, kActionCount> kActionNames
    = {"keep", "renice", "pause", "freeze", "throttle", "quarantine", "kill"};
constexpr std::array<const char *, 4> kStrengthNames = {"weak", "substantial", "strong", "decisive"};
constexpr std::array<const char *, 4> kConfidenceNames = {"low", "medium", "high", "very_high"};
constexpr std::array<const char *, 4> kRiskNames = {"low", "medium", "high", "critical"};
constexpr std::array<const char *, 3> kParentActionNames = {"none", "reap", "end"};

// Indexed as the enums; the window's, the CLI's and the report's words for them.
constexpr std::array<const char *, kClassCount> kClassLabels
    = {QT_TRANSLATE_NOOP("EngineLabels", "useful"), QT_TRANSLATE_NOOP("EngineLabels", "stuck or spinning"),
        QT_TRANSLATE_NOOP("EngineLabels", "abandoned"), QT_TRANSLATE_NOOP("EngineLabels", "zombie")};
constexpr std::array<const char *, kActionCount> kActionLabels = {QT_TRANSLATE_NOOP("EngineLabels", "keep"),
    QT_TRANSLATE_NOOP("EngineLabels", "renice"), QT_TRANSLATE_NOOP("EngineLabels", "pause"),
    QT_TRANSLATE_NOOP("EngineLabels", "freeze"), QT_TRANSLATE_NOOP("EngineLabels", "throttle"),
    QT_TRANSLATE_NOOP("EngineLabels", "quarantine"), QT_TRANSLATE_NOOP("EngineLabels", "kill")};
constexpr std::array<const char *, 4> kStrengthLabels
    = {QT_TRANSLATE_NOOP("EngineLabels", "weak"), QT_TRANSLATE_NOOP("EngineLabels", "substantial"),
        QT_TRANSLATE_NOOP("EngineLabels", "strong"), QT_TRANSLATE_NOOP("EngineLabels", "decisive")};
constexpr std::array<const char *, 4> kConfidenceLabels
    = {QT_TRANSLATE_NOOP("EngineLabels", "low"), QT_TRANSLATE_NOOP("EngineLabels", "medium"),
        QT_TRANSLATE_NOOP("EngineLabels", "high"), QT_TRANSLATE_NOOP("EngineLabels", "very high")};
constexpr std::array<const char *, 4> kRiskLabels
    = {QT_TRANSLATE_NOOP("EngineLabels", "low"), QT_TRANSLATE_NOOP("EngineLabels", "medium"),
        QT_TRANSLATE_NOOP("EngineLabels", "high"), QT_TRANSLATE_NOOP("EngineLabels", "critical")};

template<typename E, std::size_t N> const char *nameIn(const std::array<const char *, N> &names, E value)
{
    const auto i = static_cast<std::size_t>(value);
    return i < N ? names[i] : "?";
}

template<typename E, std::size_t N>
std::optional<E> valueIn(const std::array<const char *, N> &names, std::string_view name)
{
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i])
            return static_cast<E>(i);
    return std::nullopt;
}

} // namespace

Strength strengthOf(double bits)
{
    const double b = std::fabs(bits);
    return b > 3.3 ? Strength::Decisive : b > 2 ? Strength::Strong : b > 1 ? Strength::Substantial : Strength::Weak;
}

Confidence confidenceOf(double maxP)
{
    return maxP > 0.99 ? Confidence::VeryHigh
        : maxP > 0.95  ? Confidence::High
        : maxP > 0.80  ? Confidence::Medium
                       : Confidence::Low;
}

Confidence oneLevelLess(Confidence c)
{
    return c == Confidence::Low ? Confidence::Low : static_cast<Confidence>(static_cast<int>(c) - 1);
}

const char *jsonName(ProcessClass c)
{
    return nameIn(kClassNames, c);
}
const char *jsonName(RecommendedAction a)
{
    return nameIn(kActionNames, a);
}
const char *jsonName(Strength s)
{
    return nameIn(kStrengthNames, s);
}
const char *jsonName(Confidence c)
{
    return nameIn(kConfidenceNames, c);
}
const char *jsonName(Risk r)
{
    return nameIn(kRiskNames, r);
}
const char *jsonName(ParentAction a)
{
    return nameIn(kParentActionNames, a);
}

const char *labelSource(ProcessClass c)
{
    return nameIn(kClassLabels, c);
}
const char *labelSource(RecommendedAction a)
{
    return nameIn(kActionLabels, a);
}
const char *labelSource(Strength s)
{
    return nameIn(kStrengthLabels, s);
}
const char *labelSource(Confidence c)
{
    return nameIn(kConfidenceLabels, c);
}
const char *labelSource(Risk r)
{
    return nameIn(kRiskLabels, r);
}

template<> std::optional<ProcessClass> fromJsonName(std::string_view name)
{
    return valueIn<ProcessClass>(kClassNames, name);
}
template<> std::optional<RecommendedAction> fromJsonName(std::string_view name)
{
    return valueIn<RecommendedAction>(kActionNames, name);
}
template<> std::optional<Strength> fromJsonName(std::string_view name)
{
    return valueIn<Strength>(kStrengthNames, name);
}
template<> std::optional<Confidence> fromJsonName(std::string_view name)
{
    return valueIn<Confidence>(kConfidenceNames, name);
}
template<> std::optional<Risk> fromJsonName(std::string_view name)
{
    return valueIn<Risk>(kRiskNames, name);
}

} // namespace ptriage
