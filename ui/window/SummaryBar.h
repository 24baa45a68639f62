#pragma once

#include <QWidget>

class QComboBox;
class QPushButton;
class QToolButton;

namespace ptriage {

class SteadyLine;
struct TriageResult;

// The first thing the window says, above the table: is anything wrong here, in one line ("8
// candidates: 5 abandoned … — Show them"), the minimum age below which nothing is
// judged (changeable), and the legend of the table's colors and icons. GUI thread.
class SummaryBar : public QWidget {
    Q_OBJECT
public:
    explicit SummaryBar(QWidget *parent = nullptr);

    void showResult(const TriageResult &result);
    // The minimum age in the chooser (the one the result was judged with, or a new choice).
    void showMinAge(double seconds);
    void setShowingCandidatesOnly(bool on);
    QString summary() const;
    // "Judge from the age of [30 min]": placed by the owner (beside the filters).
    QWidget *minAgeChooser() const { return m_minAgeBox; }

    // The one line for a result, without markup (the bar, its tests, the tray's wording).
    static QString summaryOf(const TriageResult &result);

Q_SIGNALS:
    void showCandidatesOnly(bool on);
    void minAgeChosen(double seconds);

private:
    SteadyLine *m_text; // changes at most refreshes (the memory): never lays the window out
    QPushButton *m_showThem;
    QComboBox *m_minAge;
    QWidget *m_minAgeBox;
    QToolButton *m_legend;
    bool m_candidatesOnly = false;
    int m_candidates = 0;
};

} // namespace ptriage
