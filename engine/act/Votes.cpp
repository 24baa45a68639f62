#include "act/Votes.h"

namespace ptriage {

std::vector<Decision> votesFor(
    const TriageResult &result, const std::vector<ProcessIdentity> &targets, Decision::Vote vote, std::int64_t atMs)
{
    std::vector<Decision> out;
    if (!result.machine.learns())
        return out; // a host's command lines are its word: they never teach this machine's model
    for (const ProcessIdentity &id : targets) {
        const Sample *s = result.snapshot->byIdentity(id);
        if (!s || !s->details || s->details->cmdline.empty())
            continue;
        Decision d;
        d.vote = vote;
        d.target = id;
        d.atMs = atMs;
        d.argv = s->details->cmdline;
        out.push_back(std::move(d));
    }
    return out;
}

std::vector<Decision> votesAskedBy(const ActRequest &request, const TriageResult &result, std::int64_t atMs)
{
    if (request.verb != ActVerb::End && request.verb != ActVerb::Kill)
        return {};
    return votesFor(result, request.targets, Decision::Vote::Kill, atMs);
}

std::vector<Decision> votesCast(const std::vector<Decision> &asked, const std::vector<ActOutcome> &outcomes)
{
    std::vector<Decision> cast;
    for (const Decision &d : asked)
        for (const ActOutcome &o : outcomes)
            if (o.target == d.target && o.status == ActStatus::Done) {
                cast.push_back(d);
                break;
            }
    return cast;
}

} // namespace ptriage
