#include "widgets/PaneSection.h"

#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace ptriage {

PaneSection::PaneSection(const QString &title, QWidget *parent) : QWidget(parent)
{
    auto *heading = new QLabel(title, this);
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing, nullptr, this), 0, 0);
    outer->addWidget(heading);
    m_contents = new QVBoxLayout;
    // Indented a little under the heading, as a group box's frame would hold it.
    const int indent = style()->pixelMetric(QStyle::PM_LayoutLeftMargin, nullptr, this) / 2;
    m_contents->setContentsMargins(indent, 0, 0, 0);
    outer->addLayout(m_contents, 1);
}

} // namespace ptriage
