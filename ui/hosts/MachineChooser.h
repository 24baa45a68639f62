#pragma once

#include <QComboBox>

#include <string>

namespace ptriage {

class Desk;

// Which machine the window shows: this one first, then each host of the hosts file with how its last
// round went ("not reachable: …"); a host that never answered cannot be chosen. Hidden while there
// are no hosts. Choosing tells the Desk (Desk::showHost). GUI thread.
class MachineChooser : public QComboBox {
    Q_OBJECT

public:
    explicit MachineChooser(Desk &desk, QWidget *parent = nullptr);

    // Shows `name` ("" this machine) if it can be chosen; false when not.
    bool choose(const std::string &name);

private:
    void refill();

    Desk &m_desk;
};

} // namespace ptriage
