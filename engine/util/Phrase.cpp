#include "Phrase.h"

#include "Format.h"

#include <QCoreApplication>

#include <cstring>

namespace ptriage {

Phrase::Phrase(const char *context, const char *source, std::vector<Phrase> args)
    : m_kind(Kind::Sentence), m_context(context), m_source(source), m_args(std::move(args))
{ }

Phrase::Phrase(std::string literal) : m_literal(std::move(literal)) { }

Phrase Phrase::word(std::string name, const char *context, const char *label)
{
    Phrase p(std::move(name));
    p.m_kind = Kind::Word;
    p.m_context = context;
    p.m_source = label;
    return p;
}

Phrase Phrase::duration(double seconds)
{
    Phrase p;
    p.m_kind = Kind::Duration;
    p.m_value = seconds;
    return p;
}

Phrase Phrase::bytes(double count)
{
    Phrase p;
    p.m_kind = Kind::Bytes;
    p.m_value = count;
    return p;
}

Phrase Phrase::percent(double fraction)
{
    Phrase p;
    p.m_kind = Kind::Percent;
    p.m_value = fraction;
    return p;
}

Phrase Phrase::number(double value, int decimals)
{
    Phrase p;
    p.m_kind = Kind::Number;
    p.m_value = value;
    p.m_decimals = decimals;
    return p;
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
    switch (m_kind) {
    case Kind::Literal:
    case Kind::Word:
        out += m_literal;
        return;
    case Kind::Duration:
        out += formatDuration(m_value);
        return;
    case Kind::Bytes:
        out += formatBytes(m_value);
        return;
    case Kind::Percent:
        out += formatPercent(m_value);
        return;
    case Kind::Number:
        out += formatNumber(m_value, m_decimals);
        return;
    case Kind::Sentence:
        break;
    }
    for (const char *c = m_source; *c;) {
        const char *mark = std::strchr(c, '%');
        if (!mark) {
            out += c;
            return;
        }
        out.append(c, static_cast<std::size_t>(mark - c));
        if (mark[1] >= '1' && mark[1] <= '9') {
            const auto k = static_cast<std::size_t>(mark[1] - '1');
            if (k < m_args.size())
                m_args[k].appendEnglish(out); // into the same string: no copy per argument
            c = mark + 2;
        } else {
            out += '%';
            c = mark + 1;
        }
    }
}

QString Phrase::text() const
{
    switch (m_kind) {
    case Kind::Literal:
        return QString::fromUtf8(m_literal.data(), static_cast<qsizetype>(m_literal.size()));
    case Kind::Word:
        return QCoreApplication::translate(m_context, m_source);
    case Kind::Duration:
        return localDuration(m_value);
    case Kind::Bytes:
        return localBytes(m_value);
    case Kind::Percent:
        return localPercent(m_value);
    case Kind::Number:
        return localNumber(m_value, m_decimals);
    case Kind::Sentence:
        break;
    }
    const QString t = QCoreApplication::translate(m_context, m_source);
    QString out;
    out.reserve(t.size() + 16);
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QChar c = t[i];
        if (c == u'%' && i + 1 < t.size() && t[i + 1] >= u'1' && t[i + 1] <= u'9') {
            const auto k = static_cast<std::size_t>(t[i + 1].unicode() - u'1');
            if (k < m_args.size())
                out += m_args[k].text();
            ++i;
            continue;
        }
        out += c;
    }
    return out;
}

bool operator==(const Phrase &a, const Phrase &b)
{
    if (a.m_kind != b.m_kind)
        return false;
    switch (a.m_kind) {
    case Phrase::Kind::Literal:
    case Phrase::Kind::Word:
        return a.m_literal == b.m_literal;
    case Phrase::Kind::Duration:
    case Phrase::Kind::Bytes:
    case Phrase::Kind::Percent:
    case Phrase::Kind::Number:
        return a.m_value == b.m_value && a.m_decimals == b.m_decimals;
    case Phrase::Kind::Sentence:
        break;
    }
    return std::strcmp(a.m_source, b.m_source) == 0 && std::strcmp(a.m_context, b.m_context) == 0
        && a.m_args == b.m_args;
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
