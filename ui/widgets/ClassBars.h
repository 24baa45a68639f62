#pragma once

#include "config/TriageConfig.h"

#include <QWidget>

namespace ptriage {

// The posterior as four labelled bars (text and percentage too: never color alone).
class ClassBars : public QWidget {
    Q_OBJECT

public:
    explicit ClassBars(QWidget *parent = nullptr);
    void setPosterior(const ClassVector &p, ProcessClass winner);
    void clear();
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    ClassVector m_p{};
    ProcessClass m_winner = ProcessClass::Useful;
    bool m_empty = true;
};

} // namespace ptriage
