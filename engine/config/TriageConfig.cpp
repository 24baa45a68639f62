#include "config/TriageConfig.h"

#include "store/FileTrust.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ptriage {
namespace {

// The patterns as one alternation, or nothing when a pattern refers to a group by number or name
// (joined, its groups would be numbered anew).
std::optional<QRegularExpression> joinedAlternatives(const std::vector<const QRegularExpression *> &patterns)
{
    static const QRegularExpression backReference(QStringLiteral(R"(\\([1-9]|g|k))"));
    QStringList parts;
    for (const QRegularExpression *p : patterns) {
        if (p->pattern().contains(backReference))
            return std::nullopt;
        parts << QStringLiteral("(?:%1)").arg(p->pattern());
    }
    if (parts.isEmpty())
        return std::nullopt;
    QRegularExpression any(parts.join(QLatin1Char('|')));
    if (!any.isValid())
        return std::nullopt;
    any.optimize();
    return any;
}

// Reads a validated config; every accessor records the first semantic error with its location.
class Reader {
public:
    Reader(const JsonConfig &defaults, const JsonConfig *user, ConfigError *error)
        : m_defaults(defaults), m_user(user), m_error(error)
    { }
    bool failed() const { return m_failed; }

    void fail(const QString &path, const QString &message)
    {
        if (m_failed)
            return;
        m_failed = true;
        // Blame the user's file when it mentions the field; else the defaults.
        const JsonConfig &where = (m_user && m_user->lineOf(path) > 0) ? *m_user : m_defaults;
        *m_error = where.error(path, message);
    }

    double number(const QJsonObject &o, const QString &key, const QString &path, double min, double max)
    {
        const double v = o.value(key).toDouble(std::nan(""));
        if (!(v >= min && v <= max))
            fail(path, QCoreApplication::translate("ConfigError", "expected a number in [%1, %2]").arg(min).arg(max));
        return v;
    }

    bool boolean(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QJsonValue v = o.value(key);
        if (!v.isBool())
            fail(path, QCoreApplication::translate("ConfigError", "expected true or false"));
        return v.toBool();
    }

    ClassVector classVector(const QJsonObject &o, const QString &path, bool logOf)
    {
        ClassVector out{};
        for (int c = 0; c < kClassCount; ++c) {
            const QString key = QLatin1String(jsonName(static_cast<ProcessClass>(c)));
            if (!o.contains(key)) {
                fail(path + QLatin1Char('.') + key, QCoreApplication::translate("ConfigError", "missing"));
                continue;
            }
            const double v = number(o, key, path + QLatin1Char('.') + key, 1e-12, 1e6);
            out[static_cast<std::size_t>(c)] = logOf ? std::log(v) : v;
        }
        return out;
    }

    std::vector<std::string> strings(const QJsonValue &v, const QString &path)
    {
        std::vector<std::string> out;
        for (const auto &e : v.toArray()) {
            if (!e.isString())
                fail(path, QCoreApplication::translate("ConfigError", "expected a list of strings"));
            out.push_back(e.toString().toStdString());
        }
        return out;
    }

    std::optional<QRegularExpression> regex(const QString &pattern, const QString &path)
    {
        QRegularExpression re(pattern);
        if (!re.isValid()) {
            fail(path,
                QCoreApplication::translate("ConfigError", "bad regular expression at offset %1: %2")
                    .arg(re.patternErrorOffset())
                    .arg(re.errorString()));
            return std::nullopt;
        }
        re.optimize();
        return re;
    }

private:
    const JsonConfig &m_defaults;
    const JsonConfig *m_user;
    ConfigError *m_error;
    bool m_failed = false;
};

struct Loaded {
    JsonConfig defaults;
    std::optional<JsonConfig> user;
    QJsonObject merged;
};

// Checks a file before it is merged: the shipped defaults (true) or the user's file (false).
using FileCheck = bool (*)(const JsonConfig &file, bool shipped, ConfigError *error);

std::optional<Loaded> loadOne(const QString &name, const QString &userDir, const QStringList &openMaps,
    QStringList &sources, ConfigError *error, FileCheck check = nullptr)
{
    Loaded l;
    auto defaults = JsonConfig::load(QStringLiteral(":/ptriage/") + name, error);
    if (!defaults || (check && !check(*defaults, true, error)))
        return std::nullopt;
    l.defaults = *defaults;
    l.merged = l.defaults.root;
    sources << l.defaults.file;
    const QString userPath = QDir(userDir).filePath(name);
    bool exists = false;
    // It decides what ptriage recommends killing: only the person's own file, as the session database.
    if (const QString why = userDir.isEmpty() ? QString() : whyNotOwnFile(userPath, &exists); !why.isEmpty()) {
        *error = {userPath, 0, {}, QCoreApplication::translate("ConfigError", "not used: %1").arg(why)};
        return std::nullopt;
    }
    if (exists) {
        l.user = JsonConfig::load(userPath, error);
        if (!l.user || (check && !check(*l.user, false, error)))
            return std::nullopt;
        sources << userPath;
        const QString schema = l.defaults.root.value(QStringLiteral("schema")).toString();
        const QString userSchema = l.user->root.value(QStringLiteral("schema")).toString(schema);
        if (userSchema != schema) {
            *error = l.user->error(
                QStringLiteral("schema"), QCoreApplication::translate("ConfigError", "expected \"%1\"").arg(schema));
            return std::nullopt;
        }
        if (!mergeConfig(l.defaults, *l.user, openMaps, l.merged, error))
            return std::nullopt;
    }
    return l;
}

bool readPriors(const Loaded &l, Priors &p, ConfigError *error)
{
    Reader r(l.defaults, l.user ? &*l.user : nullptr, error);
    const auto &o = l.merged;
    ClassVector prior = r.classVector(o.value(QStringLiteral("prior")).toObject(), QStringLiteral("prior"), false);
    double sum = 0;
    for (double v : prior)
        sum += v;
    for (int c = 0; c < kClassCount; ++c)
        p.logPrior[static_cast<std::size_t>(c)] = std::log(prior[static_cast<std::size_t>(c)] / sum);
    p.maxBitsPerTerm = r.number(o, QStringLiteral("max_bits_per_term"), QStringLiteral("max_bits_per_term"), 0.5, 64);
    p.maxBitsState = r.number(o, QStringLiteral("max_bits_state"), QStringLiteral("max_bits_state"), 0.5, 64);
    p.maxBitsKindOwnerGone = r.number(
        o, QStringLiteral("max_bits_kind_when_owner_gone"), QStringLiteral("max_bits_kind_when_owner_gone"), 0, 64);
    p.maxBitsLeftBehindInUse = r.number(
        o, QStringLiteral("max_bits_left_behind_in_use"), QStringLiteral("max_bits_left_behind_in_use"), 0, 64);
    const auto t = o.value(QStringLiteral("thresholds")).toObject();
    auto th = [&](const char *key, double min, double max) {
        return r.number(t, QLatin1String(key), QStringLiteral("thresholds.") + QLatin1String(key), min, max);
    };
    p.cpuIdle = th("cpu_idle_share", 0, 1);
    p.cpuTrickle = th("cpu_trickle_share", 0, 1);
    p.cpuBusy = th("cpu_busy_share", 0, 1);
    p.cpuSpinning = th("cpu_spinning_share", 0, 64);
    p.ioIdle = th("io_idle_bytes_per_second", 0, 1e12);
    p.ioHeavy = th("io_heavy_bytes_per_second", 0, 1e12);
    p.sustainedCpu = th("sustained_cpu_share", 0, 64);
    p.sustainedMinAge = th("sustained_min_age_seconds", 0, 1e9);
    p.agePast = th("age_ratio_past", 0, 1e6);
    p.ageLongPast = th("age_ratio_long_past", 0, 1e6);
    p.ageFarPast = th("age_ratio_far_past", 0, 1e6);
    p.recentTtySeconds = th("recent_tty_seconds", 0, 1e9);
    p.lastRanMinutes = th("last_ran_minutes_seconds", 0, 1e9);
    p.lastRanHours = th("last_ran_hours_seconds", 0, 1e9);
    p.lastRanDays = th("last_ran_days_seconds", 0, 1e9);
    p.idleLifeCpuShare = th("idle_life_cpu_share", 0, 1);
    p.learning.halfLifeDays = th("learning_half_life_days", 0.01, 36500);
    p.learning.spareWeight = th("learning_spare_weight", 0.1, 100);
    p.learning.minVotes = th("learning_min_votes", 0.1, 1000);
    p.learning.respawnSeconds = th("learning_respawn_seconds", 0, 86400);
    p.learning.baseLevelWeight = th("learning_base_level_weight", 0, 1);
    p.leak.minSessions = static_cast<int>(th("leak_min_sessions", 2, 100));
    p.leak.minGrowthBytes = th("leak_min_growth_bytes", 0, 1e15);
    p.leak.minGrowthRatio = th("leak_min_growth_ratio", 0, 1000);
    if (!r.failed() && !(p.cpuIdle < p.cpuTrickle && p.cpuTrickle < p.cpuBusy && p.cpuBusy < p.cpuSpinning))
        r.fail(QStringLiteral("thresholds.cpu_busy_share"),
            QCoreApplication::translate(
                "ConfigError", "cpu thresholds must increase: idle < trickle < busy < spinning"));
    if (!r.failed() && !(p.lastRanMinutes < p.lastRanHours && p.lastRanHours < p.lastRanDays))
        r.fail(QStringLiteral("thresholds.last_ran_hours_seconds"),
            QCoreApplication::translate("ConfigError", "last-ran thresholds must increase: minutes < hours < days"));
    if (!r.failed() && !(p.agePast < p.ageLongPast && p.ageLongPast < p.ageFarPast))
        r.fail(QStringLiteral("thresholds.age_ratio_long_past"),
            QCoreApplication::translate("ConfigError", "age ratios must increase: past < long_past < far_past"));
    if (!r.failed() && !(p.ioIdle < p.ioHeavy))
        r.fail(QStringLiteral("thresholds.io_heavy_bytes_per_second"),
            QCoreApplication::translate("ConfigError", "must be above io_idle_bytes_per_second"));

    const auto lk = o.value(QStringLiteral("likelihoods")).toObject();
    for (auto it = lk.begin(); it != lk.end(); ++it) {
        TermTable table;
        table.name = it.key().toStdString();
        const auto bins = it.value().toObject();
        for (auto b = bins.begin(); b != bins.end(); ++b) {
            table.bins.push_back(b.key().toStdString());
            table.logLikelihood.push_back(
                r.classVector(b.value().toObject(), QStringLiteral("likelihoods.%1.%2").arg(it.key(), b.key()), true));
        }
        p.terms.push_back(std::move(table));
    }
    return !r.failed();
}

bool readSignatures(const Loaded &l, SignatureTable &s, ConfigError *error)
{
    Reader r(l.defaults, l.user ? &*l.user : nullptr, error);
    const auto &o = l.merged;
    s.interpreters = r.strings(o.value(QStringLiteral("interpreters")), QStringLiteral("interpreters"));
    const auto cats = o.value(QStringLiteral("categories")).toObject();
    for (auto it = cats.begin(); it != cats.end(); ++it) {
        const auto c = it.value().toObject();
        const QString path = QStringLiteral("categories.") + it.key();
        Category cat;
        cat.id = it.key().toStdString();
        cat.label = c.value(QStringLiteral("label")).toString().toStdString();
        cat.interactive = c.value(QStringLiteral("interactive")).toBool();
        cat.worker = c.value(QStringLiteral("worker")).toBool();
        cat.isProtected = c.value(QStringLiteral("protected")).toBool();
        const auto life = c.value(QStringLiteral("expected_lifetime_seconds"));
        if (!life.isNull())
            cat.expectedLifetimeSeconds = r.number(c, QStringLiteral("expected_lifetime_seconds"),
                path + QStringLiteral(".expected_lifetime_seconds"), 1, 1e10);
        const auto guess = c.value(QStringLiteral("typical_lifetime_seconds"));
        if (!guess.isNull() && !guess.isUndefined())
            cat.typicalLifetimeSeconds = r.number(c, QStringLiteral("typical_lifetime_seconds"),
                path + QStringLiteral(".typical_lifetime_seconds"), 1, 1e10);
        cat.logLikelihood = r.classVector(
            c.value(QStringLiteral("likelihood")).toObject(), path + QStringLiteral(".likelihood"), true);
        s.categories.push_back(std::move(cat));
    }
    s.unknownCategory = s.categoryIndex("unknown");
    if (s.unknownCategory < 0)
        r.fail(QStringLiteral("categories"),
            QCoreApplication::translate("ConfigError", "the category \"unknown\" must exist"));
    // The user's signatures come first, so they win over the shipped ones.
    QJsonArray sigs;
    if (l.user && l.user->root.contains(QStringLiteral("signatures")))
        for (const auto &v : l.user->root.value(QStringLiteral("signatures")).toArray())
            sigs.append(v);
    for (const auto &v : l.defaults.root.value(QStringLiteral("signatures")).toArray())
        sigs.append(v);
    for (qsizetype i = 0; i < sigs.size(); ++i) {
        const auto so = sigs.at(i).toObject();
        const QString path = QStringLiteral("signatures.%1").arg(i);
        for (auto k = so.begin(); k != so.end(); ++k)
            if (k.key() != QLatin1String("category") && k.key() != QLatin1String("names")
                && k.key() != QLatin1String("cmdline_regex"))
                r.fail(path + QLatin1Char('.') + k.key(),
                    QCoreApplication::translate(
                        "ConfigError", "unknown field (known: category, names, cmdline_regex)"));
        Signature sig;
        const QString cat = so.value(QStringLiteral("category")).toString();
        sig.category = s.categoryIndex(cat.toStdString());
        if (sig.category < 0)
            r.fail(path + QStringLiteral(".category"),
                QCoreApplication::translate("ConfigError", "no such category \"%1\"").arg(cat));
        sig.names = r.strings(so.value(QStringLiteral("names")), path + QStringLiteral(".names"));
        if (so.contains(QStringLiteral("cmdline_regex")))
            sig.cmdline = r.regex(
                so.value(QStringLiteral("cmdline_regex")).toString(), path + QStringLiteral(".cmdline_regex"));
        s.signatures.push_back(std::move(sig));
    }
    s.index();
    return !r.failed();
}

// policy.json "pressure": percentages in the file, shares of memory in PressureThresholds.
void readPressure(Reader &r, const QJsonObject &o, PressureThresholds &t)
{
    auto num = [&](const QJsonObject &obj, const QString &path, double min, double max) {
        const double v
            = r.number(obj, path.section(QLatin1Char('.'), -1), QStringLiteral("pressure.") + path, min, max);
        return v >= min && v <= max ? v : min; // out of range is an error already; never cast it to int
    };
    const auto w = o.value(QStringLiteral("warning")).toObject();
    const auto c = o.value(QStringLiteral("critical")).toObject();
    const auto tr = o.value(QStringLiteral("trigger")).toObject();
    t.intervalMs = static_cast<int>(std::lround(num(o, QStringLiteral("interval_seconds"), 0.1, 3600) * 1000));
    t.warningAvailableBelow = num(w, QStringLiteral("warning.available_below_percent"), 0, 100) / 100;
    t.warningPsiSomeAbove = num(w, QStringLiteral("warning.psi_some_above_percent"), 0, 100);
    t.warningPsiAvailableBelow = num(w, QStringLiteral("warning.psi_available_below_percent"), 0, 100) / 100;
    t.criticalAvailableBelow = num(c, QStringLiteral("critical.available_below_percent"), 0, 100) / 100;
    t.criticalPsiFullAbove = num(c, QStringLiteral("critical.psi_full_above_percent"), 0, 100);
    t.criticalPsiAvailableBelow = num(c, QStringLiteral("critical.psi_available_below_percent"), 0, 100) / 100;
    t.readingsToEnter = static_cast<int>(num(o, QStringLiteral("readings_to_enter"), 1, 100));
    t.readingsToLeave = static_cast<int>(num(o, QStringLiteral("readings_to_leave"), 1, 100));
    t.leaveMargin = num(o, QStringLiteral("leave_margin_percent"), 0, 50) / 100;
    t.psiLeaveMargin = num(o, QStringLiteral("psi_leave_margin_percent"), 0, 50);
    t.alertRepeatSeconds = num(o, QStringLiteral("alert_repeat_seconds"), 0, 86400);
    t.useTrigger = r.boolean(tr, QStringLiteral("enabled"), QStringLiteral("pressure.trigger.enabled"));
    t.triggerStallMs = static_cast<int>(num(tr, QStringLiteral("trigger.stall_ms"), 1, 10000));
    t.triggerWindowMs = static_cast<int>(num(tr, QStringLiteral("trigger.window_ms"), 2000, 10000));
    if (r.failed())
        return;
    // What an unprivileged process may ask of the kernel (≥ 6.4): a window of 2, 4, … 10 s.
    if (t.triggerWindowMs % 2000 != 0)
        r.fail(QStringLiteral("pressure.trigger.window_ms"),
            QCoreApplication::translate("ConfigError", "expected a multiple of 2000"));
    else if (t.triggerStallMs > t.triggerWindowMs)
        r.fail(QStringLiteral("pressure.trigger.stall_ms"),
            QCoreApplication::translate("ConfigError", "must not exceed window_ms"));
    else if (t.criticalAvailableBelow > t.warningAvailableBelow)
        r.fail(QStringLiteral("pressure.critical.available_below_percent"),
            QCoreApplication::translate("ConfigError", "must not exceed warning.available_below_percent"));
}

// policy.json "ended_sessions": minutes, MiB and percent in the file.
void readEndedSessions(Reader &r, const QJsonObject &o, EndedSessionRules &e)
{
    const auto num = [&](const char *key, double min, double max) {
        const double v
            = r.number(o, QLatin1String(key), QStringLiteral("ended_sessions.") + QLatin1String(key), min, max);
        return v >= min && v <= max ? v : min; // out of range is an error already
    };
    e.enabled = r.boolean(o, QStringLiteral("enabled"), QStringLiteral("ended_sessions.enabled"));
    e.graceSeconds = num("grace_minutes", 0, 7 * 24 * 60) * 60;
    e.minBytes = static_cast<std::uint64_t>(num("min_memory_mib", 0, 1 << 24) * 1024 * 1024);
    e.minCpuShare = num("min_cpu_percent", 0, 10000) / 100;
}

bool readPolicy(const Loaded &l, Policy &p, ConfigError *error)
{
    Reader r(l.defaults, l.user ? &*l.user : nullptr, error);
    const auto &o = l.merged;
    p.minAgeSeconds = r.number(o, QStringLiteral("min_age_seconds"), QStringLiteral("min_age_seconds"), 0, 1e9);
    p.reviewMinAbandoned
        = r.number(o, QStringLiteral("review_min_abandoned"), QStringLiteral("review_min_abandoned"), 0, 1);
    p.candidateMinScore = static_cast<int>(
        r.number(o, QStringLiteral("candidate_min_score"), QStringLiteral("candidate_min_score"), 0, 100));
    const auto prot = o.value(QStringLiteral("protected")).toObject();
    p.protectedNames = r.strings(prot.value(QStringLiteral("names")), QStringLiteral("protected.names"));
    p.protectedUsers = r.strings(prot.value(QStringLiteral("users")), QStringLiteral("protected.users"));
    const auto res = prot.value(QStringLiteral("cmdline_regex")).toArray();
    for (qsizetype i = 0; i < res.size(); ++i)
        if (auto re = r.regex(res.at(i).toString(), QStringLiteral("protected.cmdline_regex.%1").arg(i)))
            p.protectedCmdline.push_back(*re);
    const auto wr = o.value(QStringLiteral("wrappers")).toObject();
    p.wrapperNames = r.strings(wr.value(QStringLiteral("names")), QStringLiteral("wrappers.names"));
    p.shellNames = r.strings(wr.value(QStringLiteral("shell_names")), QStringLiteral("wrappers.shell_names"));
    const auto loss = o.value(QStringLiteral("loss")).toObject();
    for (int c = 0; c < kClassCount; ++c) {
        const QString cls = QLatin1String(jsonName(static_cast<ProcessClass>(c)));
        const auto row = loss.value(cls).toObject();
        for (int a = 0; a < kActionCount; ++a) {
            const QString act = QLatin1String(jsonName(static_cast<RecommendedAction>(a)));
            p.loss[static_cast<std::size_t>(c)][static_cast<std::size_t>(a)]
                = r.number(row, act, QStringLiteral("loss.%1.%2").arg(cls, act), 0, 1e6);
        }
    }
    const auto files = o.value(QStringLiteral("critical_files")).toArray();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const auto f = files.at(i).toObject();
        const QString path = QStringLiteral("critical_files.%1").arg(i);
        if (auto re = r.regex(f.value(QStringLiteral("pattern")).toString(), path + QStringLiteral(".pattern")))
            p.criticalFiles.push_back({*re, f.value(QStringLiteral("hint")).toString().toStdString(),
                r.strings(
                    f.value(QStringLiteral("removed_on_term_by")), path + QStringLiteral(".removed_on_term_by"))});
    }
    std::vector<const QRegularExpression *> filePatterns;
    for (const auto &f : p.criticalFiles)
        filePatterns.push_back(&f.pattern);
    p.anyCriticalFile = joinedAlternatives(filePatterns);
    const auto br = o.value(QStringLiteral("blast_radius")).toObject();
    p.hopDecay = r.number(br, QStringLiteral("hop_decay"), QStringLiteral("blast_radius.hop_decay"), 0, 1);
    p.maxHops
        = static_cast<int>(r.number(br, QStringLiteral("max_hops"), QStringLiteral("blast_radius.max_hops"), 1, 10));
    const auto w = br.value(QStringLiteral("weights")).toObject();
    auto weight = [&](const char *key) {
        return r.number(w, QLatin1String(key), QStringLiteral("blast_radius.weights.") + QLatin1String(key), 0, 10);
    };
    p.weights = {weight("child"), weight("wrapper"), weight("listener_client"), weight("shared_socket"),
        weight("shared_lock"), weight("supervisor")};
    p.listenerFloor
        = r.number(br, QStringLiteral("listener_floor"), QStringLiteral("blast_radius.listener_floor"), 0, 1);
    const auto lv = br.value(QStringLiteral("levels")).toObject();
    p.levelMedium = r.number(lv, QStringLiteral("medium"), QStringLiteral("blast_radius.levels.medium"), 0, 1);
    p.levelHigh = r.number(lv, QStringLiteral("high"), QStringLiteral("blast_radius.levels.high"), 0, 1);
    p.levelCritical = r.number(lv, QStringLiteral("critical"), QStringLiteral("blast_radius.levels.critical"), 0, 1);
    if (!r.failed() && !(p.levelMedium < p.levelHigh && p.levelHigh < p.levelCritical))
        r.fail(QStringLiteral("blast_radius.levels"),
            QCoreApplication::translate("ConfigError", "levels must increase: medium < high < critical"));
    readPressure(r, o.value(QStringLiteral("pressure")).toObject(), p.pressure);
    readEndedSessions(r, o.value(QStringLiteral("ended_sessions")).toObject(), p.endedSessions);
    return !r.failed();
}

std::string basename(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

// The shipped categories' labels (resources/signatures.json), keyed by id, marked for translation.
// tst_translations checks that each is the label the shipped file gives.
const std::array<std::pair<const char *, const char *>, 17> kCategoryLabels = {{
    {"test_runner", QT_TRANSLATE_NOOP("Category", "test runner")},
    {"dev_server", QT_TRANSLATE_NOOP("Category", "dev server")},
    {"build_tool", QT_TRANSLATE_NOOP("Category", "build tool")},
    {"package_manager", QT_TRANSLATE_NOOP("Category", "package manager")},
    {"coding_agent", QT_TRANSLATE_NOOP("Category", "coding agent")},
    {"language_server", QT_TRANSLATE_NOOP("Category", "language server")},
    {"shell", QT_TRANSLATE_NOOP("Category", "shell")},
    {"editor", QT_TRANSLATE_NOOP("Category", "editor")},
    {"multiplexer", QT_TRANSLATE_NOOP("Category", "terminal multiplexer")},
    {"terminal", QT_TRANSLATE_NOOP("Category", "terminal emulator")},
    {"browser", QT_TRANSLATE_NOOP("Category", "browser")},
    {"database", QT_TRANSLATE_NOOP("Category", "database")},
    {"desktop_session", QT_TRANSLATE_NOOP("Category", "desktop session")},
    {"system_daemon", QT_TRANSLATE_NOOP("Category", "system daemon")},
    {"pool_worker", QT_TRANSLATE_NOOP("Category", "process-pool worker")},
    {"interpreter", QT_TRANSLATE_NOOP("Category", "script interpreter")},
    {"unknown", QT_TRANSLATE_NOOP("Category", "unknown")},
}};

Phrase Category::word() const
{
    for (const auto &[shippedId, shippedLabel] : kCategoryLabels)
        if (id == shippedId && label == shippedLabel)
            return Phrase::word(label, "Category", shippedLabel);
    return Phrase(label);
}

bool checkEvidenceTables(const JsonConfig &file, bool shipped, ConfigError *error)
{
    const auto joined = [](auto names) {
        QStringList out;
        for (std::string_view n : names)
            if (!n.empty())
                out << QString::fromUtf8(n.data(), static_cast<qsizetype>(n.size()));
        return out.join(QStringLiteral(", "));
    };
    std::array<std::string_view, kEvidenceTables.size()> tableNames{};
    for (std::size_t i = 0; i < kEvidenceTables.size(); ++i)
        tableNames[i] = kEvidenceTables[i].name;
    const QJsonObject likelihoods = file.root.value(QStringLiteral("likelihoods")).toObject();
    for (auto it = likelihoods.begin(); it != likelihoods.end(); ++it) {
        const QString path = QStringLiteral("likelihoods.") + it.key();
        const auto table = evidenceTableNamed(it.key().toStdString());
        if (!table) {
            *error = file.error(path,
                QCoreApplication::translate("ConfigError", "unknown evidence term \"%1\" (known: %2)")
                    .arg(it.key(), joined(tableNames)));
            return false;
        }
        const EvidenceTableSpec &spec = evidenceTable(*table);
        const QJsonObject bins = it.value().toObject();
        for (auto b = bins.begin(); b != bins.end(); ++b) {
            if (!hasBin(spec, b.key().toStdString())) {
                *error = file.error(path + QLatin1Char('.') + b.key(),
                    QCoreApplication::translate("ConfigError", "unknown bin \"%1\" of %2 (known: %3)")
                        .arg(b.key(), it.key(), joined(spec.bins)));
                return false;
            }
        }
        if (!shipped)
            continue; // the user's file overrides what it names
        for (std::string_view bin : spec.bins) {
            if (!bin.empty() && !bins.contains(QLatin1String(bin.data(), static_cast<qsizetype>(bin.size())))) {
                *error = file.error(path,
                    QCoreApplication::translate("ConfigError", "the bin \"%1\" is missing (every bin: %2)")
                        .arg(QLatin1String(bin.data(), static_cast<qsizetype>(bin.size())), joined(spec.bins)));
                return false;
            }
        }
    }
    if (!shipped)
        return true;
    for (const EvidenceTableSpec &spec : kEvidenceTables) {
        const QString name = QLatin1String(spec.name.data(), static_cast<qsizetype>(spec.name.size()));
        if (!likelihoods.contains(name)) {
            *error = file.error(QStringLiteral("likelihoods"),
                QCoreApplication::translate("ConfigError", "the evidence term \"%1\" is missing (every term: %2)")
                    .arg(name, joined(tableNames)));
            return false;
        }
    }
    return true;
}

int TermTable::binIndex(std::string_view bin) const
{
    for (std::size_t i = 0; i < bins.size(); ++i)
        if (bins[i] == bin)
            return static_cast<int>(i);
    return -1;
}

const TermTable &Priors::term(std::string_view name) const
{
    for (const auto &t : terms)
        if (t.name == name)
            return t;
    static const TermTable empty;
    return empty;
}

int SignatureTable::categoryIndex(std::string_view id) const
{
    for (std::size_t i = 0; i < categories.size(); ++i)
        if (categories[i].id == id)
            return static_cast<int>(i);
    return -1;
}

void SignatureTable::index()
{
    std::vector<const QRegularExpression *> unnamed;
    m_byName.clear();
    m_unnamed.clear();
    for (std::size_t i = 0; i < signatures.size(); ++i) {
        const Signature &sig = signatures[i];
        if (sig.names.empty())
            m_unnamed.push_back(static_cast<int>(i));
        if (sig.names.empty() && sig.cmdline)
            unnamed.push_back(&*sig.cmdline);
        for (const auto &n : sig.names) {
            auto &named = m_byName[n];
            if (named.empty() || named.back() != static_cast<int>(i))
                named.push_back(static_cast<int>(i));
        }
    }
    anyUnnamedCmdline = joinedAlternatives(unnamed);
}

namespace {

// argv[0]'s name; "tmux: server", "sshd: user@pts/0": a process that rewrote its argv keeps the name
// before ':'.
std::string programOf(const std::vector<std::string> &cmdline)
{
    if (cmdline.empty())
        return {};
    const std::string &argv0 = cmdline[0];
    if (cmdline.size() == 1 && argv0.find(": ") != std::string::npos) // "sshd: alice@pts/0" names no path
        return basename(argv0.substr(0, argv0.find(": ")));
    return basename(argv0);
}

// The script an interpreter runs: its first argument that is no option, among the first three. A
// script read from a pipe or a descriptor ("bash /dev/fd/3", process substitution) has no name.
std::string scriptOf(
    const std::vector<std::string> &interpreters, const std::string &program, const std::vector<std::string> &cmdline)
{
    if (std::find(interpreters.begin(), interpreters.end(), program) == interpreters.end())
        return {};
    for (std::size_t i = 1; i < cmdline.size() && i < 4; ++i) {
        const std::string &arg = cmdline[i];
        if (arg.starts_with("/dev/fd/") || arg.starts_with("/proc/self/fd/") || arg == "/dev/stdin")
            return {};
        if (!arg.empty() && arg[0] != '-')
            return basename(arg);
    }
    return {};
}

} // namespace

std::string SignatureTable::programName(const std::string &comm, const std::vector<std::string> &cmdline) const
{
    const std::string program = programOf(cmdline);
    // "python3 -c CODE", "node -e CODE": the code is no script's name.
    const bool code = cmdline.size() > 1 && (cmdline[1] == "-c" || cmdline[1] == "-e");
    std::string name = code ? std::string() : scriptOf(interpreters, program, cmdline);
    if (name.empty()) // a login shell's "-bash" is bash
        name = program.starts_with('-') ? program.substr(1) : program;
    // An argv[0] rewritten into a whole title keeps comm.
    if (name.empty() || name.size() > 64 || name.find(' ') != std::string::npos)
        name = comm;
    // Shown as it is on terminals too: no control character gets through (a name is anyone's to set).
    for (char &c : name)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return name;
}

int SignatureTable::match(const std::string &comm, const std::vector<std::string> &cmdline) const
{
    const std::string argv0 = programOf(cmdline);
    std::string script = scriptOf(interpreters, argv0, cmdline);
    // vite/bin/vite.js is vite: a script is known by its name without the extension
    for (const char *ext : {".js", ".mjs", ".cjs", ".ts", ".py"})
        if (script.size() > std::strlen(ext) && script.ends_with(ext))
            script.resize(script.size() - std::strlen(ext));
    // The signatures this command can meet, in their order: those it is named by, and those that
    // name nothing.
    std::vector<int> candidates = m_unnamed;
    const auto named = [&](const std::string &name) {
        if (auto it = m_byName.find(name); it != m_byName.end())
            candidates.insert(candidates.end(), it->second.begin(), it->second.end());
    };
    named(comm);
    if (argv0 != comm)
        named(argv0);
    if (!script.empty() && script != comm && script != argv0)
        named(script);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    QString joined;
    bool joinedReady = false;
    auto regexMatches = [&](const QRegularExpression &re) {
        if (!joinedReady) {
            for (const auto &a : cmdline) {
                if (!joined.isEmpty())
                    joined += QLatin1Char(' ');
                joined += QString::fromUtf8(a.data(), static_cast<qsizetype>(a.size()));
            }
            joinedReady = true;
        }
        return re.match(joined).hasMatch();
    };
    // Most commands match none of the signatures that are a regex alone: one joined match, made
    // when the first of them is reached, says so.
    std::optional<bool> unnamedMayMatch;
    // A signature with names and a regex needs both (dbus-daemon --session); with one, that one.
    for (int i : candidates) {
        const Signature &sig = signatures[static_cast<std::size_t>(i)];
        if (sig.names.empty() && sig.cmdline && anyUnnamedCmdline) {
            if (!unnamedMayMatch)
                unnamedMayMatch = regexMatches(*anyUnnamedCmdline);
            if (!*unnamedMayMatch)
                continue;
        }
        if (!sig.cmdline || regexMatches(*sig.cmdline))
            return sig.category;
    }
    return unknownCategory;
}

std::optional<TriageConfig> TriageConfig::load(const QString &userDir, ConfigError *error)
{
    TriageConfig m;
    const QString dir = userDir.isEmpty()
        ? QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
              .filePath(QStringLiteral("ptriage"))
        : userDir;
    auto priors = loadOne(QStringLiteral("priors.json"), dir, {}, m.sources, error, checkEvidenceTables);
    if (!priors || !readPriors(*priors, m.priors, error))
        return std::nullopt;
    auto sigs = loadOne(QStringLiteral("signatures.json"), dir, {QStringLiteral("categories")}, m.sources, error);
    if (!sigs || !readSignatures(*sigs, m.signatures, error))
        return std::nullopt;
    auto policy = loadOne(QStringLiteral("policy.json"), dir, {}, m.sources, error);
    if (!policy || !readPolicy(*policy, m.policy, error))
        return std::nullopt;
    return m;
}

} // namespace ptriage
