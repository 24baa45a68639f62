#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ptriage {

// "4096", "512K", "512M", "4G", "1.5GiB", "2T" → bytes. Suffixes are powers of 1024 with or
// without "iB"/"B" (4G = 4GB = 4GiB, as free and ps mean them). Empty when it is not a size.
std::optional<std::uint64_t> parseByteSize(std::string_view text);

} // namespace ptriage
