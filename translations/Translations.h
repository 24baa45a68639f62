#pragma once

#include <QLocale>

class QCoreApplication;

namespace ptriage {

// Loads ptriage's own translation for `locale` (built into the binary) and Qt's, when installed.
// Returns false when there is no translation of ptriage for that language (English is shown).
// Makes `locale` the default QLocale: the figures people see use its decimal separator.
bool installTranslations(QCoreApplication &app, const QLocale &locale = QLocale());

} // namespace ptriage
