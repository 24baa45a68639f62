#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace ptriage::test {

// A file's whole content; empty when it cannot be read (tests compare files before and after).
inline QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace ptriage::test
