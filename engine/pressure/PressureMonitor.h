#pragma once

#include "MemoryReader.h"
#include "MemoryReading.h"
#include "PressureLevel.h"
#include "PsiTrigger.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

class QSocketNotifier;

namespace ptriage {

// Watches memory pressure on the thread that creates it (one reading costs microseconds, so the GUI
// thread is fine). Reads every intervalMs; a PSI trigger or the LowMemoryMonitor signal only wake it
// early. Qt Core and DBus only.
class PressureMonitor : public QObject {
    Q_OBJECT
public:
    enum class Source { PsiTrigger, LowMemoryMonitor, Polling };

    PressureMonitor(
        PressureThresholds thresholds, QString procRoot = QStringLiteral("/proc"), QObject *parent = nullptr);
    ~PressureMonitor() override;

    // Opens procRoot, picks the wake source (trigger → LowMemoryMonitor → polling), starts the timer.
    bool start(QString *error);
    Source source() const { return m_source; }
    // "PSI trigger (some 150 ms per 2 s)", "polling every 2 s (PSI triggers need kernel ≥ 6.4: EPERM)"
    QString sourceDescription() const { return QString::fromStdString(m_sourceDescription.english()); }
    QString sourceDescriptionText() const { return m_sourceDescription.text(); } // translated
    MemoryReading lastReading() const { return m_last; }
    PressureLevel level() const { return m_classifier.level(); }
    QString why() const; // English (JSON)
    QString whyText() const; // translated (the terminal, the tray)
    const PressureThresholds &thresholds() const { return m_classifier.thresholds(); }
    void readNow(); // one reading now (also what the timer and the trigger call)

Q_SIGNALS:
    void readingTaken(const ptriage::MemoryReading &reading, ptriage::PressureLevel level);
    void levelChanged(ptriage::PressureLevel level, ptriage::PressureLevel previous, const QString &why);
    void failed(const QString &error); // a reading that could not be taken: said once until it works again

private Q_SLOTS:
    void onTriggerActivity();
    void onLowMemoryWarning(uchar level);

private:
    bool tryLowMemoryMonitor();
    void fallBackToPolling(const Phrase &reason);
    Phrase pollingDescription(const Phrase &reason) const;

    QString m_procRoot;
    PressureClassifier m_classifier;
    MemoryReader m_reader;
    PsiTrigger m_trigger;
    std::unique_ptr<QSocketNotifier> m_notifier;
    QTimer m_timer;
    Source m_source = Source::Polling;
    Phrase m_sourceDescription;
    MemoryReading m_last;
    QString m_error; // scratch for a failed reading
    bool m_failing = false;
};

} // namespace ptriage
