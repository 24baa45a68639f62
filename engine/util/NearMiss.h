#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace ptriage {

// Levenshtein distance: how many single-character edits make `a` into `b`.
inline int editDistance(const QString &a, const QString &b)
{
    QList<int> prev(b.size() + 1), cur(b.size() + 1);
    for (int j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (int i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (int j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

// The candidate a typo most likely meant (at most two edits away; a swap of two letters is two), or
// empty: only near misses are suggested.
inline QString nearMiss(const QString &word, const QStringList &candidates)
{
    QString best;
    int bestDistance = 3;
    for (const auto &c : candidates)
        if (const int d = editDistance(word, c); d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    return best;
}

} // namespace ptriage
