#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace ptriage::test {

// One run of the built `ptriage` binary, as a person would run it.
struct Run {
    int exit = -1; // -1 when it crashed or did not finish
    QByteArray out;
    QByteArray err;
};

inline Run runPtriage(
    const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PTRIAGE_BINARY), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

} // namespace ptriage::test
