// End to end: ptriage act and raw D-Bus calls against the real ptriage-helper, on a private system bus
// with the real polkitd and real rules, acting on real processes. Needs root (to own the helper's name,
// run polkitd, install polkit files and add a throwaway user); skips otherwise.
#include "procops/identity/ProcFs.h"
#include "procops/request/HelperRequest.h"
#include "support/BuildPaths.h"
#include "support/CopyForOthers.h"
#include "support/PolkitFiles.h"
#include "support/PrivateSystemBus.h"
#include "support/Spawner.h"
#include "support/ThrowawayUser.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <memory>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

using ptriage::BootId;
using ptriage::ProcessIdentity;
using ptriage::test::Actor;
using ptriage::test::DirectoryLock;
using ptriage::test::PolkitFiles;
using ptriage::test::PrivateSystemBus;
using ptriage::test::reachableByOthers;
using ptriage::test::Spawner;
using ptriage::test::ThrowawayUser;
namespace procfs = ptriage::procops::procfs;

// A KF6 build's ptriage asks KAuth's helper (tests/kauth checks that path): here only direct calls
// reach this helper, and what goes through the client is skipped with that reason.
#ifdef PTRIAGE_CLIENT_KAUTH
#define REQUIRE_DBUS_CLIENT() QSKIP("this build's ptriage acts through KAuth (test_kauth_chroot checks it)")
#else
#define REQUIRE_DBUS_CLIENT() (void)0
#endif

namespace {

const QString kHelperName = QStringLiteral("org.ptriage.helper");
const QString kPolicyFile = QStringLiteral(PTRIAGE_SOURCE_DIR "/packaging/polkit/org.ptriage.helper.policy");
const QString kBusPolicyFile = QStringLiteral(PTRIAGE_SOURCE_DIR "/packaging/dbus/org.ptriage.helper.conf");
const QString kLsanSuppressions = QStringLiteral(PTRIAGE_SOURCE_DIR "/tests/lsan.supp");
const QString kNotAuthorized = QStringLiteral("org.ptriage.helper.Error.NotAuthorized");
const QString kAuthRequired = QStringLiteral("org.ptriage.helper.Error.AuthenticationRequired");
const QString kInvalid = QStringLiteral("org.ptriage.helper.Error.InvalidRequest");
constexpr int kClientTimeoutMs = 120000;

#define REQUIRE_OK(expr)                                                                                               \
    do {                                                                                                               \
        const QString error_ = (expr);                                                                                 \
        QVERIFY2(error_.isEmpty(), qPrintable(error_));                                                                \
    } while (false)

QString findTool(const QString &name)
{
    if (name.startsWith(QLatin1Char('/')))
        return QFileInfo(name).isExecutable() ? name : QString();
    return QStandardPaths::findExecutable(name,
        {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin"), QStringLiteral("/bin")});
}

ProcessIdentity identityOf(int pid)
{
    ProcessIdentity id;
    id.boot = procfs::bootId().value_or(BootId{});
    id.pid = pid;
    const auto st = procfs::readStat(pid);
    id.startTicks = st ? st->startTicks : 0;
    return id;
}

// The same process (pid and start time), neither stopped nor ended.
bool untouched(const ProcessIdentity &id)
{
    const auto st = procfs::readStat(id.pid);
    return st && st->startTicks == id.startTicks && QByteArrayLiteral("RSD").contains(st->state);
}

// PID 1 here reaps slowly and the test's own child stays a zombie until reaped: a zombie has ended.
bool waitEnded(const ProcessIdentity &id, int ms = 15000)
{
    const QDeadlineTimer deadline(ms);
    do {
        const auto st = procfs::readStat(id.pid);
        if (!st || st->startTicks != id.startTicks || st->state == 'Z' || st->state == 'X')
            return true;
        QThread::msleep(50);
    } while (!deadline.hasExpired());
    return false;
}

bool waitState(const ProcessIdentity &id, char state, int ms = 15000)
{
    const QDeadlineTimer deadline(ms);
    do {
        const auto st = procfs::readStat(id.pid);
        if (st && st->startTicks == id.startTicks && st->state == state)
            return true;
        QThread::msleep(50);
    } while (!deadline.hasExpired());
    return false;
}

struct Run {
    int exit = -1; // -1: crashed or timed out
    QString out;
    QString err;
    QString text() const
    {
        return QStringLiteral("exit %1\n--- stdout ---\n%2--- stderr ---\n%3").arg(exit).arg(out, err);
    }
    // The outcome line of `ptriage act` for one target: "START_ID: STATUS — message".
    QString lineFor(const ProcessIdentity &id) const
    {
        for (const QString &l : out.split(QLatin1Char('\n')))
            if (l.startsWith(id.toQString() + QStringLiteral(": ")))
                return l;
        return {};
    }
};

// A busctl answer: its error name (busctl itself prints only the message; its debug log has the name).
struct BusReply {
    Run run;
    QString errorName;
    bool ok() const { return run.exit == 0 && errorName.isEmpty(); }
};

Run runProcess(const QString &program, const QStringList &args, const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.setStandardInputFile(QProcess::nullDevice());
    p.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(kClientTimeoutMs)) {
        p.terminate(); // runuser passes SIGTERM on to its child, then SIGKILLs it
        if (!p.waitForFinished(10000)) {
            p.kill();
            p.waitForFinished();
        }
        r.err = QStringLiteral("(timed out)\n");
    } else if (p.exitStatus() == QProcess::NormalExit)
        r.exit = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err += QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString polkitRule(const QString &actionId, const QString &user, const char *result)
{
    return QStringLiteral("// test_helper_dbus\npolkit.addRule(function(action, subject) {\n"
                          "    if (action.id == \"%1\" && subject.user == \"%2\")\n"
                          "        return polkit.Result.%3;\n});\n")
        .arg(actionId, user, QLatin1String(result));
}

} // namespace

class HelperDBusTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<DirectoryLock> m_lock;
    std::unique_ptr<ThrowawayUser> m_user;
    std::unique_ptr<PolkitFiles> m_polkitFiles;
    std::unique_ptr<PrivateSystemBus> m_bus;
    std::unique_ptr<QTemporaryDir> m_tmp; // 0755: the client binaries and the user's home
    QString m_runuser;
    QString m_busctl;
    QString m_ptriage; // a path the throwaway user can run
    QString m_userHome;
    QString m_rulesName;
    int m_journals = 0;

    QString journalFor(bool asUser)
    {
        return (asUser ? m_userHome : m_tmp->path()) + QStringLiteral("/journal-%1.sqlite").arg(++m_journals);
    }

    // Only this: a clean environment, the private bus as the system bus, sanitizer settings.
    QStringList clientEnv(const QString &home) const
    {
        return {QStringLiteral("HOME=") + home, QStringLiteral("LANG=C.UTF-8"),
            QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS=") + m_bus->address(),
            QStringLiteral("LSAN_OPTIONS=suppressions=") + m_tmp->filePath(QStringLiteral("lsan.supp")),
            QStringLiteral("UBSAN_OPTIONS=print_stacktrace=1")};
    }

    Run asUser(const QString &program, const QStringList &args, const QStringList &extraEnv = {})
    {
        return runProcess(m_runuser, m_user->runuserArgs(QStringList{program} + args, clientEnv(m_userHome) + extraEnv),
            QProcessEnvironment::systemEnvironment());
    }

    Run asRoot(const QString &program, const QStringList &args, const QStringList &extraEnv = {})
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/sbin:/usr/bin:/sbin:/bin"));
        for (const QString &kv : clientEnv(m_tmp->filePath(QStringLiteral("root-home"))) + extraEnv)
            env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        return runProcess(program, args, env);
    }

    Run act(bool user, const QStringList &args)
    {
        const QStringList all = QStringList{QStringLiteral("act")} + args
            + QStringList{QStringLiteral("--yes"), QStringLiteral("--journal"), journalFor(user)};
        return user ? asUser(m_ptriage, all) : asRoot(m_ptriage, all);
    }

    // busctl call … Execute 'a{sv}' <args>.
    BusReply execute(bool user, const QStringList &dict)
    {
        const QStringList args
            = QStringList{QStringLiteral("--address=") + m_bus->address(), QStringLiteral("--timeout=60"),
                  QStringLiteral("--"), // from here on a "-100" is a value, not an option
                  QStringLiteral("call"), kHelperName, QStringLiteral("/org/ptriage/helper"),
                  QStringLiteral("org.ptriage.helper"), QStringLiteral("Execute")}
            + dict;
        const QStringList env{QStringLiteral("SYSTEMD_LOG_LEVEL=debug")};
        BusReply r{user ? asUser(m_busctl, args, env) : asRoot(m_busctl, args, env), {}};
        static const QRegularExpression errorLine(QStringLiteral("Got message type=error .* error-name=(\\S+)"));
        const auto m = errorLine.match(r.run.err);
        if (m.hasMatch())
            r.errorName = m.captured(1);
        return r;
    }

    static QStringList killRequest(const QString &target)
    {
        return {QStringLiteral("a{sv}"), QStringLiteral("3"), QStringLiteral("verb"), QStringLiteral("s"),
            QStringLiteral("signal"), QStringLiteral("targets"), QStringLiteral("as"), QStringLiteral("1"), target,
            QStringLiteral("signal"), QStringLiteral("s"), QStringLiteral("KILL")};
    }

    // Rules take effect at a known moment: written, then polkitd restarted. Empty: no rule. Returns the error.
    QString setRule(const QString &js)
    {
        QString error;
        if (!m_polkitFiles->setRules(m_rulesName, js, &error) || !m_bus->restartPolkit(&error))
            return error;
        return {};
    }

    QString grant(const QString &action, const char *result = "YES")
    {
        return setRule(polkitRule(action, m_user->name(), result));
    }

    Actor spawnRootTarget(Spawner &spawner)
    {
        return spawner.spawn(
            {"e2e-target", {"e2e-target"}, {{"ACTOR_LIFETIME", "300"}}, ptriage::test::Parenting::Child});
    }

    void checkHelperServing() { QVERIFY2(m_bus->helperRunning(), qPrintable(m_bus->logs())); }

private Q_SLOTS:
    void initTestCase()
    {
        if (::geteuid() != 0)
            QSKIP("needs root: owns the helper's name on a private system bus, runs polkitd, installs polkit "
                  "files and adds a throwaway user");
        for (const QString &tool :
            {QStringLiteral("dbus-daemon"), QStringLiteral("/usr/lib/polkit-1/polkitd"), QStringLiteral("runuser"),
                QStringLiteral("useradd"), QStringLiteral("userdel"), QStringLiteral("busctl")})
            if (findTool(tool).isEmpty())
                QSKIP(qPrintable(QStringLiteral("%1 is not installed (packages: dbus, polkitd, util-linux, passwd, "
                                                "systemd)")
                                     .arg(tool)));
        m_runuser = findTool(QStringLiteral("runuser"));
        m_busctl = findTool(QStringLiteral("busctl"));

        // Runs share polkit's directories: one at a time. Then what a run that died left is stale.
        m_lock = std::make_unique<DirectoryLock>(PolkitFiles::kRulesDir, 240000);
        QVERIFY2(m_lock->held(), "another run held the lock on /etc/polkit-1/rules.d for 4 minutes");
        const QString rulesPrefix = QStringLiteral("90-") + QLatin1String(ThrowawayUser::kPrefix);
        PolkitFiles::sweepStale(QFileInfo(kPolicyFile).fileName(), rulesPrefix);
        ThrowawayUser::sweepStale();

        QString error;
        m_user = std::make_unique<ThrowawayUser>();
        QVERIFY2(m_user->create(&error), qPrintable(error));
        m_rulesName = QStringLiteral("90-%1.rules").arg(m_user->name());

        m_tmp = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/ptriage-e2e-XXXXXX"));
        QVERIFY(m_tmp->isValid());
        const auto rx = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther;
        QVERIFY(QFile::setPermissions(m_tmp->path(), rx));
        m_userHome = m_tmp->filePath(QStringLiteral("home"));
        QVERIFY(QDir().mkpath(m_userHome) && QDir().mkpath(m_tmp->filePath(QStringLiteral("root-home"))));
        QVERIFY(::chown(qPrintable(m_userHome), m_user->uid(), m_user->gid()) == 0);
        QVERIFY(QFile::setPermissions(m_userHome, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QVERIFY(QFile::copy(kLsanSuppressions, m_tmp->filePath(QStringLiteral("lsan.supp"))));
        QVERIFY(QFile::setPermissions(
            m_tmp->filePath(QStringLiteral("lsan.supp")), QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        // The build tree may sit where the throwaway user cannot reach: then it runs a copy.
        m_ptriage = QString::fromUtf8(ptriage::test::ptriageBinary());
        if (!reachableByOthers(m_ptriage)) {
            m_ptriage = m_tmp->filePath(QStringLiteral("ptriage"));
            QVERIFY(QFile::copy(QString::fromUtf8(ptriage::test::ptriageBinary()), m_ptriage));
            QVERIFY(QFile::setPermissions(m_ptriage, rx));
        }

        m_polkitFiles = std::make_unique<PolkitFiles>();
        QVERIFY2(m_polkitFiles->installPolicy(kPolicyFile, &error), qPrintable(error));
        m_bus = std::make_unique<PrivateSystemBus>();
        QVERIFY2(m_bus->start({kBusPolicyFile}, &error), qPrintable(error));
        QVERIFY2(m_bus->startHelper(QStringLiteral(PTRIAGE_HELPER_BINARY),
                     {QStringLiteral("--idle-exit"), QStringLiteral("0")}, kHelperName, &error),
            qPrintable(error));
    }

    void cleanupTestCase()
    {
        // Daemons first (by PID), then the files polkitd read, then the user, then the lock.
        m_bus.reset();
        m_polkitFiles.reset();
        m_user.reset();
        m_tmp.reset();
        m_lock.reset();
    }

    // 1. A rule grants the user org.ptriage.helper.signal: `ptriage act kill` on a root process tries as
    //    the user, gets EPERM, and the helper kills it.
    void grantedKillGoesThroughTheHelper()
    {
        REQUIRE_DBUS_CLIENT();
        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.signal")));
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);

        const Run r = act(true, {QStringLiteral("kill"), id.toQString()});
        const QString line = r.lineFor(id);
        QVERIFY2(r.exit == 0, qPrintable(r.text()));
        QVERIFY2(
            line.contains(QStringLiteral(": done — ")) && line.contains(QStringLiteral("(with administrator rights)")),
            qPrintable(r.text()));
        QVERIFY2(waitEnded(id), "the root-owned target is still running");
        checkHelperServing();
    }

    // 2. A rule says NO: nothing happens to the target.
    void deniedByARule()
    {
        REQUIRE_DBUS_CLIENT();
        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.signal"), "NO"));
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);

        const Run r = act(true, {QStringLiteral("kill"), id.toQString()});
        const QString line = r.lineFor(id);
        QVERIFY2(r.exit == 1, qPrintable(r.text()));
        QVERIFY2(line.startsWith(id.toQString() + QStringLiteral(": not authorized — "))
                && line.contains(QStringLiteral("not authorized: "))
                && line.contains(QStringLiteral("nothing was done")),
            qPrintable(r.text()));
        QThread::msleep(200);
        QVERIFY2(untouched(id), "a denied request touched the target");
        checkHelperServing();
    }

    // 3. No rule and no agent. The policy's defaults apply: a caller outside an active local session (there is
    //    no logind here: no session at all) gets allow_any = no; an active local session gets auth_admin_keep,
    //    which a rule returning AUTH_ADMIN reproduces: with no agent to ask, "authentication required".
    void noRuleAndNoAgent()
    {
        REQUIRE_DBUS_CLIENT();
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);

        REQUIRE_OK(setRule({}));
        const Run none = act(true, {QStringLiteral("kill"), id.toQString()});
        QVERIFY2(none.exit == 1, qPrintable(none.text()));
        QVERIFY2(none.lineFor(id).startsWith(id.toQString() + QStringLiteral(": not authorized — ")),
            qPrintable(none.text()));

        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.signal"), "AUTH_ADMIN"));
        const Run challenge = act(true, {QStringLiteral("kill"), id.toQString()});
        const QString line = challenge.lineFor(id);
        QVERIFY2(challenge.exit == 1, qPrintable(challenge.text()));
        QVERIFY2(line.startsWith(id.toQString() + QStringLiteral(": not authorized — "))
                && line.contains(QStringLiteral("authentication required")),
            qPrintable(challenge.text()));
        QThread::msleep(200);
        QVERIFY2(untouched(id), "an unauthorized request touched the target");
        checkHelperServing();
    }

    // 4. Straight to the helper with busctl, as the user, no granting rule: polkit still decides. Malformed
    //    requests are refused before polkit is asked, and the helper keeps serving.
    void directCallsBypassingTheClient()
    {
        REQUIRE_OK(setRule({}));
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);
        const qint64 helperPid = m_bus->helperPid();

        const BusReply refused = execute(true, killRequest(id.toQString()));
        QVERIFY2(refused.errorName == kNotAuthorized, qPrintable(refused.run.text()));
        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.signal"), "AUTH_ADMIN"));
        const BusReply challenged = execute(true, killRequest(id.toQString()));
        QVERIFY2(challenged.errorName == kAuthRequired, qPrintable(challenged.run.text()));
        REQUIRE_OK(setRule({}));
        QVERIFY2(untouched(id), "a refused direct call touched the target");

        const QString bad = QString::fromStdString(id.boot.toString()) + QStringLiteral(":")
            + QString::number(id.startTicks) + QStringLiteral(":-5");
        QStringList tooMany
            = {QStringLiteral("a{sv}"), QStringLiteral("3"), QStringLiteral("verb"), QStringLiteral("s"),
                QStringLiteral("signal"), QStringLiteral("signal"), QStringLiteral("s"), QStringLiteral("KILL"),
                QStringLiteral("targets"), QStringLiteral("as"), QString::number(ptriage::procops::kMaxTargets + 1)};
        for (int i = 0; i <= ptriage::procops::kMaxTargets; ++i)
            tooMany << QStringLiteral("%1:%2:%3")
                           .arg(QString::fromStdString(id.boot.toString()))
                           .arg(id.startTicks)
                           .arg(1000 + i);
        const QList<std::pair<const char *, QStringList>> malformed = {
            {"verb as an integer",
                {QStringLiteral("a{sv}"), QStringLiteral("3"), QStringLiteral("verb"), QStringLiteral("i"),
                    QStringLiteral("7"), QStringLiteral("targets"), QStringLiteral("as"), QStringLiteral("1"),
                    id.toQString(), QStringLiteral("signal"), QStringLiteral("s"), QStringLiteral("KILL")}},
            {"negative pid", killRequest(bad)},
            {"signal off the whitelist",
                {QStringLiteral("a{sv}"), QStringLiteral("3"), QStringLiteral("verb"), QStringLiteral("s"),
                    QStringLiteral("signal"), QStringLiteral("targets"), QStringLiteral("as"), QStringLiteral("1"),
                    id.toQString(), QStringLiteral("signal"), QStringLiteral("s"), QStringLiteral("SEGV")}},
            {"nice out of range",
                {QStringLiteral("a{sv}"), QStringLiteral("3"), QStringLiteral("verb"), QStringLiteral("s"),
                    QStringLiteral("renice"), QStringLiteral("targets"), QStringLiteral("as"), QStringLiteral("1"),
                    id.toQString(), QStringLiteral("nice"), QStringLiteral("i"), QStringLiteral("-100")}},
            {"too many targets", tooMany},
        };
        for (const auto &[what, dict] : malformed) {
            const BusReply r = execute(true, dict);
            QVERIFY2(r.errorName == kInvalid, qPrintable(QLatin1String(what) + QStringLiteral(": ") + r.run.text()));
        }
        // Not even a{sv}: QtDBus finds no such method.
        const BusReply wrongType = execute(true, {QStringLiteral("s"), QStringLiteral("hello")});
        QVERIFY2(!wrongType.ok() && !wrongType.errorName.isEmpty(), qPrintable(wrongType.run.text()));

        // Still the same helper, still answering, still asking polkit.
        checkHelperServing();
        QCOMPARE(m_bus->helperPid(), helperPid);
        const BusReply again = execute(true, killRequest(id.toQString()));
        QVERIFY2(again.errorName == kNotAuthorized, qPrintable(again.run.text()));
        QVERIFY2(untouched(id), "the target was touched");
    }

    // 5a. Root needs no helper: it acts directly (polkit would authorize uid 0 anyway).
    void rootActsWithoutTheHelper()
    {
        // The target belongs to the throwaway user: runuser's child.
        QProcess runuser;
        runuser.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
        runuser.start(m_runuser,
            {QStringLiteral("-u"), m_user->name(), QStringLiteral("--"), QStringLiteral("sleep"),
                QStringLiteral("300")});
        QVERIFY(runuser.waitForStarted());
        const int parent = static_cast<int>(runuser.processId());
        int pid = 0;
        const QDeadlineTimer deadline(10000);
        while (pid == 0 && !deadline.hasExpired()) {
            const auto children = procfs::readFile(QStringLiteral("/proc/%1/task/%1/children").arg(parent));
            const int child = children ? children->trimmed().split(' ').value(0).toInt() : 0;
            const auto comm = procfs::readFile(QStringLiteral("/proc/%1/comm").arg(child));
            if (child > 0 && comm && comm->trimmed() == "sleep")
                pid = child;
            else
                QThread::msleep(20);
        }
        QVERIFY(pid > 0);
        const ProcessIdentity id = identityOf(pid);
        struct stat st { };
        QVERIFY(::stat(qPrintable(QStringLiteral("/proc/%1").arg(pid)), &st) == 0 && st.st_uid == m_user->uid());
        const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
        QVERIFY(pidfd >= 0);
        const auto cleanup = qScopeGuard([&] {
            // KILL the target, then wake runuser (it stopped itself when its child stopped) to reap it.
            ::syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr, 0);
            ::close(pidfd);
            ::kill(parent, SIGCONT);
            if (!runuser.waitForFinished(10000)) {
                runuser.kill();
                runuser.waitForFinished();
            }
        });

        const Run r = act(false, {QStringLiteral("pause"), id.toQString()});
        const QString line = r.lineFor(id);
        QVERIFY2(r.exit == 0, qPrintable(r.text()));
        QVERIFY2(line.contains(QStringLiteral(": done — ")) && !line.contains(QStringLiteral("administrator")),
            qPrintable(r.text()));
        QVERIFY2(waitState(id, 'T'), "root's pause did not stop the target");
    }

    // 5b. The helper re-checks identities: a stale one (right pid, wrong start time; or a process that has
    //     exited) is answered per target, and nothing is signalled. Asked as root: polkit always says yes.
    void staleIdentitiesThroughTheHelper()
    {
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);
        ProcessIdentity wrongStart = id;
        wrongStart.startTicks += 1;

        const BusReply changed = execute(false, killRequest(wrongStart.toQString()));
        QVERIFY2(changed.ok() && changed.run.out.contains(QStringLiteral("\"status\" s \"identity_changed\"")),
            qPrintable(changed.run.text()));
        QThread::msleep(200);
        QVERIFY2(untouched(id), "a stale identity's pid was signalled");

        // A process that has exited and been reaped.
        QProcess gone;
        gone.start(QStringLiteral("sleep"), {QStringLiteral("300")});
        QVERIFY(gone.waitForStarted());
        const ProcessIdentity goneId = identityOf(static_cast<int>(gone.processId()));
        gone.kill();
        QVERIFY(gone.waitForFinished());
        const BusReply exited = execute(false, killRequest(goneId.toQString()));
        // (Should the pid have been reused meanwhile, that is a changed identity: also untouched.)
        QVERIFY2(exited.ok()
                && (exited.run.out.contains(QStringLiteral("\"status\" s \"no_such_process\""))
                    || exited.run.out.contains(QStringLiteral("\"status\" s \"identity_changed\""))),
            qPrintable(exited.run.text()));
        QVERIFY2(untouched(id), "the target was touched");
        checkHelperServing();
    }

    // A helper killed right after a freeze, before it replied: the client says what it sees (frozen,
    // with its undo), and the thaw goes through under the undo grant alone, because the helper wrote
    // its ledger before acting. (Before: "failed … nothing was done", no undo, and a thaw needed the
    // freeze grant.)
    void aHelperKilledAfterActingLeavesItsUndo()
    {
        REQUIRE_DBUS_CLIENT();
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);
        const QString group = QStringLiteral("/ptriage-%1-%2").arg(target.pid).arg(id.startTicks);
        const auto inGroup = [&] {
            QFile f(QStringLiteral("/proc/%1/cgroup").arg(target.pid));
            return f.open(QIODevice::ReadOnly) && QString::fromLatin1(f.readAll()).contains(group);
        };
        QString error;
        auto normalHelper = qScopeGuard([&] {
            execute(false,
                {QStringLiteral("a{sv}"), QStringLiteral("2"), QStringLiteral("verb"), QStringLiteral("s"),
                    QStringLiteral("thaw"), QStringLiteral("targets"), QStringLiteral("as"), QStringLiteral("1"),
                    id.toQString()});
            m_bus->startHelper(QStringLiteral(PTRIAGE_HELPER_BINARY),
                {QStringLiteral("--idle-exit"), QStringLiteral("0")}, kHelperName, &error);
        });
        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.freeze")));
        QVERIFY2(m_bus->startHelper(QStringLiteral(PTRIAGE_HELPER_BINARY),
                     {QStringLiteral("--idle-exit"), QStringLiteral("0"), QStringLiteral("--test-die-after-acting")},
                     kHelperName, &error),
            qPrintable(error));
        const qint64 dying = m_bus->helperPid();

        const Run frozen = act(true, {QStringLiteral("freeze"), id.toQString()});
        const QString line = frozen.lineFor(id);
        QVERIFY2(!m_bus->helperRunning() || m_bus->helperPid() != dying, "the helper did not die");
        qInfo("%s", qPrintable(line));
        QVERIFY2(inGroup(), qPrintable(frozen.text()));
        QVERIFY2(line.contains(QStringLiteral(": done — ")) && line.contains(QStringLiteral("reply was lost"))
                && line.contains(QStringLiteral("the freeze took effect")),
            qPrintable(frozen.text()));

        // A helper of the usual kind, and only the undo granted: the ledger says the freeze was its own.
        QVERIFY2(m_bus->startHelper(QStringLiteral(PTRIAGE_HELPER_BINARY),
                     {QStringLiteral("--idle-exit"), QStringLiteral("0")}, kHelperName, &error),
            qPrintable(error));
        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.undo")));
        const Run thawed = act(true, {QStringLiteral("thaw"), id.toQString()});
        QVERIFY2(thawed.lineFor(id).contains(QStringLiteral(": done — ")), qPrintable(thawed.text()));
        QVERIFY2(!inGroup(), qPrintable(thawed.text()));
        // A second thaw is no undo of anything: the undo grant no longer covers it.
        const Run again = act(true, {QStringLiteral("thaw"), id.toQString()});
        QVERIFY2(!again.lineFor(id).contains(QStringLiteral(": done — ")), qPrintable(again.text()));
        checkHelperServing();
    }

    // Lists arrive in whatever array type the client's library picks: `av` (what a QVariantList becomes, as
    // ptriage's own client sends) and `ai` as well as `as`. Root quarantines its own process to CPU 0.
    void listsOfAnyArrayType()
    {
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);

        const BusReply r = execute(false,
            {QStringLiteral("a{sv}"), QStringLiteral("3"), QStringLiteral("verb"), QStringLiteral("s"),
                QStringLiteral("quarantine"), QStringLiteral("targets"), QStringLiteral("av"), QStringLiteral("1"),
                QStringLiteral("s"), id.toQString(), QStringLiteral("cpus"), QStringLiteral("ai"), QStringLiteral("1"),
                QStringLiteral("0")});
        QVERIFY2(r.ok() && r.run.out.contains(QStringLiteral("\"status\" s \"done\"")), qPrintable(r.run.text()));
        const auto status = procfs::readFile(QStringLiteral("/proc/%1/status").arg(id.pid));
        QVERIFY(status && status->contains("\nCpus_allowed_list:\t0\n"));
        checkHelperServing();
    }

    // 6. One action id per verb: a rule for org.ptriage.helper.renice lets the user renice a root process,
    //    and still not kill it.
    void perVerbActionIds()
    {
        REQUIRE_DBUS_CLIENT();
        REQUIRE_OK(grant(QStringLiteral("org.ptriage.helper.renice")));
        Spawner spawner;
        const Actor target = spawnRootTarget(spawner);
        QVERIFY(target.pid > 0);
        const ProcessIdentity id = identityOf(target.pid);

        const Run renice
            = act(true, {QStringLiteral("renice"), id.toQString(), QStringLiteral("--nice"), QStringLiteral("5")});
        QVERIFY2(renice.exit == 0, qPrintable(renice.text()));
        QVERIFY2(renice.lineFor(id).contains(QStringLiteral(": done — "))
                && renice.lineFor(id).contains(QStringLiteral("(with administrator rights)")),
            qPrintable(renice.text()));
        const auto st = procfs::readStat(id.pid);
        QVERIFY(st && st->startTicks == id.startTicks);
        QCOMPARE(st->nice, 5L);

        const Run kill = act(true, {QStringLiteral("kill"), id.toQString()});
        QVERIFY2(kill.exit == 1, qPrintable(kill.text()));
        QVERIFY2(kill.lineFor(id).startsWith(id.toQString() + QStringLiteral(": not authorized — ")),
            qPrintable(kill.text()));
        QThread::msleep(200);
        QVERIFY2(untouched(id), "a kill that only renice was granted for touched the target");
        checkHelperServing();
    }
};

QTEST_GUILESS_MAIN(HelperDBusTest)
#include "tst_helper_dbus.moc"
