// The tree view's rows come expanded and stay as the person left them: a new parent shows its
// children, a collapsed one stays collapsed however its children change, and the tree built anew
// is expanded whole. Rows are known by their key (the process identity), not their position.
#include "support/TestRoom.h"
#include "table/TreeExpansion.h"

#include <QStandardItemModel>
#include <QTest>
#include <QTreeView>

using namespace ptriage;

namespace {

constexpr int kKeyRole = Qt::UserRole + 7;

QStandardItem *row(const QString &key)
{
    auto *item = new QStandardItem(key);
    item->setData(key, kKeyRole);
    return item;
}

} // namespace

class TestTreeExpansion : public QObject {
    Q_OBJECT

    QStandardItemModel m_model;
    QTreeView m_view;
    TreeExpansion *m_expansion = nullptr;

    QModelIndex indexOf(const QString &key)
    {
        const auto found = m_model.match(m_model.index(0, 0), kKeyRole, key, 1, Qt::MatchExactly | Qt::MatchRecursive);
        return found.isEmpty() ? QModelIndex() : found.front();
    }

    // A model reset with two parents holding two children each.
    void rebuild()
    {
        m_model.clear();
        for (const QString &p : {QStringLiteral("a"), QStringLiteral("b")}) {
            QStandardItem *parent = row(p);
            parent->appendRow(row(p + QStringLiteral("1")));
            parent->appendRow(row(p + QStringLiteral("2")));
            m_model.appendRow(parent);
        }
    }

private Q_SLOTS:
    void init()
    {
        m_model.clear();
        m_view.setModel(&m_model);
        delete m_expansion;
        m_expansion = new TreeExpansion(&m_view, kKeyRole, this);
        m_expansion->setEnabled(true);
        rebuild(); // QStandardItemModel::clear resets: the tree comes anew
    }

    void aTreeBuiltAnewComesExpanded()
    {
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("a"))));
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("b"))));
    }

    void aNewParentShowsItsChildren()
    {
        QStandardItem *c = row(QStringLiteral("c"));
        m_model.appendRow(c); // inserted childless, as the table model inserts a level at a time
        c->appendRow(row(QStringLiteral("c1")));
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("c"))));
        // A subtree inserted whole (rows the filter shows again) comes expanded too.
        QStandardItem *d = row(QStringLiteral("d"));
        QStandardItem *d1 = row(QStringLiteral("d1"));
        d1->appendRow(row(QStringLiteral("d11")));
        d->appendRow(d1);
        m_model.appendRow(d);
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("d"))));
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("d1"))));
    }

    void whatThePersonCollapsedStaysCollapsed()
    {
        m_view.collapse(indexOf(QStringLiteral("a")));
        m_model.itemFromIndex(indexOf(QStringLiteral("a")))->appendRow(row(QStringLiteral("a3")));
        QVERIFY(!m_view.isExpanded(indexOf(QStringLiteral("a"))));
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("b"))));
        // Expanded again by the person: it follows new children again.
        m_view.expand(indexOf(QStringLiteral("a")));
        m_view.collapse(indexOf(QStringLiteral("b")));
        m_view.expand(indexOf(QStringLiteral("b")));
        m_model.itemFromIndex(indexOf(QStringLiteral("b")))->appendRow(row(QStringLiteral("b3")));
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("b"))));
    }

    // Rows a filter hides and shows again come back as the person left them.
    void aCollapsedRowShownAgainStaysCollapsed()
    {
        m_view.collapse(indexOf(QStringLiteral("a")));
        const QList<QStandardItem *> taken = m_model.takeRow(indexOf(QStringLiteral("a")).row());
        QVERIFY(!indexOf(QStringLiteral("a")).isValid());
        m_model.appendRow(taken);
        QVERIFY(!m_view.isExpanded(indexOf(QStringLiteral("a"))));
        // A row that gains its first child comes expanded.
        QStandardItem *b = m_model.itemFromIndex(indexOf(QStringLiteral("b")));
        b->child(0)->appendRow(row(QStringLiteral("b11")));
        QVERIFY(m_view.isExpanded(indexOf(QStringLiteral("b1"))));
    }

    void theFlatViewExpandsNothing()
    {
        m_expansion->setEnabled(false);
        rebuild();
        QVERIFY(!m_view.isExpanded(indexOf(QStringLiteral("a"))));
        QStandardItem *c = row(QStringLiteral("c"));
        m_model.appendRow(c);
        c->appendRow(row(QStringLiteral("c1")));
        QVERIFY(!m_view.isExpanded(indexOf(QStringLiteral("c"))));
    }
};

PTRIAGE_ROOM_MAIN(TestTreeExpansion)
#include "tst_tree_expansion.moc"
