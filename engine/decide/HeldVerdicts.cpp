#include "HeldVerdicts.h"

#include <cmath>

namespace ptriage {
namespace {

constexpr qsizetype kColumns = 19;

double rounded(double p)
{
    return std::round(p * 1e6) / 1e6; // what a person reads; a sixth of the bytes of every digit
}

bool isWhole(const QJsonValue &v, double lo, double hi)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= lo && d <= hi && d == std::floor(d);
}

bool isProbability(const QJsonValue &v)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= 0 && d <= 1;
}

bool rowIsValid(const QJsonArray &row)
{
    constexpr double kMaxMs = 1e16;
    if (row.size() != kColumns || !isWhole(row.at(0), 0, 1.8e19) || !isWhole(row.at(1), 1, kMaxPid))
        return false;
    for (const int c : {2, 3, 9})
        if (!isWhole(row.at(c), 0, kClassCount - 1))
            return false;
    for (const int c : {11, 15})
        if (!isWhole(row.at(c), 0, kActionCount - 1))
            return false;
    for (const int c : {12, 13, 16})
        if (!row.at(c).isBool())
            return false;
    for (int c = 5; c < 9; ++c)
        if (!isProbability(row.at(c)))
            return false;
    return isWhole(row.at(4), 0, static_cast<double>(Confidence::VeryHigh)) && isWhole(row.at(10), 0, 1e6)
        && isWhole(row.at(14), 0, kMaxMs) && isWhole(row.at(17), 0, kMaxMs)
        && isWhole(row.at(18), 0, static_cast<double>(ParentAction::End));
}

} // namespace

QJsonArray heldVerdictsJson(const TriageResult &r)
{
    QJsonArray rows;
    const auto &procs = r.snapshot->processes;
    for (std::size_t i = 0; i < procs.size(); ++i) {
        const Posterior &p = r.posteriors[i];
        const Recommendation &rec = r.recommendations[i];
        rows.append(QJsonArray{static_cast<double>(procs[i].id.startTicks), procs[i].id.pid,
            static_cast<int>(p.classification), static_cast<int>(p.reference), static_cast<int>(p.confidence),
            rounded(p.probability[0]), rounded(p.probability[1]), rounded(p.probability[2]), rounded(p.probability[3]),
            static_cast<int>(p.pending), p.pendingFor, static_cast<int>(rec.action), rec.review, rec.candidate,
            static_cast<double>(rec.sinceMs), static_cast<int>(rec.pendingAction), rec.pendingReview,
            static_cast<double>(rec.pendingSinceMs), static_cast<int>(rec.parentAction)});
    }
    return rows;
}

std::shared_ptr<const TriageResult> heldVerdictsFrom(const QJsonArray &rows, const BootId &bootId, QString *why)
{
    if (rows.isEmpty())
        return nullptr;
    auto snap = std::make_shared<Snapshot>();
    auto held = std::make_shared<TriageResult>();
    snap->processes.reserve(static_cast<std::size_t>(rows.size()));
    for (qsizetype k = 0; k < rows.size(); ++k) {
        const QJsonArray row = rows.at(k).toArray();
        if (!rowIsValid(row)) {
            *why = QStringLiteral("held verdict %1 is malformed").arg(k);
            return nullptr;
        }
        Sample s;
        s.id = {bootId, static_cast<std::uint64_t>(row.at(0).toDouble()), row.at(1).toInt()};
        if (snap->indexByPid.count(s.id.pid)) {
            *why = QStringLiteral("held verdict %1 repeats pid %2").arg(k).arg(s.id.pid);
            return nullptr;
        }
        Posterior p;
        p.classification = static_cast<ProcessClass>(row.at(2).toInt());
        p.reference = static_cast<ProcessClass>(row.at(3).toInt());
        p.confidence = static_cast<Confidence>(row.at(4).toInt());
        for (int c = 0; c < kClassCount; ++c)
            p.probability[static_cast<std::size_t>(c)] = row.at(5 + c).toDouble();
        p.pending = static_cast<ProcessClass>(row.at(9).toInt());
        p.pendingFor = row.at(10).toInt();
        s.state = p.classification == ProcessClass::Zombie ? 'Z' : 'S'; // what holdActions asks of it
        Recommendation rec;
        rec.action = static_cast<RecommendedAction>(row.at(11).toInt());
        rec.review = row.at(12).toBool();
        rec.candidate = row.at(13).toBool();
        rec.sinceMs = static_cast<std::int64_t>(row.at(14).toDouble());
        rec.pendingAction = static_cast<RecommendedAction>(row.at(15).toInt());
        rec.pendingReview = row.at(16).toBool();
        rec.pendingSinceMs = static_cast<std::int64_t>(row.at(17).toDouble());
        rec.parentAction = static_cast<ParentAction>(row.at(18).toInt());
        rec.allowed.fill(true);
        snap->indexByPid[s.id.pid] = snap->processes.size();
        snap->processes.push_back(std::move(s));
        held->posteriors.push_back(p);
        held->recommendations.push_back(std::move(rec));
    }
    held->snapshot = std::move(snap);
    return held;
}

} // namespace ptriage
