// Incremental triage (issue 15): a long-lived engine passes its last result; processes whose
// posterior inputs did not change carry their posterior over, and those whose details are the same
// object their category and protected patterns. On a live machine with real processes
// that start, stop, spin, end and change, every refresh's incremental result equals a full triage
// of the same snapshot with the same history (owners last seen alive, verdicts held), and
// posteriors are really carried over (not recomputed under another name).
#include "decide/HeldVerdicts.h"
#include "decide/Triage.h"
#include "support/CaptureTools.h"
#include "support/IdleChildren.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QThreadPool>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <optional>
#include <set>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// Where an incremental result differs from the full one; empty when they agree.
QString difference(const TriageResult &full, const TriageResult &inc)
{
    const auto &procs = full.snapshot->processes;
    if (inc.posteriors.size() != procs.size() || inc.recommendations.size() != procs.size())
        return QStringLiteral("sizes differ");
    for (std::size_t i = 0; i < procs.size(); ++i) {
        const Posterior &a = full.posteriors[i];
        const Posterior &b = inc.posteriors[i];
        const QString who = QString::fromStdString(procs[i].id.toString() + " (" + procs[i].comm + ")");
        if (a.pending != b.pending || a.pendingFor != b.pendingFor)
            return who + QStringLiteral(": holds its verdict otherwise than a full triage");
        if (full.facts[i].category != inc.facts[i].category)
            return who
                + QStringLiteral(": category %1, a full triage says %2")
                      .arg(inc.facts[i].category)
                      .arg(full.facts[i].category);
        if (full.facts[i].protectedReason.english() != inc.facts[i].protectedReason.english())
            return who
                + QStringLiteral(": protected '%1', a full triage says '%2'")
                      .arg(QString::fromStdString(inc.facts[i].protectedReason.english()),
                          QString::fromStdString(full.facts[i].protectedReason.english()));
        for (std::size_t c = 0; c < a.probability.size(); ++c)
            if (std::abs(a.probability[c] - b.probability[c]) > 1e-12)
                return who
                    + QStringLiteral(": probability %1 is %2, a full triage says %3")
                          .arg(c)
                          .arg(b.probability[c])
                          .arg(a.probability[c]);
        if (a.classification != b.classification || a.reference != b.reference || a.confidence != b.confidence
            || a.key != b.key)
            return who + QStringLiteral(": verdict, reference, confidence or key differ");
        const Ledger la = ledgerOf(full, static_cast<int>(i), defaultModel());
        const Ledger lb = ledgerOf(inc, static_cast<int>(i), defaultModel());
        if (la.size() != lb.size())
            return who + QStringLiteral(": ledger of %1 terms, a full triage has %2").arg(lb.size()).arg(la.size());
        for (std::size_t t = 0; t < la.size(); ++t) {
            const EvidenceTerm &x = la[t];
            const EvidenceTerm &y = lb[t];
            if (x.term != y.term || std::abs(x.bits - y.bits) > 1e-9 || x.favors != y.favors
                || x.detail.english() != y.detail.english())
                return who
                    + QStringLiteral(": ledger term %1 is '%2' (%3 bits), a full triage says '%4' (%5 bits)")
                          .arg(t)
                          .arg(QString::fromStdString(y.term + ": " + y.detail.english()))
                          .arg(y.bits)
                          .arg(QString::fromStdString(x.term + ": " + x.detail.english()))
                          .arg(x.bits);
        }
        const Recommendation &ra = full.recommendations[i];
        const Recommendation &rb = inc.recommendations[i];
        if (ra.action != rb.action || ra.candidate != rb.candidate || ra.score != rb.score)
            return who + QStringLiteral(": recommendation differs");
    }
    if (full.ranking != inc.ranking)
        return QStringLiteral("ranking differs");
    return {};
}

// The last result with nothing to carry over: a triage with it computes every posterior anew but
// knows the same history (an owner last seen alive, a verdict held), so its result is the full one
// an incremental triage must equal.
TriageResult nothingToCarry(const TriageResult &previous)
{
    TriageResult r = previous;
    for (Posterior &p : r.posteriors)
        p.key = ~p.key;
    return r;
}

} // namespace

class IncrementalTriageTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void carriedPosteriorsEqualAFullTriage()
    {
        Spawner sp;
        std::vector<Actor> idle;
        for (int k = 0; k < 6; ++k)
            idle.push_back(sp.spawn({"inc-idle", {"inc-idle", "--worker=" + std::to_string(k)}, {}}));
        const Actor spinner = sp.spawn({"inc-spin", {"inc-spin"}, {{"ACTOR_SPIN", "1"}}});
        const Actor listener = sp.spawn({"inc-server", {"inc-server", "--port=0"}, {{"ACTOR_LISTEN", "0"}}});
        // A shell that becomes another program halfway (an exec: new details, maybe another category).
        const int execer = sp.spawnProgram({"/bin/sh", "-c", "sleep 1.2; exec /bin/sleep 30"});
        QVERIFY(execer > 0);
        // A test run whose runner ends about refresh 3 and leaves its worker behind: the owner term
        // then says when the runner was last seen alive, which only the last result knows.
        const int runner = sp.spawnProgram({"python3", "-c",
            "import subprocess, time; subprocess.Popen(['sleep', '30']); time.sleep(0.9)", "-m", "pytest"});
        QVERIFY(runner > 0);
        for (const Actor &a : idle)
            QVERIFY(a.pid > 0);
        QVERIFY(spinner.pid > 0 && listener.pid > 0);

        Collector collector(longLivedOptions());
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        TriageOptions options;
        options.selfPid = static_cast<int>(::getpid());
        std::shared_ptr<const TriageResult> previous;
        std::size_t carried = 0, recomputed = 0, unchanged = 0;
        // This test's processes left alone throughout: the machine's others come and go with the tests beside it.
        std::set<int> quiet = {listener.pid};
        for (std::size_t k = 2; k < idle.size(); ++k)
            quiet.insert(idle[k].pid);
        std::size_t quietKept = 0, quietRecomputed = 0;
        for (int refresh = 0; refresh < 12; ++refresh) {
            // What changes between refreshes: a process stops and resumes, one spins and stops
            // spinning, one ends, new ones start, one execs (about refresh 4).
            switch (refresh) {
            case 3:
                QCOMPARE(::kill(idle[0].pid, SIGSTOP), 0);
                QCOMPARE(::kill(spinner.pid, SIGSTOP), 0);
                break;
            case 5:
                QCOMPARE(::kill(idle[0].pid, SIGCONT), 0);
                QCOMPARE(::kill(idle[1].pid, SIGKILL), 0);
                idle.push_back(sp.spawn({"inc-late", {"inc-late"}, {}}));
                break;
            case 7:
                QCOMPARE(::kill(spinner.pid, SIGCONT), 0);
                break;
            default:
                break;
            }
            QTest::qWait(250);
            auto snapshot = collector.refresh();
            const std::optional<TriageResult> history
                = previous ? std::optional<TriageResult>(nothingToCarry(*previous)) : std::nullopt;
            const auto full = triage(snapshot, defaultModel(), options, history ? &*history : nullptr);
            QCOMPARE(full->carriedPosteriors, std::size_t{0});
            const auto inc = triage(snapshot, defaultModel(), options, previous.get());
            const QString diff = difference(*full, *inc);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("refresh %1: %2").arg(refresh).arg(diff)));
            if (previous) {
                for (std::size_t i = 0; i < snapshot->processes.size(); ++i) {
                    const Sample *before = previous->snapshot->byIdentity(snapshot->processes[i].id);
                    if (!before)
                        continue;
                    const auto j = static_cast<std::size_t>(before - previous->snapshot->processes.data());
                    // A held verdict has key 0 (computed again next time, never carried): two held in a
                    // row are equal keys, not a carried posterior (another test's process changing class).
                    const bool kept
                        = inc->posteriors[i].key != 0 && previous->posteriors[j].key == inc->posteriors[i].key;
                    (kept ? unchanged : recomputed)++;
                    if (quiet.count(snapshot->processes[i].id.pid))
                        (kept ? quietKept : quietRecomputed)++;
                }
                carried += inc->carriedPosteriors;
            }
            previous = inc;
        }
        ::kill(-runner, SIGKILL); // its worker, left in its process group
        std::printf("incremental triage: %zu posteriors carried over, %zu computed anew; of the test's quiet processes "
                    "%zu kept, %zu computed anew\n",
            carried, recomputed, quietKept, quietRecomputed);
        QCOMPARE(carried, unchanged); // every unchanged one, and only those
        QVERIFY2(quietKept > 3 * quietRecomputed,
            qPrintable(QStringLiteral("processes left alone keep their posterior between refreshes: %1 kept, %2 not")
                           .arg(quietKept)
                           .arg(quietRecomputed)));
        QVERIFY(recomputed > 0); // the stopped, resumed and spinning ones changed
    }

    // A one-shot triages on every core (facts, evidence, posteriors in blocks of processes): the result
    // is the one a single thread gives. Blocks start at 256 processes: this makes 300 idle ones.
    void triageOnEveryCoreEqualsOneThread()
    {
        std::optional<IdleChildren> idle(std::in_place, 300);
        QCOMPARE(idle->size(), 300);
        Spawner sp;
        const Actor spinner = sp.spawn({"par-spin", {"par-spin"}, {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession});
        const Actor listener = sp.spawn({"par-server", {"par-server"}, {{"ACTOR_LISTEN", "0"}}});
        const Actor orphan = sp.spawn({"par-orphan", {"par-orphan"}, {}, Parenting::OrphanNoSession});
        QVERIFY(spinner.pid > 0 && listener.pid > 0 && orphan.pid > 0);

        Collector collector(CollectOptions{});
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        const auto snapshot = collector.scanOnce();
        QVERIFY(snapshot->processes.size() > 300);
        TriageOptions one;
        one.selfPid = static_cast<int>(::getpid());
        one.minAgeSeconds = 0; // the spawned ones may be candidates
        QThreadPool pool;
        pool.setMaxThreadCount(3);
        TriageOptions every = one;
        every.pool = &pool;
        const auto serial = triage(snapshot, defaultModel(), one);
        const auto parallel = triage(snapshot, defaultModel(), every);
        const QString diff = difference(*serial, *parallel);
        idle.reset();
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(std::any_of(serial->recommendations.begin(), serial->recommendations.end(),
            [](const Recommendation &r) { return r.candidate; })); // not only keeps compared
    }

    // The live service's hysteresis on snapshots made by hand: one process through a flap, one whose pid
    // was reused between refreshes.
    void aVerdictTowardsActingWaitsForTheEvidenceToHold()
    {
        const auto snapshotOf = [](std::uint64_t startOfPid101) {
            auto s = std::make_shared<Snapshot>();
            for (const auto &[pid, start] : {std::pair<int, std::uint64_t>{100, 5}, {101, startOfPid101}}) {
                Sample x;
                x.id.pid = pid;
                x.id.startTicks = start;
                s->indexByPid[pid] = s->processes.size();
                s->processes.push_back(x);
            }
            return s;
        };
        const auto said = [](ProcessClass c) {
            Posterior p;
            p.classification = c;
            p.probability[static_cast<std::size_t>(c)] = 0.9;
            p.key = 1 + static_cast<std::uint64_t>(c);
            return p;
        };
        using C = ProcessClass;
        TriageResult before;
        before.snapshot = snapshotOf(7);
        before.posteriors = {said(C::Useful), said(C::Useful)};

        // Refresh 1: the evidence says abandoned for both; 101 is another process under the same pid.
        auto first = std::make_shared<TriageResult>();
        first->snapshot = snapshotOf(900);
        first->posteriors = {said(C::Abandoned), said(C::Abandoned)};
        holdVerdicts(first->posteriors, *first->snapshot, before);
        QCOMPARE(first->posteriors[0].classification, C::Useful);
        QCOMPARE(first->posteriors[0].pending, C::Abandoned);
        QCOMPARE(first->posteriors[0].pendingFor, 1);
        QCOMPARE(first->posteriors[0].key, std::uint64_t(0)); // never carried over as it is
        QCOMPARE(first->posteriors[1].classification, C::Abandoned); // a new process: nothing to hold
        QCOMPARE(first->posteriors[1].pendingFor, 0);

        // Refresh 2: said again: now it changes.
        TriageResult second;
        second.snapshot = first->snapshot;
        second.posteriors = {said(C::Abandoned), said(C::Abandoned)};
        holdVerdicts(second.posteriors, *second.snapshot, *first);
        QCOMPARE(second.posteriors[0].classification, C::Abandoned);
        QCOMPARE(second.posteriors[0].pendingFor, 0);

        // A flap: useful at once, then abandoned once more is held again, stuck after abandoned too.
        TriageResult third;
        third.snapshot = first->snapshot;
        third.posteriors = {said(C::Useful), said(C::UsefulBad)};
        holdVerdicts(third.posteriors, *third.snapshot, second);
        QCOMPARE(third.posteriors[0].classification, C::Useful);
        QCOMPARE(third.posteriors[1].classification, C::Abandoned);
        QCOMPARE(third.posteriors[1].pending, C::UsefulBad);
        TriageResult fourth;
        fourth.snapshot = first->snapshot;
        fourth.posteriors = {said(C::Abandoned), said(C::Abandoned)};
        holdVerdicts(fourth.posteriors, *fourth.snapshot, third);
        QCOMPARE(fourth.posteriors[0].classification, C::Useful);
        QCOMPARE(fourth.posteriors[0].pendingFor, 1);
        QCOMPARE(fourth.posteriors[1].classification, C::Abandoned); // back to what it was: no change
        QCOMPARE(fourth.posteriors[1].pendingFor, 0);
    }

    // A one-shot holds against the verdicts the live service left (HeldVerdicts): written and read
    // back whole, and held exactly as the service's next refresh holds them.
    void aOneShotHoldsAsTheWindowsNextRefreshWould()
    {
        const BootId boot = *BootId::parse("0123abcd-4567-89ef-0123-456789abcdef");
        const auto snapshotOf = [&](std::uint64_t startOfPid101) {
            auto s = std::make_shared<Snapshot>();
            for (const auto &[pid, start] : {std::pair<int, std::uint64_t>{100, 5}, {101, startOfPid101}}) {
                Sample x;
                x.id = {boot, start, pid};
                x.state = 'S';
                s->indexByPid[pid] = s->processes.size();
                s->processes.push_back(x);
            }
            return s;
        };
        const auto said = [](ProcessClass c, double p) {
            Posterior x;
            x.classification = c;
            x.reference = ProcessClass::Useful;
            x.confidence = Confidence::Medium;
            x.probability.fill((1 - p) / 3);
            x.probability[static_cast<std::size_t>(c)] = p;
            return x;
        };
        using C = ProcessClass;
        // The window's last refresh: 100 held useful with abandoned pending once; 101 a review since 5 s ago.
        TriageResult window;
        window.snapshot = snapshotOf(7);
        window.posteriors = {said(C::Useful, 0.6), said(C::Abandoned, 0.7)};
        window.posteriors[0].pending = C::Abandoned;
        window.posteriors[0].pendingFor = 1;
        window.recommendations.resize(2);
        window.recommendations[1].review = true;
        window.recommendations[1].candidate = true;
        window.recommendations[1].sinceMs = 1'000'000;
        window.recommendations[1].pendingAction = RecommendedAction::Kill;
        window.recommendations[1].pendingSinceMs = 1'020'000;
        window.recommendations[1].parentAction = ParentAction::None;

        QString why;
        const auto held = heldVerdictsFrom(heldVerdictsJson(window), boot, &why);
        QVERIFY2(held, qPrintable(why));
        QVERIFY(why.isEmpty());
        QCOMPARE(held->snapshot->processes.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            const Posterior &a = window.posteriors[i];
            const Posterior &b = held->posteriors[i];
            QVERIFY(held->snapshot->processes[i].id == window.snapshot->processes[i].id);
            QCOMPARE(b.classification, a.classification);
            QCOMPARE(b.reference, a.reference);
            QCOMPARE(b.confidence, a.confidence);
            QCOMPARE(b.pending, a.pending);
            QCOMPARE(b.pendingFor, a.pendingFor);
            for (std::size_t c = 0; c < a.probability.size(); ++c)
                QVERIFY(std::abs(a.probability[c] - b.probability[c]) <= 1e-6);
            const Recommendation &ra = window.recommendations[i];
            const Recommendation &rb = held->recommendations[i];
            QCOMPARE(rb.action, ra.action);
            QCOMPARE(rb.review, ra.review);
            QCOMPARE(rb.candidate, ra.candidate);
            QCOMPARE(rb.sinceMs, ra.sinceMs);
            QCOMPARE(rb.pendingAction, ra.pendingAction);
            QCOMPARE(rb.pendingSinceMs, ra.pendingSinceMs);
        }

        // The one-shot's evidence: abandoned for 100 (said twice now: it changes), stuck for 101 under a
        // reused pid (another process: nothing to hold) — the same as the window's next refresh.
        const auto next = snapshotOf(900);
        std::vector<Posterior> oneShot = {said(C::Abandoned, 0.8), said(C::UsefulBad, 0.8)};
        std::vector<Posterior> refresh = oneShot;
        holdVerdicts(oneShot, *next, *held);
        holdVerdicts(refresh, *next, window);
        for (std::size_t i = 0; i < 2; ++i) {
            QCOMPARE(oneShot[i].classification, refresh[i].classification);
            QCOMPARE(oneShot[i].pendingFor, refresh[i].pendingFor);
        }
        QCOMPARE(oneShot[0].classification, C::Abandoned);
        QCOMPARE(oneShot[1].classification, C::UsefulBad);
        // Said for the first time (nothing pending): held, as the window holds it.
        window.posteriors[0].pendingFor = 0;
        const auto fresh = heldVerdictsFrom(heldVerdictsJson(window), boot, &why);
        QVERIFY(fresh);
        std::vector<Posterior> first = {said(C::Abandoned, 0.8), said(C::UsefulBad, 0.8)};
        holdVerdicts(first, *snapshotOf(7), *fresh);
        QCOMPARE(first[0].classification, C::Useful);
        QCOMPARE(first[0].pending, C::Abandoned);
        QCOMPARE(first[0].pendingFor, 1);
        QCOMPARE(first[1].classification, C::Abandoned); // held: stuck after abandoned waits too

        // Rows it did not write: none used, and why.
        QJsonArray rows = heldVerdictsJson(window);
        QJsonArray bad = rows.at(0).toArray();
        bad[2] = 9; // no such class
        QVERIFY(!heldVerdictsFrom(QJsonArray{bad}, boot, &why));
        QVERIFY(why.contains(QStringLiteral("malformed")));
        why.clear();
        QVERIFY(!heldVerdictsFrom(QJsonArray{rows.at(0), rows.at(0)}, boot, &why));
        QVERIFY(why.contains(QStringLiteral("repeats pid 100")));
        why.clear();
        QVERIFY(!heldVerdictsFrom(QJsonArray{QJsonArray{1, 2, 3}}, boot, &why));
        QVERIFY(!why.isEmpty());
        why.clear();
        QVERIFY(!heldVerdictsFrom(QJsonArray{}, boot, &why)); // none: nothing to hold, nothing wrong
        QVERIFY(why.isEmpty());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(IncrementalTriageTest)
#include "tst_incremental_triage.moc"
