#include "Inference.h"

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

// A class in a sentence: its JSON name in English (what JSON and the database keep), its label when
// translated.
Phrase classPhrase(ProcessClass c)
{
    switch (c) {
    case ProcessClass::Useful:
        return Phrase("ProcessClass", QT_TRANSLATE_NOOP("ProcessClass", "useful"));
    case ProcessClass::UsefulBad:
        return Phrase("ProcessClass", QT_TRANSLATE_NOOP("ProcessClass", "useful_bad"));
    case ProcessClass::Abandoned:
        return Phrase("ProcessClass", QT_TRANSLATE_NOOP("ProcessClass", "abandoned"));
    case ProcessClass::Zombie:
        return Phrase("ProcessClass", QT_TRANSLATE_NOOP("ProcessClass", "zombie"));
    }
    return Phrase(jsonName(c));
}

} // namespace

std::vector<Posterior> infer(const Snapshot &snap, const std::vector<ProcessFacts> &facts,
    const std::vector<std::vector<Observation>> &observations, const TriageConfig &config)
{
    const auto &priors = config.priors;
    const Eigen::Index n = static_cast<Eigen::Index>(snap.processes.size());
    // Columns: one per term table, the category, and the direct terms (past decisions). Each
    // cell: capped log-likelihood.
    const Eigen::Index categoryColumn = static_cast<Eigen::Index>(priors.terms.size());
    const Eigen::Index directColumn = categoryColumn + 1;
    const Eigen::Index columns = directColumn + 1;
    std::array<Eigen::MatrixXd, kClassCount> terms;
    for (auto &m : terms)
        m = Eigen::MatrixXd::Zero(n, columns);

    std::vector<std::vector<ClassVector>> tables(priors.terms.size());
    for (std::size_t t = 0; t < priors.terms.size(); ++t) {
        const double cap = priors.terms[t].name == "state" ? priors.maxBitsState : priors.maxBitsPerTerm;
        for (const auto &ll : priors.terms[t].logLikelihood)
            tables[t].push_back(capped(ll, cap));
    }
    for (Eigen::Index i = 0; i < n; ++i) {
        for (const auto &o : observations[static_cast<std::size_t>(i)]) {
            if (o.table < 0 && o.logLikelihood) {
                const ClassVector ll = capped(*o.logLikelihood, priors.maxBitsPerTerm);
                for (int c = 0; c < kClassCount; ++c)
                    terms[static_cast<std::size_t>(c)](i, directColumn) += ll[static_cast<std::size_t>(c)];
                continue;
            }
            if (o.table < 0 || o.bin < 0)
                continue;
            const auto &ll = tables[static_cast<std::size_t>(o.table)][static_cast<std::size_t>(o.bin)];
            for (int c = 0; c < kClassCount; ++c)
                terms[static_cast<std::size_t>(c)](i, o.table) += ll[static_cast<std::size_t>(c)];
        }
        const auto &cat
            = config.signatures.categories[static_cast<std::size_t>(facts[static_cast<std::size_t>(i)].category)];
        const ClassVector catLl = capped(cat.logLikelihood, priors.maxBitsPerTerm);
        for (int c = 0; c < kClassCount; ++c)
            terms[static_cast<std::size_t>(c)](i, categoryColumn) = catLl[static_cast<std::size_t>(c)];
    }

    Eigen::MatrixXd joint(n, kClassCount);
    for (int c = 0; c < kClassCount; ++c)
        joint.col(c)
            = terms[static_cast<std::size_t>(c)].rowwise().sum().array() + priors.logPrior[static_cast<std::size_t>(c)];
    const Eigen::VectorXd top = joint.rowwise().maxCoeff();
    const Eigen::MatrixXd shifted = joint.colwise() - top;
    const Eigen::VectorXd logZ = top.array() + shifted.array().exp().rowwise().sum().log();
    const Eigen::MatrixXd post = (joint.colwise() - logZ).array().exp();

    std::vector<Posterior> out(static_cast<std::size_t>(n));
    for (Eigen::Index i = 0; i < n; ++i) {
        Posterior &p = out[static_cast<std::size_t>(i)];
        Eigen::Index best = 0;
        post.row(i).maxCoeff(&best);
        for (int c = 0; c < kClassCount; ++c)
            p.probability[static_cast<std::size_t>(c)] = post(i, c);
        p.classification = static_cast<ProcessClass>(best);
        // Compare a verdict against useful; a useful verdict against the runner-up.
        Eigen::Index ref = 0;
        if (best == 0) {
            double second = -1;
            for (int c = 1; c < kClassCount; ++c)
                if (post(i, c) > second) {
                    second = post(i, c);
                    ref = c;
                }
        }
        p.reference = static_cast<ProcessClass>(ref);
        const auto &sample = snap.processes[static_cast<std::size_t>(i)];
        p.confidence = confidenceOf(post(i, best));
        if (sample.state == 'D')
            p.confidence = Confidence::Low; // a process in D state is not what it seems until the I/O returns
        else if (!sample.partial.empty() || (sample.details && !sample.details->partial.empty()))
            p.confidence = oneLevelLess(p.confidence);

        auto entry = [&](std::string term, double nats, Phrase detail) {
            const double bits = nats / kLn2;
            p.ledger.push_back({std::move(term), bits, bits >= 0 ? p.classification : p.reference, strengthOf(bits),
                std::move(detail)});
        };
        const double priorNats
            = priors.logPrior[static_cast<std::size_t>(best)] - priors.logPrior[static_cast<std::size_t>(ref)];
        entry("prior", priorNats,
            Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "how common %1 is against %2 before any evidence"),
                {classPhrase(p.classification), classPhrase(p.reference)}));
        for (const auto &o : observations[static_cast<std::size_t>(i)]) {
            if (o.table < 0 && o.logLikelihood) {
                const ClassVector ll = capped(*o.logLikelihood, priors.maxBitsPerTerm);
                entry(o.term, ll[static_cast<std::size_t>(best)] - ll[static_cast<std::size_t>(ref)], o.detail);
                continue;
            }
            const double nats = o.table < 0 || o.bin < 0
                ? 0.0
                : tables[static_cast<std::size_t>(o.table)][static_cast<std::size_t>(o.bin)]
                        [static_cast<std::size_t>(best)]
                    - tables[static_cast<std::size_t>(o.table)][static_cast<std::size_t>(o.bin)]
                            [static_cast<std::size_t>(ref)];
            entry(o.term, nats, o.detail);
        }
        const auto &fact = facts[static_cast<std::size_t>(i)];
        const auto &cat = config.signatures.categories[static_cast<std::size_t>(fact.category)];
        entry("category",
            terms[static_cast<std::size_t>(best)](i, categoryColumn)
                - terms[static_cast<std::size_t>(ref)](i, categoryColumn),
            fact.category == config.signatures.unknownCategory
                ? Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "matches no known kind of program"))
                : Phrase("Evidence", QT_TRANSLATE_NOOP("Evidence", "looks like a %1"), {cat.label}));
        std::stable_sort(p.ledger.begin(), p.ledger.end(),
            [](const EvidenceTerm &a, const EvidenceTerm &b) { return std::fabs(a.bits) > std::fabs(b.bits); });
    }
    return out;
}

} // namespace ptriage
