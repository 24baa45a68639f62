#pragma once

#include "procops/identity/ProcessIdentity.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace ptriage::procops {

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

    // What the helper stopped, froze or throttled, written BEFORE it acts (a helper killed between
    // acting and replying leaves a record): only what is held here may be undone under the undo
    // action, and thaw/unthrottle find the group here. `value`: the dedicated group's directory.
    enum class Hold { Stop, Freeze, Throttle };
    void hold(Hold kind, const ProcessIdentity &id, const QString &value = {}) const;
    std::optional<QString> held(Hold kind, const ProcessIdentity &id) const;
    void release(Hold kind, const ProcessIdentity &id) const;

    // Drops the records of processes that are gone (`alive` says which identities still run) and of
    // cgroup2 parents that no longer exist. Returns how many files were removed.
    int prune(const std::function<bool(const ProcessIdentity &)> &alive) const;

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

} // namespace ptriage::procops
