// The fds a child shares with its parent are taken from the parent's read (kcmp): real processes that
// share, replace and close fds, compared with what their links in /proc say.
#include "collect/Collector.h"
#include "support/TestRoom.h"

#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <linux/kcmp.h>
#include <map>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace ptriage;

namespace {

// What /proc says of a process's fds right now: the link and, for a file, whether it is open for writing.
std::map<int, std::pair<std::string, bool>> linksOf(int pid)
{
    std::map<int, std::pair<std::string, bool>> out;
    for (int fd = 0; fd < 1024; ++fd) {
        const std::string path = "/proc/" + std::to_string(pid) + "/fd/" + std::to_string(fd);
        char target[4096];
        const ssize_t n = ::readlink(path.c_str(), target, sizeof target);
        struct stat st { };
        if (n > 0 && ::lstat(path.c_str(), &st) == 0)
            out[fd] = {std::string(target, static_cast<std::size_t>(n)), (st.st_mode & S_IWUSR) != 0};
    }
    return out;
}

// Asleep and not run for 50 ms (its CPU nanoseconds unchanged): past the last step of its setup, which
// on a loaded machine can come long after it answered. Up to 10 s.
bool settled(pid_t pid)
{
    const auto cpuNs = [pid] {
        std::ifstream f("/proc/" + std::to_string(pid) + "/schedstat");
        unsigned long long ns = 0;
        return f >> ns ? ns : ~0ULL;
    };
    const auto state = [pid] {
        std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        std::getline(f, line);
        const auto close = line.rfind(')');
        return close == std::string::npos || close + 2 >= line.size() ? '?' : line[close + 2];
    };
    for (int tries = 0; tries < 200; ++tries) {
        const auto before = cpuNs();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (state() == 'S' && before != ~0ULL && cpuNs() == before)
            return true;
    }
    return false;
}

// A parent of one thread, idle in read(), holding fd 3 → a.txt (write), 4 → b.txt (read), 5 → a socket,
// 6 → a pipe's write end, 7 → c.txt (write), 40 → its control pipe; and four children forked from it,
// not exec'd: the first shares all but 40, the second has c.txt at fd 3, the third closed fd 4, the
// fourth has /dev/null at fd 0 and keeps 40 (its fds are not 0..n-1, yet all but one are shared). A
// byte on the control pipe makes the parent put c.txt at its own fd 3 and answer.
struct Family {
    pid_t parent = -1;
    std::array<pid_t, 4> children{-1, -1, -1, -1};
    int control = -1; // write a byte: the parent's fd 3 becomes c.txt
    int answers = -1;
    std::string dir;

    bool start(const std::string &where)
    {
        dir = where;
        int ctl[2], ans[2];
        if (::pipe(ctl) != 0 || ::pipe(ans) != 0)
            return false;
        parent = ::fork();
        if (parent < 0)
            return false;
        if (parent == 0) {
            ::setsid();
            const int a = ::open((dir + "/a.txt").c_str(), O_WRONLY | O_CREAT, 0600);
            const int b = ::open((dir + "/b.txt").c_str(), O_RDONLY | O_CREAT, 0600);
            int pair[2], pipeEnds[2];
            if (a < 0 || b < 0 || ::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0 || ::pipe(pipeEnds) != 0)
                ::_exit(1);
            const int c = ::open((dir + "/c.txt").c_str(), O_WRONLY | O_CREAT, 0600);
            const int in = ::dup(ctl[0]), out = ::dup(ans[1]);
            // Above the fds the family shows, then 3..7 in place.
            const int high = 40;
            if (::dup2(in, high) < 0 || ::dup2(out, high + 1) < 0 || ::dup2(a, high + 2) < 0 || ::dup2(b, high + 3) < 0
                || ::dup2(pair[0], high + 4) < 0 || ::dup2(pipeEnds[1], high + 5) < 0 || ::dup2(c, high + 6) < 0)
                ::_exit(1);
            ::close_range(3, high - 1, 0);
            ::close_range(high + 7, ~0U, 0); // the test's own, above
            for (int k = 0; k < 5; ++k)
                if (::dup2(high + 2 + k, 3 + k) < 0)
                    ::_exit(1);
            ::close_range(high + 2, high + 6, 0);
            pid_t kids[4];
            for (int k = 0; k < 4; ++k) {
                kids[k] = ::fork();
                if (kids[k] == 0) {
                    ::close_range(k == 3 ? high + 1 : high, high + 1, 0);
                    if (k == 3) {
                        const int null = ::open("/dev/null", O_RDONLY);
                        if (null < 0 || ::dup2(null, 0) != 0)
                            ::_exit(1);
                        ::close(null);
                    }
                    if (k == 1)
                        ::dup2(7, 3);
                    if (k == 2)
                        ::close(4);
                    for (;;)
                        ::pause();
                }
            }
            if (::write(high + 1, kids, sizeof kids) != sizeof kids)
                ::_exit(1);
            char byte;
            while (::read(high, &byte, 1) == 1) {
                ::dup2(7, 3);
                if (::write(high + 1, &byte, 1) != 1)
                    ::_exit(1);
            }
            ::_exit(0);
        }
        ::close(ctl[0]);
        ::close(ans[1]);
        control = ctl[1];
        answers = ans[0];
        pid_t kids[4];
        if (::read(answers, kids, sizeof kids) != sizeof kids)
            return false;
        std::copy(std::begin(kids), std::end(kids), children.begin());
        // The parent runs on into its read() after answering, the children into pause(): a scan
        // before then sees a parent that ran after its read (its children read again) or a child
        // that has not yet replaced or closed its fd.
        return settled(parent) && std::all_of(children.begin(), children.end(), settled);
    }
    bool parentTakesC() const
    {
        char byte = 'c';
        return ::write(control, &byte, 1) == 1 && ::read(answers, &byte, 1) == 1;
    }
    ~Family()
    {
        for (const pid_t child : children)
            if (child > 0)
                ::kill(child, SIGKILL); // the parent's to reap
        if (parent > 0) {
            ::kill(parent, SIGKILL);
            ::waitpid(parent, nullptr, 0);
        }
        ::close(control);
        ::close(answers);
    }
};

// Every fd the scan read of `pid` is what its link says now, and none is missing.
void verifyFilesAsLinked(const Snapshot &snap, int pid)
{
    const Sample *s = snap.byPid(pid);
    QVERIFY2(s && s->deep && s->deep->filesRead, qPrintable(QStringLiteral("pid %1 not read").arg(pid)));
    const auto links = linksOf(pid);
    std::map<int, std::pair<std::string, bool>> read;
    for (const OpenFile &f : s->deep->files)
        read[f.fd] = {f.target, f.kind == FdKind::File ? f.writable : links.count(f.fd) && links.at(f.fd).second};
    for (const auto &[fd, link] : links) {
        QVERIFY2(read.count(fd), qPrintable(QStringLiteral("pid %1: fd %2 not read").arg(pid).arg(fd)));
        QCOMPARE(read.at(fd).first, link.first);
        QCOMPARE(read.at(fd).second, link.second);
    }
    QCOMPARE(read.size(), links.size());
}

// How many of the family's children the last scan read again by their links.
std::size_t readAgainOf(const Collector &c, const Snapshot &snap, const Family &family)
{
    const std::vector<ProcessIdentity> again = c.lastInherited().readAgain;
    std::size_t n = 0;
    for (const pid_t child : family.children)
        if (const Sample *s = snap.byPid(child))
            n += static_cast<std::size_t>(std::count(again.begin(), again.end(), s->id));
    return n;
}

bool kcmpWorks()
{
    return ::syscall(SYS_kcmp, ::getpid(), ::getpid(), KCMP_FILE, 0, 0) == 0;
}

} // namespace

class TestInheritedFds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The children's records are their own: shared fds as the parent's, a replaced one and a closed one
    // as their links say; and some were taken from the parent, not read.
    void childrenShowTheirOwnFilesWhetherSharedOrNot()
    {
        if (!kcmpWorks())
            QSKIP("kcmp(2) is not available here (kernel or seccomp): every fd is read by its link");
        QTemporaryDir dir;
        Family family;
        QVERIFY(family.start(dir.path().toStdString()));
        Collector c{CollectOptions{}};
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto snap = c.scanOnce();
        for (const pid_t child : family.children)
            verifyFilesAsLinked(*snap, child);
        verifyFilesAsLinked(*snap, family.parent);
        // 0..7 shared by the first, all but 3 by the second, 0..3 by the third (it closed 4: its 5..7 are
        // read by their links, not compared), 1..7 and 40 by the fourth.
        QVERIFY2(c.lastInherited().fds >= 27, qPrintable(QString::number(c.lastInherited().fds)));
        // The parent did not run: none of its children was read again (another parent on the machine
        // that ran meanwhile may have had its own children read again).
        QCOMPARE(readAgainOf(c, *snap, family), std::size_t{0});
    }

    // The parent changes its fd 3 after its files were read, to the file its second child has there:
    // kcmp then finds them the same, but the parent's record is of its old file. The parent ran, so its
    // children's fds are read again by their links.
    void aParentThatRanAfterItsReadLendsNothing()
    {
        if (!kcmpWorks())
            QSKIP("kcmp(2) is not available here (kernel or seccomp): every fd is read by its link");
        QTemporaryDir dir;
        Family family;
        QVERIFY(family.start(dir.path().toStdString()));
        CollectOptions o;
        bool changed = false;
        o.afterLendersRead = [&] {
            if (!changed)
                changed = family.parentTakesC();
        };
        Collector c(o);
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto snap = c.scanOnce();
        QVERIFY(changed);
        for (const pid_t child : family.children)
            verifyFilesAsLinked(*snap, child);
        QCOMPARE(readAgainOf(c, *snap, family), family.children.size());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(TestInheritedFds)
#include "tst_inherited_fds.moc"
