#include "translations/Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace ptriage {

bool installTranslations(QCoreApplication &app, const QLocale &locale)
{
    // Figures for people (util/Format's localX) take the decimal separator of this locale.
    QLocale::setDefault(locale);
    auto *qt = new QTranslator(&app);
    if (qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt); // standard buttons and dialogs
    else
        delete qt;
    auto *own = new QTranslator(&app);
    if (!own->load(locale, QStringLiteral("ptriage"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    return true;
}

} // namespace ptriage
