#pragma once

#include <QString>
#include <QVariant>
#include <QVariantMap>

#include <optional>
#include <systemd/sd-bus.h>

namespace ptriage::helper {

// Execute's a{sv}, read with its bounds checked while reading: at most 16 keys, lists of at most
// 257 items, strings of at most 4 KiB, values of the types a request can hold (integers, bool,
// strings, lists of those). sd-bus reads a message's body in place, so a request that breaks a
// bound is refused after reading up to the bound, never unpacked whole. Values come out as the Qt
// types the core's decoder checks (as QtDBus would give them).
std::optional<QVariantMap> readRequest(sd_bus_message *m, QString *error);

// Appends `value` as the D-Bus value QtDBus would make of it (QString s, bool b, int i, uint u,
// qlonglong x, qulonglong t, double d, QStringList as, QList<int> ai, QVariantList av,
// QVariantMap a{sv}), wrapped in a variant when `variant`. Returns sd-bus's result (< 0: -errno).
int appendValue(sd_bus_message *m, const QVariant &value, bool variant);

} // namespace ptriage::helper
