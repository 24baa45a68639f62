#include "look/Guide.h"

#include "look/ClassStyle.h"
#include "look/ThemeIcon.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ptriage {
namespace {

QLabel *iconLabel(const QIcon &icon, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setPixmap(icon.pixmap(16, 16));
    return label;
}

QLabel *swatch(const QColor &color, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setFixedSize(16, 16);
    label->setAutoFillBackground(true);
    label->setStyleSheet(QStringLiteral("background: %1; border: 1px solid palette(mid);").arg(color.name()));
    return label;
}

} // namespace

void Guide::showLegend(QWidget *anchor)
{
    auto *popup = new QFrame(anchor, Qt::Popup);
    popup->setAttribute(Qt::WA_DeleteOnClose);
    popup->setFrameShape(QFrame::StyledPanel);
    auto *grid = new QGridLayout(popup);
    int row = 0;
    const auto add = [&](QWidget *mark, const QString &word, const QString &meaning) {
        grid->addWidget(mark, row, 0, Qt::AlignCenter);
        auto *w = new QLabel(QStringLiteral("<b>%1</b>").arg(word.toHtmlEscaped()), popup);
        grid->addWidget(w, row, 1);
        auto *m = new QLabel(meaning, popup);
        m->setWordWrap(true);
        m->setMinimumWidth(360);
        grid->addWidget(m, row, 2);
        ++row;
    };
    const char *meanings[kClassCount] = {
        QT_TRANSLATE_NOOP("Guide", "in use, or doing its job"),
        QT_TRANSLATE_NOOP("Guide", "busy without getting anywhere (a loop, a hang), or waiting on something gone"),
        QT_TRANSLATE_NOOP("Guide", "left behind: whoever started it is gone and nobody uses it"),
        QT_TRANSLATE_NOOP("Guide", "has exited; its parent has not collected it (ask the parent, or end it)"),
    };
    for (int c = 0; c < kClassCount; ++c) {
        const auto k = static_cast<ProcessClass>(c);
        add(iconLabel(ClassStyle::icon(k), popup), ClassStyle::label(k), tr(meanings[c]));
    }
    add(swatch(ClassStyle::background(ProcessClass::Abandoned), popup), tr("tinted row, bold action"),
        tr("ptriage recommends that action; the tint is the class's color"));
    add(iconLabel(themeIcon(QStringLiteral("process-stop")), popup), tr("kill"),
        tr("recommended: end it (TERM, then KILL after a grace period)"));
    add(new QLabel(QStringLiteral("<i>%1</i>").arg(tr("review")), popup), tr("review"),
        tr("probably left behind, but not sure enough to act: have a look first"));
    add(new QLabel(QStringLiteral("—"), popup), tr("too young"),
        tr("younger than the minimum age: not judged yet (a build or a test run may still be going)"));
    add(new QLabel(QStringLiteral("…"), popup), tr("paused by ptriage"),
        tr("in the State column: something ptriage did and that can be undone (Process → Undo)"));
    popup->adjustSize();
    popup->move(anchor->mapToGlobal(QPoint(anchor->width() - popup->width(), anchor->height())));
    popup->show();
}

void Guide::showGuide(QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("ptriage guide"));
    auto *text = new QTextBrowser(dialog);
    text->setOpenExternalLinks(false);
    QString html;
    const auto section = [&html](const QString &title, const QStringList &paragraphs) {
        html += QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped());
        for (const QString &p : paragraphs)
            html += QStringLiteral("<p>%1</p>").arg(p);
    };
    section(tr("Where to start"),
        {tr("The line above the table says whether anything needs attention. <b>Show them</b> lists only those "
            "processes. The <b>Action</b> column says what ptriage recommends, the <b>Why</b> column the strongest "
            "reasons; the Evidence tab has all of them.")});
    section(tr("Classes"),
        {tr("Every process gets a probability for each of four classes: <b>useful</b> (in use or doing its job), "
            "<b>stuck or spinning</b> (busy without progress, or waiting on something gone), <b>abandoned</b> (left "
            "behind by a session, test run, editor or script that is gone) and <b>zombie</b> (exited, not yet "
            "collected by its parent). The table shows the most probable one.")});
    section(tr("Evidence and bits"),
        {tr("Each piece of evidence (its parent, its terminal, when it last ran, its sockets, files it writes …) "
            "moves the verdict by a number of <b>bits</b>: +1 bit doubles the odds of the verdict against the "
            "reference class, −1 halves them. Weak is under 1 bit, substantial over 1, strong over 2, decisive "
            "over 3.3. The Evidence tab lists them term by term, in words.")});
    section(tr("Score and action"),
        {tr("The <b>score</b> (0–100) is how much acting is worth: the expected loss saved by the best action "
            "over keeping the process. An action is recommended only when its risk is worth it and nothing "
            "blocks it (a supervisor, a person using it, a protected process); otherwise ptriage says "
            "<i>review</i> (look before acting) or <i>keep</i>. The Blast radius tab shows what acting would "
            "break.")});
    section(tr("Minimum age"),
        {tr("Processes younger than the minimum age are <i>too young</i>: nothing is judged or recommended for "
            "them, since a build or a test run may still be going. Change it with <b>Judge from the age of</b> "
            "above the table, with <code>--min-age</code>, or for good in <code>policy.json</code> "
            "(<code>min_age_seconds</code>).")});
    section(tr("Acting"),
        {tr("Every action asks first and says what it would affect. ptriage acts on a process's identity (boot, "
            "start time and PID), never on a PID alone, so a reused PID is never hit. A zombie cannot be "
            "signalled: its parent can. Pause, freeze, throttle, renice and quarantine can be undone "
            "(Process → Undo). When your own rights are not enough, the system asks for an administrator's "
            "password.")});
    section(tr("Keyboard"),
        {tr("<b>F5</b> refresh now · <b>Space</b> pause updates · <b>Ctrl+T</b> tree view · <b>Ctrl+G</b> by origin · "
            "<b>Ctrl+F</b> or "
            "<b>/</b> filter · <b>Delete</b> end (TERM, then KILL) · <b>Shift+Delete</b> kill · <b>Ctrl+Z</b> "
            "undo · <b>Ctrl+S</b> save the session · <b>Ctrl+Shift+S</b> sessions · <b>Ctrl+E</b> report · "
            "<b>F1</b> this guide")});
    text->setHtml(html);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(640, 560);
    dialog->show();
}

} // namespace ptriage
