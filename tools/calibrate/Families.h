#pragma once

#include <optional>
#include <string>
#include <vector>

// Tool families of the corpus's scenarios (families.json): the groups calibrate leaves out one at a
// time, so its figure says how P(abandoned) holds on programs a fit never met.
struct Families {
    std::vector<std::string> names; // in the file's order
    std::vector<std::string> patterns; // regular expressions over a scenario's directory name

    // The first family whose pattern matches `scenario`, or none.
    std::optional<std::size_t> of(const std::string &scenario) const;
};

// Reads `file`; on bad input returns none and sets `error` (file, line and what).
std::optional<Families> readFamilies(const std::string &file, std::string &error);
