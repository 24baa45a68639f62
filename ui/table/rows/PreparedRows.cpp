#include "table/rows/PreparedRows.h"

#include "util/Parallel.h"
#include "util/ThreadPriority.h"

#include <QSet>

#include <algorithm>
#include <atomic>
#include <string_view>
#include <unordered_map>

namespace ptriage {

namespace {

constexpr std::size_t kRowsBetweenYields = 64; // well under a millisecond of preparing rows

} // namespace

std::shared_ptr<const PreparedRows> PreparedRows::prepare(std::shared_ptr<const TriageResult> result,
    const TriageConfig &config, const ProcessColumns &columns, std::shared_ptr<const PreparedRows> basis)
{
    static std::atomic<std::uint64_t> serials{0};
    auto rows = std::make_shared<PreparedRows>();
    rows->serial = ++serials;
    if (!result || !result->snapshot)
        return rows;
    const std::size_t n = result->snapshot->processes.size();
    rows->cells.reset(columns.count(), n + result->groups.size()); // once: grown, it would double
    rows->searchColumns = {columns.indexOf(u"command"), columns.indexOf(u"user"), columns.indexOf(u"pid")};
    // Most cells repeat ("root", "keep", "S" …): each distinct text is kept once per column and shared
    // by every row showing it, and a string sort value equal to its text is that text. A column
    // whose texts mostly differ (PIDs, command lines) stops looking after a few hundred rows: hashing
    // every cell of it cost a third of the preparing and shared next to nothing.
    struct Texts {
        QSet<QString> seen;
        int looked = 0, found = 0;
        bool worthIt() const { return looked < 256 || found * 4 >= looked; }
        QString shared(QString text)
        {
            if (!worthIt())
                return text;
            ++looked;
            if (auto it = seen.constFind(text); it != seen.constEnd()) {
                ++found;
                return *it;
            }
            seen.insert(text);
            return text;
        }
    };
    // Rows from nothing (the first result, another boot) on every core: the window waits for them.
    // Later ones, diffed against the rows shown, on this thread alone, beside the window's.
    const bool fromNothing = !basis && n >= 1024;
    const int workers = fromNothing ? workerCount() : 1;
    std::vector<std::vector<Texts>> texts(static_cast<std::size_t>(workers));
    for (auto &t : texts)
        t.resize(static_cast<std::size_t>(columns.count()));
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, workers - 1));
    parallelChunks(&pool, n, workers, [&](std::size_t begin, std::size_t end, int worker) {
        std::vector<Texts> &mine = texts[static_cast<std::size_t>(worker)];
        for (std::size_t i = begin; i < end; ++i) {
            const ProcessRow row(result->process(static_cast<int>(i)), config);
            for (int c = 0; c < columns.count(); ++c)
                rows->cells.set(i, c, mine[static_cast<std::size_t>(c)].shared(columns.at(c).display(row)),
                    columns.at(c).sortValue(row));
        }
    }); // background work (the feed's thread) passes a yield point between blocks of rows
    // The origin groups' rows after the processes': made whichever model shows them, so that switching
    // to By origin has them ready (a few hundred rows at most, formatted from sums).
    rows->processes = n;
    rows->groups.reserve(result->groups.size());
    rows->groupSearch.reserve(result->groups.size());
    for (std::size_t g = 0; g < result->groups.size(); ++g) {
        rows->groups.push_back(summarizeGroup(*result, static_cast<int>(g)));
        const GroupRow row{*result, rows->groups.back()};
        for (int c = 0; c < columns.count(); ++c) {
            const ProcessColumn &col = columns.at(c);
            rows->cells.set(n + g, c, col.groupDisplay ? col.groupDisplay(row) : QString(),
                col.groupSort ? col.groupSort(row) : QVariant());
        }
        rows->groupSearch.push_back(ProcessColumns::groupSearchText(row));
        if (g % kRowsBetweenYields == kRowsBetweenYields - 1)
            yieldPoint();
    }
    if (basis && basis->result && basis->result->snapshot) {
        const TriageResult &old = *basis->result;
        std::unordered_map<ProcessIdentity, std::size_t> oldIndex;
        oldIndex.reserve(static_cast<std::size_t>(old.size()));
        for (int j = 0; j < old.size(); ++j) // a key seen twice keeps its first process, as the model does
            oldIndex.try_emplace(old.identityOf(j), static_cast<std::size_t>(j));
        rows->basisSerial = basis->serial;
        rows->changedColumns.assign(n, {0, -1});
        rows->candidacyChanged.assign(n, 0);
        rows->basisIndex.assign(n, -1);
        for (std::size_t i = 0; i < n; ++i) {
            if (i % kRowsBetweenYields == kRowsBetweenYields - 1)
                yieldPoint();
            auto it = oldIndex.find(result->identityOf(static_cast<int>(i)));
            if (it == oldIndex.end())
                continue;
            const std::size_t j = it->second;
            rows->basisIndex[i] = static_cast<int>(j);
            auto &[first, last] = rows->changedColumns[i];
            first = columns.count();
            for (int c = 0; c < columns.count(); ++c)
                if (!rows->cells.sameCell(i, c, basis->cells, j)) {
                    first = std::min(first, c);
                    last = c;
                }
            const Recommendation &now = result->process(static_cast<int>(i)).recommendation();
            const Recommendation &then = basis->result->process(static_cast<int>(j)).recommendation();
            rows->candidacyChanged[i] = now.candidate != then.candidate || now.review != then.review ? 1 : 0;
        }
        // The groups, matched by their key.
        std::unordered_map<std::string_view, std::size_t> oldGroup;
        for (std::size_t h = 0; h < basis->groups.size(); ++h)
            oldGroup.try_emplace(basis->result->group(basis->groups[h].group).key, h);
        const std::size_t total = rows->rowCount();
        rows->changedColumns.resize(total, {0, -1});
        rows->candidacyChanged.resize(total, 0);
        rows->basisIndex.resize(total, -1);
        for (std::size_t g = 0; g < rows->groups.size(); ++g) {
            auto it = oldGroup.find(result->group(static_cast<int>(g)).key);
            if (it == oldGroup.end())
                continue;
            const std::size_t i = n + g, j = basis->processes + it->second;
            rows->basisIndex[i] = static_cast<int>(j);
            auto &[first, last] = rows->changedColumns[i];
            first = columns.count();
            for (int c = 0; c < columns.count(); ++c)
                if (!rows->cells.sameCell(i, c, basis->cells, j)) {
                    first = std::min(first, c);
                    last = c;
                }
            rows->candidacyChanged[i] = (rows->groups[g].leftovers > 0) != (basis->groups[it->second].leftovers > 0);
        }
    }
    rows->result = std::move(result);
    return rows;
}

std::array<const QString *, 3> PreparedRows::searchParts(std::size_t row) const
{
    std::array<const QString *, 3> parts{};
    if (isGroup(row)) {
        parts[0] = &groupSearch[row - processes];
        return parts;
    }
    for (std::size_t k = 0; k < parts.size(); ++k)
        if (searchColumns[k] >= 0)
            parts[k] = &cells.text(row, searchColumns[k]);
    return parts;
}

QString PreparedRows::searchText(std::size_t row) const
{
    QStringList parts;
    for (const QString *part : searchParts(row))
        if (part)
            parts << *part;
    return parts.join(QLatin1Char('\n'));
}

bool PreparedRows::candidate(std::size_t row) const
{
    if (isGroup(row))
        return groups[row - processes].leftovers > 0;
    return result->process(static_cast<int>(row)).recommendation().candidate;
}

FilterFacts PreparedRows::filterFacts(std::size_t row) const
{
    FilterFacts f;
    f.candidate = candidate(row);
    f.searchParts = searchParts(row);
    if (isGroup(row)) {
        f.group = true;
        return f;
    }
    const ProcessView p = result->process(static_cast<int>(row));
    f.identity = p.identity();
    f.kernelThread = p.sample().isKernelThread();
    f.isProtected = !p.facts().protectedReason.empty();
    f.uid = p.sample().uid;
    f.listenPorts = &p.facts().listenPorts;
    return f;
}

} // namespace ptriage
