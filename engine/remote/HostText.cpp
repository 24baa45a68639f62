#include "HostText.h"

#include "util/TerminalText.h"

namespace ptriage {

std::string oneLine(std::string_view text, std::size_t max)
{
    std::string out;
    for (const char c : forTerminal(text.substr(0, max + 1))) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += ' ';
        else
            out += c;
    }
    if (out.size() > max) {
        std::size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 sequence
        out.resize(cut);
        out += "…";
    }
    return out;
}

} // namespace ptriage
