#pragma once

#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace ptriage {

// A sentence for people, kept as its English template (marked with QT_TRANSLATE_NOOP) and its
// arguments. english() is what JSON and the session database keep, in every locale; text() is
// translated when shown (the window, the CLI's text), so worker threads never translate.
class Phrase {
public:
    Phrase() = default;
    // `source` is a literal marked QT_TRANSLATE_NOOP(context, source); %1…%9 take `args`.
    Phrase(const char *context, const char *source, std::vector<Phrase> args = {});
    // Names, paths, numbers: never translated.
    Phrase(std::string literal); // NOLINT(google-explicit-constructor): arguments read naturally
    Phrase(const char *literal) : Phrase(std::string(literal)) { } // NOLINT(google-explicit-constructor)
    // A word of a closed vocabulary: `name` (its JSON name) in english(), its label — `label`, marked
    // QT_TRANSLATE_NOOP(context, label) — in text(): "useful_bad" / "stuck or spinning" / "festgefahren …".
    static Phrase word(std::string name, const char *context, const char *label);
    // Figures (util/Format): english() in the C locale, text() with the locale's decimal separator.
    static Phrase duration(double seconds); // "1.5 s" / "1,5 s"
    static Phrase bytes(double count); // "1.4 GiB" / "1,4 GiB"
    static Phrase percent(double fraction); // "0.4 %" / "0,4 %"
    static Phrase number(double value, int decimals); // "2.5" / "2,5"

    std::string english() const;
    void appendEnglish(std::string &out) const; // the same, at the end of `out`
    QString text() const; // in the installed translation
    std::string translated() const { return text().toStdString(); }
    bool empty() const { return !m_data; }

    friend bool operator==(const Phrase &a, const Phrase &b);

private:
    enum class Kind : unsigned char { Literal, Sentence, Word, Duration, Bytes, Percent, Number };
    struct Data {
        Kind kind = Kind::Literal;
        int decimals = 0; // Number
        double value = 0; // Duration, Bytes, Percent, Number
        const char *context = nullptr;
        const char *source = nullptr;
        std::string literal; // Literal; Word: its name
        std::vector<Phrase> args;
    };
    // Shared and never changed: a copy costs a count, and an empty phrase (null) costs nothing.
    // Most phrases a process's facts and verdict hold are empty, and they are held per process.
    std::shared_ptr<const Data> m_data;
    static Phrase of(Data data);
};

// The first `n` items, and how many more there are: "a, b and 3 more" ("a, b und 3 weitere").
Phrase joinFirst(const std::vector<Phrase> &items, std::size_t n);
Phrase joinFirst(const std::vector<std::string> &items, std::size_t n); // names, paths: as they are
// English of every phrase (JSON arrays, the session database).
std::vector<std::string> english(const std::vector<Phrase> &phrases);
// Each in the installed translation, as UTF-8 (the terminal, the HTML report).
std::vector<std::string> translated(const std::vector<Phrase> &phrases);

} // namespace ptriage
