// What may be done to a process in its state, and what a request becomes (engine/act/ActionRules), on
// real processes: a zombie, a stopped process, one at nice 19, one ptriage froze, init, another user's.
#include "act/ActionRules.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QtTest>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

std::vector<ActVerb> verbsOf(const std::vector<OfferedAction> &offered)
{
    std::vector<ActVerb> out;
    for (const auto &o : offered)
        out.push_back(o.verb);
    return out;
}

bool offers(const std::vector<OfferedAction> &offered, ActVerb verb)
{
    const auto v = verbsOf(offered);
    return std::find(v.begin(), v.end(), verb) != v.end();
}

QByteArray names(const std::vector<OfferedAction> &offered)
{
    QByteArray out;
    for (const auto &o : offered)
        out += QByteArray(o.recommended ? "*" : "") + actVerbName(o.verb) + (o.mayBeDone() ? " " : "(refused) ");
    return out;
}

std::string commOf(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string comm;
    std::getline(in, comm);
    return comm;
}

ProcessView viewOf(const TriageResult &r, int pid)
{
    const int i = indexOfPid(r, pid);
    if (i < 0)
        qFatal("pid %d is not in the scan", pid);
    return r.process(i);
}

} // namespace

class ActionRulesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachStateGetsItsOwnActions()
    {
        Spawner sp;
        const Actor z = sp.spawn({"rules-zparent", {"rules-zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        const Actor stopped = sp.spawn({"rules-stopped", {"rules-stopped"}, {}});
        const Actor lowest = sp.spawn({"rules-lowest", {"rules-lowest"}, {}});
        const Actor plain = sp.spawn({"rules-plain", {"rules-plain"}, {}});
        QVERIFY(z.zombiePid > 0);
        QCOMPARE(::kill(stopped.pid, SIGSTOP), 0);
        QTRY_COMPARE_WITH_TIMEOUT(processState(stopped.pid), 'T', 5000);
        QCOMPARE(::setpriority(PRIO_PROCESS, static_cast<id_t>(lowest.pid), 19), 0);
        const auto r = live(defaultModel(), 0.0);

        // A zombie: its parent reaps it, or its parent is ended; nothing that signals it, no signals.
        const ProcessView zombie = viewOf(*r, z.zombiePid);
        const auto zo = offeredActions(zombie);
        QCOMPARE(verbsOf(zo).size(), std::size_t(2));
        QVERIFY2(offers(zo, ActVerb::Reap) && offers(zo, ActVerb::End), names(zo).constData());
        QVERIFY2(
            zo.front().recommended && zo.front().verb == ActVerb::Reap, names(zo).constData()); // its parent is young
        QVERIFY(std::all_of(zo.begin(), zo.end(), [](const auto &o) { return o.mayBeDone(); }));
        QVERIFY(!takesSignals(zombie));

        // Stopped: Resume, never Pause; running: Pause, never Resume.
        const auto so = offeredActions(viewOf(*r, stopped.pid));
        QVERIFY2(offers(so, ActVerb::Resume) && !offers(so, ActVerb::Pause), names(so).constData());
        const auto po = offeredActions(viewOf(*r, plain.pid));
        QVERIFY2(offers(po, ActVerb::Pause) && !offers(po, ActVerb::Resume), names(po).constData());
        QVERIFY(offers(po, ActVerb::Renice) && !offers(po, ActVerb::Reap) && takesSignals(viewOf(*r, plain.pid)));

        // At nice 19 a renice cannot lower the priority: not offered.
        const auto lo = offeredActions(viewOf(*r, lowest.pid));
        QVERIFY2(!offers(lo, ActVerb::Renice) && offers(lo, ActVerb::Pause), names(lo).constData());

        // Frozen by ptriage (the journal says so, on this machine, not undone): Thaw in place of Freeze.
        ActionJournal::Entry froze;
        froze.verb = ActVerb::Freeze;
        froze.target = viewOf(*r, plain.pid).identity();
        froze.status = ActStatus::Done;
        const ActedOn acted = actedOn({froze}, froze.target, Machine());
        QVERIFY(acted.frozen);
        const auto fo = offeredActions(viewOf(*r, plain.pid), acted);
        QVERIFY2(offers(fo, ActVerb::Thaw) && !offers(fo, ActVerb::Freeze), names(fo).constData());
        ActionJournal::Entry thawed = froze;
        thawed.undoing = true; // "undo freeze" names the verb it undid: no freeze to thaw
        QVERIFY(!actedOn({thawed}, froze.target, Machine()).frozen);
        QVERIFY(!actedOn({froze}, froze.target, Machine::host("elsewhere")).frozen); // another machine's
        QVERIFY(!actedOn({froze}, viewOf(*r, lowest.pid).identity(), Machine()).frozen);

        // Init is protected: everything is offered refused, with the reason.
        if (indexOfPid(*r, 1) >= 0) {
            const auto io = offeredActions(viewOf(*r, 1));
            QVERIFY(!io.empty());
            for (const auto &o : io) {
                QVERIFY2(!o.mayBeDone(), names(io).constData());
                QVERIFY(QString::fromStdString(o.blocks.front().english()).contains(QStringLiteral("protected")));
            }
        }
    }

    // Another user's process gets the same actions as the person's own in the same state: who owns it
    // decides who must authorize, not what may be done.
    void anotherUsersProcessGetsTheSameActions()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to start a process as another user");
        Spawner sp;
        const int theirs
            = sp.spawnProgram({"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sleep", "300"});
        const int mine = sp.spawnProgram({"sleep", "300"});
        QVERIFY(theirs > 0 && mine > 0);
        // setpriv execs sleep: the scan must see sleep, not setpriv.
        QTRY_VERIFY_WITH_TIMEOUT(commOf(theirs) == "sleep", 5000);
        const auto r = live(defaultModel(), 0.0);
        const ProcessView other = viewOf(*r, theirs);
        QCOMPARE(other.sample().uid.value_or(0), 65534u);
        QCOMPARE(verbsOf(offeredActions(other)), verbsOf(offeredActions(viewOf(*r, mine))));
    }

    void requestsAreVetted()
    {
        Spawner sp;
        const Actor z = sp.spawn({"vet-zparent", {"vet-zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        const Actor plain = sp.spawn({"vet-plain", {"vet-plain"}, {}});
        QVERIFY(z.zombiePid > 0);
        const auto r = live(defaultModel(), 0.0);
        const ProcessIdentity zombie = viewOf(*r, z.zombiePid).identity();
        const ProcessIdentity parent = viewOf(*r, z.pid).identity();
        const ProcessIdentity live = viewOf(*r, plain.pid).identity();

        // End of a zombie is its parent's, said why; the parent named too is ended once.
        ActRequest end;
        end.verb = ActVerb::End;
        end.targets = {zombie, parent, live};
        const VettedRequest v = vetRequest(end, *r);
        QCOMPARE(v.targets.size(), std::size_t(3));
        QCOMPARE(v.targets[0].asked, zombie);
        QCOMPARE(v.targets[0].target, parent);
        QVERIFY(v.targets[0].substituted() && v.targets[0].goes());
        QVERIFY(QString::fromStdString(v.targets[0].instead.english()).contains(QStringLiteral("is a zombie")));
        QCOMPARE(v.request.targets, (std::vector<ProcessIdentity>{parent, live}));

        // Reap is for zombies only; a pause never reaches a zombie.
        ActRequest reap;
        reap.verb = ActVerb::Reap;
        reap.targets = {zombie, live};
        const VettedRequest vr = vetRequest(reap, *r);
        QCOMPARE(vr.request.targets, std::vector<ProcessIdentity>{zombie});
        QVERIFY(!vr.targets[1].goes() && !vr.targets[1].blocks.empty());
        ActRequest pause;
        pause.verb = ActVerb::Pause;
        pause.targets = {zombie};
        QVERIFY(vetRequest(pause, *r).request.targets.empty());

        // A process gone since the scan (its identity names nothing now) is left out, said so.
        ProcessIdentity gone = live;
        gone.startTicks += 1;
        ActRequest kill;
        kill.verb = ActVerb::Kill;
        kill.targets = {gone};
        const VettedRequest vg = vetRequest(kill, *r);
        QVERIFY(vg.request.targets.empty());
        QCOMPARE(vg.targets[0].index, -1);
        QVERIFY(!vg.targets[0].blocks.empty());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(ActionRulesTest)
#include "tst_action_rules.moc"
