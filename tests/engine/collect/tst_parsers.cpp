// Parsers of /proc text against hostile and malformed input: never a crash, always a clear
// answer (a value, or false with a reason).
#include "collect/MemoryFootprint.h"
#include "collect/SecretMask.h"
#include "collect/Workspace.h"
#include "collect/proc/ProcParsers.h"
#include "collect/proc/SocketTable.h"
#include "collect/state/StateFile.h"
#include "procops/identity/ProcessIdentity.h"
#include "support/TestRoom.h"

#include <QtTest>

using namespace ptriage;

class ParserTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void statWithHostileComm()
    {
        // comm may hold spaces and ')' — only the last ')' ends it.
        const std::string text = "4242 (evil) (x y) S 1 4242 4242 0 -1 4194560 10 0 0 0 120 30 0 0 20 0 3 0 "
                                 "98765 1048576 256 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 5 0 0 0 0 0\n";
        StatFields f;
        const char *reason = nullptr;
        QVERIFY(parseStat(text, f, &reason));
        QCOMPARE(std::string(f.comm), std::string("evil) (x y"));
        QCOMPARE(f.state, 'S');
        QCOMPARE(f.ppid, 1);
        QCOMPARE(f.utime + f.stime, 150ull);
        QCOMPARE(f.threads, 3L);
        QCOMPARE(f.startTicks, 98765ull);
        QCOMPARE(f.rssPages, 256LL);
        QCOMPARE(f.processor, 5);
        // A line that stops after rss (as old captures may): read, the CPU unknown.
        StatFields shortLine;
        QVERIFY(parseStat("12 (sh) S 1 12 12 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5 6 7", shortLine, &reason));
        QCOMPARE(shortLine.processor, -1);
        QCOMPARE(shortLine.rssPages, 7LL);
    }

    void statMalformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("reason");
        QTest::newRow("empty") << QByteArray() << QByteArray("no (comm)");
        QTest::newRow("truncated") << QByteArray("12 (sh) S 1 12 12 0 -1") << QByteArray("truncated");
        QTest::newRow("no close paren") << QByteArray("12 (sh S 1 2 3") << QByteArray("no (comm)");
        QTest::newRow("bad pid") << QByteArray("x12 (sh) S 1 12 12 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5 6 7")
                                 << QByteArray("bad pid");
        QTest::newRow("letters in numbers")
            << QByteArray("12 (sh) S 1 12 12 0 -1 0 0 0 0 0 1x 1 0 0 20 0 1 0 5 6 7") << QByteArray("bad number");
        QTest::newRow("two-letter state")
            << QByteArray("12 (sh) SS 1 12 12 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5 6 7") << QByteArray("bad state");
        QTest::newRow("binary garbage") << QByteArray("\x01\xff(\x00)\x80", 6) << QByteArray("");
    }
    void statMalformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, reason);
        StatFields f;
        const char *why = nullptr;
        QVERIFY(!parseStat(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), f, &why));
        QVERIFY(why != nullptr);
        QVERIFY2(std::string_view(why).find(reason.constData()) != std::string_view::npos, why);
    }

    void ioAndStatus()
    {
        const auto io = parseIo("rchar: 100\nwchar: 23\nsyscr: 1\n");
        QVERIFY(io);
        QCOMPARE(io->read, 100ull);
        QCOMPARE(io->written, 23ull);
        QCOMPARE(io->total(), 123ull);
        // Counters that would wrap (a malformed file): the total saturates, never reads small.
        QCOMPARE(parseIo("rchar: 18446744073709551615\nwchar: 198\n")->total(), UINT64_MAX);
        QVERIFY(!parseIo("rchar: 100\n"));
        QVERIFY(!parseIo(""));
        std::uint32_t uid = 0;
        QVERIFY(parseStatusUid("Name:\tx\nUid:\t1000\t1000\t1000\t1000\nGid:\t5\n", uid));
        QCOMPARE(uid, 1000u);
        QVERIFY(!parseStatusUid("Name:\tx\n", uid));
        QVERIFY(!parseStatusUid("Uid:\tabc\n", uid));
    }

    void cmdlineKeepsRawBytes()
    {
        const std::string raw("python3\0-c\0\xff\xfe bad utf8\0", 23);
        const auto args = parseCmdline(raw);
        QCOMPARE(args.size(), std::size_t{3});
        QCOMPARE(args[2], std::string("\xff\xfe bad utf8"));
        QVERIFY(parseCmdline("").empty());
        QCOMPARE(parseCmdline(std::string("a", 1)).size(), std::size_t{1}); // no trailing NUL
    }

    void environKeepsOnlyWantedKeys()
    {
        std::string raw;
        for (int i = 0; i < 20000; ++i)
            raw += "NOISE" + std::to_string(i) + "=x" + std::string(1, '\0');
        raw += std::string("TMUX=/tmp/tmux-0/default,1,0") + '\0' + "SECRET_TOKEN=hunter2" + '\0' + "=novalue" + '\0';
        const auto env = parseEnviron(raw, {"TMUX", "SSH_TTY"});
        QCOMPARE(env.size(), std::size_t{1});
        QCOMPARE(env[0].first, std::string("TMUX"));
    }

    void cgroupPrefersUnified()
    {
        QCOMPARE(parseCgroup("12:cpu:/a\n0::/user.slice/x.service\n"), std::string("/user.slice/x.service"));
        QCOMPARE(parseCgroup("9:name=systemd:/system.slice/y.service\n4:memory:/z\n"),
            std::string("/system.slice/y.service"));
        QCOMPARE(parseCgroup(""), std::string());
        QCOMPARE(parseCgroup("garbage"), std::string());
    }

    void systemFiles()
    {
        double up = 0;
        QVERIFY(parseUptime("12345.67 999.00\n", up));
        QCOMPARE(up, 12345.67);
        QVERIFY(!parseUptime("", up));
        QVERIFY(!parseUptime("-5 1", up));
        std::uint64_t total = 0, avail = 0;
        parseMeminfo("MemTotal:       24000000 kB\nMemFree: 1 kB\nMemAvailable:   12000000 kB\n", total, avail);
        QCOMPARE(total, 24000000ull * 1024);
        QCOMPARE(avail, 12000000ull * 1024);
        std::uint64_t swapTotal = 0, swapFree = 0;
        QVERIFY(parseSwap("MemTotal: 1 kB\nSwapTotal:  2048 kB\nSwapFree:   1024 kB\n", swapTotal, swapFree));
        QCOMPARE(swapTotal, 2048ull * 1024);
        QCOMPARE(swapFree, 1024ull * 1024);
        QVERIFY(!parseSwap("SwapTotal: 2048 kB\n", swapTotal, swapFree)); // SwapFree missing
        QVERIFY(!parseSwap("SwapTotal: lots\nSwapFree: 1 kB\n", swapTotal, swapFree));
        double a = 0, b = 0, c = 0;
        QVERIFY(parseLoadavg("0.50 1.00 2.00 1/200 4242\n", a, b, c));
        QCOMPARE(c, 2.0);
        QVERIFY(!parseLoadavg("0.5", a, b, c));
        unsigned flags = 0;
        QVERIFY(parseFdinfoFlags("pos:\t0\nflags:\t0100001\nmnt_id:\t25\n", flags));
        QCOMPARE(flags & 3u, 1u); // O_WRONLY
        QVERIFY(!parseFdinfoFlags("pos:\t0\n", flags));
        std::uint64_t inode = 0;
        QVERIFY(parseFdinfoInode("pos:\t0\nflags:\t0100001\nmnt_id:\t25\nino:\t10952901\n", inode));
        QCOMPARE(inode, 10952901ull);
        QVERIFY(!parseFdinfoInode("pos:\t0\nflags:\t0100001\nmnt_id:\t25\n", inode)); // before Linux 5.14
        QVERIFY(!parseFdinfoInode("ino:\t12x\n", inode));
    }

    void pressure()
    {
        double some = -1, full = -1;
        QVERIFY(parsePressure("some avg10=1.25 avg60=0.50 avg300=0.10 total=123\n"
                              "full avg10=0.75 avg60=0.20 avg300=0.00 total=45\n",
            some, full));
        QCOMPARE(some, 1.25);
        QCOMPARE(full, 0.75);
        QVERIFY(parsePressure("some avg10=3.00 avg60=0.00 avg300=0.00 total=0\n", some, full));
        QCOMPARE(full, 0.0); // no "full" line
        for (const char *bad :
            {"", "some\n", "some avg10=abc\n", "some avg10=101.0 avg60=0\n", "xsome avg10=1.0\n", "full avg10=1.0\n"}) {
            some = -1;
            QVERIFY2(!parsePressure(bad, some, full), bad);
            QCOMPARE(some, -1.0); // untouched on failure
        }
    }

    void wholeEnvironment()
    {
        using namespace std::string_literals;
        const std::string env = "A=1\0=noname\0B=x=y\0NOEQUALS\0C=\0"s;
        const auto all = parseEnvironAll(env, 100);
        QCOMPARE(all.size(), std::size_t(3));
        QCOMPARE(all[1].second, std::string("x=y"));
        QCOMPARE(all[2].second, std::string());
        QCOMPARE(parseEnvironAll(env, 1).size(), std::size_t(1));
        QVERIFY(parseEnvironAll({}, 10).empty());
    }

    void secretsAreMasked_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("shown");
        const QString m = QString::fromUtf8(kMask.data(), static_cast<qsizetype>(kMask.size()));
        QTest::newRow("token") << "GITHUB_TOKEN"
                               << "ghp_abc" << m;
        QTest::newRow("lowercase key") << "my_api_key"
                                       << "k" << m;
        QTest::newRow("password") << "PGPASSWORD"
                                  << "hunter2" << m;
        QTest::newRow("aws") << "AWS_SECRET_ACCESS_KEY"
                             << "x" << m;
        QTest::newRow("cookie") << "SESSION_COOKIE"
                                << "x" << m;
        QTest::newRow("url password") << "DATABASE_URL"
                                      << "postgres://bob:hunter2@db:5432/x"
                                      << QStringLiteral("postgres://bob:%1@db:5432/x").arg(m);
        QTest::newRow("url without password") << "UPSTREAM"
                                              << "https://bob@example.org/a:b@c"
                                              << "https://bob@example.org/a:b@c";
        QTest::newRow("path") << "PATH"
                              << "/usr/bin:/bin"
                              << "/usr/bin:/bin";
        QTest::newRow("pwd is a directory") << "PWD"
                                            << "/home/dev"
                                            << "/home/dev";
        QTest::newRow("agent socket") << "SSH_AUTH_SOCK"
                                      << "/run/user/1000/ssh"
                                      << "/run/user/1000/ssh";
        QTest::newRow("empty secret") << "TOKEN"
                                      << ""
                                      << "";
    }

    void secretsAreMasked()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, shown);
        QCOMPARE(QString::fromStdString(maskedValue(key.toStdString(), value.toStdString())), shown);
    }

    void workspaceIsTheNearestProjectAboveCwd()
    {
        QTemporaryDir tmp(QDir::currentPath() + QStringLiteral("/ws-XXXXXX")); // not under /tmp: that stops the walk
        QVERIFY(tmp.isValid());
        const QString root = tmp.path() + QStringLiteral("/proj");
        QVERIFY(QDir().mkpath(root + QStringLiteral("/.git")));
        QVERIFY(QDir().mkpath(root + QStringLiteral("/src/deep/er")));
        QCOMPARE(QString::fromStdString(findWorkspace((root + QStringLiteral("/src/deep/er/")).toStdString())), root);
        QCOMPARE(QString::fromStdString(findWorkspace(root.toStdString())), root);
        QCOMPARE(QString::fromStdString(findWorkspace("relative/path")), QString());
        QCOMPARE(QString::fromStdString(findWorkspace("/")), QString());
        QCOMPARE(QString::fromStdString(findWorkspace("/proc/self")), QString());
    }

    void procNetTables()
    {
        SocketMap map;
        parseProcNetInet(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
            "   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4711 1\n"
            "   1: 0100007F:9C40 0100007F:0BB8 01 00000000:00000000 00:00000000 00000000  1000        0 4712 1\n"
            "   2: garbage line\n",
            SocketInfo::Proto::Tcp, map);
        QCOMPARE(map.size(), std::size_t{2});
        QVERIFY(map.at(4711).listening);
        QCOMPARE(map.at(4711).local, std::string("127.0.0.1:3000"));
        QVERIFY(map.at(4712).established);
        QCOMPARE(map.at(4712).remotePort, 3000);
        parseProcNetInet("header\n   0: 00000000000000000000000000000000:0016 00000000000000000000000000000000:0000 0A "
                         "0:0 0:0 0 0 0 99 1\n",
            SocketInfo::Proto::Tcp6, map);
        QCOMPARE(map.at(99).local, std::string("[::]:22"));
        parseProcNetUnix("Num       RefCount Protocol Flags    Type St Inode Path\n"
                         "0000000000000000: 00000002 00000000 00010000 0001 01 5150 /run/user/1000/my app.sock\n"
                         "0000000000000000: 00000003 00000000 00000000 0001 03 5151\n",
            map);
        QVERIFY(map.at(5150).listening);
        QCOMPARE(map.at(5150).local, std::string("/run/user/1000/my app.sock"));
        QVERIFY(map.at(5151).established);
    }

    // What decides which socket tables are dumped: a count per kind, absent where unreadable.
    void sockstatCountsEachKind()
    {
        const SocketCounts c = parseSockstat("sockets: used 7\nTCP: inuse 1 orphan 0 tw 8 alloc 1 mem 18\n"
                                             "UDP: inuse 0 mem 0\nUDPLITE: inuse 5\n",
            "TCP6: inuse 2\nUDP6: inuse 0\nUDPLITE6: inuse 4\n");
        QCOMPARE(c.tcp.value_or(-1), 1L);
        QCOMPARE(c.timeWait.value_or(-1), 8L);
        QCOMPARE(c.udp.value_or(-1), 0L); // not UDPLITE's
        QCOMPARE(c.tcp6.value_or(-1), 2L);
        QCOMPARE(c.udp6.value_or(-1), 0L);
        const SocketCounts unread = parseSockstat("", "");
        QVERIFY(!unread.tcp && !unread.tcp6 && !unread.udp && !unread.udp6 && !unread.timeWait);
        const SocketCounts hostile
            = parseSockstat("TCP: inuse -1 tw x9\nUDP: inuse\n", "TCP6: inuse 99999999999999999999\n");
        QVERIFY(!hostile.tcp && !hostile.timeWait && !hostile.udp && !hostile.tcp6);
    }

    void connectionsThatJustEndedAreCountedByPort()
    {
        // TIME_WAIT (06): not kept as sockets (no inode, thousands on a busy server), counted by port.
        SocketMap map;
        ClosedByPort closed;
        parseProcNetInet(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
            "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4711 1\n"
            // the server's end, closed first after its answer: under the server's port
            "   1: 0100007F:1F90 0100007F:D431 06 00000000:00000000 03:00001770 00000000     0        0 0 3\n"
            // a client's end, closed first (a readiness probe): under its own port, not the server's
            "   2: 0100007F:D432 0100007F:1F90 06 00000000:00000000 03:00001770 00000000     0        0 0 3\n"
            "   3: 0F00000A:C350 5DB8D822:0050 06 00000000:00000000 03:00001770 00000000     0        0 0 3\n",
            SocketInfo::Proto::Tcp, map, &closed);
        QCOMPARE(map.size(), std::size_t{1});
        QCOMPARE(closed.size(), std::size_t{3});
        QCOMPARE(closed.at(8080), 1);
        QCOMPARE(closed.at(54322), 1);
        QCOMPARE(closed.at(50000), 1);
        QVERIFY(!closed.count(54321) && !closed.count(80));
        // Without a count asked for, nothing changes in the map.
        SocketMap again;
        parseProcNetInet(
            "header\n   1: 0100007F:1F90 0100007F:D431 06 0:0 03:00001770 0 0 0 0 3\n", SocketInfo::Proto::Tcp, again);
        QVERIFY(again.empty());
    }

    void locks()
    {
        const auto l = parseLocks("1: POSIX  ADVISORY  WRITE 4242 08:01:5678 0 EOF\n"
                                  "1: -> POSIX  ADVISORY  WRITE 4343 08:01:5678 0 EOF\n"
                                  "2: FLOCK  ADVISORY  READ 17 00:1b:99 0 EOF\n"
                                  "3: broken\n");
        QCOMPARE(l.size(), std::size_t{3});
        QCOMPARE(l[0].pid, 4242);
        QCOMPARE(l[0].inode, 5678ull);
        QVERIFY(l[0].write && !l[0].waiting);
        QCOMPARE(l[1].pid, 4343); // the waiter, its fields after the arrow
        QVERIFY(l[1].waiting);
        QCOMPARE(l[1].inode, 5678ull);
        QCOMPARE(l[2].device, std::string("00:1b"));
    }

    void schedFiles()
    {
        double ms = 0;
        QVERIFY(parseSchedExecStart("cat (23102, #threads: 1)\n----\nse.exec_start                                :"
                                    "       8337593.434081\nse.vruntime   :   1.5\n",
            ms));
        QCOMPARE(ms, 8337593.434081);
        for (const char *bad : {"", "se.exec_start\n", "se.exec_start : \n", "se.exec_start : abc\n",
                 "se.exec_start : -4\n", "se.exec_start_x : 5\n", "se.vruntime : 5\n"})
            QVERIFY2(!parseSchedExecStart(bad, ms), bad);
        std::uint64_t ns = 0;
        QVERIFY(parseSchedstatRunNs("3995660 120 1\n", ns));
        QCOMPARE(ns, 3995660ull);
        for (const char *bad : {"", "12 34\n", "x 1 2\n", "-1 2 3\n"})
            QVERIFY2(!parseSchedstatRunNs(bad, ns), bad);

        std::string_view comm;
        long threads = 0;
        QVERIFY(parseSchedHeader("cat (23102, #threads: 1)\n----\n", comm, threads));
        QCOMPARE(comm, std::string_view("cat"));
        QCOMPARE(threads, 1L);
        // A comm with spaces and parentheses of its own (prctl can set anything but NUL).
        QVERIFY(parseSchedHeader("a (b) c (7, #threads: 12)\nse.x : 1\n", comm, threads));
        QCOMPARE(comm, std::string_view("a (b) c"));
        QCOMPARE(threads, 12L);
        for (const char *bad : {"", "cat\n", "cat (1, #threads: )\n", "cat (1, #threads: 0)\n",
                 "cat (1, #threads: x)\n", "cat (1, #threads: 2\n", "cat (1)\n"})
            QVERIFY2(!parseSchedHeader(bad, comm, threads), bad);
    }

    // A capture's record of the CPUs' clocks (written by ptriage, but a capture is input like any).
    void recordedClocks()
    {
        RecordedClocks r;
        std::string error;
        QVERIFY2(parseRecordedClocks("# comment\nnow 68583494.187123\ncpu 0 -5.5\ncpu 3 -612.25\n", r, &error),
            error.c_str());
        QCOMPARE(r.nowMs, 68583494.187123);
        QCOMPARE(r.offsetsMs, (std::vector<std::pair<int, double>>{{0, -5.5}, {3, -612.25}}));
        const std::pair<const char *, const char *> bad[] = {
            {"", "no \"now\" line"},
            {"now 1\n", "no \"cpu\" line"},
            {"cpu 0 1\n", "no \"now\" line"},
            {"now 1\ncpu x 1\n", "line 2 is not"},
            {"now 1\ncpu -1 1\n", "line 2 is not"},
            {"now 1\ncpu 99999 1\n", "line 2 is not"},
            {"now 1\ncpu 0 1 2\n", "line 2 is not"},
            {"now\ncpu 0 1\n", "line 1 is not"},
            {"later 1\n", "line 1 is not"},
            {"now nan\ncpu 0 1\n", "line 1 is not"},
            {"now 1\ncpu 0 inf\n", "line 2 is not"},
        };
        for (const auto &[text, why] : bad) {
            QVERIFY2(!parseRecordedClocks(text, r, &error), text);
            QVERIFY2(error.find(why) == 0, error.c_str());
        }
    }

    // What the fuzz targets (tests/fuzz) found: numbers a captured tree can hold but the kernel never
    // writes, which used to come out as infinities, NaN, wrapped byte counts, ports above 65535 or UB.
    void hostileNumbersAreRejected()
    {
        double d = 0;
        QVERIFY(!parseUptime("inf 1\n", d));
        QVERIFY(!parseUptime("nan 1\n", d));
        double l1 = 0, l5 = 0, l15 = 0;
        QVERIFY(parseLoadavg("0.50 0.25 0.10 1/2 3\n", l1, l5, l15));
        QVERIFY(!parseLoadavg("nan 0 0 1/2 3\n", l1, l5, l15));
        QVERIFY(!parseLoadavg("0 inf 0 1/2 3\n", l1, l5, l15));
        QVERIFY(!parseLoadavg("0 0 -1 1/2 3\n", l1, l5, l15));
        QVERIFY(!parseSchedExecStart("se.exec_start : inf\n", d));
        QVERIFY(!parseSchedSumExecRuntime("se.sum_exec_runtime : 1e300\n", d)); // no 64-bit ns
        QVERIFY(parseSchedSumExecRuntime("se.sum_exec_runtime : 9e12\n", d));

        std::uint64_t total = 1, available = 1, swapTotal = 0, swapFree = 0;
        const char *huge = "MemTotal: 18446744073709551615 kB\nMemAvailable: 18014398509481984 kB\n"
                           "SwapTotal: 18014398509481984 kB\nSwapFree: 0 kB\n";
        parseMeminfo(huge, total, available);
        QCOMPARE(total, 0ull); // not a wrapped count
        QCOMPARE(available, 0ull);
        QVERIFY(!parseSwap(huge, swapTotal, swapFree));
        QCOMPARE(parsePssBytes("Pss: 18014398509481984 kB\n"), std::nullopt);
        QCOMPARE(
            parsePssBytes("Pss: 18014398509481983 kB\n"), std::optional<std::uint64_t>(18014398509481983ull * 1024));
        QCOMPARE(parseStatmPrivateBytes("1 18446744073709551615 0 0 0 0 0\n", 4096), std::nullopt);

        const std::string header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  "
                                   "timeout inode\n";
        SocketMap sockets;
        parseProcNetInet(header
                + "   0: 0100007F:A1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 55 1\n"
                + "   1: 0100007F:-1 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 56 1\n"
                + "   2: 0100007F:FFFF 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 57 1\n",
            SocketInfo::Proto::Tcp, sockets);
        QCOMPARE(sockets.size(), std::size_t(1));
        QCOMPARE(sockets.at(57).localPort, 65535);

        const BootId boot = *BootId::parse("0123abcd-4567-89ef-0123-456789abcdef");
        const QByteArray state = R"({"schema":"ptriage.state.v1","boot_id":"0123abcd-4567-89ef-0123-456789abcdef",)"
                                 R"("samples":[%1]})";
        std::vector<PreviousSample> samples;
        QString error;
        QVERIFY(parseState(QByteArray(state).replace("%1", "[98765,4242,150,null,3600.5]"), QStringLiteral("s"), boot,
            samples, &error));
        QCOMPARE(samples.size(), std::size_t(1));
        QCOMPARE(samples[0].id.pid, 4242);
        for (const char *row : {"[1e300,4242,1,1,1]", "[1,4242,1e20,1,1]", "[1,4242,1,-1,1]", "[1,0.5,1,1,1]",
                 "[1,1e10,1,1,1]", "[1,4194305,1,1,1]"}) {
            samples.clear();
            QVERIFY2(
                !parseState(QByteArray(state).replace("%1", row), QStringLiteral("s"), boot, samples, &error), row);
            QVERIFY(error.contains(QLatin1String("malformed")));
        }
    }

    void identityRoundTrip()
    {
        const ProcessIdentity id{*BootId::parse("d34496c8-665d-4e37-9394-f9a50e96cf14"), 98765, 4242};
        QCOMPARE(id.toString(), std::string("d34496c8-665d-4e37-9394-f9a50e96cf14:98765:4242"));
        const auto back = ProcessIdentity::parse(id.toString());
        QVERIFY(back && *back == id);
        for (const char *bad :
            {"", "4242", "a:b:c", "boot:12:", ":12:34", "boot:12:-4", "boot:x:4", "bo/ot:1:2", "abc:1:0"})
            QVERIFY2(!ProcessIdentity::parse(bad), bad);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(ParserTest)
#include "tst_parsers.moc"
