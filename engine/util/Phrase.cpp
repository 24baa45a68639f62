#include "Phrase.h"

#include <QCoreApplication>

#include <cstring>

namespace ptriage {

Phrase::Phrase(const char *context, const char *source, std::vector<Phrase> args)
    : m_context(context), m_source(source), m_args(std::move(args))
{ }

Phrase::Phrase(std::string literal) : m_literal(std::move(literal)) { }

// %1…%9 replaced in one pass: an argument's own '%' is never read as a placeholder.
std::string Phrase::english() const
{
    std::string out;
    appendEnglish(out);
    return out;
}

void Phrase::appendEnglish(std::string &out) const
{
    if (!m_source) {
        out += m_literal;
        return;
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
    if (!m_source)
        return QString::fromUtf8(m_literal.data(), static_cast<qsizetype>(m_literal.size()));
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
    if (!a.m_source || !b.m_source)
        return a.m_source == b.m_source && a.m_literal == b.m_literal;
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
