#include "support/RunPtriage.h"

#include "support/BuildPaths.h"

namespace ptriage::test {

Run runPtriage(const QStringList &args, const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QString::fromUtf8(ptriageBinary()), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

} // namespace ptriage::test
