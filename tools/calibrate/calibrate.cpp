// calibrate: fits the likelihood tables of priors.json to a labelled corpus (tests/corpus), reports how
// well P(abandoned) is calibrated on a held-out split, and checks that every table keeps the direction
// a person would defend (directions.json). See README.md beside this file.
#include "Families.h"
#include "collect/Collector.h"
#include "config/EvidenceTerms.h"
#include "config/TriageConfig.h"
#include "decide/Triage.h"
#include "infer/Evidence.h"
#include "infer/Inference.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace ptriage;

namespace {

QTemporaryDir *g_unpacked = nullptr; // the capture being read, removed if the program stops

// Bad input: what, where (file and line), and the program stops with exit code 2.
[[noreturn]] void die(const std::string &what)
{
    if (g_unpacked)
        g_unpacked->remove();
    std::fprintf(stderr, "calibrate: %s\n", what.c_str());
    std::exit(2);
}

struct Options {
    std::string corpus = PTRIAGE_CORPUS_DIR;
    std::string directions = PTRIAGE_DIRECTIONS_FILE;
    std::string families = PTRIAGE_FAMILIES_FILE;
    std::string configDir = PTRIAGE_JUDGEMENT_DIR; // the hand-set tables
    std::string writePriors;
    double alpha = 20; // Dirichlet strength: the starting row counts as this many examples
    int minCount = 5; // fewer examples of a class in a table: its starting row is kept
    double trainShare = 0.7;
    double maxEce = 0.05;
    bool fitPrior = false;
    bool guard = true;
    bool verbose = false;
    bool checkShipped = false;
};

const char *kUsage = R"(usage: calibrate [options]
  --corpus DIR          the labelled corpus (default: the source tree's tests/corpus)
  --directions FILE     the defended directions (default: tools/calibrate/directions.json)
  --families FILE       the tool family of every scenario (default: tools/calibrate/families.json)
  --config-dir DIR      a directory with a priors.json to start from (default: resources/judgement,
                        the hand-set tables; the shipped priors.json is their fit)
  --alpha A             Dirichlet strength of the starting tables, in examples (default 20)
  --min-count N         fewer labelled examples of a class in a table keep its starting row (default 5)
  --train-share S       share of scenarios in the train split (default 0.7)
  --max-ece E           the calibration goal on the test split (default 0.05)
  --fit-prior           fit the class prior too (off: the corpus's mix is not a machine's)
  --no-guard            take a table's fit even when it breaks a direction its starting table keeps
  --write-priors PATH   write the shipped priors.json with its likelihoods replaced by the fit
  --check-shipped       fail unless the shipped priors.json's likelihoods are this fit
  -v                    print the fitted tables and every test process with its terms
Exit: 0 when every direction holds (start and fit) and ECE(test) of the fit <= the goal; 1 otherwise
(the reasons printed); 2 for bad input (the file and line named).
)";

Options parseArgs(const QStringList &args)
{
    Options o;
    auto value = [&](qsizetype &i) {
        if (i + 1 >= args.size())
            die(args[i].toStdString() + " needs a value\n" + kUsage);
        return args[++i].toStdString();
    };
    auto number = [&](qsizetype &i) {
        const std::string v = value(i);
        try {
            return std::stod(v);
        } catch (...) {
            die(args[i - 1].toStdString() + ": not a number: " + v);
        }
    };
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString a = args[i];
        if (a == QLatin1String("--corpus"))
            o.corpus = value(i);
        else if (a == QLatin1String("--directions"))
            o.directions = value(i);
        else if (a == QLatin1String("--families"))
            o.families = value(i);
        else if (a == QLatin1String("--config-dir"))
            o.configDir = value(i);
        else if (a == QLatin1String("--write-priors"))
            o.writePriors = value(i);
        else if (a == QLatin1String("--alpha"))
            o.alpha = number(i);
        else if (a == QLatin1String("--min-count"))
            o.minCount = static_cast<int>(number(i));
        else if (a == QLatin1String("--train-share"))
            o.trainShare = number(i);
        else if (a == QLatin1String("--max-ece"))
            o.maxEce = number(i);
        else if (a == QLatin1String("--fit-prior"))
            o.fitPrior = true;
        else if (a == QLatin1String("--check-shipped"))
            o.checkShipped = true;
        else if (a == QLatin1String("--no-guard"))
            o.guard = false;
        else if (a == QLatin1String("-v"))
            o.verbose = true;
        else if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            std::printf("%s", kUsage);
            std::exit(0);
        } else
            die("unknown option " + a.toStdString() + "\n" + kUsage);
    }
    if (!(o.alpha >= 0) || o.minCount < 0 || !(o.trainShare > 0 && o.trainShare < 1))
        die("--alpha >= 0, --min-count >= 0 and 0 < --train-share < 1");
    return o;
}

// ------------------------------------------------------------------------------------------ corpus

std::optional<ProcessClass> classOfLabel(const std::string &label)
{
    if (label == "useful")
        return ProcessClass::Useful;
    if (label == "stuck")
        return ProcessClass::UsefulBad;
    if (label == "abandoned")
        return ProcessClass::Abandoned;
    if (label == "zombie")
        return ProcessClass::Zombie;
    return std::nullopt;
}

// One labelled process of the corpus, its observations replayed from its capture.
struct Example {
    std::string scenario;
    int pid = -1;
    std::string role;
    ProcessClass label = ProcessClass::Useful;
    std::shared_ptr<const TriageResult> result; // the scenario's replay
    int index = -1; // in result
    std::vector<Observation> observations; // against the starting config's tables
};

struct LabelLine {
    int line = 0;
    int pid = -1;
    std::uint64_t start = 0;
    std::string role;
    std::string label;
};

std::string fileLine(const std::string &file, int line)
{
    return file + ":" + std::to_string(line);
}

std::vector<LabelLine> readLabels(const std::string &file, const std::string &scenario)
{
    QFile f(QString::fromStdString(file));
    if (!f.open(QIODevice::ReadOnly))
        die(file + ": cannot read: " + f.errorString().toStdString());
    std::vector<LabelLine> out;
    int n = 0;
    bool header = false;
    while (!f.atEnd()) {
        const QByteArray raw = f.readLine();
        ++n;
        if (raw.trimmed().isEmpty())
            continue;
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(raw, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject())
            die(fileLine(file, n) + ": not a JSON object on one line: "
                + (err.error != QJsonParseError::NoError ? err.errorString().toStdString() : std::string("")));
        const QJsonObject o = doc.object();
        if (!header) {
            if (o.value(QLatin1String("corpus")).toString() != QLatin1String("ptriage.corpus.v1"))
                die(fileLine(file, n) + ": the first line must be {\"corpus\":\"ptriage.corpus.v1\", \"scenario\": …}");
            if (o.value(QLatin1String("scenario")).toString().toStdString() != scenario)
                die(fileLine(file, n) + ": \"scenario\" must be the directory's name, " + scenario);
            header = true;
            continue;
        }
        LabelLine l;
        l.line = n;
        const QJsonValue pid = o.value(QLatin1String("pid"));
        const QString start = o.value(QLatin1String("start")).toString();
        bool startOk = false;
        l.start = start.toULongLong(&startOk);
        if (!pid.isDouble() || pid.toDouble() < 1 || pid.toDouble() != std::floor(pid.toDouble()))
            die(fileLine(file, n) + ": \"pid\" must be a positive whole number");
        if (!startOk)
            die(fileLine(file, n) + ": \"start\" must be the start time in clock ticks, as a string of digits");
        l.pid = pid.toInt();
        l.role = o.value(QLatin1String("role")).toString().toStdString();
        l.label = o.value(QLatin1String("label")).toString().toStdString();
        if (!classOfLabel(l.label) && l.label != "not-judged")
            die(fileLine(file, n) + ": \"label\" must be abandoned, useful, stuck, zombie or not-judged, not \""
                + l.label + "\"");
        if (o.value(QLatin1String("why")).toString().trimmed().isEmpty())
            die(fileLine(file, n) + ": \"why\" is missing: say why a person gives this label");
        out.push_back(std::move(l));
    }
    if (!header)
        die(file + ": empty (the first line names the corpus and scenario)");
    return out;
}

// The pipeline of the scenario suite (tests/support/CaptureTools replay): the first capture seeds the
// rates of the second.
std::shared_ptr<const TriageResult> replay(
    const std::string &before, const std::string &after, const TriageConfig &config)
{
    CollectOptions first;
    first.procRoot = before;
    Collector b(first);
    std::string error;
    if (!b.open(&error))
        die(before + ": " + error);
    b.scanOnce();
    CollectOptions second;
    second.procRoot = after;
    Collector a(second);
    if (!a.open(&error))
        die(after + ": " + error);
    a.seedPrevious(b.previousSamples());
    return triage(a.scanOnce(), config, TriageOptions{});
}

// Where captures are unpacked: memory (/dev/shm) when there is one, since a corpus is tens of thousands
// of small files (a disk under load takes 20 times as long to write and remove them), else the temp dir.
QString unpackBase()
{
    const QFileInfo shm(QStringLiteral("/dev/shm"));
    return shm.isDir() && shm.isWritable() ? shm.filePath() : QDir::tempPath();
}

struct Corpus {
    std::vector<Example> examples;
    std::set<std::string> scenarios;
    int notJudged = 0;
};

Corpus loadCorpus(const std::string &dir, const TriageConfig &config)
{
    Corpus c;
    QDir root(QString::fromStdString(dir));
    if (!root.exists())
        die(dir + ": no such directory");
    const auto names = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        const std::string scenario = name.toStdString();
        const std::string base = dir + "/" + scenario;
        const std::string labelsFile = base + "/labels.jsonl";
        const std::string tarball = base + "/capture.tar.gz";
        if (!QFile::exists(QString::fromStdString(labelsFile)))
            die(labelsFile + ": missing (each corpus directory has labels.jsonl and capture.tar.gz)");
        if (!QFile::exists(QString::fromStdString(tarball)))
            die(tarball + ": missing (each corpus directory has labels.jsonl and capture.tar.gz)");
        const auto labels = readLabels(labelsFile, scenario);
        QTemporaryDir tmp(unpackBase() + QStringLiteral("/ptriage-calibrate-XXXXXX"));
        if (!tmp.isValid())
            die("cannot make a temporary directory");
        g_unpacked = &tmp;
        QProcess tar;
        tar.start(QStringLiteral("tar"),
            {QStringLiteral("-xzf"), QString::fromStdString(tarball), QStringLiteral("-C"), tmp.path()});
        if (!tar.waitForFinished(60000) || tar.exitStatus() != QProcess::NormalExit || tar.exitCode() != 0)
            die(tarball + ": cannot unpack: " + tar.readAllStandardError().trimmed().toStdString());
        const std::string unpacked = tmp.path().toStdString();
        if (!QDir(tmp.path() + QStringLiteral("/before")).exists()
            || !QDir(tmp.path() + QStringLiteral("/after")).exists())
            die(tarball + ": must hold the two captures, before/ and after/");
        const auto result = replay(unpacked + "/before", unpacked + "/after", config);
        c.scenarios.insert(scenario);
        // One example per process: its judged label (a process checked twice must not disagree).
        std::map<int, std::pair<const LabelLine *, std::optional<ProcessClass>>> byPid;
        for (const LabelLine &l : labels) {
            const auto it = result->snapshot->indexByPid.find(l.pid);
            if (it == result->snapshot->indexByPid.end()
                || result->snapshot->processes[it->second].id.startTicks != l.start)
                die(fileLine(labelsFile, l.line) + ": pid " + std::to_string(l.pid) + " started at "
                    + std::to_string(l.start) + " is not in " + tarball);
            auto &slot = byPid[l.pid];
            const auto cls = classOfLabel(l.label);
            if (slot.second && cls && *slot.second != *cls)
                die(fileLine(labelsFile, l.line) + ": pid " + std::to_string(l.pid) + " is labelled " + l.label
                    + " here and " + slot.first->label + " on line " + std::to_string(slot.first->line));
            if (!slot.first || (cls && !slot.second))
                slot = {&l, cls};
        }
        g_unpacked = nullptr;
        for (const auto &[pid, slot] : byPid) {
            if (!slot.second) {
                ++c.notJudged;
                continue;
            }
            Example e;
            e.scenario = scenario;
            e.pid = pid;
            e.role = slot.first->role;
            e.label = *slot.second;
            e.result = result;
            e.index = static_cast<int>(result->snapshot->indexByPid.at(pid));
            e.observations
                = observeProcess(*result->snapshot, result->facts, static_cast<std::size_t>(e.index), config, nullptr);
            c.examples.push_back(std::move(e));
        }
    }
    if (c.examples.empty())
        die(dir + ": no labelled process (abandoned, useful, stuck or zombie)");
    return c;
}

// Deterministic, by scenario: FNV-1a of its name.
bool inTrain(const std::string &scenario, double share)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char ch : scenario) {
        h ^= ch;
        h *= 1099511628211ULL;
    }
    return static_cast<double>(h % 1000) < share * 1000;
}

// --------------------------------------------------------------------------------------------- fit

std::size_t cls(ProcessClass c)
{
    return static_cast<std::size_t>(c);
}

double roundSignificant(double v)
{
    if (v <= 0)
        return v;
    const double scale = std::pow(10.0, 5 - std::floor(std::log10(v)));
    return std::round(v * scale) / scale;
}

struct Rule;
// Empty when every rule of `table` that holds in `start` holds in `fitted` too; else the first broken.
std::string lostDirection(
    const std::vector<Rule> &rules, const std::string &table, const Priors &start, const Priors &fitted);

struct FitReport {
    std::vector<std::string> lines; // per table and class: what was fitted or kept (-v)
    std::vector<std::string> guarded; // tables whose fit was not taken
    int fittedRows = 0;
};

// Counting with a Dirichlet prior whose mean is the starting table's row (normalized) and whose
// strength is `alpha` examples; a class with fewer than `minCount` examples in a table keeps its row.
// A table whose fit would lose a direction that its starting table keeps is not taken (the guard):
// the fit never trades a direction a person defends for a few examples.
TriageConfig fit(const TriageConfig &start, const std::vector<const Example *> &train, const std::vector<Rule> &rules,
    const Options &opt, FitReport &report)
{
    TriageConfig out = start;
    Priors &p = out.priors;
    for (std::size_t t = 0; t < p.terms.size(); ++t) {
        TermTable &table = p.terms[t];
        const std::size_t bins = table.bins.size();
        // How old a process is and how long since it ran are set by the scenarios (they move the
        // captures' clocks hours or days on), not observed: the corpus is no evidence on them.
        if (table.name == "age" || table.name == "age_unknown_kind" || table.name == "last_ran") {
            report.lines.push_back(
                table.name + ": the corpus's clocks were moved by its scenarios: the judgement kept");
            continue;
        }
        std::array<bool, kClassCount> fitted{};
        for (int c = 0; c < kClassCount; ++c) {
            std::vector<double> n(bins, 0.0);
            double total = 0;
            for (const Example *e : train) {
                if (static_cast<int>(e->label) != c)
                    continue;
                for (const Observation &o : e->observations)
                    if (o.table == static_cast<int>(t) && o.bin >= 0) {
                        n[static_cast<std::size_t>(o.bin)] += 1;
                        total += 1;
                    }
            }
            const std::string what = table.name + " " + jsonName(static_cast<ProcessClass>(c));
            if (total < opt.minCount) {
                if (total > 0)
                    report.lines.push_back(
                        what + ": " + std::to_string(static_cast<int>(total)) + " examples, starting row kept");
                continue;
            }
            double mass = 0;
            for (std::size_t b = 0; b < bins; ++b)
                mass += std::exp(table.logLikelihood[b][static_cast<std::size_t>(c)]);
            std::string row;
            for (std::size_t b = 0; b < bins; ++b) {
                const double mean = std::exp(table.logLikelihood[b][static_cast<std::size_t>(c)]) / mass;
                const double v = roundSignificant((n[b] + opt.alpha * mean) / (total + opt.alpha));
                table.logLikelihood[b][static_cast<std::size_t>(c)] = std::log(v);
                char buf[96];
                std::snprintf(buf, sizeof buf, " %s %.4g (%d)", table.bins[b].c_str(), v, static_cast<int>(n[b]));
                row += buf;
            }
            report.lines.push_back(what + " from " + std::to_string(static_cast<int>(total)) + " examples:" + row);
            ++report.fittedRows;
            fitted[static_cast<std::size_t>(c)] = true;
        }
        // Stuck is "wanted, but misbehaving": with too few examples of its own, its row keeps the
        // judgement's likelihood ratio to useful in every bin (not renormalized: that would move every
        // ratio of the table at once) and moves with the fitted useful row, so that the corpus's mix of
        // useful processes does not turn a sign of use into a sign of being stuck.
        const auto u = cls(ProcessClass::Useful), ub = cls(ProcessClass::UsefulBad);
        if (fitted[u] && !fitted[ub]) {
            const TermTable &judged = start.priors.terms[t];
            std::string row;
            for (std::size_t b = 0; b < bins; ++b) {
                const double x = roundSignificant(
                    std::exp(judged.logLikelihood[b][ub] - judged.logLikelihood[b][u] + table.logLikelihood[b][u]));
                table.logLikelihood[b][ub] = std::log(x);
                char buf[96];
                std::snprintf(buf, sizeof buf, " %s %.4g", table.bins[b].c_str(), x);
                row += buf;
            }
            report.lines.push_back(
                table.name + " useful_bad: too few examples, kept in its judged ratio to useful:" + row);
        }
        if (opt.guard) {
            const std::string lost = lostDirection(rules, table.name, start.priors, p);
            if (!lost.empty()) {
                table = start.priors.terms[t];
                report.guarded.push_back(
                    table.name + ": the fit is not taken, the starting table kept: it would break " + lost);
            }
        }
    }
    if (opt.fitPrior) {
        std::array<double, kClassCount> n{};
        for (const Example *e : train)
            n[cls(e->label)] += 1;
        double sum = 0, total = 0;
        for (int c = 0; c < kClassCount; ++c) {
            sum += std::exp(p.logPrior[static_cast<std::size_t>(c)]);
            total += n[static_cast<std::size_t>(c)];
        }
        for (int c = 0; c < kClassCount; ++c) {
            const auto k = static_cast<std::size_t>(c);
            p.logPrior[k]
                = std::log(roundSignificant((n[k] + opt.alpha * std::exp(p.logPrior[k]) / sum) / (total + opt.alpha)));
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------- evaluate

// P(abandoned) of each example through the engine's own inference with `config`'s tables.
std::vector<double> pAbandoned(const std::vector<const Example *> &examples, const TriageConfig &config)
{
    std::vector<double> out;
    out.reserve(examples.size());
    for (const Example *e : examples) {
        const TriageResult &r = *e->result;
        const std::size_t n = r.snapshot->processes.size();
        std::vector<std::vector<Observation>> observations(n);
        observations[static_cast<std::size_t>(e->index)] = e->observations;
        std::vector<std::uint64_t> keys(n, 0);
        std::vector<Posterior> posteriors(n);
        inferInto(posteriors, {e->index}, *r.snapshot, r.facts, observations, keys, config);
        out.push_back(posteriors[static_cast<std::size_t>(e->index)].probability[cls(ProcessClass::Abandoned)]);
    }
    return out;
}

// "table:bin ±bits" of each observation, bits of abandoned over useful in `priors` (before the cap).
std::string termBits(const Example &e, const Priors &priors)
{
    std::string out;
    for (const Observation &o : e.observations) {
        if (o.table < 0)
            continue;
        const TermTable &t = priors.terms[static_cast<std::size_t>(o.table)];
        const ClassVector &l = t.logLikelihood[static_cast<std::size_t>(o.bin)];
        const double bits = (l[cls(ProcessClass::Abandoned)] - l[cls(ProcessClass::Useful)]) / std::log(2.0);
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s%s:%s %+.1f", out.empty() ? "" : "  ", t.name.c_str(),
            t.bins[static_cast<std::size_t>(o.bin)].c_str(), bits);
        out += buf;
    }
    return out;
}

struct Reliability {
    std::array<int, 10> count{};
    std::array<double, 10> predicted{};
    std::array<double, 10> observed{};
    double ece = 0;
    double brier = 0; // mean squared error of P(abandoned) against the label
};

Reliability reliability(const std::vector<const Example *> &examples, const std::vector<double> &p)
{
    Reliability r;
    for (std::size_t i = 0; i < examples.size(); ++i) {
        const int b = std::clamp(static_cast<int>(p[i] * 10), 0, 9);
        ++r.count[static_cast<std::size_t>(b)];
        r.predicted[static_cast<std::size_t>(b)] += p[i];
        const double y = examples[i]->label == ProcessClass::Abandoned ? 1 : 0;
        r.observed[static_cast<std::size_t>(b)] += y;
        r.brier += (p[i] - y) * (p[i] - y) / static_cast<double>(examples.size());
    }
    const double total = static_cast<double>(examples.size());
    for (std::size_t b = 0; b < 10; ++b) {
        if (!r.count[b])
            continue;
        r.predicted[b] /= r.count[b];
        r.observed[b] /= r.count[b];
        r.ece += r.count[b] / total * std::fabs(r.predicted[b] - r.observed[b]);
    }
    return r;
}

// -------------------------------------------------------------------------------------- directions

struct Rule {
    int line = 0;
    std::string table;
    std::string text; // "seconds <= minutes <= hours <= days"
    std::string why;
    ProcessClass num = ProcessClass::Abandoned, den = ProcessClass::Useful;
    // A chain: operands (each a set of bins, or a number) and the operators between them.
    struct Operand {
        std::vector<std::string> bins;
        std::optional<double> number;
    };
    std::vector<Operand> operands;
    std::vector<std::string> ops;
};

std::optional<ProcessClass> classNamed(const std::string &name)
{
    for (int c = 0; c < kClassCount; ++c)
        if (name == jsonName(static_cast<ProcessClass>(c)))
            return static_cast<ProcessClass>(c);
    return std::nullopt;
}

std::vector<Rule> readDirections(const std::string &file, const Priors &priors)
{
    QFile f(QString::fromStdString(file));
    if (!f.open(QIODevice::ReadOnly))
        die(file + ": cannot read: " + f.errorString().toStdString());
    const QByteArray text = f.readAll();
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
    auto lineAt = [&](qsizetype offset) { return static_cast<int>(text.left(offset).count('\n')) + 1; };
    if (err.error != QJsonParseError::NoError)
        die(fileLine(file, lineAt(err.offset)) + ": " + err.errorString().toStdString());
    if (!doc.isObject()
        || doc.object().value(QLatin1String("schema")).toString() != QLatin1String("ptriage.directions.v1")
        || !doc.object().value(QLatin1String("rules")).isArray())
        die(file + ": expected {\"schema\": \"ptriage.directions.v1\", \"rules\": [ … ]}");
    // Each rule's line: the n-th "rule" key of the file.
    std::vector<int> lines;
    for (qsizetype at = text.indexOf("\"rule\""); at >= 0; at = text.indexOf("\"rule\"", at + 1))
        lines.push_back(lineAt(at));
    std::vector<Rule> rules;
    const QJsonArray array = doc.object().value(QLatin1String("rules")).toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        Rule r;
        r.line = static_cast<std::size_t>(i) < lines.size() ? lines[static_cast<std::size_t>(i)] : 0;
        const std::string where = fileLine(file, r.line);
        const QJsonObject o = array[i].toObject();
        r.table = o.value(QLatin1String("table")).toString().toStdString();
        r.text = o.value(QLatin1String("rule")).toString().toStdString();
        r.why = o.value(QLatin1String("why")).toString().toStdString();
        if (r.why.empty())
            die(where + ": rule without \"why\": say why a person defends it");
        const std::string ratio
            = o.value(QLatin1String("ratio")).toString(QStringLiteral("abandoned/useful")).toStdString();
        const auto slash = ratio.find('/');
        const auto num = classNamed(ratio.substr(0, slash));
        const auto den = slash == std::string::npos ? std::nullopt : classNamed(ratio.substr(slash + 1));
        if (!num || !den)
            die(where + ": \"ratio\" must be CLASS/CLASS of useful, useful_bad, abandoned, zombie, not \"" + ratio
                + "\"");
        r.num = *num;
        r.den = *den;
        const TermTable *table = nullptr;
        for (const auto &t : priors.terms)
            if (t.name == r.table)
                table = &t;
        if (!table) {
            std::string names;
            for (const auto &spec : kEvidenceTables)
                names += (names.empty() ? "" : ", ") + std::string(spec.name);
            die(where + ": no table \"" + r.table + "\" (tables: " + names + ")");
        }
        // "none > multiplexer, ssh, recent_tty": a list of bins, each compared.
        std::string spaced;
        for (std::size_t k = 0; k < r.text.size(); ++k)
            if (!(r.text[k] == ' ' && k > 0 && r.text[k - 1] == ','))
                spaced += r.text[k];
        std::istringstream in(spaced);
        bool wantOperand = true;
        for (std::string tok; in >> tok;) {
            const bool isOp = tok == "<" || tok == "<=" || tok == ">" || tok == ">=";
            if (isOp != !wantOperand)
                die(where + ": "
                    + (isOp ? "operator " + tok + " where a bin or number belongs"
                            : "an operator (<, <=, >, >=) is missing before \"" + tok + "\"")
                    + " in \"" + r.text + "\"");
            wantOperand = isOp;
            if (isOp) {
                r.ops.push_back(tok);
                continue;
            }
            char *end = nullptr;
            const double v = std::strtod(tok.c_str(), &end);
            if (end && *end == '\0') {
                r.operands.push_back({{}, v});
                continue;
            }
            Rule::Operand op;
            std::istringstream list(tok);
            for (std::string bin; std::getline(list, bin, ',');)
                op.bins.push_back(bin);
            if (tok.ends_with(',') || tok.starts_with(',') || tok.find(",,") != std::string::npos)
                die(where + ": an empty bin in the list \"" + tok + "\" of \"" + r.text + "\"");
            r.operands.push_back(std::move(op));
        }
        if (r.operands.size() < 2 || r.ops.size() + 1 != r.operands.size())
            die(where + ": a rule is a chain like \"a <= b < 1\": \"" + r.text + "\"");
        for (const auto &op : r.operands) {
            for (const std::string &b : op.bins)
                if (table->binIndex(b) < 0) {
                    std::string names;
                    for (const auto &n : table->bins)
                        names += (names.empty() ? "" : ", ") + n;
                    die(where + ": table " + r.table + " has no bin \"" + b + "\" (bins: " + names + ")");
                }
        }
        rules.push_back(std::move(r));
    }
    return rules;
}

// The broken comparisons of `rule` in `priors`, in words (none: it holds).
std::vector<std::string> broken(const Rule &rule, const Priors &priors)
{
    const TermTable &table = priors.term(rule.table);
    auto ratio = [&](const std::string &bin) {
        const auto &ll = table.logLikelihood[static_cast<std::size_t>(table.binIndex(bin))];
        return std::exp(ll[cls(rule.num)] - ll[cls(rule.den)]);
    };
    auto values = [&](const Rule::Operand &op) {
        std::vector<std::pair<std::string, double>> out;
        if (op.number) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", *op.number);
            out.emplace_back(buf, *op.number);
        }
        for (const auto &b : op.bins)
            out.emplace_back(b, ratio(b));
        return out;
    };
    std::vector<std::string> out;
    constexpr double eps = 1e-9;
    for (std::size_t k = 0; k < rule.ops.size(); ++k) {
        const std::string &op = rule.ops[k];
        for (const auto &[an, a] : values(rule.operands[k]))
            for (const auto &[bn, b] : values(rule.operands[k + 1])) {
                const bool ok = op == "<" ? a < b * (1 - eps)
                    : op == "<="          ? a <= b * (1 + eps)
                    : op == ">"           ? a > b * (1 + eps)
                                          : a >= b * (1 - eps);
                if (!ok) {
                    char buf[256];
                    std::snprintf(buf, sizeof buf, "%s %s %s (%s/%s: %.3g vs %.3g)", an.c_str(), op.c_str(), bn.c_str(),
                        jsonName(rule.num), jsonName(rule.den), a, b);
                    out.emplace_back(buf);
                }
            }
    }
    return out;
}

std::string lostDirection(
    const std::vector<Rule> &rules, const std::string &table, const Priors &start, const Priors &fitted)
{
    for (const Rule &r : rules) {
        if (r.table != table || !broken(r, start).empty())
            continue;
        const auto b = broken(r, fitted);
        if (!b.empty())
            return "\"" + r.text + "\": " + b.front();
    }
    return {};
}

// -------------------------------------------------------------------------------------- write out

// One table of "likelihoods" in the house layout: a line per bin, tables and bins in the order of
// kEvidenceTables, classes in theirs.
std::string tableText(const TermTable &t, const EvidenceTableSpec &spec)
{
    std::vector<std::string_view> bins;
    std::size_t width = 0;
    for (const auto b : spec.bins)
        if (!b.empty()) {
            bins.push_back(b);
            width = std::max(width, b.size());
        }
    std::string out = "    \"" + t.name + "\": {\n";
    for (std::size_t i = 0; i < bins.size(); ++i) {
        const auto b = static_cast<std::size_t>(t.binIndex(bins[i]));
        out += "      \"" + std::string(bins[i]) + "\": " + std::string(width - bins[i].size(), ' ') + "{ ";
        for (int c = 0; c < kClassCount; ++c) {
            char v[64];
            std::snprintf(v, sizeof v, "%s\"%s\": %.6g", c ? ", " : "", jsonName(static_cast<ProcessClass>(c)),
                roundSignificant(std::exp(t.logLikelihood[b][static_cast<std::size_t>(c)])));
            out += v;
        }
        out += i + 1 < bins.size() ? " },\n" : " }\n";
    }
    return out + "    }";
}

// The shipped priors.json as written, its "likelihoods" block (and "prior", with --fit-prior) replaced
// by the fit: every other field and its layout stay. The fields of --config-dir's own priors.json
// other than its tables are not carried over.
void writePriors(const std::string &path, const TriageConfig &fitted, bool prior)
{
    QFile shipped(QStringLiteral(":/ptriage/priors.json"));
    if (!shipped.open(QIODevice::ReadOnly))
        die("cannot read the shipped priors.json");
    std::string text = shipped.readAll().toStdString();
    auto replaceBlock = [&](const std::string &key, const std::string &with) {
        const std::size_t at = text.find("\n  \"" + key + "\": {");
        if (at == std::string::npos)
            die("the shipped priors.json has no \"" + key + "\"");
        std::size_t end = text.find('{', at);
        for (int depth = 0; end < text.size(); ++end)
            if (text[end] == '{')
                ++depth;
            else if (text[end] == '}' && --depth == 0)
                break;
        text.replace(at + 1, end - at, with);
    };
    std::string tables = "  \"likelihoods\": {\n";
    for (const EvidenceTableSpec &spec : kEvidenceTables)
        tables += tableText(fitted.priors.term(spec.name), spec) + (&spec != &kEvidenceTables.back() ? ",\n" : "\n");
    replaceBlock("likelihoods", tables + "  }");
    if (prior) {
        std::string p = "  \"prior\": { ";
        for (int c = 0; c < kClassCount; ++c) {
            char v[64];
            std::snprintf(v, sizeof v, "%s\"%s\": %.6g", c ? ", " : "", jsonName(static_cast<ProcessClass>(c)),
                roundSignificant(std::exp(fitted.priors.logPrior[static_cast<std::size_t>(c)])));
            p += v;
        }
        replaceBlock("prior", p + " }");
    }
    QFile out(QString::fromStdString(path));
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || out.write(text.data(), static_cast<qint64>(text.size())) < 0)
        die(path + ": cannot write: " + out.errorString().toStdString());
}

// Where the shipped tables differ from the fit: "table bin class: shipped X, fit Y".
std::vector<std::string> differencesFromShipped(const TriageConfig &fitted)
{
    ConfigError error;
    const auto shipped = TriageConfig::load(QStringLiteral("/nonexistent"), &error);
    if (!shipped)
        die(error.toString().toStdString());
    std::vector<std::string> out;
    for (const TermTable &f : fitted.priors.terms) {
        const TermTable &s = shipped->priors.term(f.name);
        for (std::size_t b = 0; b < f.bins.size(); ++b)
            for (std::size_t c = 0; c < kClassCount; ++c) {
                const double fv = roundSignificant(std::exp(f.logLikelihood[b][c]));
                const double sv = std::exp(s.logLikelihood[b][c]);
                if (std::fabs(fv - sv) > 1e-5 * std::max(fv, sv)) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf, "%s %s %s: shipped %.6g, fit %.6g", f.name.c_str(),
                        f.bins[b].c_str(), jsonName(static_cast<ProcessClass>(c)), sv, fv);
                    out.emplace_back(buf);
                }
            }
    }
    return out;
}

void printReliability(const std::string &what, const Reliability &rs, const Reliability &rf)
{
    std::printf("\nreliability of P(abandoned) on %s; observed: labelled abandoned\n", what.c_str());
    std::printf("  bin       | starting: n  mean P  observed |  fitted: n  mean P  observed\n");
    for (std::size_t b = 0; b < 10; ++b) {
        auto cell = [](int n, double p, double o) {
            char buf[64];
            if (n)
                std::snprintf(buf, sizeof buf, "%10d  %6.3f  %8.3f", n, p, o);
            else
                std::snprintf(buf, sizeof buf, "%10d  %6s  %8s", 0, "-", "-");
            return std::string(buf);
        };
        std::printf("  %.1f–%.1f   | %s | %s\n", static_cast<double>(b) / 10, static_cast<double>(b + 1) / 10,
            cell(rs.count[b], rs.predicted[b], rs.observed[b]).c_str(),
            cell(rf.count[b], rf.predicted[b], rf.observed[b]).c_str());
    }
    std::printf("  ECE       | %27.3f | %25.3f\n  Brier     | %27.3f | %25.3f\n", rs.ece, rf.ece, rs.brier, rf.brier);
}

void printExample(const Example &e, double starting, double fitted, const Priors &priors)
{
    std::printf("  %-34s pid %-7d %-22s %-10s %.3f → %.3f\n", e.scenario.c_str(), e.pid, e.role.substr(0, 22).c_str(),
        jsonName(e.label), starting, fitted);
    std::printf("      %s\n", termBits(e, priors).c_str());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const auto t0 = std::chrono::steady_clock::now();
    const Options opt = parseArgs(QCoreApplication::arguments());

    ConfigError error;
    const auto loaded = TriageConfig::load(QString::fromStdString(opt.configDir), &error);
    if (!loaded)
        die(error.toString().toStdString());
    const TriageConfig &start = *loaded;
    const auto rules = readDirections(opt.directions, start.priors);

    const Corpus corpus = loadCorpus(opt.corpus, start);
    std::string familiesError;
    const auto readFamiliesOk = readFamilies(opt.families, familiesError);
    if (!readFamiliesOk)
        die(familiesError);
    const Families &families = *readFamiliesOk;
    std::vector<std::size_t> familyOf;
    for (const Example &e : corpus.examples) {
        const auto f = families.of(e.scenario);
        if (!f)
            die(opt.families + ": the scenario " + e.scenario + " is in no family: add it to one");
        familyOf.push_back(*f);
    }
    std::vector<const Example *> train, test;
    std::set<std::string> trainScenarios, testScenarios;
    for (const Example &e : corpus.examples) {
        (inTrain(e.scenario, opt.trainShare) ? train : test).push_back(&e);
        (inTrain(e.scenario, opt.trainShare) ? trainScenarios : testScenarios).insert(e.scenario);
    }
    std::array<int, kClassCount> byClass{};
    for (const Example &e : corpus.examples)
        ++byClass[cls(e.label)];
    std::printf("corpus %s: %zu labelled processes in %zu scenarios (useful %d, stuck %d, abandoned %d, zombie %d; "
                "%d more not judged)\n",
        opt.corpus.c_str(), corpus.examples.size(), corpus.scenarios.size(), byClass[0], byClass[1], byClass[2],
        byClass[3], corpus.notJudged);
    std::printf("split by scenario name: train %zu processes (%zu scenarios), test %zu processes (%zu scenarios)\n",
        train.size(), trainScenarios.size(), test.size(), testScenarios.size());

    FitReport report;
    const TriageConfig fitted = fit(start, train, rules, opt, report);
    std::printf("fit: Dirichlet prior on the starting rows, alpha %g, a class needs %d examples in a table%s%s\n",
        opt.alpha, opt.minCount, opt.fitPrior ? ", class prior fitted too" : "",
        opt.guard ? "" : ", no guard of the directions");
    std::printf("  %d rows (a table's for one class) fitted, %zu tables kept by the guard\n", report.fittedRows,
        report.guarded.size());
    if (opt.verbose)
        for (const auto &l : report.lines)
            std::printf("  %s\n", l.c_str());
    for (const auto &l : report.guarded)
        std::printf("  %s\n", l.c_str());

    std::vector<std::string> failures;
    // Directions, of the tables we started from and of the fit.
    for (const auto &[name, config] : {std::pair<const char *, const TriageConfig *>{"starting", &start},
             std::pair<const char *, const TriageConfig *>{"fitted", &fitted}})
        for (const Rule &r : rules)
            for (const std::string &b : broken(r, config->priors)) {
                char buf[512];
                std::snprintf(buf, sizeof buf, "%s %s breaks its direction \"%s\": %s — %s (%s)", name, r.table.c_str(),
                    r.text.c_str(), b.c_str(), r.why.c_str(), fileLine(opt.directions, r.line).c_str());
                failures.emplace_back(buf);
            }

    double eceShipped = 0, eceFitted = 0;
    if (test.empty()) {
        failures.emplace_back("the test split is empty: the corpus needs more scenarios");
    } else {
        const auto ps = pAbandoned(test, start);
        const auto pf = pAbandoned(test, fitted);
        const Reliability rs = reliability(test, ps), rf = reliability(test, pf);
        eceShipped = rs.ece;
        eceFitted = rf.ece;
        printReliability("the test split (" + std::to_string(test.size()) + " processes)", rs, rf);
        if (opt.verbose) {
            std::printf("\ntest processes (label: P(abandoned) starting → fitted)\n");
            for (std::size_t i = 0; i < test.size(); ++i)
                printExample(*test[i], ps[i], pf[i], fitted.priors);
        }
        if (eceFitted > opt.maxEce) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "ECE(test) of the fit %.3f is above the goal %.3f", eceFitted, opt.maxEce);
            failures.emplace_back(buf);
        }
    }

    // Leave one family out: each family judged by tables fitted to every other family.
    std::vector<const Example *> all;
    std::vector<double> pStart, pHeldOut;
    std::printf("\nleave one family out: each family judged by tables fitted without any of its scenarios\n");
    std::printf("  %-40s %9s  %9s %9s  %6s\n", "family", "processes", "P|aband.", "P|useful", "Brier");
    for (std::size_t f = 0; f < families.names.size(); ++f) {
        std::vector<const Example *> in, out;
        for (std::size_t i = 0; i < corpus.examples.size(); ++i)
            (familyOf[i] == f ? in : out).push_back(&corpus.examples[i]);
        if (in.empty())
            continue;
        FitReport ignored;
        const TriageConfig without = fit(start, out, rules, opt, ignored);
        const auto p = pAbandoned(in, without);
        double meanA = 0, meanU = 0;
        int nA = 0, nU = 0;
        for (std::size_t i = 0; i < in.size(); ++i)
            (in[i]->label == ProcessClass::Abandoned ? (++nA, meanA) : (++nU, meanU)) += p[i];
        auto mean = [](double sum, int n) {
            char buf[16];
            if (n)
                std::snprintf(buf, sizeof buf, "%.3f", sum / n);
            else
                std::snprintf(buf, sizeof buf, "-");
            return std::string(buf);
        };
        std::printf("  %-40s %9zu  %9s %9s  %6.3f\n", families.names[f].c_str(), in.size(), mean(meanA, nA).c_str(),
            mean(meanU, nU).c_str(), reliability(in, p).brier);
        const auto s0 = pAbandoned(in, start);
        for (std::size_t i = 0; i < in.size(); ++i) {
            all.push_back(in[i]);
            pStart.push_back(s0[i]);
            pHeldOut.push_back(p[i]);
        }
    }
    const Reliability gs = reliability(all, pStart), gf = reliability(all, pHeldOut);
    printReliability(std::to_string(all.size()) + " processes, each judged with its family left out", gs, gf);
    if (opt.verbose) {
        std::printf("\nevery process (label: P(abandoned) starting → fitted without its family)\n");
        for (std::size_t i = 0; i < all.size(); ++i)
            printExample(*all[i], pStart[i], pHeldOut[i], fitted.priors);
    }
    if (gf.ece > opt.maxEce) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "ECE of the fit with each family left out %.3f is above the goal %.3f", gf.ece,
            opt.maxEce);
        failures.emplace_back(buf);
    }
    if (opt.checkShipped) {
        const auto diff = differencesFromShipped(fitted);
        for (std::size_t i = 0; i < diff.size() && i < 5; ++i)
            failures.push_back("the shipped priors.json is not this fit: " + diff[i]);
        if (!diff.empty())
            failures.emplace_back(std::to_string(diff.size())
                + " values differ: after changing the judgement or the corpus, run calibrate --write-priors "
                  "resources/priors.json");
        else
            std::printf("\nthe shipped priors.json is this fit\n");
    }
    if (!opt.writePriors.empty()) {
        writePriors(opt.writePriors, fitted, opt.fitPrior);

        std::printf("\nwrote %s\n", opt.writePriors.c_str());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("\n(%.1f s)\n", secs);
    for (const auto &f : failures)
        std::printf("FAIL: %s\n", f.c_str());
    std::printf(
        "ECE(test) starting %.3f fitted %.3f; one family left out: ECE %.3f, Brier %.3f (starting %.3f, %.3f)\n",
        eceShipped, eceFitted, gf.ece, gf.brier, gs.ece, gs.brier);
    return failures.empty() ? 0 : 1;
}
