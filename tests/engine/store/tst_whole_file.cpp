// store/WholeFile (issue 66): every file ptriage writes is written beside its target and renamed
// over it; a link at the target is refused, a link swapped in while writing is replaced, never
// followed; another user's file is refused. Also through the CLI: `scan --state LINK`.
#include "store/WholeFile.h"
#include "support/RunPtriage.h"
#include "support/TestRoom.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cstdio>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace ptriage;

namespace {

QByteArray contentOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

bool isLink(const QString &path)
{
    struct stat st { };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISLNK(st.st_mode);
}

} // namespace

class WholeFileTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_victim; // a file the attacker wants written: a root-only secret, say

    QString at(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_victim = at(QStringLiteral("victim"));
        QFile f(m_victim);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("secret");
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    }

    void writesNewAndReplacesKeepingTheMode()
    {
        QString error;
        const QString path = at(QStringLiteral("state"));
        QFile::remove(path);
        QVERIFY2(writeWholeFile(path, "one", 0600, &error), qPrintable(error));
        QCOMPARE(contentOf(path), QByteArray("one"));
        QCOMPARE(QFileInfo(path).permissions() & 0x0077, QFileDevice::Permissions()); // group, others: nothing
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0640) == 0);
        QVERIFY2(writeWholeFile(path, "two", 0600, &error), qPrintable(error));
        QCOMPARE(contentOf(path), QByteArray("two"));
        struct stat st { };
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        // No temporary file is left beside it.
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral(".tmp")).size(), 0);
    }

    void refusesALinkAndLeavesWhatItPointsAtAlone()
    {
        const QString link = at(QStringLiteral("planted"));
        QFile::remove(link);
        QVERIFY(QFile::link(m_victim, link));
        QString error;
        QVERIFY(!writeWholeFile(link, "{\"schema\":1}", 0600, &error));
        QVERIFY2(error.contains(QStringLiteral("symbolic link")), qPrintable(error));
        QCOMPARE(contentOf(m_victim), QByteArray("secret"));
        QVERIFY(isLink(link));
    }

    void refusesWhatIsNoFile()
    {
        QString error;
        QVERIFY(!writeWholeFile(m_dir.path(), "x", 0600, &error));
        QVERIFY(QDir(at(QStringLiteral("sub"))).mkpath(QStringLiteral(".")));
        QVERIFY(!writeWholeFile(at(QStringLiteral("sub")), "x", 0600, &error));
        QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
        QVERIFY(!writeWholeFile(at(QStringLiteral("no/such/dir/file")), "x", 0600, &error));
        QVERIFY2(error.contains(QStringLiteral("directory")), qPrintable(error));
    }

    // The attack of issue 66: a valid file at the target, a link swapped over it again and again while
    // ptriage writes. Whatever the timing, the link's target is never written.
    void aLinkSwappedInIsReplacedNeverFollowed()
    {
        const QString target = at(QStringLiteral("pt.state"));
        const QByteArray targetName = QFile::encodeName(target);
        const QByteArray spare = QFile::encodeName(at(QStringLiteral("spare-link")));
        const QByteArray victim = QFile::encodeName(m_victim);
        std::atomic<bool> stop{false};
        std::atomic<int> swaps{0};
        std::thread attacker([&] {
            while (!stop) {
                ::unlink(spare.constData());
                if (::symlink(victim.constData(), spare.constData()) == 0
                    && ::rename(spare.constData(), targetName.constData()) == 0)
                    ++swaps;
            }
        });
        int written = 0, refused = 0;
        for (int i = 0; i < 400; ++i) {
            QString error;
            (writeWholeFile(target, "{\"schema\":1}", 0600, &error) ? written : refused)++;
        }
        stop = true;
        attacker.join();
        QCOMPARE(contentOf(m_victim), QByteArray("secret"));
        QVERIFY2(swaps > 0, "the attacker never swapped a link in");
        QCOMPARE(written + refused, 400);
    }

    void refusesAnotherUsersFile()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to give a file to another user");
        const QString theirs = at(QStringLiteral("theirs"));
        QFile f(theirs);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("theirs");
        f.close();
        QVERIFY(::chown(QFile::encodeName(theirs).constData(), 65534, 65534) == 0);
        QString error;
        QVERIFY(!writeWholeFile(theirs, "mine", 0600, &error));
        QVERIFY2(error.contains(QStringLiteral("owned by uid 65534")), qPrintable(error));
        QCOMPARE(contentOf(theirs), QByteArray("theirs"));
    }

    // The CLI's state file, where the attack was found: a link at --state is refused, said, and what
    // it points at is left as it was.
    void scanRefusesAStateFileThatIsALink()
    {
        const QString link = at(QStringLiteral("pt.state"));
        QFile::remove(link);
        QVERIFY(QFile::link(m_victim, link));
        const test::Run r = test::runPtriage({QStringLiteral("scan"), QStringLiteral("--state"), link,
            QStringLiteral("--min-age"), QStringLiteral("0")});
        QVERIFY2(r.err.contains("symbolic link"), r.err.constData());
        QCOMPARE(contentOf(m_victim), QByteArray("secret"));
        QVERIFY(isLink(link));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(WholeFileTest)
#include "tst_whole_file.moc"
