#include "session/database/StoreEncoding.h"

#include "util/Format.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace ptriage::store_encoding {
namespace {

std::string joined(const std::vector<std::string> &parts, char separator)
{
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += separator;
        out += parts[i];
    }
    return out;
}

} // namespace

std::string joinArgv(const std::vector<std::string> &argv)
{
    return joined(argv, '\0');
}

std::vector<std::string> splitArgv(const std::string &text)
{
    std::vector<std::string> out;
    if (text.empty())
        return out;
    std::size_t at = 0;
    while (true) {
        const std::size_t end = text.find('\0', at);
        out.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
        if (end == std::string::npos)
            return out;
        at = end + 1;
    }
}

std::string bounded(std::string text, std::size_t maxBytes, std::size_t *kept)
{
    if (text.size() > maxBytes) {
        std::size_t cut = maxBytes;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
            --cut;
        text.resize(cut);
        text += "\u2026";
        if (kept)
            *kept = cut;
    } else if (kept) {
        *kept = text.size();
    }
    return text;
}

std::string joinLines(const std::vector<std::string> &lines)
{
    return joined(lines, '\n');
}

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        out.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

std::string encodeLedger(const std::vector<SavedTerm> &ledger)
{
    std::string out;
    for (const SavedTerm &t : ledger) {
        out += t.term + '\t' + formatNumber(t.bits, 1) + '\t' + jsonName(t.favors) + '\n'; // "1.5" in every locale
    }
    return out;
}

std::vector<SavedTerm> decodeLedger(const std::string &text)
{
    std::vector<SavedTerm> out;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string line = text.substr(at, end - at);
        at = end + 1;
        const auto tab1 = line.find('\t');
        const auto tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
        if (tab2 == std::string::npos)
            continue;
        SavedTerm t;
        t.term = line.substr(0, tab1);
        t.bits = 0; // "1.5", the C locale's, whatever setlocale() says
        std::from_chars(line.data() + tab1 + 1, line.data() + line.size(), t.bits);
        const auto favors = fromJsonName<ProcessClass>(line.substr(tab2 + 1));
        if (!favors)
            continue;
        t.favors = *favors;
        out.push_back(std::move(t));
    }
    return out;
}

std::string encodeOrigin(const SavedOrigin &origin)
{
    if (!origin.known())
        return {};
    std::string out;
    for (const std::string *field :
        {&origin.kind, &origin.tool, &origin.key, &origin.owner, &origin.project, &origin.description}) {
        if (field != &origin.kind)
            out += '\t';
        for (char c : *field)
            out += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

SavedOrigin decodeOrigin(const std::string &text)
{
    std::vector<std::string> fields(1);
    for (char c : text) {
        if (c == '\t')
            fields.emplace_back();
        else
            fields.back() += c;
    }
    if (fields.size() != 6 || fields[0].empty())
        return {};
    return {fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]};
}

} // namespace ptriage::store_encoding
