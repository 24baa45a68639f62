#include "Vocabulary.h"

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
