#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ptriage {

// A process within one boot: the pair that survives PID reuse.
struct ProcessKey {
    std::uint64_t startTicks = 0;
    int pid = 0;
    friend bool operator==(const ProcessKey &, const ProcessKey &) = default;
};

struct ProcessKeyHash {
    std::size_t operator()(const ProcessKey &k) const noexcept
    {
        return std::hash<std::uint64_t>()(k.startTicks * 1000003u ^ static_cast<std::uint64_t>(k.pid));
    }
};

// boot_id:start_ticks:pid — the only handle anything outside the collector keeps.
struct ProcessIdentity {
    std::string bootId;
    std::uint64_t startTicks = 0;
    int pid = 0;

    ProcessKey key() const { return {startTicks, pid}; }
    std::string toString() const;
    static std::optional<ProcessIdentity> parse(std::string_view text);
    friend bool operator==(const ProcessIdentity &, const ProcessIdentity &) = default;
};

} // namespace ptriage
