#include "decide/Candidates.h"

#include "decide/Triage.h"

namespace ptriage {

void CandidateCounts::add(
    ProcessClass c, bool candidate, bool review, RecommendedAction action, std::uint64_t rssBytes, bool holdsPort)
{
    if (!candidate)
        return;
    ++candidates;
    reviews += review ? 1 : 0;
    ++byClass[static_cast<std::size_t>(c)];
    // A zombie's kill is its parent's (a zombie holds no memory): the parent counts its own.
    if (action == RecommendedAction::Kill)
        reclaimableBytes += rssBytes;
    holdingPorts += holdsPort ? 1 : 0;
}

CandidateCounts countCandidates(const TriageResult &result)
{
    CandidateCounts counts;
    for (int i = 0; i < result.size(); ++i) {
        const ProcessView p = result.process(i);
        if (p.tooYoungToJudge() && !p.sample().isKernelThread())
            ++counts.tooYoung;
        const Recommendation &rec = p.recommendation();
        counts.add(p.posterior().classification, rec.candidate, rec.review, rec.action,
            p.sample().state == 'Z' ? 0 : p.sample().rssBytes, !p.facts().listenPorts.empty());
    }
    return counts;
}

} // namespace ptriage
