// A hostile host through the window's path (issue 64): "evil" (tests/support/hostile_ssh.py as
// PTRIAGE_SSH_COMMAND) sends this machine's own processes under another boot id, with 30 fake
// leftovers that carry the command line of a real local process. End on them, confirmed in the
// Desk, is done "there" (the host claims every one ended) and journaled here under evil; it casts no
// vote and Spare refuses: nothing a host says teaches this machine's model, so the local process
// keeps its verdict. A host that fails (or floods) is asked less and less often, the others at
// every round.
#include "collect/Collector.h"
#include "desk/Desk.h"
#include "remote/EvidenceJson.h"
#include "session/database/SessionStore.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

const char *kEvilBoot = "0e7c1200-dead-4bad-8bad-000000000002";

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

// This machine's scan as evil sends it: its boot id, and 30 copies of `like` left behind (adopted
// by init, long ago); their identities in `fakes`.
std::string evilEvidence(const Snapshot &here, int like, std::vector<ProcessIdentity> &fakes)
{
    Snapshot s = here;
    const auto boot = BootId::parse(kEvilBoot);
    s.system.bootId = *boot;
    for (Sample &p : s.processes)
        p.id.boot = *boot;
    const Sample *model = here.byPid(like);
    for (int i = 0; model && i < 30; ++i) {
        Sample fake = *model;
        fake.id = ProcessIdentity{*boot, 100, 60000 + i};
        fake.ppid = 1;
        fake.pgrp = fake.session = 60000 + i;
        fakes.push_back(fake.id);
        s.processes.push_back(std::move(fake));
    }
    return evidenceJson(s, EvidenceHeader{"evil", 1});
}

// `hosts` as the hosts file in `dir`, reached through hostile_ssh.py: its state folder (what each host answers).
QString hostileHosts(const QTemporaryDir &dir, const QByteArray &hosts)
{
    const QString state = dir.filePath(QStringLiteral("state"));
    if (!dir.isValid() || !QDir().mkpath(state) || !QDir().mkpath(dir.filePath(QStringLiteral("config/ptriage"))))
        return {};
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toUtf8());
    qputenv("HOSTILE_DIR", state.toUtf8());
    qputenv("PTRIAGE_SSH_COMMAND", "/usr/bin/python3 " PTRIAGE_SOURCE_DIR "/tests/support/hostile_ssh.py");
    writeFile(dir.filePath(QStringLiteral("config/ptriage/hosts")), hosts);
    return state;
}

// How many times ssh was run for `host` (hostile_ssh.py logs each run's arguments).
int asked(const QString &state, const std::string &host)
{
    QFile log(state + QStringLiteral("/argv"));
    if (!log.open(QIODevice::ReadOnly))
        return 0;
    int n = 0;
    while (!log.atEnd()) {
        const QJsonArray args = QJsonDocument::fromJson(log.readLine()).array();
        for (qsizetype i = 0; i + 1 < args.size(); ++i)
            if (args[i].toString() == QLatin1String("--") && args[i + 1].toString().toStdString() == host)
                ++n;
    }
    return n;
}

} // namespace

class HostileHostTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<std::vector<ActOutcome>>(); }

    void aHostsEndAndSpareNeverTeachThisMachine()
    {
        QTemporaryDir dir;
        const QString state = hostileHosts(dir, "evil\n");
        QVERIFY(!state.isEmpty());
        writeFile(state + QStringLiteral("/act-mode-evil"), "done\n");

        Spawner sp;
        const Actor local
            = sp.spawn({"local-server", {"local-server", "--port", "8000"}, {}, Parenting::OrphanNoSession});
        QVERIFY(local.pid > 0);
        Collector collector(longLivedOptions());
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        const auto here = collector.scanOnce();
        QVERIFY(here->byPid(local.pid) && here->byPid(local.pid)->details);
        std::vector<ProcessIdentity> fakes;
        writeFile(
            state + QStringLiteral("/evidence-evil"), QByteArray::fromStdString(evilEvidence(*here, local.pid, fakes)));
        QCOMPARE(fakes.size(), std::size_t{30});

        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        desk.setCadence(Desk::Cadence::Foreground);
        desk.start();
        QTRY_VERIFY_WITH_TIMEOUT(desk.hosts().host(Machine::host("evil"))
                && desk.hosts().host(Machine::host("evil"))->result && desk.current(),
            60000);
        desk.showMachine(Machine::host("evil"));
        const auto evil = desk.shown();
        QVERIFY(evil && evil->machine == Machine::host("evil"));
        QVERIFY(evil->snapshot->byIdentity(fakes.front()));

        // End, as the window confirms it: done there by the host's word, journaled here, no vote.
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 10000);
        ActRequest end;
        end.verb = ActVerb::End;
        end.targets = fakes;
        QSignalSpy finished(&desk, &Desk::actFinished);
        QSignalSpy noted(&desk, &Desk::noted);
        const int ticket = desk.act(end, QStringLiteral("End"), evil);
        QVERIFY(ticket > 0);
        QVERIFY(finished.wait(60000));
        const auto outcomes = finished.front().at(2).value<std::vector<ActOutcome>>();
        QCOMPARE(outcomes.size(), fakes.size());
        QVERIFY(std::all_of(
            outcomes.begin(), outcomes.end(), [](const ActOutcome &o) { return o.status == ActStatus::Done; }));

        // Spare on a host's process: refused, saying why.
        QVERIFY(!desk.spare({fakes.front()}, evil));
        QVERIFY(!noted.isEmpty());
        QVERIFY2(noted.last().at(0).toString().contains(QStringLiteral("this machine's processes only")),
            qPrintable(noted.last().at(0).toString()));

        // Nothing learned: the decisions table is empty, after the keeper had time to write.
        desk.save();
        QTest::qWait(1500);
        SessionStore store;
        QString why;
        QVERIFY2(store.open(db, SessionStore::Mode::ExistingOnly, &why), qPrintable(why));
        QVERIFY2(store.decisions(&why).empty(), "a host's End taught this machine");
    }

    void aFailingHostIsAskedLessAndLessOften()
    {
        QTemporaryDir dir;
        const QString state = hostileHosts(dir, "good\ndead\nflood\n");
        QVERIFY(!state.isEmpty());
        Collector collector(longLivedOptions());
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        writeFile(state + QStringLiteral("/evidence-good"),
            QByteArray::fromStdString(evidenceJson(*collector.scanOnce(), EvidenceHeader{"good", 1})));
        writeFile(state + QStringLiteral("/evidence-flood"), "flood:80"); // past the byte cap: refused
        // "dead" has no evidence: connection refused, every time.

        HostWatch watch(defaultModel());
        watch.setIntervalMs(100);
        watch.setActive(true);
        // Twelve rounds for the good host; a failing one is asked again only after 200, 400, 800 … ms.
        QTRY_VERIFY_WITH_TIMEOUT(asked(state, "good") >= 12, 120000);
        watch.setActive(false);
        QTRY_VERIFY_WITH_TIMEOUT(!watch.isFetching(), 60000);
        const int good = asked(state, "good");
        QVERIFY2(asked(state, "dead") >= 1 && asked(state, "dead") <= 7,
            qPrintable(QStringLiteral("dead asked %1 times in %2 rounds").arg(asked(state, "dead")).arg(good)));
        QVERIFY2(asked(state, "flood") >= 1 && asked(state, "flood") <= 7,
            qPrintable(QStringLiteral("flood asked %1 times in %2 rounds").arg(asked(state, "flood")).arg(good)));
        const HostWatch::Host *dead = watch.host(Machine::host("dead"));
        QVERIFY(dead && !dead->result && dead->failures >= 1 && dead->error.contains(QStringLiteral("refused")));
        QVERIFY(watch.host(Machine::host("good"))->result);

        // Asking now asks every host, a failing one too.
        const int deadBefore = asked(state, "dead");
        QSignalSpy rounds(&watch, &HostWatch::hostsChanged);
        watch.refreshNow();
        QVERIFY(rounds.wait(60000));
        QCOMPARE(asked(state, "dead"), deadBefore + 1);
    }
};

PTRIAGE_ROOM_MAIN(HostileHostTest)
#include "tst_hostile_host.moc"
