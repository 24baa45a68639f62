#pragma once

#include "report/html/ReportInput.h"

#include "act/ActionJournal.h"

namespace ptriage {

class SessionStore;

// What the session database adds to a report: the comparison with an earlier session and the
// actions journaled in the span. Runs on the caller's thread with its own store and journal.
struct ReportHistoryRequest {
    QString databasePath;
    long long beforeId = -1; // the session to compare from; -1: the latest saved before the report's scan
    long long afterId = 0; // to; 0: `now`, or the reported session when there is no `now`
    std::shared_ptr<const Session> now; // the report's own scan as a session (live reports)
    std::string sshHost; // the reported machine (SessionInfo::sshHost): earlier sessions of it only
};

// Adds the comparison (when there is an earlier session) and the actions. A database that does not
// exist adds nothing and is not created; one that cannot be read is an error, the report unchanged.
bool addReportHistory(ReportInput &report, const ReportHistoryRequest &request, QString *error);

// The journal's entries as reports and diffs list them.
std::vector<SessionAction> sessionActions(const std::vector<ActionJournal::Entry> &entries);

} // namespace ptriage
