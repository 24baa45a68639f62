#pragma once

#include "config/Vocabulary.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace ptriage {

// The colors of classes and risks, shared by the window and the HTML report. Color is never the
// only cue: the window adds shapes, the report words.
struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    std::string hex() const
    {
        char out[8];
        std::snprintf(out, sizeof out, "#%02x%02x%02x", r, g, b);
        return out;
    }
};

constexpr Rgb classColor(ProcessClass c)
{
    switch (c) {
    case ProcessClass::Useful:
        return {0x2e, 0x7d, 0x32}; // green
    case ProcessClass::UsefulBad:
        return {0xef, 0x8f, 0x00}; // amber
    case ProcessClass::Abandoned:
        return {0xc6, 0x28, 0x28}; // red
    case ProcessClass::Zombie:
        return {0x6a, 0x1b, 0x9a}; // purple
    }
    return {};
}

// A light tint of the class, behind dark text.
constexpr Rgb classTint(ProcessClass c)
{
    switch (c) {
    case ProcessClass::Useful:
        return {0xe8, 0xf5, 0xe9};
    case ProcessClass::UsefulBad:
        return {0xff, 0xec, 0xb3};
    case ProcessClass::Abandoned:
        return {0xff, 0xcd, 0xd2};
    case ProcessClass::Zombie:
        return {0xe1, 0xbe, 0xe7};
    }
    return {};
}

constexpr Rgb riskColor(Risk risk)
{
    switch (risk) {
    case Risk::Critical:
        return {0x8e, 0x10, 0x10};
    case Risk::High:
        return {0xd3, 0x54, 0x00};
    case Risk::Medium:
        return {0xf1, 0xc4, 0x0f};
    case Risk::Low:
        break;
    }
    return {0x95, 0xa5, 0xa6};
}

} // namespace ptriage
