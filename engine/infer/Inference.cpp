#include "Inference.h"

#include "ProcessOrigin.h"
#include "config/EvidenceTerms.h"
#include "util/Fingerprint.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace ptriage {
namespace {

constexpr double kLn2 = 0.69314718055994530942;

// Bounds every pairwise log Bayes factor of one term to `capBits`.
ClassVector capped(const ClassVector &ll, double capBits)
{
    const double top = *std::max_element(ll.begin(), ll.end());
    ClassVector out = ll;
    for (double &v : out)
        v = std::max(v, top - capBits * kLn2);
    return out;
}

// One bin of a term table, capped ("state" has its own cap).
ClassVector cappedBin(const Priors &priors, std::size_t table, std::size_t bin)
{
    const double cap = priors.terms[table].name == "state" ? priors.maxBitsState : priors.maxBitsPerTerm;
    return capped(priors.terms[table].logLikelihood[bin], cap);
}

// Every term table's log-likelihoods, capped.
std::vector<std::vector<ClassVector>> cappedTables(const Priors &priors)
{
    std::vector<std::vector<ClassVector>> tables(priors.terms.size());
    for (std::size_t t = 0; t < priors.terms.size(); ++t)
        for (std::size_t b = 0; b < priors.terms[t].logLikelihood.size(); ++b)
            tables[t].push_back(cappedBin(priors, t, b));
    return tables;
}

// A kind sets expectations; it does not outweigh the owner being gone: a language server whose editor
// ended, a database left in a closed terminal's session. Then its pull is bounded more tightly.
double kindCapBits(const Priors &priors, const Sample &s, const ProcessFacts &f)
{
    const bool ownerGone = f.orphan == OrphanState::ReparentedSessionGone || startedByOneGone(f.origin, s.id.pid);
    return ownerGone ? std::min(priors.maxBitsPerTerm, priors.maxBitsKindOwnerGone) : priors.maxBitsPerTerm;
}

// Use, whoever started it: clients connected to its listening ports (a person's client keeps a server
// an agent started in use after the agent crashed), or work a person waits for (a backup still writing
// after its terminal closed). Then the signs of having been left behind by its starter (orphaned, its
// owner gone, no terminal, no person's session) count little.
enum class Use { None, Served, Working, WorkUnder };

Use useOf(const ProcessFacts &f)
{
    if ((f.deepKnown && f.servesClients()) || f.servingDescendant >= 0)
        return Use::Served;
    if (f.working)
        return Use::Working;
    return f.workingDescendant >= 0 ? Use::WorkUnder : Use::None;
}

bool leftBehindSign(const TermTable &table, std::size_t bin)
{
    const auto id = evidenceTableNamed(table.name);
    if (!id)
        return false;
    const std::string &b = table.bins[bin];
    switch (*id) {
    case EvidenceTable::OrphanInteractive:
    case EvidenceTable::OrphanOther:
        return b == "reparented" || b == "reparented_session_gone";
    case EvidenceTable::Owner:
        return b == "gone";
    case EvidenceTable::Intent:
    case EvidenceTable::TtyInteractive:
    case EvidenceTable::TtyOther:
        return b == "none";
    default:
        return false;
    }
}

// Whether a bin counts little for a process in use: a sign of being left behind.
bool countsLittle(const Priors &priors, const Observation &o, Use use)
{
    return use != Use::None
        && leftBehindSign(priors.terms[static_cast<std::size_t>(o.table)], static_cast<std::size_t>(o.bin));
}

// The signs of being left behind of a process in use, summed: one fact (whoever started it is gone)
// seen four ways. Zero when not in use.
ClassVector leftBehindSum(const Priors &priors, const std::vector<Observation> &observations, Use use)
{
    ClassVector sum{};
    for (const auto &o : observations)
        if (o.table >= 0 && o.bin >= 0 && countsLittle(priors, o, use)) {
            const auto &ll
                = priors.terms[static_cast<std::size_t>(o.table)].logLikelihood[static_cast<std::size_t>(o.bin)];
            for (std::size_t c = 0; c < sum.size(); ++c)
                sum[c] += ll[c];
        }
    return sum;
}

// That sum bounded as one term.
ClassVector leftBehindBounded(const Priors &priors, const ClassVector &sum)
{
    return capped(sum, std::min(priors.maxBitsPerTerm, priors.maxBitsLeftBehindInUse));
}

// What the ledger adds to a sign of being left behind that counts little.
Phrase countsLittleBecause(Use use, Phrase detail)
{
    switch (use) {
    case Use::Served:
        return Phrase(
            "Evidence", QT_TRANSLATE_NOOP("Evidence", "%1 (counts little: clients use it)"), {std::move(detail)});
    case Use::Working:
        return Phrase(
            "Evidence", QT_TRANSLATE_NOOP("Evidence", "%1 (counts little: it is at work)"), {std::move(detail)});
    case Use::WorkUnder:
        return Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "%1 (counts little: a process under it is at work)"),
            {std::move(detail)});
    case Use::None:
        break;
    }
    return detail;
}

} // namespace

std::uint64_t posteriorKey(const Sample &s, const ProcessFacts &facts, const std::vector<Observation> &observations)
{
    // What the numbers depend on; the sentences do not count (a ledger is built when asked for).
    Fingerprint f;
    f.add(facts.category);
    f.add(facts.orphan == OrphanState::ReparentedSessionGone || startedByOneGone(facts.origin, s.id.pid));
    f.add(static_cast<int>(useOf(facts)));
    f.add(s.state == 'D');
    f.add(s.partial.empty() && (!s.details || s.details->partial.empty()));
    f.add(observations.size());
    for (const auto &o : observations) {
        f.add(o.table);
        f.add(o.bin);
        f.add(o.term);
        f.add(o.logLikelihood != nullptr);
        if (o.logLikelihood)
            for (const double v : *o.logLikelihood)
                f.add(v);
    }
    return f.value();
}

Inferrer::Inferrer(const TriageConfig &config) : m_config(config), m_tables(cappedTables(config.priors)) { }

void Inferrer::infer(Posterior &p, const Snapshot &snap, std::size_t i, const ProcessFacts &facts,
    const std::vector<Observation> &observations, std::uint64_t key) const
{
    using Classes = Eigen::Array<double, kClassCount, 1>;
    const auto &priors = m_config.priors;
    // In fixed-size arrays: every process takes the same instructions, so its posterior is the same
    // to the last bit whichever thread or block computes it (a batch's vectorized exp() rounds
    // differently for the rows left over at its end).
    Classes joint = Eigen::Map<const Classes>(priors.logPrior.data());
    const Use use = useOf(facts);
    for (const auto &o : observations) {
        if (o.table < 0 && o.logLikelihood)
            joint += Eigen::Map<const Classes>(capped(*o.logLikelihood, priors.maxBitsPerTerm).data());
        else if (o.table >= 0 && o.bin >= 0 && !countsLittle(priors, o, use))
            joint += Eigen::Map<const Classes>(
                m_tables[static_cast<std::size_t>(o.table)][static_cast<std::size_t>(o.bin)].data());
    }
    if (use != Use::None)
        joint += Eigen::Map<const Classes>(leftBehindBounded(priors, leftBehindSum(priors, observations, use)).data());
    const auto &cat = m_config.signatures.categories[static_cast<std::size_t>(facts.category)];
    joint += Eigen::Map<const Classes>(capped(cat.logLikelihood, kindCapBits(priors, snap.processes[i], facts)).data());
    const double top = joint.maxCoeff();
    const double logZ = top + std::log((joint - top).exp().sum());
    const Classes post = (joint - logZ).exp();

    p.key = key;
    Eigen::Index best = 0;
    post.maxCoeff(&best);
    for (int c = 0; c < kClassCount; ++c)
        p.probability[static_cast<std::size_t>(c)] = post(c);
    p.classification = static_cast<ProcessClass>(best);
    // Compare a verdict against useful; a useful verdict against the runner-up.
    Eigen::Index ref = 0;
    if (best == 0) {
        double second = -1;
        for (int c = 1; c < kClassCount; ++c)
            if (post(c) > second) {
                second = post(c);
                ref = c;
            }
    }
    p.reference = static_cast<ProcessClass>(ref);
    const auto &sample = snap.processes[i];
    p.confidence = confidenceOf(post(best));
    if (sample.state == 'D')
        p.confidence = Confidence::Low; // a process in D state is not what it seems until the I/O returns
    else if (!sample.partial.empty() || (sample.details && !sample.details->partial.empty()))
        p.confidence = oneLevelLess(p.confidence);
}

void inferInto(std::vector<Posterior> &out, const std::vector<int> &which, const Snapshot &snap,
    const std::vector<ProcessFacts> &facts, const std::vector<std::vector<Observation>> &observations,
    const std::vector<std::uint64_t> &keys, const TriageConfig &config)
{
    const Inferrer inferrer(config);
    for (const int index : which) {
        const auto i = static_cast<std::size_t>(index);
        inferrer.infer(out[i], snap, i, facts[i], observations[i], keys[i]);
    }
}

Ledger ledgerOf(const Posterior &p, const Sample &s, std::vector<Observation> observations, const ProcessFacts &fact,
    const TriageConfig &config)
{
    const auto &priors = config.priors;
    const auto best = static_cast<std::size_t>(p.classification);
    const auto ref = static_cast<std::size_t>(p.reference);
    Ledger ledger;
    ledger.reserve(observations.size() + 2);
    auto entry = [&](std::string term, double nats, Phrase detail) {
        const double bits = nats / kLn2;
        ledger.push_back(
            {std::move(term), bits, bits >= 0 ? p.classification : p.reference, strengthOf(bits), std::move(detail)});
    };
    entry("prior", priors.logPrior[best] - priors.logPrior[ref],
        Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "how common %1 is against %2 before any evidence"),
            {word(p.classification), word(p.reference)}));
    // A sign of being left behind of a process in use shows its share of the signs' bound together.
    const Use use = useOf(fact);
    const ClassVector raw = leftBehindSum(priors, observations, use);
    const ClassVector little = leftBehindBounded(priors, raw);
    const double littleRaw = raw[best] - raw[ref];
    const double littleShare = std::fabs(littleRaw) > 1e-12 ? (little[best] - little[ref]) / littleRaw : 0.0;
    const auto sentence = [](const Observation &o) { return o.detail ? *o.detail : Phrase(); };
    for (auto &o : observations) {
        if (o.table < 0 && o.logLikelihood) {
            const ClassVector ll = capped(*o.logLikelihood, priors.maxBitsPerTerm);
            entry(std::string(o.term), ll[best] - ll[ref], sentence(o));
            continue;
        }
        double nats = 0.0;
        if (o.table >= 0 && o.bin >= 0) { // only its own bin: a ledger is made for every process in `scan --all`
            const auto t = static_cast<std::size_t>(o.table);
            const auto b = static_cast<std::size_t>(o.bin);
            if (countsLittle(priors, o, use)) {
                nats = (priors.terms[t].logLikelihood[b][best] - priors.terms[t].logLikelihood[b][ref]) * littleShare;
                o.detail = std::make_shared<const Phrase>(countsLittleBecause(use, sentence(o)));
            } else {
                const ClassVector ll = cappedBin(priors, t, b);
                nats = ll[best] - ll[ref];
            }
        }
        entry(std::string(o.term), nats, sentence(o));
    }
    const auto &cat = config.signatures.categories[static_cast<std::size_t>(fact.category)];
    const ClassVector catLl = capped(cat.logLikelihood, kindCapBits(priors, s, fact));
    entry("category", catLl[best] - catLl[ref],
        fact.category == config.signatures.unknownCategory
            ? Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "matches no known kind of program"))
            : kindCapBits(priors, s, fact) < priors.maxBitsPerTerm
            ? Phrase("Evidence",
                QT_TRANSLATE_NOOP("Evidence", "looks like a %1 (counts little: what started it is gone)"), {cat.word()})
            : Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "looks like a %1"), {cat.word()}));
    if (p.pendingFor > 0)
        entry("steadiness", 0,
            Phrase("Evidence",
                QT_TRANSLATE_NOOP("Evidence",
                    "the evidence now points to %1; the verdict changes once it says so again at the next refresh"),
                {word(p.pending)}));
    std::stable_sort(ledger.begin(), ledger.end(),
        [](const EvidenceTerm &a, const EvidenceTerm &b) { return std::fabs(a.bits) > std::fabs(b.bits); });
    return ledger;
}

} // namespace ptriage
