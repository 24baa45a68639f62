#pragma once

#include <QString>

class QWidget;

namespace ptriage {

// File → Export report: where to write it (a dialog), and what came of it (a box that offers to open
// the report, or says why it was not written).
namespace ReportExport {

QString chooseFile(QWidget *parent); // empty: cancelled
void showOutcome(QWidget *over, const QString &path, const QString &error, const QString &warning);

} // namespace ReportExport
} // namespace ptriage
