// Which origin groups deserve an ended-session alert (decide/groups/EndedSessions), on synthetic
// results built member by member: the kinds that qualify, owner gone, the End plan, the grace period
// (from the owner last seen alive, else the leftovers' age), what is notable (memory, a port, CPU),
// another user's session, once per group, forgotten once its processes are gone, and the sentence.
#include "decide/groups/EndedSessions.h"
#include "infer/ProcessOrigin.h"
#include "support/TestRoom.h"

#include <QtTest>

using namespace ptriage;
using origins::OriginKind;
using origins::OwnerState;

namespace {

constexpr std::uint64_t MiB = 1ull << 20;
constexpr std::int64_t kNowMs = 1'800'000'000'000;

struct Member {
    std::uint64_t rss = 10 * MiB;
    double ageSeconds = 3600;
    std::vector<int> ports;
    double cpu = 0;
    bool endable = true; // a candidate whose verdict is to end it, no gate
    std::uint32_t uid = 1000;
};

struct Group {
    std::string key;
    OriginKind kind = OriginKind::Agent;
    std::string tool = "Claude Code";
    OwnerState owner = OwnerState::Gone;
    std::int64_t seenAliveMs = 0;
    std::string project = "billing";
    std::vector<Member> members;
};

// A result with those groups, each member a process of its own.
std::shared_ptr<const TriageResult> resultOf(const std::vector<Group> &groups)
{
    auto snap = std::make_shared<Snapshot>();
    snap->capturedAtMs = kNowMs;
    auto r = std::make_shared<TriageResult>();
    int pid = 1000;
    for (const Group &g : groups) {
        OriginGroup og;
        og.key = g.key;
        for (const Member &m : g.members) {
            Sample s;
            s.id = ProcessIdentity{BootId{}, static_cast<std::uint64_t>(pid) * 10, pid};
            s.comm = "node";
            s.state = 'S';
            s.rssBytes = m.rss;
            s.cpuShare = m.cpu;
            s.uid = m.uid;
            snap->indexByPid[pid] = snap->processes.size();
            snap->processes.push_back(s);
            ProcessFacts f;
            f.ageSeconds = m.ageSeconds;
            f.listenPorts = m.ports;
            f.origin.kind = g.kind;
            f.origin.tool = g.tool;
            f.origin.key = g.key;
            f.origin.owner = g.owner;
            f.origin.ownerSeenAliveMs = g.seenAliveMs;
            f.origin.projectLabel = g.project;
            r->facts.push_back(f);
            Recommendation rec;
            rec.action = m.endable ? RecommendedAction::Kill : RecommendedAction::Keep;
            rec.candidate = m.endable;
            rec.score = m.endable ? 60 : 0;
            rec.allowed[static_cast<std::size_t>(RecommendedAction::Kill)] = m.endable;
            r->recommendations.push_back(rec);
            r->groupOf.push_back(static_cast<int>(r->groups.size()));
            og.members.push_back(static_cast<int>(snap->processes.size()) - 1);
            ++pid;
        }
        r->groups.push_back(og);
    }
    r->posteriors.resize(snap->processes.size());
    r->blast.resize(snap->processes.size());
    r->blastEdges.resize(snap->processes.size());
    r->snapshot = snap;
    return r;
}

Member mem(std::uint64_t rss, double ageSeconds = 3600)
{
    Member m;
    m.rss = rss;
    m.ageSeconds = ageSeconds;
    return m;
}

Group ended(const std::string &key, std::vector<Member> members = {mem(200 * MiB), Member{}})
{
    Group g;
    g.key = key;
    g.members = std::move(members);
    return g;
}

std::vector<std::string> keysOf(const std::vector<EndedSession> &due)
{
    std::vector<std::string> keys;
    for (const EndedSession &e : due)
        keys.push_back(e.key);
    return keys;
}

} // namespace

class EndedSessionsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // An agent, editor or terminal session whose owner is gone qualifies; a test run, a unit or a login
    // session does not, nor a live session, nor one whose owner is unknown.
    void onlySessionsAPersonEndsWhoseOwnerIsGone()
    {
        std::vector<Group> groups;
        for (OriginKind kind : {OriginKind::Agent, OriginKind::Editor, OriginKind::Terminal, OriginKind::TestRun,
                 OriginKind::Unit, OriginKind::Container, OriginKind::Session}) {
            Group g = ended("kind:" + std::string(origins::jsonName(kind)));
            g.kind = kind;
            groups.push_back(g);
        }
        for (OwnerState owner : {OwnerState::Alive, OwnerState::Unknown, OwnerState::Reused}) {
            Group g = ended("owner:" + std::string(origins::jsonName(owner)));
            g.owner = owner;
            groups.push_back(g);
        }
        EndedSessions sessions{EndedSessionRules{}};
        const auto due = keysOf(sessions.due(*resultOf(groups)));
        QCOMPARE(due, (std::vector<std::string>{"kind:agent", "kind:editor", "kind:terminal", "owner:reused"}));
    }

    // Nothing its End would end (each member in use or blocked): no alert, whatever it holds.
    void nothingToEndNoAlert()
    {
        Member inUse = mem(2048 * MiB);
        inUse.endable = false;
        inUse.ports = {8000};
        EndedSessions sessions{EndedSessionRules{}};
        QVERIFY(sessions.due(*resultOf({ended("kept", {inUse, inUse})})).empty());
        // One member to end is enough; the plan says which, the others stay left out.
        const auto due = sessions.due(*resultOf({ended("kept", {inUse, Member{}})}));
        QCOMPARE(due.size(), std::size_t(1));
        QCOMPARE(due.front().plan.end.size(), std::size_t(1));
        QCOMPARE(due.front().plan.leftOut.size(), std::size_t(1));
    }

    // Seen alive 5 min ago: not yet (grace 10 min), and it says how long to wait; 12 min ago: due.
    void theGracePeriodFromWhenTheOwnerWasLastSeen()
    {
        EndedSessionRules rules;
        rules.graceSeconds = 600;
        EndedSessions sessions{rules};
        Group g = ended("agent");
        g.seenAliveMs = kNowMs - 5 * 60'000;
        QVERIFY(sessions.due(*resultOf({g})).empty());
        QCOMPARE(sessions.nextDueInSeconds(), 300.0);
        g.seenAliveMs = kNowMs - 12 * 60'000;
        const auto due = sessions.due(*resultOf({g}));
        QCOMPARE(due.size(), std::size_t(1));
        QCOMPARE(due.front().endedAgoSeconds, 720.0);
        QCOMPARE(sessions.nextDueInSeconds(), -1.0);
    }

    // Never seen alive (the tray started after it ended): the youngest leftover's age stands in.
    void notSeenEndingTheLeftoversAgeStandsIn()
    {
        EndedSessions sessions{EndedSessionRules{}};
        Member young = mem(200 * MiB, 120);
        QVERIFY(sessions.due(*resultOf({ended("agent", {mem(200 * MiB, 7200), young})})).empty());
        QCOMPARE(sessions.nextDueInSeconds(), 480.0);
        const auto due = sessions.due(*resultOf({ended("agent", {mem(200 * MiB, 7200), Member{}})}));
        QCOMPARE(due.size(), std::size_t(1));
        QVERIFY(due.front().endedAgoSeconds < 0);
    }

    // Notable: 100 MiB of memory, or a listening port, or 5 % of a core (the defaults); else quiet.
    void onlyWhatIsNotable()
    {
        EndedSessions sessions{EndedSessionRules{}};
        Member port;
        port.ports = {8000};
        Member busy;
        busy.cpu = 0.3;
        const auto due = keysOf(sessions.due(*resultOf({ended("small", {Member{}, Member{}}),
            ended("big", {mem(60 * MiB), mem(60 * MiB)}), ended("port", {Member{}, port}), ended("busy", {busy})})));
        QCOMPARE(due, (std::vector<std::string>{"big", "port", "busy"}));
    }

    // Once per group: the next result does not name it again; once its processes are gone, the key is
    // forgotten, and a later session under the same key is a new one.
    void oncePerGroupUntilItsProcessesAreGone()
    {
        EndedSessions sessions{EndedSessionRules{}};
        const auto result = resultOf({ended("agent")});
        QCOMPARE(sessions.due(*result).size(), std::size_t(1));
        QVERIFY(sessions.named("agent"));
        QVERIFY(sessions.due(*result).empty());
        QVERIFY(sessions.due(*resultOf({ended("other")})).size() == 1);
        QVERIFY(!sessions.named("agent"));
        QCOMPARE(sessions.namedKeys(), std::vector<std::string>{"other"});
        QCOMPARE(sessions.due(*result).size(), std::size_t(1));
        // Remembered from before a restart: not named again.
        EndedSessions restarted{EndedSessionRules{}};
        restarted.remember("agent");
        QVERIFY(restarted.due(*result).empty());
    }

    // Only the tray user's own sessions, when it says whose.
    void anotherUsersSessionIsTheirs()
    {
        Member theirs = mem(200 * MiB);
        theirs.uid = 1001;
        EndedSessions mine{EndedSessionRules{}, 1000u};
        QCOMPARE(
            keysOf(mine.due(*resultOf({ended("theirs", {theirs}), ended("mine")}))), std::vector<std::string>{"mine"});
    }

    void offInThePolicyNothing()
    {
        EndedSessionRules rules;
        rules.enabled = false;
        EndedSessions sessions{rules};
        QVERIFY(sessions.due(*resultOf({ended("agent")})).empty());
    }

    // The words: the tool, the project, when, how many and what they hold, the figures summarizeGroup
    // gives (as the By-origin view shows them).
    void theSentence()
    {
        Member server = mem(900 * MiB);
        server.ports = {8000};
        Group agent = ended("agent", {mem(200 * MiB), server, Member{}, Member{}});
        agent.seenAliveMs = kNowMs - 12 * 60'000;
        Group editor = ended("editor", {mem(300 * MiB)});
        editor.kind = OriginKind::Editor;
        editor.tool = "VS Code";
        editor.project = "";
        Group terminal = ended("terminal", {mem(300 * MiB), Member{}});
        terminal.kind = OriginKind::Terminal;
        terminal.tool = "tmux";
        terminal.seenAliveMs = kNowMs - 3 * 3600'000;
        EndedSessions sessions{EndedSessionRules{}};
        const auto result = resultOf({agent, editor, terminal});
        const auto due = sessions.due(*result);
        QCOMPARE(due.size(), std::size_t(3));
        QCOMPARE(due[0].phrase.english(),
            std::string("Claude Code session in billing ended 12 min ago and left 4 processes (1.1 GiB, :8000)"));
        QCOMPARE(due[0].summary.members, 4);
        QCOMPARE(due[0].summary.rssBytes, summarizeGroup(*result, 0).rssBytes);
        QCOMPARE(due[1].phrase.english(), std::string("VS Code window was closed and left 1 process (300 MiB)"));
        QCOMPARE(due[2].phrase.english(),
            std::string("tmux session in billing was closed 3 h ago and left 2 processes (310 MiB)"));
        qInfo("%s", due[0].phrase.english().c_str());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(EndedSessionsTest)
#include "tst_ended_sessions.moc"
