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

Run runPtriage(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

} // namespace ptriage::test
