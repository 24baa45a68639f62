#include "PastContext.h"

namespace ptriage {

std::shared_ptr<const PastContext> buildPastContext(const std::vector<Decision> &decisions,
    const std::vector<std::vector<PastProcess>> &sessions, const std::vector<ProcessStart> &starts,
    const Priors &priors, std::int64_t nowMs)
{
    auto past = std::make_shared<PastContext>();
    past->patterns = LearnedPatterns(decisions, starts, priors.learning, nowMs);
    past->sessionCount = static_cast<int>(sessions.size());
    for (const auto &session : sessions)
        for (const auto &p : session)
            past->rssSeries[p.id].push_back(p.rssBytes);
    return past;
}

} // namespace ptriage
