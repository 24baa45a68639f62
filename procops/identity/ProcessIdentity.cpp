#include "procops/identity/ProcessIdentity.h"

#include <charconv>

namespace ptriage {
namespace {

constexpr std::size_t kUuidLength = 36;
constexpr std::size_t kMaxLength = kUuidLength + 1 + 20 + 1 + 7;

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

// Decimal without sign or leading zeros ("0" itself is fine).
std::optional<std::uint64_t> decimal(std::string_view text)
{
    if (text.empty() || text.size() > 20 || (text.size() > 1 && text.front() == '0'))
        return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// Text quoted back in an error: printable ASCII only and short, so a hostile request cannot inject
// lines or megabytes into a log.
std::string quoted(std::string_view text)
{
    constexpr std::size_t kMax = 64;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < kMax; ++i)
        out += text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?';
    if (text.size() > kMax)
        out += "...";
    return out + "'";
}

// A QVariant holding an identity (a table role, a graph node) reads as its text.
const bool kIdentityConvertsToText
    = QMetaType::registerConverter<ProcessIdentity, QString>(&ProcessIdentity::toQString);

} // namespace

std::optional<BootId> BootId::parse(std::string_view text)
{
    if (text.size() != kUuidLength)
        return std::nullopt;
    BootId id;
    std::size_t byte = 0;
    for (std::size_t i = 0; i < kUuidLength;) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (text[i] != '-')
                return std::nullopt;
            ++i;
            continue;
        }
        const int high = hexDigit(text[i]);
        const int low = hexDigit(text[i + 1]);
        if (high < 0 || low < 0)
            return std::nullopt;
        id.bytes[byte++] = static_cast<std::uint8_t>(high << 4 | low);
        i += 2;
    }
    return id;
}

std::string BootId::toString() const
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(kUuidLength);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out += '-';
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 0xf];
    }
    return out;
}

std::string ProcessIdentity::toString() const
{
    return boot.toString() + ':' + std::to_string(startTicks) + ':' + std::to_string(pid);
}

QString ProcessIdentity::toQString() const
{
    return QString::fromStdString(toString());
}

std::optional<ProcessIdentity> ProcessIdentity::parse(std::string_view text, std::string *why)
{
    auto fail = [&](std::string_view reason) -> std::optional<ProcessIdentity> {
        if (why)
            *why = quoted(text) + " is not an identity boot_id:start_ticks:pid (" + std::string(reason) + ")";
        return std::nullopt;
    };
    if (text.size() > kMaxLength)
        return fail("too long");
    const auto c1 = text.find(':');
    const auto c2 = c1 == std::string_view::npos ? c1 : text.find(':', c1 + 1);
    if (c2 == std::string_view::npos || text.find(':', c2 + 1) != std::string_view::npos)
        return fail("it needs exactly three fields separated by ':'");
    ProcessIdentity id;
    const auto boot = BootId::parse(text.substr(0, c1));
    if (!boot)
        return fail("the boot id must be a lowercase uuid of 36 characters");
    const auto ticks = decimal(text.substr(c1 + 1, c2 - c1 - 1));
    if (!ticks)
        return fail("the start time must be a decimal number of clock ticks");
    const auto pid = decimal(text.substr(c2 + 1));
    if (pid && *pid == 0)
        return fail("pid 0 is never a process");
    if (!pid || *pid > static_cast<std::uint64_t>(kMaxPid))
        return fail("the pid must be a decimal number from 1 to " + std::to_string(kMaxPid));
    id.boot = *boot;
    id.startTicks = *ticks;
    id.pid = static_cast<int>(*pid);
    return id;
}

std::optional<ProcessIdentity> ProcessIdentity::parse(QStringView text, QString *why)
{
    // The same bytes the std::string_view parser sees (UTF-8), so both give the same answer and the
    // same reason. A longer text is refused as too long either way: no need to convert all of it.
    const QByteArray utf8 = text.left(static_cast<qsizetype>(kMaxLength) + 1).toUtf8();
    std::string reason;
    auto id = parse(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())), why ? &reason : nullptr);
    if (why && !id)
        *why = QString::fromStdString(reason);
    return id;
}

} // namespace ptriage
