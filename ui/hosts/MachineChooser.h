#pragma once

#include "collect/Machine.h"

#include <QComboBox>

#include <string>

namespace ptriage {

class Desk;

// Which machine the window shows: this one first, then each host of the hosts file with how its last
// round went ("not reachable: …"); a host that never answered cannot be chosen. Hidden while there
// are no hosts. Choosing tells the Desk (Desk::showMachine). GUI thread.
class MachineChooser : public QComboBox {
    Q_OBJECT

public:
    explicit MachineChooser(Desk &desk, QWidget *parent = nullptr);

    // Shows `machine` if it can be chosen (this one always; a host once it answered); false when not.
    bool choose(const Machine &machine);
    // File → Add host…: asks for a name ssh accepts, adds it to the hosts file and asks it now.
    // Returns what to tell the person in passing (empty when cancelled or refused, said in a box).
    QString askToAddHost();
    // File → Remove host…: asks which host (the one shown first), takes it out of the hosts file and
    // shows this machine if it was shown. What to tell the person, as askToAddHost.
    QString askToRemoveHost();

private:
    void refill();
    Machine machineAt(int index) const;

    Desk &m_desk;
};

} // namespace ptriage
