#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QList>
#include <QString>

#include <optional>

namespace ptriage::helper {

// What the helper changed and may put back, kept per identity in a root-only directory
// (/run/ptriage-helper) across the helper's idle exits: the nice or the affinity a process had
// before the helper first changed it, and the cgroup2 parents where the helper enabled the cpu
// controller. A renice or unquarantine that restores exactly the recorded value is an undo, and
// polkit is asked for the undo action, not for the destructive one.
class UndoLedger {
public:
    // Empty `dir`: records nothing, restores nothing (the engine acting as the user).
    explicit UndoLedger(QString dir = {});

    bool enabled() const { return !m_dir.isEmpty(); }

    // Keeps the first value recorded for a process: a second renice still undoes to the original.
    void recordNice(const ProcessIdentity &id, int previous) const;
    void recordAffinity(const ProcessIdentity &id, const QList<int> &previous) const;
    bool restoresNice(const ProcessIdentity &id, int nice) const;
    bool restoresAffinity(const ProcessIdentity &id, const QList<int> &cpus) const;
    void forgetNice(const ProcessIdentity &id) const;
    void forgetAffinity(const ProcessIdentity &id) const;

    // cgroup2: the helper wrote "+cpu" into this group's cgroup.subtree_control.
    void recordCpuEnabled(const QString &groupDir) const;
    bool cpuEnabledByUs(const QString &groupDir) const;
    void forgetCpuEnabled(const QString &groupDir) const;

private:
    QString fileFor(const QString &key, const char *kind) const;
    std::optional<QByteArray> read(const QString &file) const;
    void write(const QString &file, const QByteArray &value) const;
    bool ready() const; // the directory exists, is ours and nobody else's to write

    QString m_dir;
};

} // namespace ptriage::helper
