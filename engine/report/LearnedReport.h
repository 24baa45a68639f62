#pragma once

#include "infer/Learning.h"

#include <string>
#include <vector>

namespace ptriage {

// `ptriage learned`: the stored decisions and the patterns learned from them.
std::string learnedJson(
    const std::vector<Decision> &decisions, const LearnedPatterns &patterns, const LearningParams &params);
std::string learnedText(
    const std::vector<Decision> &decisions, const LearnedPatterns &patterns, const LearningParams &params);

} // namespace ptriage
