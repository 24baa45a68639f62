// The process table model and its filter, over real processes and the real engine: structure
// (QAbstractItemModelTester) across refreshes while processes come and go, identity-keyed
// persistent indexes and selection, reparenting in the tree, batched updates, and the filters.
#include "look/ClassStyle.h"
#include "support/CaptureTools.h"
#include "support/IdleChildren.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/OriginModel.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "table/ResultFeed.h"
#include "util/ThreadPriority.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QItemSelectionModel>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

#include <csignal>
#include <functional>
#include <optional>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <tuple>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

using Result = std::shared_ptr<const TriageResult>;
using Ids = QSet<QString>;

Result scan()
{
    return live(defaultModel(), 0.0);
}

// The model's row of an identity given as text (as IdentityRole reads).
QModelIndex rowOf(const ProcessTableModel &m, const QString &id, int column = 0)
{
    const auto parsed = ProcessIdentity::parse(QStringView(id));
    return parsed ? m.indexOf(*parsed, column) : QModelIndex();
}

QString idOf(const TriageResult &r, int pid)
{
    const int i = indexOfPid(r, pid);
    return i < 0 ? QString() : QString::fromStdString(r.identityOf(i).toString());
}

QString idAt(const TriageResult &r, std::size_t i)
{
    return QString::fromStdString(r.identityOf(static_cast<int>(i)).toString());
}

// The nice value of each of this process's threads, from /proc/self/task/*/stat (field 19).
std::vector<int> threadNiceValues()
{
    std::vector<int> out;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile stat(tasks.filePath(tid + QStringLiteral("/stat")));
        if (!stat.open(QIODevice::ReadOnly))
            continue; // a thread that ended meanwhile
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 16)
            out.push_back(fields[16].toInt()); // state is field 3, nice 19
    }
    return out;
}

int threadsAtNice(int nice)
{
    const auto values = threadNiceValues();
    return static_cast<int>(std::count(values.begin(), values.end(), nice));
}

void killPid(int pid)
{
    const int fd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    if (fd >= 0) {
        ::syscall(SYS_pidfd_send_signal, fd, SIGKILL, nullptr, 0);
        ::close(fd);
    }
    ::waitpid(pid, nullptr, 0);
}

void killActor(const Actor &a)
{
    ::syscall(SYS_pidfd_send_signal, a.pidfd, SIGKILL, nullptr, 0);
    ::waitpid(a.pid, nullptr, 0);
}

// The parent a process should have in tree mode: the process holding its ppid, unless that one
// started later (a reused PID). -1 when top-level.
int expectedParent(const TriageResult &r, std::size_t i)
{
    const Sample &s = r.snapshot->processes[i];
    const auto it = r.snapshot->indexByPid.find(s.ppid);
    if (it == r.snapshot->indexByPid.end() || it->second == i
        || r.snapshot->processes[it->second].id.startTicks > s.id.startTicks)
        return -1;
    return static_cast<int>(it->second);
}

void collectIds(const QAbstractItemModel &m, const QModelIndex &parent, QStringList &out)
{
    for (int row = 0; row < m.rowCount(parent); ++row) {
        const QModelIndex i = m.index(row, 0, parent);
        out << i.data(IdentityRole).toString();
        collectIds(m, i, out);
    }
}

Ids idsIn(const QAbstractItemModel &m)
{
    QStringList all;
    collectIds(m, {}, all);
    return Ids(all.begin(), all.end());
}

// The model shows exactly the processes of `r`, each once, under its parent in tree mode.
void checkMirrors(const ProcessTableModel &m, const TriageResult &r)
{
    QStringList all;
    collectIds(m, {}, all);
    QCOMPARE(all.size(), static_cast<qsizetype>(r.snapshot->processes.size()));
    Ids expected;
    for (std::size_t i = 0; i < r.snapshot->processes.size(); ++i)
        expected.insert(idAt(r, i));
    QCOMPARE(Ids(all.begin(), all.end()), expected);
    for (std::size_t i = 0; i < r.snapshot->processes.size(); ++i) {
        const QModelIndex idx = rowOf(m, idAt(r, i));
        QVERIFY(idx.isValid());
        QCOMPARE(m.resultIndex(idx), static_cast<int>(i));
        QCOMPARE(idx.data(PidRole).toInt(), r.snapshot->processes[i].id.pid);
        const int p = m.treeMode() ? expectedParent(r, i) : -1;
        const QString parentId = p < 0 ? QString() : idAt(r, static_cast<std::size_t>(p));
        QCOMPARE(idx.parent().data(IdentityRole).toString(), parentId);
    }
}

// By origin: one top-level row per origin group of `r` (no identity, its key in GroupKeyRole), and
// every process exactly once, under its group's row.
void checkOriginMirrors(const OriginModel &m, const TriageResult &r)
{
    QCOMPARE(m.rowCount(), static_cast<int>(r.groups.size()));
    std::size_t members = 0;
    QSet<QString> keys;
    for (int row = 0; row < m.rowCount(); ++row) {
        const QModelIndex g = m.index(row, 0);
        QVERIFY(!g.data(IdentityRole).isValid());
        QCOMPARE(m.resultIndex(g), -1);
        const int group = m.groupIndex(g);
        QVERIFY(group >= 0);
        const OriginGroup &og = r.groups[static_cast<std::size_t>(group)];
        QCOMPARE(g.data(GroupKeyRole).toString(), QString::fromStdString(og.key));
        QCOMPARE(m.indexOfGroup(og.key), g);
        keys.insert(g.data(RowKeyRole).toString());
        QCOMPARE(m.rowCount(g), static_cast<int>(og.members.size()));
        for (int c = 0; c < m.rowCount(g); ++c) {
            const QModelIndex p = m.index(c, 0, g);
            const int i = m.resultIndex(p);
            QVERIFY(i >= 0);
            QCOMPARE(r.groupOf[static_cast<std::size_t>(i)], group);
            QCOMPARE(p.data(IdentityRole).toString(), idAt(r, static_cast<std::size_t>(i)));
            QCOMPARE(m.indexOf(r.identityOf(i)), p);
            QCOMPARE(m.rowCount(p), 0);
            ++members;
        }
    }
    QCOMPARE(keys.size(), m.rowCount()); // each group its own key, apart from every identity
    QCOMPARE(members, r.snapshot->processes.size());
}

// An icon without its colors.
QImage iconShape(ProcessClass c)
{
    return ClassStyle::icon(c).pixmap(16, 16).toImage().convertToFormat(QImage::Format_Mono);
}

// How many contiguous ranges of rows a refresh to `after` must remove: per parent, the runs of
// rows that vanish (a vanished row's subtree goes with it).
int vanishedRuns(const QAbstractItemModel &m, const QModelIndex &parent, const Ids &after)
{
    int runs = 0;
    bool inRun = false;
    for (int row = 0; row < m.rowCount(parent); ++row) {
        const QModelIndex i = m.index(row, 0, parent);
        const bool gone = !after.contains(i.data(IdentityRole).toString());
        runs += gone && !inRun;
        inRun = gone;
        if (!gone)
            runs += vanishedRuns(m, i, after);
    }
    return runs;
}

struct Refresher {
    ProcessTableModel &model;
    Result last;
    void operator()()
    {
        last = scan();
        model.setResult(last);
    }
};

} // namespace

class TestProcessTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void columnsAndRoles()
    {
        ProcessColumns cols;
        const QStringList ids = {QStringLiteral("command"), QStringLiteral("action"), QStringLiteral("memory"),
            QStringLiteral("cpu"), QStringLiteral("age"), QStringLiteral("why"), QStringLiteral("pid"),
            QStringLiteral("user"), QStringLiteral("class"), QStringLiteral("score"), QStringLiteral("io"),
            QStringLiteral("state"), QStringLiteral("category"), QStringLiteral("supervisor"), QStringLiteral("risk")};
        QCOMPARE(cols.ids(), ids);
        // What to do about which process, and why, is in view by default; the rest in the chooser.
        QStringList shown;
        for (int c = 0; c < cols.count(); ++c)
            if (cols.shownByDefault(c))
                shown << cols.at(c).id;
        QCOMPARE(shown, ids.mid(0, 6));
        // The action column ranks by the score: the most worth acting on first.
        QCOMPARE(cols.defaultSortColumn(), cols.indexOf(u"action"));
        QCOMPARE(cols.defaultSortOrder(), Qt::DescendingOrder);
        QCOMPARE(cols.indexOf(u"no-such-column"), -1);

        Spawner sp;
        const Actor z = sp.spawn({"ptm-zparent", {"ptm-zparent"}, {{"ACTOR_ZOMBIE", "1"}}, Parenting::Child});
        QVERIFY(z.zombiePid > 0);
        const Actor script = sp.spawn({"python3", {"python3", "/srv/app/migrate.py", "--all"}, {}});
        const Actor program = sp.spawn({"hugo", {"/usr/local/bin/hugo", "server", "--port", "0"}, {}});
        QVERIFY(script.pid > 0 && program.pid > 0);
        ProcessTableModel model(defaultModel());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Result r = scan();
        model.setResult(r);
        for (int c = 0; c < model.columnCount(); ++c)
            QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
        QCOMPARE(model.headerData(cols.defaultSortColumn(), Qt::Horizontal, Qt::InitialSortOrderRole).toInt(),
            static_cast<int>(Qt::DescendingOrder));

        const QModelIndex zombie = rowOf(model, idOf(*r, z.zombiePid));
        QVERIFY(zombie.isValid());
        const auto col = [&](const char *id) { return zombie.siblingAtColumn(cols.indexOf(QString::fromLatin1(id))); };
        QCOMPARE(col("pid").data().toString(), QString::number(z.zombiePid));
        QCOMPARE(col("pid").data(SortRole).typeId(), QMetaType::Int);
        QCOMPARE(col("memory").data(SortRole).typeId(), QMetaType::ULongLong);
        QCOMPARE(col("cpu").data(SortRole).typeId(), QMetaType::Double);
        QCOMPARE(col("score").data(SortRole).toInt(), zombie.data(ScoreRole).toInt());
        QCOMPARE(col("state").data().toString(), QStringLiteral("Z"));
        QVERIFY(col("pid").data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight);
        // A zombie is a candidate: text, icon and color all say so.
        QVERIFY(zombie.data(CandidateRole).toBool());
        QCOMPARE(zombie.data(ClassRole).toInt(), static_cast<int>(ProcessClass::Zombie));
        QCOMPARE(col("class").data().toString(), QStringLiteral("zombie"));
        QVERIFY(!qvariant_cast<QIcon>(col("class").data(Qt::DecorationRole)).isNull());
        QVERIFY(col("class").data(Qt::ForegroundRole).isValid());
        QVERIFY(col("command").data(Qt::BackgroundRole).isValid());
        QVERIFY(!col("class").data(Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(zombie.data(SearchTextRole).toString().contains(QString::number(z.zombiePid)));
        QCOMPARE(zombie.data(IdentityRole).toString(), idOf(*r, z.zombiePid));
        // The name people know first, the whole command line beside it; the search finds either.
        const QModelIndex named = rowOf(model, idOf(*r, script.pid)).siblingAtColumn(cols.indexOf(u"command"));
        QCOMPARE(named.data().toString(), QStringLiteral("migrate.py \u2014 python3 /srv/app/migrate.py --all"));
        QCOMPARE(named.data(SortRole).toString(), named.data().toString());
        QVERIFY(named.data(SearchTextRole).toString().startsWith(QStringLiteral("migrate.py")));
        // A command line that begins with its name says it once.
        QCOMPARE(rowOf(model, idOf(*r, program.pid)).siblingAtColumn(cols.indexOf(u"command")).data().toString(),
            QStringLiteral("/usr/local/bin/hugo server --port 0"));
        // Younger than the minimum age: "too young" (to judge), no class icon or color, whatever the posterior.
        Spawner young;
        const Actor y = young.spawn({"ptm-young", {"ptm-young"}, {}, Parenting::OrphanNoSession});
        const Result fresh = live(defaultModel()); // the policy's minimum age: 30 min
        model.setResult(fresh);
        const QModelIndex yc = rowOf(model, idOf(*fresh, y.pid), cols.indexOf(u"class"));
        QVERIFY(yc.isValid());
        QCOMPARE(yc.data().toString(), QStringLiteral("too young"));
        QVERIFY(qvariant_cast<QIcon>(yc.data(Qt::DecorationRole)).isNull());
        QVERIFY(!yc.data(Qt::ForegroundRole).isValid());
        QVERIFY(yc.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Only ")));
        QVERIFY(!yc.data(CandidateRole).toBool());
        const QModelIndex zc = rowOf(model, idOf(*fresh, z.zombiePid), cols.indexOf(u"class"));
        QCOMPARE(zc.data().toString(), QStringLiteral("zombie")); // a zombie at any age
        // The icons differ between classes (shape, not only color).
        for (int c = 1; c < kClassCount; ++c)
            QVERIFY(iconShape(ProcessClass::Useful) != iconShape(static_cast<ProcessClass>(c)));
    }

    void modelTesterAcrossRefreshes_data()
    {
        QTest::addColumn<bool>("tree");
        QTest::newRow("flat") << false;
        QTest::newRow("tree") << true;
    }

    void modelTesterAcrossRefreshes()
    {
        QFETCH(bool, tree);
        ProcessTableModel model(defaultModel());
        model.setTreeMode(tree);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ProcessFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(model.columns().defaultSortColumn(), model.columns().defaultSortOrder());
        Refresher refresh{model, {}};

        Spawner keep;
        const Actor k1 = keep.spawn({"ptm-keep", {"ptm-keep", "--one"}, {}, Parenting::Child});
        const Actor k2 = keep.spawn({"ptm-keep", {"ptm-keep", "--two"}, {}, Parenting::Child});
        QVERIFY(k1.pid > 0 && k2.pid > 0);
        refresh();
        checkMirrors(model, *refresh.last);
        {
            Spawner more;
            for (int i = 0; i < 3; ++i)
                QVERIFY(more.spawn({"ptm-tmp", {"ptm-tmp", std::to_string(i)}, {}, Parenting::Child}).pid > 0);
            QVERIFY(more.spawn({"ptm-orphan", {"ptm-orphan"}, {}, Parenting::OrphanNoSession}).pid > 0);
            refresh();
            checkMirrors(model, *refresh.last);
            proxy.setFilterText(QStringLiteral("ptm"));
            QVERIFY(idsIn(proxy).size() >= 6);
        }
        refresh(); // the temporary ones are gone
        checkMirrors(model, *refresh.last);
        proxy.setFilterText(QStringLiteral("ptm-keep"));
        if (!tree)
            QCOMPARE(idsIn(proxy).size(), 2); // in the tree, their ancestors show too
        killActor(k1);
        proxy.setFilterText({});
        refresh();
        checkMirrors(model, *refresh.last);
        QCOMPARE(rowOf(model, idOf(*refresh.last, k2.pid)).parent().isValid(), tree);
        Spawner late;
        QVERIFY(late.spawn({"ptm-late", {"ptm-late"}, {{"ACTOR_ZOMBIE", "1"}}, Parenting::Child}).pid > 0);
        proxy.setCandidatesOnly(true);
        refresh();
        checkMirrors(model, *refresh.last);
        proxy.setCandidatesOnly(false);
        model.setTreeMode(!tree);
        checkMirrors(model, *refresh.last);
        refresh();
        checkMirrors(model, *refresh.last);
        model.setTreeMode(tree);
        refresh();
        checkMirrors(model, *refresh.last);
    }

    // By origin: a parent row per group, its members under it, kept up to date incrementally while
    // processes and whole groups come and go; a group's row stays the same row (persistent index).
    // The table model feeds its OriginModel, and the filter shows that one while By origin is on.
    void originModeAcrossRefreshes()
    {
        ProcessTableModel table(defaultModel());
        table.setMode(ProcessTableModel::Mode::Origin);
        OriginModel &model = *table.originModel();
        QAbstractItemModelTester tableTester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ProcessFilterModel proxy;
        proxy.setSourceModel(&table);
        QCOMPARE(proxy.sourceModel(), static_cast<QAbstractItemModel *>(&model));
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(model.columns().defaultSortColumn(), model.columns().defaultSortOrder());
        Refresher refresh{table, {}};
        const std::string session = "5e55a0d1-0000-4000-8000-00000000ab01";
        const std::vector<std::pair<std::string, std::string>> agent{
            {"CLAUDECODE", "1"}, {"CLAUDE_CODE_SESSION_ID", session}};
        Spawner keep;
        const Actor k = keep.spawn({"ptm-agent", {"ptm-agent", "--one"}, agent, Parenting::OrphanNoSession});
        QVERIFY(k.pid > 0);
        refresh();
        checkOriginMirrors(model, *refresh.last);
        QCOMPARE(table.rowCount(), 0); // its rows are the origin model's
        const std::string key = "agent:Claude Code:" + session + "@" + std::to_string(::getuid());
        const QPersistentModelIndex groupRow(model.indexOfGroup(key));
        QVERIFY(groupRow.isValid());
        QCOMPARE(table.indexOfGroup(key), QModelIndex(groupRow));
        QCOMPARE(table.groupIndex(groupRow), model.groupIndex(groupRow));
        QCOMPARE(model.rowCount(groupRow), 1);
        const QModelIndex member = table.indexOf(refresh.last->identityOf(indexOfPid(*refresh.last, k.pid)));
        QCOMPARE(member.parent(), QModelIndex(groupRow));
        QCOMPARE(table.resultIndex(member), indexOfPid(*refresh.last, k.pid));
        QVERIFY2(
            groupRow.data().toString().contains(QStringLiteral("Claude Code")), qPrintable(groupRow.data().toString()));
        {
            Spawner more;
            for (int i = 0; i < 2; ++i)
                QVERIFY(
                    more.spawn({"ptm-agent", {"ptm-agent", std::to_string(i)}, agent, Parenting::OrphanNoSession}).pid
                    > 0);
            QVERIFY(more.spawn({"ptm-tmp", {"ptm-tmp"}, {}, Parenting::Child}).pid > 0);
            refresh();
            checkOriginMirrors(model, *refresh.last);
            QVERIFY(groupRow.isValid()); // the same row, three members now
            QCOMPARE(model.rowCount(groupRow), 3);
            proxy.setFilterText(QStringLiteral("ptm-agent"));
            QCOMPARE(proxy.rowCount(), 1); // only the group whose members match, never a group by itself
            QCOMPARE(proxy.rowCount(proxy.mapFromSource(model.index(groupRow.row(), 0))), 3);
            proxy.setFilterText({});
        }
        refresh();
        checkOriginMirrors(model, *refresh.last);
        QVERIFY(groupRow.isValid());
        QCOMPARE(model.rowCount(groupRow), 1);
        killActor(k); // its group goes with its last member
        refresh();
        checkOriginMirrors(model, *refresh.last);
        QVERIFY(!groupRow.isValid());
        QVERIFY(!model.indexOfGroup(key).isValid());
        // Switching keeps every mode whole, and the filter on the model shown.
        table.setMode(ProcessTableModel::Mode::Tree);
        QCOMPARE(proxy.sourceModel(), static_cast<QAbstractItemModel *>(&table));
        checkMirrors(table, *refresh.last);
        QCOMPARE(model.rowCount(), 0); // hidden, it holds no result
        table.setMode(ProcessTableModel::Mode::Origin);
        QCOMPARE(proxy.sourceModel(), static_cast<QAbstractItemModel *>(&model));
        checkOriginMirrors(model, *refresh.last);
        table.setMode(ProcessTableModel::Mode::Flat);
        QCOMPARE(proxy.sourceModel(), static_cast<QAbstractItemModel *>(&table));
        checkMirrors(table, *refresh.last);
    }

    // A process whose origin changes moves to its new group's row, the same row (its persistent index
    // follows), and a group whose key changes is another group: the old row goes, a new one comes,
    // and its members keep their rows. Doctored results, applied incrementally and back.
    void originMembersMoveBetweenGroups()
    {
        ProcessTableModel table(defaultModel());
        table.setMode(ProcessTableModel::Mode::Origin);
        OriginModel &model = *table.originModel();
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ProcessFilterModel proxy;
        proxy.setSourceModel(&table);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(model.columns().defaultSortColumn(), model.columns().defaultSortOrder());
        Spawner sp;
        for (int i = 0; i < 3; ++i) // a group of three at least: the test's own children
            QVERIFY(sp.spawn({"ptm-kid", {"ptm-kid", std::to_string(i)}, {}, Parenting::Child}).pid > 0);
        const Result r = scan();
        table.setResult(r);
        checkOriginMirrors(model, *r);
        // A group of several members (one leaves it), another one (it joins), a third (renamed).
        int from = -1, to = -1, renamed = -1;
        for (int g = 0; g < static_cast<int>(r->groups.size()); ++g) {
            if (from < 0 && r->group(g).members.size() >= 2)
                from = g;
            else if (to < 0)
                to = g;
            else if (renamed < 0)
                renamed = g;
        }
        QVERIFY(from >= 0 && to >= 0 && renamed >= 0);
        auto doctored = std::make_shared<TriageResult>(*r);
        const int mover = doctored->groups[static_cast<std::size_t>(from)].members.back();
        doctored->groups[static_cast<std::size_t>(from)].members.pop_back();
        doctored->groups[static_cast<std::size_t>(to)].members.push_back(mover);
        doctored->groupOf[static_cast<std::size_t>(mover)] = to;
        const std::string oldKey = r->group(renamed).key, newKey = oldKey + ":renamed";
        doctored->groups[static_cast<std::size_t>(renamed)].key = newKey;
        const int stayer = r->group(renamed).members.front();

        const QPersistentModelIndex moverRow(model.indexOf(r->identityOf(mover)));
        const QPersistentModelIndex stayerRow(model.indexOf(r->identityOf(stayer)));
        const QPersistentModelIndex oldGroupRow(model.indexOfGroup(oldKey));
        QVERIFY(moverRow.isValid() && stayerRow.isValid() && oldGroupRow.isValid());
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        table.setResult(doctored);
        checkOriginMirrors(model, *doctored);
        QCOMPARE(reset.count(), 0);
        QVERIFY(moved.count() >= 2); // the mover, and every member of the renamed group
        QVERIFY(!oldGroupRow.isValid());
        QVERIFY(model.indexOfGroup(newKey).isValid());
        QVERIFY(moverRow.isValid() && stayerRow.isValid());
        QCOMPARE(moverRow.data(IdentityRole).toString(), idAt(*r, static_cast<std::size_t>(mover)));
        QCOMPARE(moverRow.parent().data(GroupKeyRole).toString(), QString::fromStdString(r->group(to).key));
        QCOMPARE(stayerRow.data(IdentityRole).toString(), idAt(*r, static_cast<std::size_t>(stayer)));
        QCOMPARE(stayerRow.parent().data(GroupKeyRole).toString(), QString::fromStdString(newKey));
        table.setResult(r); // and back
        checkOriginMirrors(model, *r);
        QCOMPARE(reset.count(), 0);
        QVERIFY(moverRow.isValid() && stayerRow.isValid());
        QCOMPARE(moverRow.parent().data(GroupKeyRole).toString(), QString::fromStdString(r->group(from).key));
        QCOMPARE(stayerRow.parent().data(GroupKeyRole).toString(), QString::fromStdString(oldKey));
    }

    void persistentIndexKeepsIdentity_data() { modelTesterAcrossRefreshes_data(); }

    void persistentIndexKeepsIdentity()
    {
        QFETCH(bool, tree);
        ProcessTableModel model(defaultModel());
        model.setTreeMode(tree);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ProcessFilterModel proxy;
        proxy.setSourceModel(&model);
        const int pidColumn = model.columns().indexOf(u"pid");
        proxy.sort(pidColumn, Qt::DescendingOrder);
        QItemSelectionModel selection(&proxy);

        std::optional<Spawner> early(std::in_place);
        const Actor e1 = early->spawn({"ptm-early", {"ptm-early", "1"}, {}, Parenting::Child});
        const Actor e2 = early->spawn({"ptm-early", {"ptm-early", "2"}, {}, Parenting::Child});
        model.setResult(scan());
        Spawner late;
        const Actor target = late.spawn({"ptm-target", {"ptm-target"}, {}, Parenting::Child});
        late.spawn({"ptm-late", {"ptm-late", "1"}, {}, Parenting::Child});
        Result r = scan();
        model.setResult(r);
        const QString targetId = idOf(*r, target.pid);
        const QModelIndex t = rowOf(model, targetId);
        QVERIFY(t.isValid());
        // Rows keep their place: the early ones come before the target, under the same parent.
        for (const Actor &e : {e1, e2}) {
            const QModelIndex ei = rowOf(model, idOf(*r, e.pid));
            QCOMPARE(ei.parent(), t.parent());
            QVERIFY(ei.row() < t.row());
        }
        const int rowBefore = t.row();
        const QPersistentModelIndex p0(t);
        const QPersistentModelIndex p5(t.siblingAtColumn(5));
        selection.setCurrentIndex(
            proxy.mapFromSource(t), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

        // Rows before it disappear, another appears, and the proxy (sorted by PID) reorders.
        early.reset();
        late.spawn({"ptm-late", {"ptm-late", "2"}, {}, Parenting::Child});
        late.spawn({"ptm-late", {"ptm-late", "3"}, {}, Parenting::Child});
        r = scan();
        model.setResult(r);
        QVERIFY(p0.isValid() && p5.isValid());
        QCOMPARE(p0.data(IdentityRole).toString(), targetId);
        QCOMPARE(p5.data(IdentityRole).toString(), targetId);
        QCOMPARE(p5.column(), 5);
        QVERIFY2(p0.row() <= rowBefore - 2, qPrintable(QStringLiteral("row %1 → %2").arg(rowBefore).arg(p0.row())));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().data(IdentityRole).toString(), targetId);
        QCOMPARE(selection.currentIndex().data(IdentityRole).toString(), targetId);

        // The same PID now belongs to another process (a doctored result: PID reuse): the row is
        // not the old process's any more, so the persistent index and the selection let go.
        auto snap = std::make_shared<Snapshot>(*r->snapshot);
        snap->processes[static_cast<std::size_t>(indexOfPid(*r, target.pid))].id.startTicks += 1;
        auto reused = std::make_shared<TriageResult>(*r);
        reused->snapshot = snap;
        model.setResult(reused);
        QVERIFY(!p0.isValid());
        QVERIFY(!p5.isValid());
        QVERIFY(selection.selectedRows().isEmpty());
        const QModelIndex other = rowOf(model, idOf(*reused, target.pid));
        QVERIFY(other.isValid());
        QVERIFY(other.data(IdentityRole).toString() != targetId);
        QCOMPARE(other.data(PidRole).toInt(), target.pid);
        model.setResult(scan()); // and back
        QCOMPARE(rowOf(model, targetId).data(PidRole).toInt(), target.pid);
        QVERIFY(!rowOf(model, idOf(*reused, target.pid)).isValid());
    }

    void treeReparenting()
    {
        Spawner sp;
        const std::string childPath = sp.actorPath("ptm-child");
        const std::string parentPath = sp.actorPath("ptm-parent");
        // sh starts the child in the background, then becomes the parent.
        const int parentPid
            = sp.spawnProgram({"sh", "-c", "\"$0\" & exec \"$1\"", childPath, parentPath}, {{"ACTOR_LIFETIME", "120"}});
        QVERIFY(parentPid > 0);
        Result r;
        int childPid = -1;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            r = scan();
            const Sample *p = r->snapshot->byPid(parentPid);
            if (!p || p->comm != "ptm-parent")
                return false;
            for (const Sample &s : r->snapshot->processes)
                if (s.ppid == parentPid && s.comm == "ptm-child")
                    childPid = s.id.pid;
            return childPid > 0;
        }()),
            10000);
        sp.adopt(childPid);

        ProcessTableModel model(defaultModel());
        model.setTreeMode(true);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ProcessFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTreeView view;
        view.setModel(&proxy);
        view.setSortingEnabled(true);
        view.sortByColumn(model.columns().defaultSortColumn(), model.columns().defaultSortOrder());
        model.setResult(r);
        checkMirrors(model, *r);

        const QString childId = idOf(*r, childPid);
        const QString parentId = idOf(*r, parentPid);
        const QString selfId = idOf(*r, static_cast<int>(::getpid()));
        const QModelIndex child = rowOf(model, childId);
        QCOMPARE(child.parent().data(IdentityRole).toString(), parentId);
        QCOMPARE(child.parent().parent().data(IdentityRole).toString(), selfId);
        const QPersistentModelIndex pc(child);
        view.expand(proxy.mapFromSource(rowOf(model, selfId)));
        view.setCurrentIndex(proxy.mapFromSource(child));

        killPid(parentPid);
        int newPpid = parentPid;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            r = scan();
            const Sample *c = r->snapshot->byPid(childPid);
            newPpid = c ? c->ppid : -1;
            return c && c->ppid != parentPid;
        }()),
            20000);
        model.setResult(r);
        checkMirrors(model, *r);
        QVERIFY(pc.isValid());
        QCOMPARE(pc.data(IdentityRole).toString(), childId);
        QVERIFY(!rowOf(model, parentId).isValid());
        // Under its new parent (init or a subreaper) when that is in the result, else top-level.
        const int np = expectedParent(*r, static_cast<std::size_t>(indexOfPid(*r, childPid)));
        QCOMPARE(pc.parent().data(IdentityRole).toString(), np < 0 ? QString() : idOf(*r, newPpid));
        QCOMPARE(view.currentIndex().data(IdentityRole).toString(), childId);
        QVERIFY(view.isExpanded(proxy.mapFromSource(rowOf(model, selfId))));
        qInfo("child %d reparented from %d to %d (%s)", childPid, parentPid, newPpid, np < 0 ? "top level" : "its row");

        model.setResult(scan()); // and it stays there
        QCOMPARE(pc.data(IdentityRole).toString(), childId);
    }

    void batchedUpdates_data() { modelTesterAcrossRefreshes_data(); }

    void batchedUpdates()
    {
        QFETCH(bool, tree);
        ProcessTableModel model(defaultModel());
        model.setTreeMode(tree);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Spawner fresh;
        std::optional<Spawner> gone(std::in_place);
        model.setResult(scan());
        for (int i = 0; i < 5; ++i) // appended together by the next refresh
            QVERIFY(gone->spawn({"ptm-gone", {"ptm-gone", std::to_string(i)}, {}, Parenting::Child}).pid > 0);
        model.setResult(scan());
        const Ids before = idsIn(model);

        gone.reset();
        std::vector<int> born;
        for (int i = 0; i < 5; ++i)
            born.push_back(fresh.spawn({"ptm-new", {"ptm-new", std::to_string(i)}, {}, Parenting::Child}).pid);
        const Result r = scan();
        Ids after;
        for (std::size_t i = 0; i < r->snapshot->processes.size(); ++i)
            after.insert(idAt(*r, i));
        const int expectedRemovals = vanishedRuns(model, {}, after);

        std::vector<std::pair<QPersistentModelIndex, QString>> displayBefore; // every cell, to check coverage
        std::function<void(const QModelIndex &)> remember = [&](const QModelIndex &parent) {
            for (int row = 0; row < model.rowCount(parent); ++row) {
                for (int c = 0; c < model.columnCount(); ++c) {
                    const QModelIndex cell = model.index(row, c, parent);
                    displayBefore.emplace_back(cell, cell.data().toString());
                }
                remember(model.index(row, 0, parent));
            }
        };
        remember({});
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        // As the window does it: rows prepared (and diffed against the rows shown) off the GUI thread.
        const auto prepared = PreparedRows::prepare(r, defaultModel(), model.columns(), model.prepared());
        QCOMPARE(prepared->basisSerial, model.prepared()->serial);
        model.setPrepared(prepared);
        checkMirrors(model, *r);

        QCOMPARE(reset.count(), 0);
        QCOMPARE(layout.count(), 0);
        const int appeared = static_cast<int>((after - before).size());
        const int vanished = static_cast<int>((before - after).size());
        QVERIFY(appeared >= 5 && vanished >= 5);
        int insertedRows = 0;
        bool oursInOneRange = false;
        for (const auto &args : std::as_const(inserted)) {
            const auto parent = args.at(0).value<QModelIndex>();
            const int first = args.at(1).toInt(), last = args.at(2).toInt();
            insertedRows += last - first + 1;
            int ours = 0;
            for (int pid : born) {
                const QModelIndex i = rowOf(model, idOf(*r, pid));
                ours += i.parent() == parent && i.row() >= first && i.row() <= last;
            }
            oursInOneRange = oursInOneRange || ours == 5;
        }
        QCOMPARE(insertedRows, appeared);
        QVERIFY(oursInOneRange);
        if (!tree)
            QCOMPARE(inserted.count(), 1); // everything new is appended at the top level
        else
            QVERIFY(inserted.count() <= appeared);
        int removedRows = 0;
        for (const auto &args : std::as_const(removed))
            removedRows += args.at(2).toInt() - args.at(1).toInt() + 1;
        QVERIFY(removedRows >= 1 && removedRows <= vanished); // vanished children go with their parent
        // One removal per contiguous run (a reparented survivor moved out of a run may join two).
        if (moved.isEmpty())
            QCOMPARE(removed.count(), expectedRemovals);
        else
            QVERIFY(removed.count() <= expectedRemovals);
        QVERIFY(removed.count() <= vanished);

        // dataChanged: one signal per maximal run of rows under a parent, a span of columns and its
        // roles (none named where candidacy changed: the row's colors too), more than four runs
        // becoming one range; together they cover every cell whose display changed.
        QMap<std::tuple<QPersistentModelIndex, int, int, bool>, QList<QPair<int, int>>> runs;
        for (const auto &args : std::as_const(changed)) {
            const auto tl = args.at(0).value<QModelIndex>();
            const auto br = args.at(1).value<QModelIndex>();
            QCOMPARE(tl.parent(), br.parent());
            QVERIFY(tl.column() <= br.column());
            QVERIFY(tl.row() <= br.row());
            const bool allRoles = args.at(2).value<QList<int>>().isEmpty();
            runs[{QPersistentModelIndex(tl.parent()), tl.column(), br.column(), allRoles}].append({tl.row(), br.row()});
        }
        const auto covered = [&](const QModelIndex &cell) {
            return std::any_of(changed.begin(), changed.end(), [&](const QList<QVariant> &args) {
                const auto tl = args.at(0).value<QModelIndex>();
                const auto br = args.at(1).value<QModelIndex>();
                return tl.parent() == cell.parent() && tl.row() <= cell.row() && cell.row() <= br.row()
                    && tl.column() <= cell.column() && cell.column() <= br.column();
            });
        };
        int uncovered = 0;
        for (const auto &[cell, text] : displayBefore)
            if (cell.isValid() && cell.data().toString() != text && !covered(cell))
                ++uncovered;
        QCOMPARE(uncovered, 0);
        int changedRows = 0;
        for (auto &list : runs) {
            QVERIFY(list.size() <= 4);
            std::sort(list.begin(), list.end());
            for (qsizetype k = 0; k < list.size(); ++k) {
                changedRows += list[k].second - list[k].first + 1;
                if (k > 0)
                    QVERIFY2(list[k].first > list[k - 1].second + 1, "adjacent or overlapping ranges");
            }
        }
        QVERIFY(changed.count() <= std::max(1, changedRows));
        qInfo("%lld processes, %d appeared, %d vanished: %lld insert, %lld remove, %lld move, %lld dataChanged "
              "signals (%d rows changed)",
            static_cast<long long>(r->snapshot->processes.size()), appeared, vanished,
            static_cast<long long>(inserted.count()), static_cast<long long>(removed.count()),
            static_cast<long long>(moved.count()), static_cast<long long>(changed.count()), changedRows);
    }

    // The first result's rows are prepared on every core (from nothing, 1,024 rows or more); later
    // ones on one thread, against the rows shown. Both make every cell, sort value and search text
    // alike, and the later one, of the same result, finds nothing changed.
    void rowsFromNothingOnEveryCoreEqualRowsOnOne()
    {
        std::optional<IdleChildren> idle(std::in_place, 1100);
        QCOMPARE(idle->size(), 1100);
        const Result r = scan();
        idle.reset();
        QVERIFY(r->snapshot->processes.size() > 1100);
        const ProcessColumns columns;
        const auto everyCore = PreparedRows::prepare(r, defaultModel(), columns);
        const auto oneThread = PreparedRows::prepare(r, defaultModel(), columns, everyCore);
        QCOMPARE(oneThread->basisSerial, everyCore->serial);
        QCOMPARE(everyCore->rowCount(), oneThread->rowCount());
        QCOMPARE(everyCore->processes, r->snapshot->processes.size());
        for (std::size_t i = 0; i < everyCore->rowCount(); ++i) {
            for (int c = 0; c < columns.count(); ++c) {
                QCOMPARE(everyCore->cells.text(i, c), oneThread->cells.text(i, c));
                QCOMPARE(everyCore->cells.sortValue(i, c), oneThread->cells.sortValue(i, c));
                QVERIFY(everyCore->cells.sameCell(i, c, oneThread->cells, i));
            }
            QCOMPARE(everyCore->searchText(i), oneThread->searchText(i));
            QCOMPARE(oneThread->changedColumns[i].second, -1);
            QCOMPARE(oneThread->basisIndex[i], static_cast<int>(i));
        }
        // What a row says is the process's: its command line and PID, wherever the row was made.
        const int pid = columns.indexOf(u"pid"), command = columns.indexOf(u"command");
        QVERIFY(pid >= 0 && command >= 0);
        for (std::size_t i = 0; i < everyCore->processes; ++i) {
            const Sample &s = r->snapshot->processes[i];
            QCOMPARE(everyCore->cells.text(i, pid), QString::number(s.id.pid));
            QCOMPARE(everyCore->cells.sortValue(i, pid), QVariant(s.id.pid));
            QVERIFY(everyCore->searchText(i).startsWith(everyCore->cells.text(i, command)));
        }
    }

    // Until rows are shown someone waits for them: the first result's are made at the window's priority
    // (on every core, 1,100 processes and more), later ones as background work, which a loaded machine
    // starves. Without the difference the first rows took 1 s, not 30 ms, beside two spinners per core.
    void firstRowsAtTheWindowsPriorityLaterOnesInTheBackground()
    {
        std::optional<IdleChildren> idle(std::in_place, 1100);
        QCOMPARE(idle->size(), 1100);
        const Result first = scan();
        idle.reset();
        QCOMPARE(threadsAtNice(kBackgroundNice), 0);
        const TriageConfig config = defaultModel();
        ProcessTableModel model(config);
        ResultFeed feed(config, model);
        std::vector<int> backgroundWhenReady;
        connect(&feed, &ResultFeed::rowsReady, &model, [&](auto rows, qint64) {
            backgroundWhenReady.push_back(threadsAtNice(kBackgroundNice));
            model.setPrepared(std::move(rows));
        });
        feed.receive(first, 0);
        QTRY_COMPARE(backgroundWhenReady.size(), std::size_t{1});
        QCOMPARE(backgroundWhenReady[0], 0);
        feed.receive(scan(), 0);
        QTRY_COMPARE(backgroundWhenReady.size(), std::size_t{2});
        QCOMPARE(backgroundWhenReady[1], 1); // the feed's one thread
    }

    // A cell keeps its sort value's type and value however it is stored: a number of the column's type,
    // its own text, or anything else; and a changed text, number or type is a changed cell.
    void rowCellsKeepEverySortValue()
    {
        const QDateTime when = QDateTime::fromSecsSinceEpoch(1700000000, Qt::UTC);
        const std::vector<std::pair<QString, QVariant>> kinds
            = {{QString(), QVariant()}, {QStringLiteral("yes"), QVariant(true)}, {QStringLiteral("-3"), QVariant(-3)},
                {QStringLiteral("4"), QVariant(4u)}, {QStringLiteral("-5"), QVariant(qlonglong(-5))},
                {QStringLiteral("6"), QVariant(qulonglong(1) << 60)}, {QStringLiteral("0.5"), QVariant(0.5)},
                {QStringLiteral("root"), QVariant(QStringLiteral("root"))},
                {QStringLiteral("Root"), QVariant(QStringLiteral("root"))}, {QStringLiteral("then"), QVariant(when)}};
        RowCells cells, again;
        const int columns = static_cast<int>(kinds.size());
        cells.reset(columns, 1);
        again.reset(columns, 2);
        for (int c = 0; c < columns; ++c) {
            const auto &[text, value] = kinds[static_cast<std::size_t>(c)];
            cells.set(0, c, text, value);
            again.set(0, c, text, value);
            again.set(1, c, text + QStringLiteral("!"), value);
        }
        for (int c = 0; c < columns; ++c) {
            const auto &[text, value] = kinds[static_cast<std::size_t>(c)];
            QCOMPARE(cells.text(0, c), text);
            QCOMPARE(cells.sortValue(0, c).typeId(), value.typeId());
            QCOMPARE(cells.sortValue(0, c), value);
            QVERIFY(cells.sameCell(0, c, again, 0));
            QVERIFY(!cells.sameCell(0, c, again, 1)); // another text
        }
        again.set(0, 2, QStringLiteral("-3"), QVariant(-4)); // another number
        QVERIFY(!cells.sameCell(0, 2, again, 0));
        again.set(0, 6, QStringLiteral("0.5"), QVariant(qlonglong(0))); // another type
        QVERIFY(!cells.sameCell(0, 6, again, 0));
        again.set(0, 9, QStringLiteral("then"), QVariant(when.addSecs(1))); // another value of another type
        QVERIFY(!cells.sameCell(0, 9, again, 0));
        cells.reset(columns, 2);
        QCOMPARE(cells.rows(), std::size_t(2));
        QCOMPARE(cells.text(0, 9), QString());
        QCOMPARE(cells.sortValue(0, 9), QVariant()); // nothing left of the last rows
        QVERIFY(cells.sameCell(0, 9, cells, 1));
    }

    void filter()
    {
        // Names unique to this run: orphans and zombies of earlier tests may linger until init reaps them.
        const std::string tag = "f" + std::to_string(::getpid()) + "-";
        const QString P = QString::fromStdString(tag);
        const auto n = [&](const char *name) { return tag + name; };
        Spawner sp;
        const Actor alpha = sp.spawn({n("alpha"), {n("alpha"), "--mode", "fast"}, {}, Parenting::Child});
        const Actor beta = sp.spawn({n("beta"), {n("beta"), "--mode", "slow"}, {}, Parenting::Child});
        const Actor gamma = sp.spawn({n("gamma"), {n("gamma"), "--mode", "FAST"}, {}, Parenting::Child});
        const Actor orphan = sp.spawn({n("orphan"), {n("orphan"), "--mode", "slow"}, {}, Parenting::OrphanNoSession});
        const Actor zp = sp.spawn({n("zparent"), {n("zparent")}, {{"ACTOR_ZOMBIE", "1"}}, Parenting::Child});
        QVERIFY(alpha.pid > 0 && beta.pid > 0 && gamma.pid > 0 && orphan.pid > 0 && zp.zombiePid > 0);

        ProcessTableModel model(defaultModel());
        ProcessFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Result r = scan();
        model.setResult(r);
        const TriageResult &res = *r;
        const QString a = idOf(res, alpha.pid), b = idOf(res, beta.pid), g = idOf(res, gamma.pid),
                      o = idOf(res, orphan.pid), z = idOf(res, zp.pid), zz = idOf(res, zp.zombiePid);
        const Ids ours = {a, b, g, o, z, zz};
        QVERIFY(!ours.contains(QString()));

        // Every machine-wide expectation below comes from the engine's result, not from the model.
        const auto where = [&](auto pred) {
            Ids out;
            for (std::size_t i = 0; i < res.snapshot->processes.size(); ++i)
                if (pred(i))
                    out.insert(idAt(res, i));
            return out;
        };
        const auto withAncestors = [&](const Ids &ids) {
            Ids out = ids;
            for (std::size_t i = 0; i < res.snapshot->processes.size(); ++i)
                if (ids.contains(idAt(res, i)))
                    for (int p = expectedParent(res, i); p >= 0; p = expectedParent(res, static_cast<std::size_t>(p)))
                        out.insert(idAt(res, static_cast<std::size_t>(p)));
            return out;
        };

        // Kernel threads only in the System scope: they are never candidates and crowd the table.
        const auto kernel = [&](std::size_t i) { return res.snapshot->processes[i].isKernelThread(); };
        QCOMPARE(idsIn(proxy), where([&](std::size_t i) { return !kernel(i); }));
        proxy.setFilterText(P);
        QCOMPARE(idsIn(proxy), ours);
        proxy.setFilterText(QStringLiteral("  ") + P.toUpper() + QStringLiteral("   fast "));
        QCOMPARE(idsIn(proxy), (Ids{a, g}));
        proxy.setFilterText(QStringLiteral("fast ") + P + QStringLiteral("alpha"));
        QCOMPARE(idsIn(proxy), Ids{a});
        proxy.setFilterText(P + QStringLiteral(" slow --MODE"));
        QCOMPARE(idsIn(proxy), (Ids{b, o}));
        // By PID (a substring of the search text: PIDs that contain it match too).
        const QString betaPid = QString::number(beta.pid);
        proxy.setFilterText(betaPid + QLatin1Char(' ') + P);
        Ids byPid;
        for (int pid : {alpha.pid, beta.pid, gamma.pid, orphan.pid, zp.pid, zp.zombiePid})
            if (QString::number(pid).contains(betaPid))
                byPid.insert(idOf(res, pid));
        QCOMPARE(idsIn(proxy), byPid);
        // By user.
        const QString user
            = QString::fromStdString(res.facts[static_cast<std::size_t>(indexOfPid(res, alpha.pid))].user);
        QVERIFY(!user.isEmpty());
        proxy.setFilterText(P + QStringLiteral("alpha ") + user.toUpper());
        QCOMPARE(idsIn(proxy), Ids{a});
        proxy.setFilterText(P + QStringLiteral("alpha nosuchuserhere"));
        QVERIFY(idsIn(proxy).isEmpty());

        // Quick filters.
        const uint me = static_cast<uint>(::getuid());
        const auto uidIs = [&](std::size_t i, uint uid) {
            const auto u = res.snapshot->processes[i].uid;
            return u && *u == uid;
        };
        proxy.setFilterText({});
        proxy.setScope(ProcessFilterModel::Scope::Mine);
        QCOMPARE(idsIn(proxy), where([&](std::size_t i) { return uidIs(i, me) && !kernel(i); }));
        proxy.setFilterText(P);
        QCOMPARE(idsIn(proxy), ours);
        proxy.setMyUid(me + 4242);
        QVERIFY(idsIn(proxy).isEmpty());
        proxy.setMyUid(me);
        proxy.setScope(ProcessFilterModel::Scope::System);
        proxy.setFilterText({});
        const Ids system = where([&](std::size_t i) { return uidIs(i, 0) || !res.facts[i].protectedReason.empty(); });
        QCOMPARE(idsIn(proxy), system);
        QVERIFY(system.contains(idOf(res, 1)));
        if (res.snapshot->byPid(2) && res.snapshot->byPid(2)->isKernelThread())
            QVERIFY(system.contains(idOf(res, 2))); // kthreadd
        proxy.setScope(ProcessFilterModel::Scope::AllUsers);
        proxy.setCandidatesOnly(true);
        const Ids candidates = where([&](std::size_t i) { return res.recommendations[i].candidate && !kernel(i); });
        QCOMPARE(idsIn(proxy), candidates);
        QVERIFY(candidates.contains(zz)); // a zombie is always a candidate
        proxy.setFilterText(P);
        QCOMPARE(idsIn(proxy), candidates & ours);
        proxy.setCandidatesOnly(false);

        // Tree: the ancestors of a match stay visible, and only they.
        model.setTreeMode(true);
        proxy.setFilterText(P + QStringLiteral("alpha"));
        QCOMPARE(idsIn(proxy), withAncestors(Ids{a}));
        QVERIFY(idsIn(proxy).contains(idOf(res, static_cast<int>(::getpid()))));
        proxy.setFilterText(P + QStringLiteral("zparent"));
        QCOMPARE(idsIn(proxy), withAncestors(Ids{z, zz}));
        proxy.setFilterText({});
        proxy.setCandidatesOnly(true);
        QCOMPARE(idsIn(proxy), withAncestors(candidates));
        model.setResult(scan()); // filtered while the tree refreshes
        proxy.setCandidatesOnly(false);
        const auto &now = *model.result()->snapshot;
        QCOMPARE(idsIn(proxy).size(), std::count_if(now.processes.begin(), now.processes.end(), [](const Sample &x) {
            return !x.isKernelThread();
        }));
    }

    // ":PORT" in the search box: only what listens on that port, with the other words still applied.
    void portFilter()
    {
        const std::string tag = "p" + std::to_string(::getpid()) + "-";
        const QString P = QString::fromStdString(tag);
        Spawner sp;
        const Actor alpha = sp.spawn({tag + "alpha", {tag + "alpha"}, {{"ACTOR_LISTEN", "0"}}, Parenting::Child});
        const Actor beta = sp.spawn({tag + "beta", {tag + "beta"}, {{"ACTOR_LISTEN", "0"}}, Parenting::Child});
        const Actor quiet = sp.spawn({tag + "quiet", {tag + "quiet"}, {}, Parenting::Child});
        QVERIFY(alpha.port > 0 && beta.port > 0 && quiet.pid > 0);

        ProcessTableModel model(defaultModel());
        ProcessFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Result r = scan();
        model.setResult(r);
        const QString a = idOf(*r, alpha.pid), b = idOf(*r, beta.pid);
        const QString portA = QStringLiteral(":%1").arg(alpha.port);

        // Whatever listens on it, by the engine's facts (nothing else on this machine should).
        Ids listening;
        for (std::size_t i = 0; i < r->facts.size(); ++i) {
            const auto &ports = r->facts[i].listenPorts;
            if (std::find(ports.begin(), ports.end(), alpha.port) != ports.end())
                listening.insert(idAt(*r, i));
        }
        QCOMPARE(listening, Ids{a});
        proxy.setFilterText(portA);
        QCOMPARE(idsIn(proxy), Ids{a});
        proxy.setFilterText(QStringLiteral("  ") + portA + QLatin1Char(' ') + P);
        QCOMPARE(idsIn(proxy), Ids{a});
        proxy.setFilterText(portA + QLatin1Char(' ') + P + QStringLiteral("beta"));
        QVERIFY(idsIn(proxy).isEmpty());
        proxy.setFilterText(QStringLiteral(":%1 %2").arg(beta.port).arg(P));
        QCOMPARE(idsIn(proxy), Ids{b});
        // Two ports: a process must listen on both.
        proxy.setFilterText(portA + QStringLiteral(" :%1").arg(beta.port));
        QVERIFY(idsIn(proxy).isEmpty());
        // Not a port (0, above 65535, not a number): an ordinary word, which no command line holds here.
        proxy.setFilterText(QStringLiteral(":0 ") + P);
        QVERIFY(idsIn(proxy).isEmpty());
        proxy.setFilterText(QStringLiteral(":99999 ") + P);
        QVERIFY(idsIn(proxy).isEmpty());
        // The scope and candidates filters still apply beside it.
        proxy.setFilterText(portA);
        proxy.setMyUid(static_cast<uint>(::getuid()) + 4242);
        proxy.setScope(ProcessFilterModel::Scope::Mine);
        QVERIFY(idsIn(proxy).isEmpty());
        proxy.setScope(ProcessFilterModel::Scope::AllUsers);
        QCOMPARE(idsIn(proxy), Ids{a});
        // Across a refresh, and back to everything.
        model.setResult(scan());
        QCOMPARE(idsIn(proxy), Ids{a});
        proxy.setFilterText({});
        QVERIFY(idsIn(proxy).size() > 3);
    }
};

PTRIAGE_ROOM_MAIN(TestProcessTableModel)
#include "tst_process_table_model.moc"
