#include "acting/ActFlow.h"

#include "acting/ActionDialog.h"
#include "decide/groups/GroupPlan.h"
#include "desk/Desk.h"
#include "infer/ProcessOrigin.h"
#include "look/UiText.h"
#include "report/EngineLabels.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPointer>

#include <memory>

namespace ptriage::ActFlow {
namespace {

// Shows the outcome of `ticket` over `over` once the Desk reports it; the watch ends with it.
void showOutcomeOf(Desk &desk, int ticket, QWidget *over)
{
    auto connection = std::make_shared<QMetaObject::Connection>();
    QObject *context = over ? static_cast<QObject *>(over) : &desk;
    *connection = QObject::connect(&desk, &Desk::actFinished, context,
        [connection, ticket, over = QPointer<QWidget>(over)](
            int finished, const QString &title, const std::vector<ActOutcome> &outcomes) {
            if (finished != ticket)
                return;
            QObject::disconnect(*connection);
            if (!over)
                return;
            int done = 0;
            for (const ActOutcome &o : outcomes)
                done += o.status == ActStatus::Done ? 1 : 0;
            auto *box = new QMessageBox(
                done == static_cast<int>(outcomes.size()) ? QMessageBox::Information : QMessageBox::Warning, title,
                QCoreApplication::translate("ActFlow", "%1 of %2 done.").arg(done).arg(outcomes.size()),
                QMessageBox::Ok, over);
            box->setObjectName(QStringLiteral("actionOutcome"));
            box->setInformativeText(outcomeLines(outcomes));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
}

} // namespace

namespace {

void openConfirmation(Desk &desk, const ActRequest &request, QWidget *over, const ActionDialog::GroupMembers *group,
    std::shared_ptr<const TriageResult> on)
{
    auto *dialog = new ActionDialog(request, on, over, group);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(dialog, &QDialog::accepted, dialog, [&desk, dialog, over, on] {
        const ActRequest confirmed = dialog->request();
        if (const int ticket = desk.act(confirmed, ActionDialog::verbLabel(confirmed.verb), on))
            showOutcomeOf(desk, ticket, over);
    });
    dialog->open(); // window-modal, and the event loop keeps running: scans go on behind it
}

} // namespace

void confirmAndAct(Desk &desk, const ActRequest &request, QWidget *over, std::shared_ptr<const TriageResult> on)
{
    if (!on)
        on = desk.current();
    if (request.targets.empty() || !on || !desk.actUnavailableReason().isEmpty())
        return;
    openConfirmation(desk, request, over, nullptr, std::move(on));
}

void confirmGroupEnd(Desk &desk, const std::string &key, QWidget *over, std::shared_ptr<const TriageResult> on)
{
    const auto result = on ? on : desk.current();
    if (!result || !desk.actUnavailableReason().isEmpty())
        return;
    const int g = result->findGroup(key);
    if (g < 0)
        return; // every member has ended since
    const std::vector<int> &members = result->group(g).members;
    const GroupPlan plan = planGroupEnd(*result, g);
    if (plan.end.empty())
        return;
    // End: TERM, then KILL, on the identities the plan ends; never a bare pid.
    ActRequest request;
    request.verb = ActVerb::End;
    for (int i : plan.end)
        request.targets.push_back(result->identityOf(i));
    ActionDialog::GroupMembers group;
    const ProcessOrigin &origin = result->process(members.front()).origin();
    group.origin = qs(originPhrase(origin));
    group.owner = qs(ownerPhrase(origin, result->snapshot->capturedAtMs));
    group.project = qs(origin.projectLabel);
    for (int i : members)
        group.members.push_back(result->identityOf(i));
    for (const auto &[i, why] : plan.leftOut)
        group.leftOut.emplace_back(result->identityOf(i), qs(why));
    openConfirmation(desk, request, over, &group, result);
}

void confirmAndUndo(Desk &desk, const ActionJournal::Entry &entry, QWidget *over)
{
    if (desk.isActing())
        return;
    const long long id = entry.id;
    const QString what = ActionDialog::verbLabel(entry.verb);
    auto *box = new QMessageBox(QMessageBox::Question, QCoreApplication::translate("ActFlow", "Undo"),
        entry.machine.isThis()
            ? QCoreApplication::translate("ActFlow", "Undo the %1 of process %2?").arg(what).arg(entry.target.pid)
            : QCoreApplication::translate("ActFlow", "Undo the %1 of process %2 on %3? ptriage there undoes it.")
                  .arg(what)
                  .arg(entry.target.pid)
                  .arg(QString::fromStdString(entry.machine.hostName())),
        QMessageBox::Yes | QMessageBox::Cancel, over);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::accepted, box, [&desk, id, what, over] {
        if (const int ticket = desk.undo(id, QCoreApplication::translate("ActFlow", "Undo %1").arg(what)))
            showOutcomeOf(desk, ticket, over);
    });
    box->open();
}

QString outcomeLines(const std::vector<ActOutcome> &outcomes)
{
    QStringList lines;
    for (const ActOutcome &o : outcomes)
        lines << QCoreApplication::translate("ActFlow", "PID %1: %2 — %3")
                     .arg(o.target.pid)
                     .arg(EngineLabels::actStatus(o.status), qs(o.message));
    return lines.join(QLatin1Char('\n'));
}

} // namespace ptriage::ActFlow
