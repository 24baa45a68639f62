#include "window/menus/ReportExport.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QSysInfo>
#include <QUrl>

namespace ptriage::ReportExport {
QString chooseFile(QWidget *parent)
{
    const QString name
        = QStringLiteral("ptriage-report-%1-%2.html")
              .arg(QSysInfo::machineHostName(), QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm")));
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileDialog::getSaveFileName(parent, QCoreApplication::translate("ReportExport", "Export report"),
        QDir(dir).filePath(name), QCoreApplication::translate("ReportExport", "HTML files (*.html)"));
}

void showOutcome(QWidget *over, const QString &path, const QString &error, const QString &warning)
{
    if (!error.isEmpty()) {
        auto *box = new QMessageBox(QMessageBox::Warning,
            QCoreApplication::translate("ReportExport", "Cannot write the report"), error, QMessageBox::Ok, over);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    QString text = QCoreApplication::translate("ReportExport", "The report was written to %1.").arg(path);
    if (!warning.isEmpty())
        text += QLatin1Char('\n')
            + QCoreApplication::translate("ReportExport", "It has no comparison with saved sessions: %1").arg(warning);
    auto *box = new QMessageBox(QMessageBox::Information, QCoreApplication::translate("ReportExport", "Report written"),
        text, QMessageBox::NoButton, over);
    box->setObjectName(QStringLiteral("reportWritten"));
    QPushButton *open = box->addButton(QCoreApplication::translate("ReportExport", "&Open"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Close);
    box->setDefaultButton(open);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::buttonClicked, box, [open, path](QAbstractButton *clicked) {
        if (clicked == open)
            QDesktopServices::openUrl(QUrl::fromLocalFile(path));
    });
    box->open();
}

} // namespace ptriage::ReportExport
