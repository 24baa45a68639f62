#pragma once

#include <QString>

// What the KAuth client (engine/act/transport/KAuthTransport) and the KAuth helper (helper/kauth) agree on,
// beside the request map itself. Plain constants: no KF6 needed to include this.
namespace ptriage::procops::kauth {

inline const QString helperId = QStringLiteral("org.ptriage.helper");
inline const QString actionPrefix = QStringLiteral("org.ptriage.helper."); // + signal, freeze, …
inline const QString callerPidKey = QStringLiteral("callerPid"); // int, the client's own pid (optional)
inline const QString resultsKey = QStringLiteral("results"); // QVariantList in the reply data

// The helper's HelperErrorReply codes, above KAuth's and KJob's own (the client sees job->error()).
enum ErrorCode { InvalidRequest = 1001, WrongAction = 1002, CallerMismatch = 1003 };

} // namespace ptriage::procops::kauth
