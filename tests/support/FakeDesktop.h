#pragma once

// tests/support/fake_desktop.py as a test sees it: started on a private bus, its events (one JSON
// object per line of its output), and its control object on that bus.
#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace ptriage::test {

class FakeDesktop {
public:
    // bus: the connection to the private bus whose address the script is given.
    FakeDesktop(const QDBusConnection &bus, const QString &address, const QStringList &args) : m_bus(bus)
    {
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QStringLiteral("/usr/bin/python3"),
            QStringList{QStringLiteral(PTRIAGE_FAKE_DESKTOP), QStringLiteral("--address"), address} + args);
    }
    ~FakeDesktop()
    {
        control(QStringLiteral("Quit"));
        if (!m_process.waitForFinished(3000))
            m_process.kill();
        m_process.waitForFinished(3000);
    }
    FakeDesktop(const FakeDesktop &) = delete;
    FakeDesktop &operator=(const FakeDesktop &) = delete;

    QList<QJsonObject> events(const QString &name = {})
    {
        m_buffer += m_process.readAllStandardOutput();
        QList<QJsonObject> out;
        for (const QByteArray &line : m_buffer.split('\n')) {
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (!e.isEmpty() && (name.isEmpty() || e.value(QStringLiteral("event")).toString() == name))
                out << e;
        }
        return out;
    }
    bool waitFor(const QString &name, int count = 1, int timeoutMs = 15000)
    {
        QElapsedTimer t;
        t.start();
        while (events(name).size() < count && t.elapsed() < timeoutMs) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            m_process.waitForReadyRead(50);
        }
        return events(name).size() >= count;
    }
    void control(const QString &method, const QVariantList &args = {})
    {
        auto call = QDBusMessage::createMethodCall(QStringLiteral("org.ptriage.FakeDesktop"),
            QStringLiteral("/org/ptriage/FakeDesktop"), QStringLiteral("org.ptriage.FakeDesktop"), method);
        call.setArguments(args);
        m_bus.call(call, QDBus::Block, 3000);
    }

private:
    QDBusConnection m_bus;
    QProcess m_process;
    QByteArray m_buffer;
};

} // namespace ptriage::test
