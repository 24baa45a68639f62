#pragma once

#include <QMetaType>
#include <QString>
#include <QStringView>

#include <array>
#include <compare>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ptriage {

// The kernel's random id of this boot (/proc/sys/kernel/random/boot_id), kept as its 16 bytes so
// that an identity is a small value that can key hash maps.
struct BootId {
    std::array<std::uint8_t, 16> bytes{};

    // Strict: a lowercase uuid of 36 characters (8-4-4-4-12 hex digits), as the kernel writes it.
    static std::optional<BootId> parse(std::string_view text);
    std::string toString() const;
    bool isNull() const { return bytes == std::array<std::uint8_t, 16>{}; }
    friend auto operator<=>(const BootId &, const BootId &) = default;
    // Two word compares: identities key hash maps of thousands, and std::array's == calls memcmp.
    friend bool operator==(const BootId &a, const BootId &b)
    {
        std::uint64_t x[2], y[2];
        std::memcpy(x, a.bytes.data(), sizeof x);
        std::memcpy(y, b.bytes.data(), sizeof y);
        return x[0] == y[0] && x[1] == y[1];
    }
};

inline constexpr int kMaxPid = 4194304; // PID_MAX_LIMIT on 64-bit Linux

// A process, for as long as it lives and never after: boot_id:start_ticks:pid ("start_id" in JSON).
// The one handle anything outside the collector keeps: the scan, the table, the actions, the
// journal and the helper all name a process by it, never by a bare PID.
struct ProcessIdentity {
    BootId boot;
    std::uint64_t startTicks = 0; // field 22 of /proc/PID/stat
    int pid = 0;

    bool isValid() const { return pid > 0; }
    std::string toString() const;
    QString toQString() const;
    // Strict (shared by the engine, the CLI and the helper): a lowercase uuid, decimal start ticks
    // without sign or leading zeros, a decimal pid 1..kMaxPid, nothing else. `why` says what is wrong.
    static std::optional<ProcessIdentity> parse(std::string_view text, std::string *why = nullptr);
    static std::optional<ProcessIdentity> parse(QStringView text, QString *why = nullptr);
    friend auto operator<=>(const ProcessIdentity &, const ProcessIdentity &) = default;
    // The pid first: in a hash map of one boot's processes it alone tells nearly every pair apart.
    friend bool operator==(const ProcessIdentity &a, const ProcessIdentity &b)
    {
        return a.pid == b.pid && a.startTicks == b.startTicks && a.boot == b.boot;
    }
};

} // namespace ptriage

template<> struct std::hash<ptriage::ProcessIdentity> {
    std::size_t operator()(const ptriage::ProcessIdentity &id) const noexcept
    {
        std::uint64_t boot = 0;
        for (std::size_t i = 0; i < 8; ++i)
            boot = boot << 8 | id.boot.bytes[i];
        return std::hash<std::uint64_t>()((id.startTicks * 1000003u) ^ static_cast<std::uint64_t>(id.pid) ^ boot);
    }
};

Q_DECLARE_METATYPE(ptriage::ProcessIdentity)
