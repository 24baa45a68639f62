#include "Commands.h"
#include "OneShot.h"

#include "config/TriageConfig.h"
#include "report/LearnedReport.h"
#include "session/database/SessionStore.h"

#include <QDateTime>
#include <QFileInfo>

#include <cstdio>

namespace ptriage::cli {

int learned(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The decisions ptriage learned from, and their patterns."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print ptriage.learned.v1 JSON.")});
    parser.addOption({QStringLiteral("forget"),
        QStringLiteral("Forget the decisions behind PATTERN (at any level), then list."), QStringLiteral("PATTERN")});
    parser.addOption({QStringLiteral("clear"), QStringLiteral("Forget every decision, then list.")});
    parser.addOption({QStringLiteral("db"),
        QStringLiteral("The session database (default %1).").arg(SessionStore::defaultPath()), QStringLiteral("FILE")});
    if (const auto done
        = parseCommandLine(parser, args, QStringLiteral("learned [--json] [--forget PATTERN | --clear] [--db FILE]")))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("learned takes no arguments, got '%1'").arg(parser.positionalArguments().first()));
    const bool forget = parser.isSet(QStringLiteral("forget"));
    const bool clear = parser.isSet(QStringLiteral("clear"));
    if (forget && clear)
        return usage(QStringLiteral("learned takes --forget PATTERN or --clear, not both"));
    const std::string pattern = parser.value(QStringLiteral("forget")).toStdString();
    if (forget && pattern.empty())
        return usage(QStringLiteral("--forget: expected a pattern (see 'ptriage learned')"));
    ConfigError configError;
    const auto config = TriageConfig::load({}, &configError);
    if (!config) {
        fail(configError.toString());
        return Failure;
    }
    const QString path
        = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : SessionStore::defaultPath();
    std::vector<Decision> decisions;
    QString error;
    // No database yet: nothing learned, which is not an error (except for forgetting a pattern).
    if (QFileInfo::exists(path)) {
        SessionStore store;
        if (!store.open(path, SessionStore::Mode::ExistingOnly, &error)) {
            fail(error);
            return Failure;
        }
        if (forget) {
            const int n = store.forgetPattern(pattern, &error);
            if (n < 0) {
                fail(error);
                return Failure;
            }
            if (n == 0) {
                fail(QStringLiteral("no decision has the pattern '%1' (see 'ptriage learned')")
                         .arg(QString::fromStdString(pattern)));
                return Failure;
            }
            std::fprintf(stderr, "forgot %d decision%s behind '%s'\n", n, n == 1 ? "" : "s", pattern.c_str());
        } else if (clear) {
            if (!store.clearDecisions(&error)) {
                fail(error);
                return Failure;
            }
            std::fprintf(stderr, "forgot every decision\n");
        }
        decisions = store.decisions(&error);
        if (!error.isEmpty()) {
            fail(error);
            return Failure;
        }
    } else if (forget) {
        fail(QStringLiteral("%1: no decisions recorded yet, so no pattern '%2'")
                 .arg(path, QString::fromStdString(pattern)));
        return Failure;
    }
    const LearnedPatterns patterns(decisions, {}, config->priors.learning, QDateTime::currentMSecsSinceEpoch());
    const bool json = parser.isSet(QStringLiteral("json"));
    const std::string text = json ? learnedJson(decisions, patterns, config->priors.learning)
                                  : learnedText(decisions, patterns, config->priors.learning);
    if (!writeOut(text, json ? Output::Json : Output::Text)) {
        fail(QStringLiteral("cannot write the output"));
        return Failure;
    }
    return Ok;
}

} // namespace ptriage::cli
