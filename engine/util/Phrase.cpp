#include "Phrase.h"

#include "Format.h"

#include <QCoreApplication>

#include <cstring>

namespace ptriage {

Phrase Phrase::of(Data data)
{
    Phrase p;
    p.m_data = std::make_shared<const Data>(std::move(data));
    return p;
}

Phrase::Phrase(const char *context, const char *source, std::vector<Phrase> args)
    : m_data(std::make_shared<const Data>(Data{Kind::Sentence, 0, 0, context, source, {}, std::move(args)}))
{ }

// The empty literal stays null: empty() and == need no other case.
Phrase::Phrase(std::string literal)
    : m_data(literal.empty()
            ? nullptr
            : std::make_shared<const Data>(Data{Kind::Literal, 0, 0, nullptr, nullptr, std::move(literal), {}}))
{ }

Phrase Phrase::word(std::string name, const char *context, const char *label)
{
    return of({Kind::Word, 0, 0, context, label, std::move(name), {}});
}

Phrase Phrase::duration(double seconds)
{
    return of({Kind::Duration, 0, seconds, nullptr, nullptr, {}, {}});
}

Phrase Phrase::bytes(double count)
{
    return of({Kind::Bytes, 0, count, nullptr, nullptr, {}, {}});
}

Phrase Phrase::percent(double fraction)
{
    return of({Kind::Percent, 0, fraction, nullptr, nullptr, {}, {}});
}

Phrase Phrase::number(double value, int decimals)
{
    return of({Kind::Number, decimals, value, nullptr, nullptr, {}, {}});
}

// %1…%9 replaced in one pass: an argument's own '%' is never read as a placeholder.
std::string Phrase::english() const
{
    std::string out;
    appendEnglish(out);
    return out;
}

void Phrase::appendEnglish(std::string &out) const
{
    if (!m_data)
        return;
    const Data &d = *m_data;
    switch (d.kind) {
    case Kind::Literal:
    case Kind::Word:
        out += d.literal;
        return;
    case Kind::Duration:
        out += formatDuration(d.value);
        return;
    case Kind::Bytes:
        out += formatBytes(d.value);
        return;
    case Kind::Percent:
        out += formatPercent(d.value);
        return;
    case Kind::Number:
        out += formatNumber(d.value, d.decimals);
        return;
    case Kind::Sentence:
        break;
    }
    for (const char *c = d.source; *c;) {
        const char *mark = std::strchr(c, '%');
        if (!mark) {
            out += c;
            return;
        }
        out.append(c, static_cast<std::size_t>(mark - c));
        if (mark[1] >= '1' && mark[1] <= '9') {
            const auto k = static_cast<std::size_t>(mark[1] - '1');
            if (k < d.args.size())
                d.args[k].appendEnglish(out); // into the same string: no copy per argument
            c = mark + 2;
        } else {
            out += '%';
            c = mark + 1;
        }
    }
}

QString Phrase::text() const
{
    if (!m_data)
        return {};
    const Data &d = *m_data;
    switch (d.kind) {
    case Kind::Literal:
        return QString::fromUtf8(d.literal.data(), static_cast<qsizetype>(d.literal.size()));
    case Kind::Word:
        return QCoreApplication::translate(d.context, d.source);
    case Kind::Duration:
        return localDuration(d.value);
    case Kind::Bytes:
        return localBytes(d.value);
    case Kind::Percent:
        return localPercent(d.value);
    case Kind::Number:
        return localNumber(d.value, d.decimals);
    case Kind::Sentence:
        break;
    }
    const QString t = QCoreApplication::translate(d.context, d.source);
    QString out;
    out.reserve(t.size() + 16);
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QChar c = t[i];
        if (c == u'%' && i + 1 < t.size() && t[i + 1] >= u'1' && t[i + 1] <= u'9') {
            const auto k = static_cast<std::size_t>(t[i + 1].unicode() - u'1');
            if (k < d.args.size())
                out += d.args[k].text();
            ++i;
            continue;
        }
        out += c;
    }
    return out;
}

bool operator==(const Phrase &a, const Phrase &b)
{
    if (a.m_data == b.m_data)
        return true;
    if (!a.m_data || !b.m_data || a.m_data->kind != b.m_data->kind)
        return false;
    const Phrase::Data &x = *a.m_data, &y = *b.m_data;
    switch (x.kind) {
    case Phrase::Kind::Literal:
    case Phrase::Kind::Word:
        return x.literal == y.literal;
    case Phrase::Kind::Duration:
    case Phrase::Kind::Bytes:
    case Phrase::Kind::Percent:
    case Phrase::Kind::Number:
        return x.value == y.value && x.decimals == y.decimals;
    case Phrase::Kind::Sentence:
        break;
    }
    return std::strcmp(x.source, y.source) == 0 && std::strcmp(x.context, y.context) == 0 && x.args == y.args;
}

Phrase joinFirst(const std::vector<Phrase> &items, std::size_t n)
{
    Phrase out;
    for (std::size_t i = 0; i < items.size() && i < n; ++i)
        out = i ? Phrase("Format", "%1, %2", {out, items[i]}) : items[i];
    if (items.size() > n)
        out = Phrase("Format", QT_TRANSLATE_NOOP("Format", "%1 and %2 more"), {out, std::to_string(items.size() - n)});
    return out;
}

Phrase joinFirst(const std::vector<std::string> &items, std::size_t n)
{
    return joinFirst(std::vector<Phrase>(items.begin(), items.end()), n);
}

std::vector<std::string> english(const std::vector<Phrase> &phrases)
{
    std::vector<std::string> out;
    out.reserve(phrases.size());
    for (const auto &p : phrases)
        out.push_back(p.english());
    return out;
}

std::vector<std::string> translated(const std::vector<Phrase> &phrases)
{
    std::vector<std::string> out;
    out.reserve(phrases.size());
    for (const auto &p : phrases)
        out.push_back(p.translated());
    return out;
}

} // namespace ptriage
