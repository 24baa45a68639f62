#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace ptriage {

// 64 bits folded from values fed in order (FNV-1a, then a final mix): equal inputs give equal
// prints; different inputs collide with a chance of about 2^-64. Strings are fed with their
// length, so ("ab", "c") and ("a", "bc") differ.
class Fingerprint {
public:
    void add(std::string_view bytes)
    {
        add(bytes.size());
        for (const char c : bytes)
            step(static_cast<unsigned char>(c));
    }
    template<typename T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
    void add(T value)
    {
        unsigned char bytes[sizeof value];
        std::memcpy(bytes, &value, sizeof value);
        for (const unsigned char b : bytes)
            step(b);
    }
    std::uint64_t value() const
    {
        std::uint64_t h = m_h; // splitmix64's finalizer: every input bit reaches every output bit
        h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
        h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
        return h ^ (h >> 31);
    }

private:
    void step(unsigned char b) { m_h = (m_h ^ b) * 0x100000001b3ull; }
    std::uint64_t m_h = 0xcbf29ce484222325ull;
};

} // namespace ptriage
