#include "report/html/ReportHistory.h"

#include "session/database/SessionStore.h"

#include <QFileInfo>

namespace ptriage {

std::vector<SessionAction> sessionActions(const std::vector<ActionJournal::Entry> &entries)
{
    std::vector<SessionAction> out;
    for (const auto &e : entries) {
        SessionAction a;
        a.id = e.id;
        a.atMs = e.atMs;
        a.verb = (e.undoing ? "undo " : "") + std::string(actVerbName(e.verb));
        a.target = e.target.toString();
        a.command = e.command;
        a.status = actStatusName(e.status);
        a.message = e.message;
        out.push_back(std::move(a));
    }
    return out;
}

bool addReportHistory(ReportInput &report, const ReportHistoryRequest &request, QString *error)
{
    if (!QFileInfo::exists(request.databasePath))
        return true;
    SessionStore store;
    if (!store.open(request.databasePath, SessionStore::Mode::ExistingOnly, error))
        return false;
    const std::int64_t scanMs = report.header.scannedAtMs;
    long long beforeId = request.beforeId;
    if (beforeId < 0) {
        beforeId = 0;
        QString listError;
        for (const SessionInfo &s : store.sessions(0, &listError, request.sshHost)) // oldest first
            if (s.atMs < scanMs && s.id != report.header.sessionId)
                beforeId = s.id;
        if (!listError.isEmpty()) {
            *error = listError;
            return false;
        }
    }
    std::shared_ptr<const SessionComparison> comparison;
    // A saved session's report ends at that session, a live one at its own scan.
    const long long afterId = request.afterId || request.now ? request.afterId : report.header.sessionId;
    if (beforeId > 0 && beforeId != afterId) {
        comparison = compareSessions(store, beforeId, afterId, request.now, error);
        if (!comparison)
            return false;
    }
    // The span: from the earlier session (else boot, else a day) to the scan.
    std::int64_t fromMs = comparison ? comparison->before.info.atMs : report.header.bootAtMs;
    if (fromMs <= 0)
        fromMs = scanMs - 24 * 3600 * 1000LL;
    report.comparison = std::move(comparison);
    if (!request.sshHost.empty())
        return true; // this machine's journal lists its own actions, not the host's
    ActionJournal journal;
    if (!journal.open(request.databasePath, error))
        return false;
    report.actions = sessionActions(journal.actionsBetween(fromMs, scanMs + 1, kReportActions));
    report.actionsInSpan = journal.countBetween(fromMs, scanMs + 1);
    return true;
}

} // namespace ptriage
