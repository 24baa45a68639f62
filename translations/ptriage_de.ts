<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Accumulation</name>
    <message>
        <source>(orphaned)</source>
        <translation>(verwaist)</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
</context>
<context>
    <name>ActFlow</name>
    <message>
        <source>%1 of %2 done.</source>
        <translation>%1 von %2 erledigt.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig machen</translation>
    </message>
    <message>
        <source>Undo the %1 of process %2?</source>
        <translation>„%1“ an Prozess %2 rückgängig machen?</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>„%1“ rückgängig machen</translation>
    </message>
    <message>
        <source>PID %1: %2 — %3</source>
        <translation>PID %1: %2 — %3</translation>
    </message>
    <message>
        <source>Undo the %1 of process %2 on %3? ptriage there undoes it.</source>
        <translation>„%1“ an Prozess %2 auf %3 rückgängig machen? ptriage dort macht es rückgängig.</translation>
    </message>
</context>
<context>
    <name>ActText</name>
    <message>
        <source>  %1  (not running any more, or its PID now names another process)</source>
        <translation>  %1  (läuft nicht mehr, oder seine PID benennt jetzt einen anderen Prozess)</translation>
    </message>
    <message>
        <source>  %1  %2
      %3, %4 resident, blast radius %5 (%6 other processes)</source>
        <translation>  %1  %2
      %3, %4 im Speicher, Auswirkungsradius %5 (%6 andere Prozesse)</translation>
    </message>
    <message>
        <source>
      will be refused: %1</source>
        <translation>
      wird abgelehnt: %1</translation>
    </message>
    <message>
        <source> (undo: ptriage act undo %1)</source>
        <translation> (rückgängig: ptriage act undo %1)</translation>
    </message>
    <message>
        <source>      a zombie cannot be signalled; its parent is pid %1 (%2):
        ask the parent to reap it (SIGCHLD): ptriage act reap %3
        or end the parent:                  ptriage act end %4</source>
        <translation>      ein Zombie kann kein Signal empfangen; sein Elternprozess ist PID %1 (%2):
        den Elternprozess bitten, ihn einzusammeln (SIGCHLD): ptriage act reap %3
        oder den Elternprozess beenden:                       ptriage act end %4</translation>
    </message>
    <message>
        <source>  %1
      instead:</source>
        <translation>  %1
      stattdessen:</translation>
    </message>
    <message>
        <source>No actions in the journal %1 yet.</source>
        <translation>Noch keine Aktionen im Journal %1.</translation>
    </message>
</context>
<context>
    <name>Action</name>
    <message>
        <source>not a zombie: there is nothing for its parent to collect</source>
        <translation>kein Zombie: sein Elternprozess hat nichts einzusammeln</translation>
    </message>
    <message>
        <source>protected: %1</source>
        <translation>geschützt: %1</translation>
    </message>
    <message>
        <source>a zombie has already ended and cannot be signalled: act on its parent (pid %1) instead</source>
        <translation>ein Zombie ist bereits beendet und kann kein Signal empfangen: stattdessen auf seinen Elternprozess (PID %1) einwirken</translation>
    </message>
    <message>
        <source>in uninterruptible sleep (D state): a signal is not delivered until its I/O completes</source>
        <translation>in nicht unterbrechbarem Schlaf (Zustand D): kein Signal wird zugestellt, bis seine I/O fertig ist</translation>
    </message>
    <message>
        <source>has %1 open for writing (%2): ending it may corrupt that file</source>
        <translation>hat %1 zum Schreiben geöffnet (%2): ihn zu beenden kann diese Datei beschädigen</translation>
    </message>
    <message>
        <source>needs administrator rights; %1; nothing was done</source>
        <translation>braucht Administratorrechte; %1; nichts wurde getan</translation>
    </message>
    <message>
        <source>the helper&apos;s answer did not match the request</source>
        <translation>die Antwort des Helfers passte nicht zur Anfrage</translation>
    </message>
    <message>
        <source>the helper&apos;s answer did not match the request: %1</source>
        <translation>die Antwort des Helfers passte nicht zur Anfrage: %1</translation>
    </message>
    <message>
        <source>%1 (with administrator rights)</source>
        <translation>%1 (mit Administratorrechten)</translation>
    </message>
    <message>
        <source>ended after SIGTERM</source>
        <translation>nach SIGTERM beendet</translation>
    </message>
    <message>
        <source>did not end within %1 s of SIGTERM; killed (SIGKILL)</source>
        <translation>nicht binnen %1 s nach SIGTERM beendet; abgeschossen (SIGKILL)</translation>
    </message>
    <message>
        <source>not in the scan this was decided on: refresh and look again</source>
        <translation>nicht im Scan, auf dem diese Entscheidung beruht: aktualisieren und erneut ansehen</translation>
    </message>
    <message>
        <source>the action journal is not open, so the action could not be recorded; nothing was done</source>
        <translation>das Aktionsprotokoll ist nicht geöffnet, die Aktion konnte also nicht festgehalten werden; nichts wurde getan</translation>
    </message>
    <message>
        <source>%1; could not be journaled: %2</source>
        <translation>%1; konnte nicht protokolliert werden: %2</translation>
    </message>
    <message>
        <source>its parent is not in the scan any more: refresh and look again</source>
        <translation>sein Elternprozess ist nicht mehr im Scan: aktualisieren und erneut ansehen</translation>
    </message>
    <message>
        <source>its parent (pid %1) is gone</source>
        <translation>sein Elternprozess (PID %1) ist weg</translation>
    </message>
    <message>
        <source>cannot nudge its parent (pid %1): %2; the parent is not yours — ending or restarting the parent collects its zombies</source>
        <translation>kann seinen Elternprozess (PID %1) nicht anstoßen: %2; der Elternprozess gehört nicht Ihnen — ihn zu beenden oder neu zu starten sammelt seine Zombies ein</translation>
    </message>
    <message>
        <source>cannot nudge its parent (pid %1): %2</source>
        <translation>kann seinen Elternprozess (PID %1) nicht anstoßen: %2</translation>
    </message>
    <message>
        <source>collected by its parent after SIGCHLD</source>
        <translation>nach SIGCHLD von seinem Elternprozess eingesammelt</translation>
    </message>
    <message>
        <source>SIGCHLD sent, but its parent (pid %1) does not collect its children: the parent is the problem — look at its own triage</source>
        <translation>SIGCHLD gesendet, aber sein Elternprozess (PID %1) sammelt seine Kinder nicht ein: das Problem ist der Elternprozess — seine eigene Triage ansehen</translation>
    </message>
    <message>
        <source>no action %1 in the journal</source>
        <translation>keine Aktion %1 im Protokoll</translation>
    </message>
    <message>
        <source>action %1 (%2) cannot be undone</source>
        <translation>Aktion %1 (%2) kann nicht rückgängig gemacht werden</translation>
    </message>
    <message>
        <source>action %1 was already undone by action %2</source>
        <translation>Aktion %1 wurde bereits durch Aktion %2 rückgängig gemacht</translation>
    </message>
    <message>
        <source>action %1 cannot be undone: its undo request is invalid (%2)</source>
        <translation>Aktion %1 kann nicht rückgängig gemacht werden: ihre Rückgängig-Anfrage ist ungültig (%2)</translation>
    </message>
    <message>
        <source>no privileged helper configured</source>
        <translation>kein privilegierter Helfer eingerichtet</translation>
    </message>
    <message>
        <source>cannot reach the system bus: %1</source>
        <translation>der Systembus ist nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>the ptriage helper is not available (%1: %2); is ptriage installed with its D-Bus and polkit files under /usr?</source>
        <translation>der ptriage-Helfer ist nicht verfügbar (%1: %2); ist ptriage mit seinen D-Bus- und polkit-Dateien unter /usr installiert?</translation>
    </message>
    <message>
        <source>action %1 cannot be undone: %2</source>
        <translation>Aktion %1 kann nicht rückgängig gemacht werden: %2</translation>
    </message>
    <message>
        <source>action %1 was done on %2: undo it from a terminal (ptriage act undo %1)</source>
        <translation>Aktion %1 wurde auf %2 ausgeführt: im Terminal rückgängig machen (ptriage act undo %1)</translation>
    </message>
    <message>
        <source>its parent is init (pid 1), which reaps it: nothing to end</source>
        <translation>sein Elternprozess ist init (PID 1), der ihn einsammelt: nichts zu beenden</translation>
    </message>
    <message>
        <source>its parent (pid %1) is gone or was not read</source>
        <translation>sein Elternprozess (PID %1) ist weg oder wurde nicht gelesen</translation>
    </message>
    <message>
        <source>%1 (pid %2) is a zombie: it has ended and cannot be signalled; its parent %3 (pid %4) is acted on instead, which removes the zombie</source>
        <translation>%1 (PID %2) ist ein Zombie: er ist beendet und kann kein Signal empfangen; stattdessen wird auf seinen Elternprozess %3 (PID %4) eingewirkt, was den Zombie entfernt</translation>
    </message>
    <message>
        <source>a zombie has already ended and cannot be signalled: %1</source>
        <translation>ein Zombie ist bereits beendet und kann kein Signal empfangen: %1</translation>
    </message>
    <message>
        <source>gone, or its PID now names another process: left alone</source>
        <translation>weg, oder seine PID benennt jetzt einen anderen Prozess: unangetastet</translation>
    </message>
    <message>
        <source>ended after SIGTERM (it was stopped: continued to receive it)</source>
        <translation>nach SIGTERM beendet (er war angehalten: fortgesetzt, um es zu empfangen)</translation>
    </message>
</context>
<context>
    <name>BlastRadius</name>
    <message>
        <source>child</source>
        <translation>Kindprozess</translation>
    </message>
    <message>
        <source>its workload</source>
        <translation>seine Arbeitslast</translation>
    </message>
    <message>
        <source>its wrapper</source>
        <translation>sein Wrapper</translation>
    </message>
    <message>
        <source>shares a socket</source>
        <translation>teilt einen Socket</translation>
    </message>
    <message>
        <source>shares listener %1</source>
        <translation>teilt den lauschenden Socket %1</translation>
    </message>
    <message>
        <source>shares socket %1</source>
        <translation>teilt den Socket %1</translation>
    </message>
    <message>
        <source>connected to its port %1</source>
        <translation>mit seinem Port %1 verbunden</translation>
    </message>
    <message>
        <source>waits for a lock it holds</source>
        <translation>wartet auf eine Sperre, die er hält</translation>
    </message>
    <message>
        <source>same %1</source>
        <translation>gleiche %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 more processes further away</source>
        <translation>%1 weitere Prozesse weiter entfernt</translation>
    </message>
    <message>
        <source>1 more process further away</source>
        <translation>1 weiterer Prozess weiter entfernt</translation>
    </message>
    <message>
        <source>listens on %1: whatever uses it loses it</source>
        <translation>lauscht auf %1: wer ihn nutzt, verliert ihn</translation>
    </message>
    <message>
        <source>holds a lock on %1: released on exit, maybe mid-update</source>
        <translation>hält eine Sperre auf %1: wird beim Beenden freigegeben, vielleicht mitten in einer Änderung</translation>
    </message>
    <message>
        <source>%1 is open for writing: %2</source>
        <translation>%1 ist zum Schreiben geöffnet: %2</translation>
    </message>
    <message>
        <source>supervised by %1: it may restart the process or fail the unit</source>
        <translation>überwacht von %1: startet den Prozess womöglich neu oder lässt die Unit fehlschlagen</translation>
    </message>
    <message>
        <source>holds %1 (%2): removed when it ends</source>
        <translation>hält %1 (%2): wird beim Beenden entfernt</translation>
    </message>
</context>
<context>
    <name>Category</name>
    <message>
        <source>test runner</source>
        <translation>Testausführung</translation>
    </message>
    <message>
        <source>dev server</source>
        <translation>Entwicklungsserver</translation>
    </message>
    <message>
        <source>build tool</source>
        <translation>Build-Werkzeug</translation>
    </message>
    <message>
        <source>package manager</source>
        <translation>Paketverwaltung</translation>
    </message>
    <message>
        <source>coding agent</source>
        <translation>Programmier-Agent</translation>
    </message>
    <message>
        <source>language server</source>
        <translation>Sprachserver</translation>
    </message>
    <message>
        <source>shell</source>
        <translation>Shell</translation>
    </message>
    <message>
        <source>editor</source>
        <translation>Editor</translation>
    </message>
    <message>
        <source>terminal multiplexer</source>
        <translation>Terminal-Multiplexer</translation>
    </message>
    <message>
        <source>terminal emulator</source>
        <translation>Terminalemulator</translation>
    </message>
    <message>
        <source>browser</source>
        <translation>Browser</translation>
    </message>
    <message>
        <source>database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>desktop session</source>
        <translation>Desktop-Sitzung</translation>
    </message>
    <message>
        <source>system daemon</source>
        <translation>Systemdienst</translation>
    </message>
    <message>
        <source>process-pool worker</source>
        <translation>Arbeitsprozess eines Pools</translation>
    </message>
    <message>
        <source>script interpreter</source>
        <translation>Skriptinterpreter</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>Collector</name>
    <message>
        <source>%1; falling back to %2/net</source>
        <translation>%1; weiche auf %2/net aus</translation>
    </message>
    <message>
        <source>%1; one scheduler clock is used for every CPU</source>
        <translation>%1; für alle CPUs wird eine einzige Scheduler-Uhr verwendet</translation>
    </message>
    <message>
        <source>%1: permission denied</source>
        <translation>%1: Zugriff verweigert</translation>
    </message>
    <message>
        <source>%1: files of %2 processes are FIFOs, devices or links and were not read (pid %3); explain PID says which</source>
        <translation>%1: Dateien von %2 Prozessen sind FIFOs, Geräte oder Links und wurden nicht gelesen (PID %3); explain PID sagt, welche</translation>
    </message>
    <message>
        <source>%1: not a regular file, not read (a capture)</source>
        <translation>%1: keine reguläre Datei, nicht gelesen (ein Abbild)</translation>
    </message>
    <message>
        <source>%1: a link, not followed (a capture)</source>
        <translation>%1: ein Link, nicht verfolgt (ein Abbild)</translation>
    </message>
    <message>
        <source>%1: outside the capture, not read</source>
        <translation>%1: außerhalb des Abbilds, nicht gelesen</translation>
    </message>
</context>
<context>
    <name>ConfigError</name>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>ein Wahrheitswert</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>unknown field (known here: %1)</source>
        <translation>unbekanntes Feld (hier bekannt: %1)</translation>
    </message>
    <message>
        <source>unknown field; did you mean &apos;%1&apos;?</source>
        <translation>unbekanntes Feld; meinten Sie &apos;%1&apos;?</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>%1 erwartet, %2 erhalten</translation>
    </message>
    <message>
        <source>%1: field &apos;%2&apos;: %3</source>
        <translation>%1: Feld &apos;%2&apos;: %3</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>expected a JSON object at the top</source>
        <translation>auf oberster Ebene ein JSON-Objekt erwartet</translation>
    </message>
    <message>
        <source>expected a number in [%1, %2]</source>
        <translation>eine Zahl in [%1, %2] erwartet</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>true oder false erwartet</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>expected a list of strings</source>
        <translation>eine Liste von Zeichenketten erwartet</translation>
    </message>
    <message>
        <source>bad regular expression at offset %1: %2</source>
        <translation>fehlerhafter regulärer Ausdruck an Stelle %1: %2</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;</source>
        <translation>&quot;%1&quot; erwartet</translation>
    </message>
    <message>
        <source>cpu thresholds must increase: idle &lt; trickle &lt; busy &lt; spinning</source>
        <translation>CPU-Schwellen müssen steigen: idle &lt; trickle &lt; busy &lt; spinning</translation>
    </message>
    <message>
        <source>last-ran thresholds must increase: minutes &lt; hours &lt; days</source>
        <translation>Schwellen für den letzten Lauf müssen steigen: minutes &lt; hours &lt; days</translation>
    </message>
    <message>
        <source>age ratios must increase: past &lt; long_past &lt; far_past</source>
        <translation>Altersverhältnisse müssen steigen: past &lt; long_past &lt; far_past</translation>
    </message>
    <message>
        <source>must be above io_idle_bytes_per_second</source>
        <translation>muss über io_idle_bytes_per_second liegen</translation>
    </message>
    <message>
        <source>the category &quot;unknown&quot; must exist</source>
        <translation>die Kategorie &quot;unknown&quot; muss existieren</translation>
    </message>
    <message>
        <source>unknown field (known: category, names, cmdline_regex)</source>
        <translation>unbekanntes Feld (bekannt: category, names, cmdline_regex)</translation>
    </message>
    <message>
        <source>no such category &quot;%1&quot;</source>
        <translation>keine Kategorie &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected a multiple of 2000</source>
        <translation>ein Vielfaches von 2000 erwartet</translation>
    </message>
    <message>
        <source>must not exceed window_ms</source>
        <translation>darf window_ms nicht übersteigen</translation>
    </message>
    <message>
        <source>must not exceed warning.available_below_percent</source>
        <translation>darf warning.available_below_percent nicht übersteigen</translation>
    </message>
    <message>
        <source>levels must increase: medium &lt; high &lt; critical</source>
        <translation>Stufen müssen steigen: medium &lt; high &lt; critical</translation>
    </message>
    <message>
        <source>unknown evidence term &quot;%1&quot; (known: %2)</source>
        <translation>unbekannter Evidenzterm &quot;%1&quot; (bekannt: %2)</translation>
    </message>
    <message>
        <source>unknown bin &quot;%1&quot; of %2 (known: %3)</source>
        <translation>unbekannte Stufe &quot;%1&quot; von %2 (bekannt: %3)</translation>
    </message>
    <message>
        <source>the bin &quot;%1&quot; is missing (every bin: %2)</source>
        <translation>die Stufe &quot;%1&quot; fehlt (alle Stufen: %2)</translation>
    </message>
    <message>
        <source>the evidence term &quot;%1&quot; is missing (every term: %2)</source>
        <translation>der Evidenzterm &quot;%1&quot; fehlt (alle Terme: %2)</translation>
    </message>
    <message>
        <source>not used: %1</source>
        <translation>nicht verwendet: %1</translation>
    </message>
</context>
<context>
    <name>EndedSessions</name>
    <message>
        <source>%1 of a core</source>
        <translation>%1 eines Kerns</translation>
    </message>
    <message>
        <source>%1 window</source>
        <translation>%1-Fenster</translation>
    </message>
    <message>
        <source>%1 session</source>
        <translation>%1-Sitzung</translation>
    </message>
    <message>
        <source>%1 window in %2</source>
        <translation>%1-Fenster in %2</translation>
    </message>
    <message>
        <source>%1 session in %2</source>
        <translation>%1-Sitzung in %2</translation>
    </message>
    <message>
        <source>1 process</source>
        <translation>1 Prozess</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <source>%1 has ended and left %2 (%3)</source>
        <translation>%1 ist beendet und hat %2 hinterlassen (%3)</translation>
    </message>
    <message>
        <source>%1 was closed and left %2 (%3)</source>
        <translation>%1 wurde geschlossen und hat %2 hinterlassen (%3)</translation>
    </message>
    <message>
        <source>%1 ended %2 ago and left %3 (%4)</source>
        <translation>%1 endete vor %2 und hat %3 hinterlassen (%4)</translation>
    </message>
    <message>
        <source>%1 was closed %2 ago and left %3 (%4)</source>
        <translation>%1 wurde vor %2 geschlossen und hat %3 hinterlassen (%4)</translation>
    </message>
</context>
<context>
    <name>EngineLabels</name>
    <message>
        <source>prior</source>
        <translation>A-priori</translation>
    </message>
    <message>
        <source>age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>CPU now</source>
        <translation>CPU aktuell</translation>
    </message>
    <message>
        <source>CPU over its life</source>
        <translation>CPU über die Laufzeit</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>I/O</translation>
    </message>
    <message>
        <source>terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>Elternprozess</translation>
    </message>
    <message>
        <source>person using it</source>
        <translation>Benutzung durch eine Person</translation>
    </message>
    <message>
        <source>sockets</source>
        <translation>Sockets</translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>files written</source>
        <translation>geschriebene Dateien</translation>
    </message>
    <message>
        <source>working directory</source>
        <translation>Arbeitsverzeichnis</translation>
    </message>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>kind of program</source>
        <translation>Art des Programms</translation>
    </message>
    <message>
        <source>decisive</source>
        <translation>entscheidend</translation>
    </message>
    <message>
        <source>strong</source>
        <translation>stark</translation>
    </message>
    <message>
        <source>substantial</source>
        <translation>deutlich</translation>
    </message>
    <message>
        <source>weak</source>
        <translation>schwach</translation>
    </message>
    <message>
        <source>very high</source>
        <translation>sehr hoch</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>no such process</source>
        <translation>kein solcher Prozess</translation>
    </message>
    <message>
        <source>identity changed</source>
        <translation>Identität geändert</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>not authorized</source>
        <translation>nicht berechtigt</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>frozen</source>
        <translation>eingefroren</translation>
    </message>
    <message>
        <source>throttled</source>
        <translation>gedrosselt</translation>
    </message>
    <message>
        <source>reniced</source>
        <translation>Priorität gesenkt</translation>
    </message>
    <message>
        <source>quarantined</source>
        <translation>in Quarantäne</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>renice</source>
        <translation>Priorität senken</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>anhalten</translation>
    </message>
    <message>
        <source>freeze</source>
        <translation>einfrieren</translation>
    </message>
    <message>
        <source>throttle</source>
        <translation>drosseln</translation>
    </message>
    <message>
        <source>quarantine</source>
        <translation>Quarantäne</translation>
    </message>
    <message>
        <source>kill</source>
        <translation>Beenden erzwingen</translation>
    </message>
    <message>
        <source>last ran</source>
        <translation>zuletzt gelaufen</translation>
    </message>
    <message>
        <source>progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>review</source>
        <translation>prüfen</translation>
    </message>
    <message>
        <source>appeared</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>exited</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>newly orphaned</source>
        <translation>neu verwaist</translation>
    </message>
    <message>
        <source>reparented</source>
        <translation>neuer Elternprozess</translation>
    </message>
    <message>
        <source>class changed</source>
        <translation>Klasse geändert</translation>
    </message>
    <message>
        <source>recommendation changed</source>
        <translation>Empfehlung geändert</translation>
    </message>
    <message>
        <source>past decisions</source>
        <translation>frühere Entscheidungen</translation>
    </message>
    <message>
        <source>memory across sessions</source>
        <translation>Speicher über Sitzungen</translation>
    </message>
    <message>
        <source>useful</source>
        <translation>nützlich</translation>
    </message>
    <message>
        <source>stuck or spinning</source>
        <translation>festgefahren oder in Endlosschleife</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>zurückgelassen</translation>
    </message>
    <message>
        <source>zombie</source>
        <translation>Zombie</translation>
    </message>
    <message>
        <source>parent (interactive programs)</source>
        <translation>Elternprozess (interaktive Programme)</translation>
    </message>
    <message>
        <source>parent (other programs)</source>
        <translation>Elternprozess (andere Programme)</translation>
    </message>
    <message>
        <source>terminal (interactive programs)</source>
        <translation>Terminal (interaktive Programme)</translation>
    </message>
    <message>
        <source>terminal (other programs)</source>
        <translation>Terminal (andere Programme)</translation>
    </message>
    <message>
        <source>ask the parent to reap (SIGCHLD)</source>
        <translation>den Elternprozess bitten, ihn einzusammeln (SIGCHLD)</translation>
    </message>
    <message>
        <source>end the parent</source>
        <translation>den Elternprozess beenden</translation>
    </message>
    <message>
        <source>reap</source>
        <comment>a zombie&apos;s parent is asked to reap it (SIGCHLD); a narrow column</comment>
        <translation>einsammeln</translation>
    </message>
    <message>
        <source>generalized</source>
        <translation>verallgemeinert</translation>
    </message>
    <message>
        <source>program only</source>
        <translation>nur das Programm</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>exact command</source>
        <translation>genauer Befehl</translation>
    </message>
    <message>
        <source>end</source>
        <comment>a zombie&apos;s parent is to be ended; a narrow column</comment>
        <translation>beenden</translation>
    </message>
    <message>
        <source>started by</source>
        <translation>gestartet von</translation>
    </message>
    <message>
        <source>age (programs of no known kind)</source>
        <translation>Alter (Programme unbekannter Art)</translation>
    </message>
    <message>
        <source>steadiness</source>
        <translation>Beständigkeit</translation>
    </message>
    <message>
        <source>CPU now (working for a run)</source>
        <translation>CPU aktuell (bei der Arbeit für einen Lauf)</translation>
    </message>
    <message>
        <source>end</source>
        <translation>beenden</translation>
    </message>
    <message>
        <source>resume</source>
        <translation>fortsetzen</translation>
    </message>
    <message>
        <source>thaw</source>
        <translation>auftauen</translation>
    </message>
    <message>
        <source>unthrottle</source>
        <translation>Drosselung aufheben</translation>
    </message>
    <message>
        <source>unquarantine</source>
        <translation>Quarantäne aufheben</translation>
    </message>
    <message>
        <source>signal</source>
        <translation>Signal senden</translation>
    </message>
    <message>
        <source>reap</source>
        <translation>vom Elternprozess einsammeln lassen</translation>
    </message>
</context>
<context>
    <name>Evidence</name>
    <message>
        <source>zombie (Z): it has exited and waits for its parent to reap it</source>
        <translation>Zombie (Z): beendet, wartet darauf, dass sein Elternprozess ihn einsammelt</translation>
    </message>
    <message>
        <source>recent CPU unknown: no earlier sample of this process</source>
        <translation>aktuelle CPU unbekannt: keine frühere Messung dieses Prozesses</translation>
    </message>
    <message>
        <source>no CPU%1</source>
        <translation>keine CPU%1</translation>
    </message>
    <message>
        <source>used %1 of a core%2 (a timer&apos;s trickle)</source>
        <translation>nutzte %1 eines Kerns%2 (das Rinnsal eines Timers)</translation>
    </message>
    <message>
        <source>used %1 of a core%2</source>
        <translation>nutzte %1 eines Kerns%2</translation>
    </message>
    <message>
        <source>when it last ran is unknown: the scheduler&apos;s sched file is not available</source>
        <translation>wann er zuletzt lief, ist unbekannt: die sched-Datei des Schedulers ist nicht verfügbar</translation>
    </message>
    <message>
        <source>ran within the last second</source>
        <translation>lief innerhalb der letzten Sekunde</translation>
    </message>
    <message>
        <source>has not run on a CPU for %1 (the scheduler&apos;s clock, which stops in suspend)</source>
        <translation>lief seit %1 auf keiner CPU (nach der Uhr des Schedulers, die im Ruhezustand steht)</translation>
    </message>
    <message>
        <source>busy with no I/O at all%1, after %2 of busy life</source>
        <translation>beschäftigt ohne jede I/O%1, nach %2 beschäftigter Laufzeit</translation>
    </message>
    <message>
        <source>busy and doing I/O (%1/s) with files open for writing: %2</source>
        <translation>beschäftigt und mit I/O (%1/s), Dateien zum Schreiben geöffnet: %2</translation>
    </message>
    <message>
        <source>busy and doing I/O (%1/s)</source>
        <translation>beschäftigt und mit I/O (%1/s)</translation>
    </message>
    <message>
        <source>used %1 of CPU time in %2 of life (%3 of a core)</source>
        <translation>nutzte %1 CPU-Zeit in %2 Laufzeit (%3 eines Kerns)</translation>
    </message>
    <message>
        <source>recent I/O unknown: no earlier sample of this process</source>
        <translation>aktuelle I/O unbekannt: keine frühere Messung dieses Prozesses</translation>
    </message>
    <message>
        <source>I/O unknown: its io file is not readable</source>
        <translation>I/O unbekannt: seine io-Datei ist nicht lesbar</translation>
    </message>
    <message>
        <source>no I/O%1</source>
        <translation>keine I/O%1</translation>
    </message>
    <message>
        <source>read and wrote %1/s%2</source>
        <translation>las und schrieb %1/s%2</translation>
    </message>
    <message>
        <source>running (R)</source>
        <translation>laufend (R)</translation>
    </message>
    <message>
        <source>sleeping (S)</source>
        <translation>schlafend (S)</translation>
    </message>
    <message>
        <source>in uninterruptible sleep (D) in %1: no signal is delivered until the I/O finishes</source>
        <translation>in nicht unterbrechbarem Schlaf (D) in %1: kein Signal wird zugestellt, bis die I/O fertig ist</translation>
    </message>
    <message>
        <source>in uninterruptible sleep (D): no signal is delivered until the I/O finishes</source>
        <translation>in nicht unterbrechbarem Schlaf (D): kein Signal wird zugestellt, bis die I/O fertig ist</translation>
    </message>
    <message>
        <source>stopped (T)</source>
        <translation>gestoppt (T)</translation>
    </message>
    <message>
        <source>idle (I)</source>
        <translation>untätig (I)</translation>
    </message>
    <message>
        <source>%1 old; a service lives as long as %2 keeps it running</source>
        <translation>%1 alt; ein Dienst lebt so lange, wie %2 ihn laufen lässt</translation>
    </message>
    <message>
        <source>%1 old; a %2 usually ends within %3</source>
        <translation>%1 alt; ein Prozess der Art „%2“ endet meist innerhalb von %3</translation>
    </message>
    <message>
        <source>run by %1: its parent %2 (pid %3) manages it</source>
        <translation>läuft unter %1: sein Elternprozess %2 (PID %3) verwaltet ihn</translation>
    </message>
    <message>
        <source>its parent %1 (pid %2) is alive</source>
        <translation>sein Elternprozess %1 (PID %2) lebt</translation>
    </message>
    <message>
        <source>adopted by %1 (pid %2); its session leader is still there</source>
        <translation>adoptiert von %1 (PID %2); sein Sitzungsleiter ist noch da</translation>
    </message>
    <message>
        <source>adopted by %1 (pid %2) and its session leader (pid %3) is gone</source>
        <translation>adoptiert von %1 (PID %2), und sein Sitzungsleiter (PID %3) ist weg</translation>
    </message>
    <message>
        <source>in the foreground of its terminal</source>
        <translation>im Vordergrund seines Terminals</translation>
    </message>
    <message>
        <source>in the background of its terminal</source>
        <translation>im Hintergrund seines Terminals</translation>
    </message>
    <message>
        <source>no controlling terminal, though a %1 normally has one</source>
        <translation>kein steuerndes Terminal, obwohl ein Prozess der Art „%1“ normalerweise eines hat</translation>
    </message>
    <message>
        <source>no controlling terminal, as expected of a service (%1)</source>
        <translation>kein steuerndes Terminal, wie bei einem Dienst zu erwarten (%1)</translation>
    </message>
    <message>
        <source>no controlling terminal</source>
        <translation>kein steuerndes Terminal</translation>
    </message>
    <message>
        <source>sockets unknown: its open files could not be read</source>
        <translation>Sockets unbekannt: seine offenen Dateien konnten nicht gelesen werden</translation>
    </message>
    <message>
        <source>listens on %1 and %2 client connections are open</source>
        <translation>lauscht auf %1, und %2 Client-Verbindungen sind offen</translation>
    </message>
    <message>
        <source>listens on %1 and 1 client connection is open</source>
        <translation>lauscht auf %1, und 1 Client-Verbindung ist offen</translation>
    </message>
    <message>
        <source>listens on %1; no client is connected</source>
        <translation>lauscht auf %1; kein Client ist verbunden</translation>
    </message>
    <message>
        <source>%1 open network connections</source>
        <translation>%1 offene Netzwerkverbindungen</translation>
    </message>
    <message>
        <source>1 open network connection</source>
        <translation>1 offene Netzwerkverbindung</translation>
    </message>
    <message>
        <source>no listening socket and no network connection</source>
        <translation>kein lauschender Socket und keine Netzwerkverbindung</translation>
    </message>
    <message>
        <source>no files open for writing</source>
        <translation>keine Dateien zum Schreiben geöffnet</translation>
    </message>
    <message>
        <source>files open for writing: %1</source>
        <translation>Dateien zum Schreiben geöffnet: %1</translation>
    </message>
    <message>
        <source>managed by %1</source>
        <translation>verwaltet von %1</translation>
    </message>
    <message>
        <source>runs in %1</source>
        <translation>läuft in %1</translation>
    </message>
    <message>
        <source>no supervisor</source>
        <translation>kein Supervisor</translation>
    </message>
    <message>
        <source>no sign of a person in its ancestry or terminal, but its environment (TMUX, SSH_CONNECTION) could not be read</source>
        <translation>kein Zeichen einer Person unter seinen Vorfahren oder im Terminal, aber seine Umgebung (TMUX, SSH_CONNECTION) konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>no sign of a person using it (no tmux/screen, no recent terminal input, no ssh)</source>
        <translation>kein Zeichen, dass eine Person ihn benutzt (kein tmux/screen, keine kürzliche Terminaleingabe, kein ssh)</translation>
    </message>
    <message>
        <source>its working directory %1 was deleted</source>
        <translation>sein Arbeitsverzeichnis %1 wurde gelöscht</translation>
    </message>
    <message>
        <source>you ended %1 and spared %2 processes like `%3` (%4); %5 of those ended came right back, which counts against ending</source>
        <translation>Sie haben %1 Prozesse wie `%3` beendet und %2 verschont (%4); %5 der beendeten kamen gleich wieder, was gegen das Beenden spricht</translation>
    </message>
    <message>
        <source>you ended %1 and spared %2 processes like `%3` (%4)</source>
        <translation>Sie haben %1 Prozesse wie `%3` beendet und %2 verschont (%4)</translation>
    </message>
    <message>
        <source>memory across sessions unknown: in 1 saved session of this boot, %1 needed</source>
        <translation>Speicher über Sitzungen unbekannt: in 1 gespeicherten Sitzung dieses Systemstarts, %1 nötig</translation>
    </message>
    <message>
        <source>memory across sessions unknown: in %1 saved sessions of this boot, %2 needed</source>
        <translation>Speicher über Sitzungen unbekannt: in %1 gespeicherten Sitzungen dieses Systemstarts, %2 nötig</translation>
    </message>
    <message>
        <source>%1now %2</source>
        <translation>%1jetzt %2</translation>
    </message>
    <message>
        <source>memory grew in each of the last %1 saved sessions and since: %2</source>
        <translation>Speicher wuchs in jeder der letzten %1 gespeicherten Sitzungen und seitdem: %2</translation>
    </message>
    <message>
        <source>memory grew only a little across the last %1 saved sessions: %2</source>
        <translation>Speicher wuchs nur wenig über die letzten %1 gespeicherten Sitzungen: %2</translation>
    </message>
    <message>
        <source>memory did not only grow across the last %1 saved sessions: %2</source>
        <translation>Speicher wuchs nicht nur über die letzten %1 gespeicherten Sitzungen: %2</translation>
    </message>
    <message>
        <source> over the last %1</source>
        <translation> in den letzten %1</translation>
    </message>
    <message>
        <source>how common %1 is against %2 before any evidence</source>
        <translation>wie häufig %1 gegenüber %2 ist, vor allen Indizien</translation>
    </message>
    <message>
        <source>matches no known kind of program</source>
        <translation>passt zu keiner bekannten Art von Programm</translation>
    </message>
    <message>
        <source>looks like a %1</source>
        <translation>sieht aus wie: %1</translation>
    </message>
    <message>
        <source>what started it is not known: its environment (the session variables) could not be read</source>
        <translation>was ihn gestartet hat, ist unbekannt: seine Umgebung (die Sitzungsvariablen) war nicht lesbar</translation>
    </message>
    <message>
        <source>no agent, editor, terminal or test run started it</source>
        <translation>kein Agent, Editor, Terminal oder Testlauf hat ihn gestartet</translation>
    </message>
    <message>
        <source>started by %1; whether it is still there is not known</source>
        <translation>Urheber: %1 – ob noch da, ist unbekannt</translation>
    </message>
    <message>
        <source>started by %1, which has %2</source>
        <translation>Urheber: %1 – %2</translation>
    </message>
    <message>
        <source>started by %1, which is still there</source>
        <translation>Urheber: %1 – noch da</translation>
    </message>
    <message>
        <source>started in %1, which is still there (the terminal terms weigh that)</source>
        <translation>Urheber: %1 – noch da (das wiegen die Terminal-Indizien)</translation>
    </message>
    <message>
        <source>used %1 of CPU in %2 of life: it has hardly run since it started (the scheduler does not say when it last ran)</source>
        <translation>%1 CPU-Zeit in %2 Lebenszeit: seit dem Start kaum gelaufen (der Scheduler sagt nicht, wann er zuletzt lief)</translation>
    </message>
    <message>
        <source>%1 old; a program of no known kind typically ends within %2</source>
        <translation>%1 alt; ein Programm unbekannter Art endet meist innerhalb von %2</translation>
    </message>
    <message>
        <source>its parent %1 (pid %2) is alive, but %3 (pid %4) above it was left behind: adopted, its session leader (pid %5) gone</source>
        <translation>sein Elternprozess %1 (PID %2) lebt, aber %3 (PID %4) darüber wurde zurückgelassen: adoptiert, sein Sitzungsleiter (PID %5) ist weg</translation>
    </message>
    <message>
        <source>looks like a %1 (counts little: what started it is gone)</source>
        <translation>sieht aus wie: %1 (zählt wenig: was ihn gestartet hat, ist weg)</translation>
    </message>
    <message>
        <source> over the last %1 and its life</source>
        <translation> in den letzten %1 und seiner Lebenszeit</translation>
    </message>
    <message>
        <source>the evidence now points to %1; the verdict changes once it says so again at the next refresh</source>
        <translation>die Indizien sprechen jetzt für %1; das Urteil ändert sich, wenn sie es beim nächsten Aktualisieren wieder tun</translation>
    </message>
    <message>
        <source>%1 old, within the usual life of a %2 (%3); that says little once what started it is gone</source>
        <translation>%1 alt, innerhalb der üblichen Lebensdauer (%2: %3); das sagt wenig, sobald weg ist, was ihn gestartet hat</translation>
    </message>
    <message>
        <source>program of no known kind</source>
        <translation>Programm unbekannter Art</translation>
    </message>
    <message>
        <source> over about the last half minute</source>
        <translation> in etwa der letzten halben Minute</translation>
    </message>
    <message>
        <source>%1 (counts little: clients use it)</source>
        <translation>%1 (zählt wenig: Clients nutzen ihn)</translation>
    </message>
    <message>
        <source>%1 (counts little: it is at work)</source>
        <translation>%1 (zählt wenig: er arbeitet gerade)</translation>
    </message>
    <message>
        <source>%1 (counts little: a process under it is at work)</source>
        <translation>%1 (zählt wenig: ein Prozess darunter arbeitet gerade)</translation>
    </message>
    <message>
        <source>listens on %1; %2 connections to it ended within the last minute</source>
        <translation>lauscht auf %1; %2 Verbindungen dorthin endeten in der letzten Minute</translation>
    </message>
    <message>
        <source>listens on %1; 1 connection to it ended within the last minute</source>
        <translation>lauscht auf %1; 1 Verbindung dorthin endete in der letzten Minute</translation>
    </message>
    <message>
        <source>running (R) at the instant of the sample; the CPU%1 says more</source>
        <translation>laufend (R) im Augenblick der Probe; mehr sagt die CPU-Last%1</translation>
    </message>
    <message>
        <source>sleeping (S) at the instant of the sample; the CPU%1 says more</source>
        <translation>schlafend (S) im Augenblick der Probe; mehr sagt die CPU-Last%1</translation>
    </message>
    <message>
        <source>used %1 of a core%2, at work for %3 (pid %4), which still runs</source>
        <translation>nutzte %1 eines Kerns%2, bei der Arbeit für %3 (PID %4), das noch läuft</translation>
    </message>
</context>
<context>
    <name>Facts</name>
    <message>
        <source>runs in tmux pane %1</source>
        <translation>läuft im tmux-Bereich %1</translation>
    </message>
    <message>
        <source>runs in a tmux or screen window</source>
        <translation>läuft in einem tmux- oder screen-Fenster</translation>
    </message>
    <message>
        <source>its terminal was used in the last %1 min</source>
        <translation>sein Terminal wurde in den letzten %1 min benutzt</translation>
    </message>
    <message>
        <source>belongs to an ssh session</source>
        <translation>gehört zu einer ssh-Sitzung</translation>
    </message>
    <message>
        <source>command line matches protected pattern &apos;%1&apos;</source>
        <translation>Befehlszeile passt auf das geschützte Muster „%1“</translation>
    </message>
    <message>
        <source>kernel thread</source>
        <translation>Kernel-Thread</translation>
    </message>
    <message>
        <source>PID 1 (init)</source>
        <translation>PID 1 (init)</translation>
    </message>
    <message>
        <source>ptriage itself</source>
        <translation>ptriage selbst</translation>
    </message>
    <message>
        <source>runs ptriage (an ancestor of this process)</source>
        <translation>führt ptriage aus (ein Vorfahr dieses Prozesses)</translation>
    </message>
    <message>
        <source>protected name &apos;%1&apos;</source>
        <translation>geschützter Name „%1“</translation>
    </message>
    <message>
        <source>protected user &apos;%1&apos;</source>
        <translation>geschützter Benutzer „%1“</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
</context>
<context>
    <name>GroupPlan</name>
    <message>
        <source>a zombie: only its parent can reap it</source>
        <translation>ein Zombie: nur sein Elternprozess kann ihn einsammeln</translation>
    </message>
    <message>
        <source>waiting in the kernel (D state): a signal would not reach it</source>
        <translation>wartet im Kernel (Zustand D): ein Signal würde ihn nicht erreichen</translation>
    </message>
    <message>
        <source>too young to judge (%1 old)</source>
        <translation>zu jung zum Beurteilen (%1 alt)</translation>
    </message>
    <message>
        <source>protected: %1</source>
        <translation>geschützt: %1</translation>
    </message>
    <message>
        <source>ending it is not allowed</source>
        <translation>Beenden ist nicht erlaubt</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>gesperrt: %1</translation>
    </message>
    <message>
        <source>probably left behind, but not sure enough to end it: look at it</source>
        <translation>wohl zurückgelassen, aber nicht sicher genug, um ihn zu beenden: sehen Sie ihn sich an</translation>
    </message>
    <message>
        <source>its own verdict is %1: it looks in use</source>
        <translation>sein eigenes Urteil ist %1: er wirkt in Benutzung</translation>
    </message>
    <message>
        <source>your ended %1 session</source>
        <translation>Ihre beendete %1-Sitzung</translation>
    </message>
    <message>
        <source>your closed %1 window</source>
        <translation>Ihr geschlossenes %1-Fenster</translation>
    </message>
    <message>
        <source>your closed %1 session</source>
        <translation>Ihre geschlossene %1-Sitzung</translation>
    </message>
    <message>
        <source>a finished %1 run</source>
        <translation>ein beendeter %1-Lauf</translation>
    </message>
    <message>
        <source>%1, which has ended,</source>
        <translation>%1, inzwischen beendet,</translation>
    </message>
    <message>
        <source>1 process</source>
        <translation>1 Prozess</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <source>%1 left %2, %3</source>
        <translation>%1 hat %2 hinterlassen, %3</translation>
    </message>
    <message>
        <source>%1 in %2 left %3, %4</source>
        <translation>%1 in %2 hat %3 hinterlassen, %4</translation>
    </message>
    <message>
        <source>it holds %1 (%2)</source>
        <translation>er hält %1 (%2)</translation>
    </message>
    <message>
        <source>%1 may restart it</source>
        <translation>%1 startet ihn womöglich neu</translation>
    </message>
    <message>
        <source>in use: a client is connected to %1</source>
        <translation>in Benutzung: ein Client ist mit %1 verbunden</translation>
    </message>
    <message>
        <source>in use: %1 clients are connected to %2</source>
        <translation>in Benutzung: %1 Clients sind mit %2 verbunden</translation>
    </message>
    <message>
        <source>in use: it carries a client&apos;s connection</source>
        <translation>in Gebrauch: er trägt die Verbindung eines Clients</translation>
    </message>
    <message>
        <source>in use: a process under it serves clients</source>
        <translation>in Gebrauch: ein Prozess darunter bedient Clients</translation>
    </message>
    <message>
        <source>in use: a process under it is at work</source>
        <translation>in Gebrauch: ein Prozess darunter arbeitet gerade</translation>
    </message>
    <message>
        <source>in use: clients used %1 within the last minute</source>
        <translation>in Gebrauch: Clients nutzten %1 in der letzten Minute</translation>
    </message>
</context>
<context>
    <name>GroupsReport</name>
    <message>
        <source>ptriage: %1 processes from %2 origins; %3 left processes behind</source>
        <translation>ptriage: %1 Prozesse aus %2 Herkünften; %3 haben Prozesse zurückgelassen</translation>
    </message>
    <message>
        <source>project %1</source>
        <translation>Projekt %1</translation>
    </message>
    <message>
        <source>ports %1</source>
        <translation>Ports %1</translation>
    </message>
    <message>
        <source>end (%1, score %2)</source>
        <translation>beenden (%1, Wert %2)</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>ausgelassen: %1</translation>
    </message>
    <message>
        <source>… and %1 more (--json lists every member)</source>
        <translation>… und %1 weitere (--json listet jedes Mitglied)</translation>
    </message>
    <message>
        <source>1 process</source>
        <translation>1 Prozess</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <source>%1, %2 to end · %3 · CPU %4</source>
        <translation>%1, %2 zu beenden · %3 · CPU %4</translation>
    </message>
</context>
<context>
    <name>GroupsText</name>
    <message>
        <source>the session this runs in</source>
        <translation>die Sitzung, in der dies läuft</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>Sitzung %1</translation>
    </message>
    <message>
        <source>No process of %1 runs: nothing to end.</source>
        <translation>Kein Prozess von %1 läuft: nichts zu beenden.</translation>
    </message>
    <message>
        <source>Judged as if its owner had exited (--ending): pid %1 is about to, as the hook says.</source>
        <translation>Beurteilt, als hätte sich ihr Besitzer beendet (--ending): PID %1 ist im Begriff, wie der Hook sagt.</translation>
    </message>
    <message>
        <source>Nothing of %1 is to be ended.</source>
        <translation>Nichts von %1 ist zu beenden.</translation>
    </message>
    <message>
        <source>an ended session</source>
        <translation>eine beendete Sitzung</translation>
    </message>
    <message>
        <source>End the processes marked &apos;end&apos; above (%1)?</source>
        <translation>Die oben mit „end“ markierten Prozesse beenden (%1)?</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <source>in use, or doing its job</source>
        <translation>in Gebrauch oder bei der Arbeit</translation>
    </message>
    <message>
        <source>busy without getting anywhere (a loop, a hang), or waiting on something gone</source>
        <translation>beschäftigt, ohne voranzukommen (eine Schleife, ein Hänger), oder wartet auf etwas, das weg ist</translation>
    </message>
    <message>
        <source>left behind: whoever started it is gone and nobody uses it</source>
        <translation>zurückgelassen: wer ihn gestartet hat, ist weg, und niemand nutzt ihn</translation>
    </message>
    <message>
        <source>has exited; its parent has not collected it (ask the parent, or end it)</source>
        <translation>hat sich beendet; sein Elternprozess hat ihn nicht abgeholt (den Elternprozess bitten oder beenden)</translation>
    </message>
    <message>
        <source>tinted row, bold action</source>
        <translation>getönte Zeile, fette Aktion</translation>
    </message>
    <message>
        <source>ptriage recommends that action; the tint is the class&apos;s color</source>
        <translation>ptriage empfiehlt diese Aktion; die Tönung ist die Farbe der Klasse</translation>
    </message>
    <message>
        <source>kill</source>
        <translation>Beenden erzwingen</translation>
    </message>
    <message>
        <source>recommended: end it (TERM, then KILL after a grace period)</source>
        <translation>empfohlen: beenden (TERM, nach einer Frist KILL)</translation>
    </message>
    <message>
        <source>review</source>
        <translation>prüfen</translation>
    </message>
    <message>
        <source>probably left behind, but not sure enough to act: have a look first</source>
        <translation>wahrscheinlich zurückgelassen, aber nicht sicher genug zum Handeln: erst ansehen</translation>
    </message>
    <message>
        <source>too young</source>
        <translation>zu jung</translation>
    </message>
    <message>
        <source>younger than the minimum age: not judged yet (a build or a test run may still be going)</source>
        <translation>jünger als das Mindestalter: noch nicht beurteilt (ein Build oder Testlauf kann noch laufen)</translation>
    </message>
    <message>
        <source>paused by ptriage</source>
        <translation>von ptriage angehalten</translation>
    </message>
    <message>
        <source>in the State column: something ptriage did and that can be undone (Process → Undo)</source>
        <translation>in der Spalte Zustand: etwas, das ptriage getan hat und das sich rückgängig machen lässt (Prozess → Rückgängig)</translation>
    </message>
    <message>
        <source>ptriage guide</source>
        <translation>ptriage-Anleitung</translation>
    </message>
    <message>
        <source>Where to start</source>
        <translation>Wo anfangen</translation>
    </message>
    <message>
        <source>The line above the table says whether anything needs attention. &lt;b&gt;Show them&lt;/b&gt; lists only those processes. The &lt;b&gt;Action&lt;/b&gt; column says what ptriage recommends, the &lt;b&gt;Why&lt;/b&gt; column the strongest reasons; the Evidence tab has all of them.</source>
        <translation>Die Zeile über der Tabelle sagt, ob etwas Aufmerksamkeit braucht. &lt;b&gt;Zeigen&lt;/b&gt; listet nur diese Prozesse. Die Spalte &lt;b&gt;Aktion&lt;/b&gt; sagt, was ptriage empfiehlt, die Spalte &lt;b&gt;Warum&lt;/b&gt; die stärksten Gründe; der Reiter Indizien hat alle.</translation>
    </message>
    <message>
        <source>Classes</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>Every process gets a probability for each of four classes: &lt;b&gt;useful&lt;/b&gt; (in use or doing its job), &lt;b&gt;stuck or spinning&lt;/b&gt; (busy without progress, or waiting on something gone), &lt;b&gt;abandoned&lt;/b&gt; (left behind by a session, test run, editor or script that is gone) and &lt;b&gt;zombie&lt;/b&gt; (exited, not yet collected by its parent). The table shows the most probable one.</source>
        <translation>Jeder Prozess bekommt eine Wahrscheinlichkeit für jede von vier Klassen: &lt;b&gt;nützlich&lt;/b&gt; (in Gebrauch oder bei der Arbeit), &lt;b&gt;festgefahren oder in Endlosschleife&lt;/b&gt; (beschäftigt ohne Fortschritt, oder wartet auf etwas, das weg ist), &lt;b&gt;zurückgelassen&lt;/b&gt; (von einer Sitzung, einem Testlauf, Editor oder Skript, die weg sind) und &lt;b&gt;Zombie&lt;/b&gt; (beendet, vom Elternprozess noch nicht abgeholt). Die Tabelle zeigt die wahrscheinlichste.</translation>
    </message>
    <message>
        <source>Evidence and bits</source>
        <translation>Indizien und Bits</translation>
    </message>
    <message>
        <source>Each piece of evidence (its parent, its terminal, when it last ran, its sockets, files it writes …) moves the verdict by a number of &lt;b&gt;bits&lt;/b&gt;: +1 bit doubles the odds of the verdict against the reference class, −1 halves them. Weak is under 1 bit, substantial over 1, strong over 2, decisive over 3.3. The Evidence tab lists them term by term, in words.</source>
        <translation>Jedes Indiz (sein Elternprozess, sein Terminal, wann er zuletzt lief, seine Sockets, Dateien, die er schreibt …) verschiebt das Urteil um eine Zahl von &lt;b&gt;Bits&lt;/b&gt;: +1 Bit verdoppelt die Chancen des Urteils gegenüber der Vergleichsklasse, −1 halbiert sie. Schwach ist unter 1 Bit, deutlich über 1, stark über 2, entscheidend über 3,3. Der Reiter Indizien listet sie einzeln, in Worten.</translation>
    </message>
    <message>
        <source>Score and action</source>
        <translation>Punktzahl und Aktion</translation>
    </message>
    <message>
        <source>The &lt;b&gt;score&lt;/b&gt; (0–100) is how much acting is worth: the expected loss saved by the best action over keeping the process. An action is recommended only when its risk is worth it and nothing blocks it (a supervisor, a person using it, a protected process); otherwise ptriage says &lt;i&gt;review&lt;/i&gt; (look before acting) or &lt;i&gt;keep&lt;/i&gt;. The Blast radius tab shows what acting would break.</source>
        <translation>Die &lt;b&gt;Punktzahl&lt;/b&gt; (0–100) sagt, wie viel Handeln wert ist: der erwartete Verlust, den die beste Aktion gegenüber dem Behalten spart. Eine Aktion wird nur empfohlen, wenn ihr Risiko es wert ist und nichts sie blockiert (ein Aufseher, eine Person, die ihn nutzt, ein geschützter Prozess); sonst sagt ptriage &lt;i&gt;prüfen&lt;/i&gt; (erst ansehen) oder &lt;i&gt;behalten&lt;/i&gt;. Der Reiter Auswirkungsradius zeigt, was Handeln kaputt machen würde.</translation>
    </message>
    <message>
        <source>Minimum age</source>
        <translation>Mindestalter</translation>
    </message>
    <message>
        <source>Processes younger than the minimum age are &lt;i&gt;too young&lt;/i&gt;: nothing is judged or recommended for them, since a build or a test run may still be going. Change it with &lt;b&gt;Judge from the age of&lt;/b&gt; above the table, with &lt;code&gt;--min-age&lt;/code&gt;, or for good in &lt;code&gt;policy.json&lt;/code&gt; (&lt;code&gt;min_age_seconds&lt;/code&gt;).</source>
        <translation>Prozesse, die jünger als das Mindestalter sind, sind &lt;i&gt;zu jung&lt;/i&gt;: für sie wird nichts beurteilt oder empfohlen, denn ein Build oder Testlauf kann noch laufen. Ändern mit &lt;b&gt;Beurteilen ab einem Alter von&lt;/b&gt; über der Tabelle, mit &lt;code&gt;--min-age&lt;/code&gt; oder dauerhaft in &lt;code&gt;policy.json&lt;/code&gt; (&lt;code&gt;min_age_seconds&lt;/code&gt;).</translation>
    </message>
    <message>
        <source>Acting</source>
        <translation>Handeln</translation>
    </message>
    <message>
        <source>Every action asks first and says what it would affect. ptriage acts on a process&apos;s identity (boot, start time and PID), never on a PID alone, so a reused PID is never hit. A zombie cannot be signalled: its parent can. Pause, freeze, throttle, renice and quarantine can be undone (Process → Undo). When your own rights are not enough, the system asks for an administrator&apos;s password.</source>
        <translation>Jede Aktion fragt zuerst und sagt, was sie betreffen würde. ptriage handelt an der Identität eines Prozesses (Boot, Startzeit und PID), nie an einer PID allein, so trifft es nie eine wiederverwendete PID. Einem Zombie kann man kein Signal schicken, seinem Elternprozess schon. Anhalten, Einfrieren, Drosseln, Priorität senken und Quarantäne lassen sich rückgängig machen (Prozess → Rückgängig). Reichen die eigenen Rechte nicht, fragt das System nach dem Passwort eines Administrators.</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>Tastatur</translation>
    </message>
    <message>
        <source>&lt;b&gt;F5&lt;/b&gt; refresh now · &lt;b&gt;Space&lt;/b&gt; pause updates · &lt;b&gt;Ctrl+T&lt;/b&gt; tree view · &lt;b&gt;Ctrl+G&lt;/b&gt; by origin · &lt;b&gt;Ctrl+F&lt;/b&gt; or &lt;b&gt;/&lt;/b&gt; filter · &lt;b&gt;Delete&lt;/b&gt; end (TERM, then KILL) · &lt;b&gt;Shift+Delete&lt;/b&gt; kill · &lt;b&gt;Ctrl+Z&lt;/b&gt; undo · &lt;b&gt;Ctrl+S&lt;/b&gt; save the session · &lt;b&gt;Ctrl+Shift+S&lt;/b&gt; sessions · &lt;b&gt;Ctrl+E&lt;/b&gt; report · &lt;b&gt;F1&lt;/b&gt; this guide</source>
        <translation>&lt;b&gt;F5&lt;/b&gt; jetzt aktualisieren · &lt;b&gt;Leertaste&lt;/b&gt; Aktualisierung anhalten · &lt;b&gt;Strg+T&lt;/b&gt; Baumansicht · &lt;b&gt;Strg+G&lt;/b&gt; nach Herkunft · &lt;b&gt;Strg+F&lt;/b&gt; oder &lt;b&gt;/&lt;/b&gt; Filter · &lt;b&gt;Entf&lt;/b&gt; beenden (TERM, dann KILL) · &lt;b&gt;Umschalt+Entf&lt;/b&gt; Beenden erzwingen · &lt;b&gt;Strg+Z&lt;/b&gt; rückgängig · &lt;b&gt;Strg+S&lt;/b&gt; Sitzung speichern · &lt;b&gt;Strg+Umschalt+S&lt;/b&gt; Sitzungen · &lt;b&gt;Strg+E&lt;/b&gt; Bericht · &lt;b&gt;F1&lt;/b&gt; diese Anleitung</translation>
    </message>
</context>
<context>
    <name>HtmlReport</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Process triage of %1</source>
        <translation>Prozess-Triage von %1</translation>
    </message>
    <message>
        <source>Saved session %1, taken %2</source>
        <translation>Gespeicherte Sitzung %1, erfasst %2</translation>
    </message>
    <message>
        <source>Live scan, taken %1</source>
        <translation>Aktuelle Erfassung, %1</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Booted</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Scanned</source>
        <translation>Erfasst</translation>
    </message>
    <message>
        <source>Report made</source>
        <translation>Bericht erstellt</translation>
    </message>
    <message>
        <source>ptriage version</source>
        <translation>ptriage-Version</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>%1 available of %2 (%3)</source>
        <translation>%1 verfügbar von %2 (%3)</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>Auslagerung</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 used of %2</source>
        <translation>%1 belegt von %2</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht erfasst</translation>
    </message>
    <message>
        <source>Memory pressure</source>
        <translation>Speicherdruck</translation>
    </message>
    <message>
        <source>some %1 · full %2 of the last 10 s</source>
        <translation>teilweise %1 · vollständig %2 der letzten 10 s</translation>
    </message>
    <message>
        <source>not available (no /proc/pressure)</source>
        <translation>nicht verfügbar (kein /proc/pressure)</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>Freed by the recommended kills</source>
        <translation>Frei durch die empfohlenen Beendigungen</translation>
    </message>
    <message>
        <source>A saved session keeps each process&apos;s verdict and ledger in bits, not the sentences, the blast-radius graph or the open files: those parts are missing below.</source>
        <translation>Eine gespeicherte Sitzung behält Urteil und Indizien (in Bit) jedes Prozesses, nicht die Sätze, den Graphen des Auswirkungsradius oder die offenen Dateien: diese Teile fehlen unten.</translation>
    </message>
    <message>
        <source>Nothing needs attention.</source>
        <translation>Nichts braucht Aufmerksamkeit.</translation>
    </message>
    <message>
        <source>Filter by command, user or pid</source>
        <translation>Nach Befehl, Benutzer oder PID filtern</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>Empfohlen</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Blockiert</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Every process</source>
        <translation>Alle Prozesse</translation>
    </message>
    <message>
        <source>All %1 processes, candidates first</source>
        <translation>Alle %1 Prozesse, Kandidaten zuerst</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>orphaned</source>
        <translation>verwaist</translation>
    </message>
    <message>
        <source>Actions taken</source>
        <translation>Ausgeführte Aktionen</translation>
    </message>
    <message>
        <source>No actions were journaled in this span.</source>
        <translation>In diesem Zeitraum wurden keine Aktionen protokolliert.</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>Was sich geändert hat</translation>
    </message>
    <message>
        <source>From session %1 (%2) to %3.</source>
        <translation>Von Sitzung %1 (%2) bis %3.</translation>
    </message>
    <message>
        <source>session %1 (%2)</source>
        <translation>Sitzung %1 (%2)</translation>
    </message>
    <message>
        <source>this scan</source>
        <translation>dieser Erfassung</translation>
    </message>
    <message>
        <source>The machine rebooted in between: processes are matched by command and origin.</source>
        <translation>Der Rechner wurde dazwischen neu gestartet: Prozesse werden nach Befehl und Herkunft zugeordnet.</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Memory growth</source>
        <translation>Speicherzuwachs</translation>
    </message>
    <message>
        <source>and %1 more changes</source>
        <translation>und %1 weitere Änderungen</translation>
    </message>
    <message>
        <source>What keeps spawning these</source>
        <translation>Was diese immer wieder startet</translation>
    </message>
    <message>
        <source>Processes per origin across %1 sessions over %2.</source>
        <translation>Prozesse je Herkunft über %1 Sitzungen in %2.</translation>
    </message>
    <message>
        <source>Started by</source>
        <translation>Gestartet von</translation>
    </message>
    <message>
        <source>Unit or project</source>
        <translation>Unit oder Projekt</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Zuerst</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Zuletzt</translation>
    </message>
    <message>
        <source>Growth per hour</source>
        <translation>Zuwachs je Stunde</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>weg</translation>
    </message>
    <message>
        <source>How the verdicts were reached</source>
        <translation>Wie die Urteile zustande kamen</translation>
    </message>
    <message>
        <source>Each process gets a posterior over four classes from its evidence terms (naive Bayes in the log domain; each term&apos;s Bayes factor is shown in bits, positive toward the class named). The recommendation is the action with the least expected loss that no gate rules out; the score is how much better it is than keeping the process.</source>
        <translation>Jeder Prozess erhält aus seinen Indizien A-posteriori-Wahrscheinlichkeiten über vier Klassen (naiver Bayes im Log-Bereich; der Bayes-Faktor jedes Indizes steht in Bit, positiv für die genannte Klasse). Empfohlen wird die Aktion mit dem kleinsten erwarteten Verlust, die keine Sperre ausschließt; die Bewertung sagt, wie viel besser sie ist, als den Prozess zu behalten.</translation>
    </message>
    <message>
        <source>Prior</source>
        <translation>A priori</translation>
    </message>
    <message>
        <source>Loss: %1</source>
        <translation>Verlust: %1</translation>
    </message>
    <message>
        <source>Terms</source>
        <translation>Indizien</translation>
    </message>
    <message>
        <source>Thresholds in effect</source>
        <translation>Geltende Schwellen</translation>
    </message>
    <message>
        <source>Minimum age before acting</source>
        <translation>Mindestalter vor einer Aktion</translation>
    </message>
    <message>
        <source>Review when kept but abandoned with at least</source>
        <translation>Prüfen, wenn behalten, aber zurückgelassen mit mindestens</translation>
    </message>
    <message>
        <source>CPU idle / busy / spinning</source>
        <translation>CPU untätig / beschäftigt / durchdrehend</translation>
    </message>
    <message>
        <source>Largest weight of one term</source>
        <translation>Größtes Gewicht eines Indizes</translation>
    </message>
    <message>
        <source>Blast radius: hops, risk medium / high / critical</source>
        <translation>Auswirkungsradius: Schritte, Risiko mittel / hoch / kritisch</translation>
    </message>
    <message>
        <source>Configuration read</source>
        <translation>Gelesene Konfiguration</translation>
    </message>
    <message>
        <source>the defaults</source>
        <translation>die Voreinstellungen</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the report&apos;s language code</comment>
        <translation>de</translation>
    </message>
    <message>
        <source>ptriage report: %1, %2</source>
        <translation>ptriage-Bericht: %1, %2</translation>
    </message>
    <message>
        <source>Made by ptriage %1 on %2. Nothing in this file is fetched from anywhere.</source>
        <translation>Erstellt von ptriage %1 am %2. Diese Datei lädt nichts von irgendwoher.</translation>
    </message>
    <message>
        <source>Posterior</source>
        <translation>A-posteriori-Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>Evidence, term by term</source>
        <translation>Indizien, eines nach dem anderen</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>Indiz</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Bit</translation>
    </message>
    <message>
        <source>Toward</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Expected loss of each action</source>
        <translation>Erwarteter Verlust jeder Aktion</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>gewählt</translation>
    </message>
    <message>
        <source>ruled out by a gate</source>
        <translation>durch eine Sperre ausgeschlossen</translation>
    </message>
    <message>
        <source>listens on %1</source>
        <translation>lauscht auf %1</translation>
    </message>
    <message>
        <source>lock %1</source>
        <translation>Sperrdatei %1</translation>
    </message>
    <message>
        <source>writing %1</source>
        <translation>schreibt %1</translation>
    </message>
    <message>
        <source>supervisor %1</source>
        <translation>Supervisor %1</translation>
    </message>
    <message>
        <source>Blast radius graph</source>
        <translation>Graph des Auswirkungsradius</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>recommended: %1, score %2</source>
        <translation>empfohlen: %1, Bewertung %2</translation>
    </message>
    <message>
        <source>What blocks a stronger action</source>
        <translation>Was eine stärkere Aktion verhindert</translation>
    </message>
    <message>
        <source>What would break: risk %1</source>
        <translation>Was kaputtginge: Risiko %1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>Identität</translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation>Arbeitsverzeichnis</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Control group</source>
        <translation>Control Group</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>Listening on</source>
        <translation>Lauscht auf</translation>
    </message>
    <message>
        <source>Open for writing</source>
        <translation>Zum Schreiben geöffnet</translation>
    </message>
    <message>
        <source>Locks held</source>
        <translation>Gehaltene Sperren</translation>
    </message>
    <message>
        <source>Environment (secret-looking variables left out)</source>
        <translation>Umgebung (geheim wirkende Variablen weggelassen)</translation>
    </message>
    <message>
        <source>Could not read</source>
        <translation>Nicht lesbar</translation>
    </message>
    <message>
        <source>Why, and what would break</source>
        <translation>Warum, und was kaputtginge</translation>
    </message>
    <message>
        <source>No process is worth acting on.</source>
        <translation>Kein Prozess lohnt eine Aktion.</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 Bit</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <source>%1 processes with this command line, class and recommendation; the evidence below is the first one&apos;s (the highest score).</source>
        <translation>%1 Prozesse mit dieser Befehlszeile, Klasse und Empfehlung; die Indizien unten sind die des ersten (mit der höchsten Bewertung).</translation>
    </message>
    <message>
        <source>(%1 bytes more not shown)</source>
        <translation>(%1 weitere Bytes nicht gezeigt)</translation>
    </message>
    <message>
        <source>%1 more candidates not shown (a report lists the %2 with the highest scores)</source>
        <translation>%1 weitere Kandidaten nicht gezeigt (ein Bericht listet die %2 mit der höchsten Bewertung)</translation>
    </message>
    <message>
        <source>%1 more processes not shown (a report lists the first %2, candidates first)</source>
        <translation>%1 weitere Prozesse nicht gezeigt (ein Bericht listet die ersten %2, Kandidaten zuerst)</translation>
    </message>
    <message>
        <source>%1 more actions not shown (a report lists the first %2)</source>
        <translation>%1 weitere Aktionen nicht gezeigt (ein Bericht listet die ersten %2)</translation>
    </message>
    <message>
        <source>%1 more processes of this group not shown</source>
        <translation>%1 weitere Prozesse dieser Gruppe nicht gezeigt</translation>
    </message>
    <message>
        <source>%1 more cards not shown (a report shows the %2 with the highest scores)</source>
        <translation>%1 weitere Karten nicht gezeigt (ein Bericht zeigt die %2 mit der höchsten Bewertung)</translation>
    </message>
    <message>
        <source>Left behind, by origin</source>
        <translation>Zurückgelassen, nach Herkunft</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Urheber</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>still there</source>
        <translation>noch da</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>und %1 weitere</translation>
    </message>
    <message>
        <source>%1 more origins not shown (a report lists the first %2)</source>
        <translation>%1 weitere Herkünfte nicht gezeigt (ein Bericht listet die ersten %2)</translation>
    </message>
    <message>
        <source>%1 (ended)</source>
        <translation>%1 (beendet)</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>scanned</source>
        <translation>erfasst</translation>
    </message>
    <message>
        <source>The same candidates on several machines</source>
        <translation>Dieselben Kandidaten auf mehreren Rechnern</translation>
    </message>
    <message>
        <source>Not scanned:</source>
        <translation>Nicht erfasst:</translation>
    </message>
    <message>
        <source>%1 available of %2</source>
        <translation>%1 verfügbar von %2</translation>
    </message>
    <message>
        <source>Each machine&apos;s evidence judged by this machine&apos;s model, taken %1</source>
        <translation>Die Befunde jedes Rechners, beurteilt mit dem Modell dieses Rechners, erfasst %1</translation>
    </message>
    <message>
        <source>ptriage report: %1 machines</source>
        <translation>ptriage-Bericht: %1 Rechner</translation>
    </message>
    <message>
        <source>Process triage of %1 machines</source>
        <translation>Prozess-Triage von %1 Rechnern</translation>
    </message>
    <message>
        <source>not scanned: %1</source>
        <translation>nicht erfasst: %1</translation>
    </message>
</context>
<context>
    <name>LearnedText</name>
    <message>
        <source>no decisions learned yet (end or spare a process in the window)</source>
        <translation>noch keine Entscheidungen gelernt (im Fenster einen Prozess beenden oder verschonen)</translation>
    </message>
    <message>
        <source>LEVEL</source>
        <translation>STUFE</translation>
    </message>
    <message>
        <source>VOTES</source>
        <translation>STIMMEN</translation>
    </message>
    <message>
        <source>ENDED</source>
        <translation>BEENDET</translation>
    </message>
    <message>
        <source>SPARED</source>
        <translation>VERSCHONT</translation>
    </message>
    <message>
        <source>BITS</source>
        <translation>BIT</translation>
    </message>
    <message>
        <source>PATTERN</source>
        <translation>MUSTER</translation>
    </message>
    <message>
        <source>%1 decisions; counts decay by half every %2 days; * not in effect (fewer than %3 votes)</source>
        <translation>%1 Entscheidungen; Zählungen halbieren sich alle %2 Tage; * nicht wirksam (weniger als %3 Stimmen)</translation>
    </message>
</context>
<context>
    <name>Origins</name>
    <message>
        <source>the %1 session</source>
        <translation>die %1-Sitzung</translation>
    </message>
    <message>
        <source>the %1 session %2</source>
        <translation>die %1-Sitzung %2</translation>
    </message>
    <message>
        <source>the %1 window (pid %2)</source>
        <translation>das %1-Fenster (PID %2)</translation>
    </message>
    <message>
        <source>a %1 terminal</source>
        <translation>ein %1-Terminal</translation>
    </message>
    <message>
        <source>an ssh login (session %1)</source>
        <translation>eine SSH-Anmeldung (Sitzung %1)</translation>
    </message>
    <message>
        <source>a terminal (session %1)</source>
        <translation>ein Terminal (Sitzung %1)</translation>
    </message>
    <message>
        <source>a %1 run (process group %2)</source>
        <translation>ein %1-Lauf (Prozessgruppe %2)</translation>
    </message>
    <message>
        <source>the unit %1</source>
        <translation>die Unit %1</translation>
    </message>
    <message>
        <source>the container %1</source>
        <translation>der Container %1</translation>
    </message>
    <message>
        <source>the kernel</source>
        <translation>der Kernel</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>Sitzung %1</translation>
    </message>
    <message>
        <source>alive (pid %1)</source>
        <translation>läuft (PID %1)</translation>
    </message>
    <message>
        <source>alive</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>ended; pid %1 now belongs to a newer process</source>
        <translation>beendet; PID %1 gehört jetzt einem neueren Prozess</translation>
    </message>
    <message>
        <source>ended (last seen alive %1 ago)</source>
        <translation>beendet (zuletzt vor %1 laufend gesehen)</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>the %1 window on %2</source>
        <translation>das %1-Fenster mit %2</translation>
    </message>
    <message>
        <source>%1 session %2</source>
        <translation>%1-Sitzung %2</translation>
    </message>
    <message>
        <source>%1 session %2 in %3</source>
        <translation>%1-Sitzung %2 in %3</translation>
    </message>
    <message>
        <source>an ssh login in %1</source>
        <translation>eine SSH-Anmeldung in %1</translation>
    </message>
    <message>
        <source>a terminal in %1</source>
        <translation>ein Terminal in %1</translation>
    </message>
    <message>
        <source>a %1 run in %2</source>
        <translation>ein %1-Lauf in %2</translation>
    </message>
    <message>
        <source>a session in %1</source>
        <translation>eine Sitzung in %1</translation>
    </message>
    <message>
        <source>a %1 session</source>
        <translation>eine %1-Sitzung</translation>
    </message>
    <message>
        <source>a %1 session in %2</source>
        <translation>eine %1-Sitzung in %2</translation>
    </message>
</context>
<context>
    <name>PortText</name>
    <message>
        <source>Nothing listens on port %1 (another user&apos;s sockets are visible only with privileges).</source>
        <translation>Auf Port %1 lauscht nichts (Sockets anderer Benutzer sind nur mit Berechtigungen sichtbar).</translation>
    </message>
    <message>
        <source>Port %1 is held by 1 process:</source>
        <translation>Port %1 wird von 1 Prozess gehalten:</translation>
    </message>
    <message>
        <source>Port %1 is held by %2 processes:</source>
        <translation>Port %1 wird von %2 Prozessen gehalten:</translation>
    </message>
    <message>
        <source>user %1</source>
        <translation>Benutzer %1</translation>
    </message>
    <message>
        <source>command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>listens: %1 · 1 client connected</source>
        <translation>lauscht: %1 · 1 Client verbunden</translation>
    </message>
    <message>
        <source>listens: %1 · %2 clients connected</source>
        <translation>lauscht: %1 · %2 Clients verbunden</translation>
    </message>
    <message>
        <source>verdict: %1, ptriage recommends %2</source>
        <translation>Urteil: %1, ptriage empfiehlt: %2</translation>
    </message>
    <message>
        <source>ends with it: %1</source>
        <translation>endet mit ihm: %1</translation>
    </message>
    <message>
        <source>ending it would break: nothing known (risk %1)</source>
        <translation>sein Beenden würde nichts Bekanntes kaputt machen (Risiko %1)</translation>
    </message>
    <message>
        <source>ending it would break (risk %1): %2</source>
        <translation>sein Beenden würde kaputt machen (Risiko %1): %2</translation>
    </message>
    <message>
        <source>supervised: %1</source>
        <translation>überwacht: %1</translation>
    </message>
    <message>
        <source>To free it: ptriage relieve --free-port %1 (the window: Ports, Free port…)</source>
        <translation>Zum Freigeben: ptriage relieve --free-port %1 (im Fenster: Ports, Port freigeben…)</translation>
    </message>
    <message>
        <source>started by: %1 — owner %2</source>
        <translation>gestartet von: %1 — Urheber %2</translation>
    </message>
    <message>
        <source>started by: %1 — owner %2 · project %3</source>
        <translation>gestartet von: %1 — Urheber %2 · Projekt %3</translation>
    </message>
    <message>
        <source>%1 held by %2</source>
        <translation>%1, gehalten von %2</translation>
    </message>
    <message>
        <source>Listening on port %1 with no process of this scan holding it (another user&apos;s process, visible only with privileges): %2</source>
        <translation>Auf Port %1 lauscht etwas, das kein Prozess dieses Scans hält (ein Prozess eines anderen Benutzers, nur mit Berechtigungen sichtbar): %2</translation>
    </message>
</context>
<context>
    <name>Ports</name>
    <message>
        <source>stop the unit %1 (systemctl --user stop %1): it would restart a process that was ended</source>
        <translation>die Unit %1 stoppen (systemctl --user stop %1): sie würde einen beendeten Prozess neu starten</translation>
    </message>
    <message>
        <source>stop the unit %1 (systemctl stop %1): it would restart a process that was ended</source>
        <translation>die Unit %1 stoppen (systemctl stop %1): sie würde einen beendeten Prozess neu starten</translation>
    </message>
    <message>
        <source>stop the container %1 (docker stop or podman stop): ending one process inside it may restart it or leave the container broken</source>
        <translation>den Container %1 stoppen (docker stop oder podman stop): einen Prozess darin zu beenden, startet ihn womöglich neu oder lässt den Container kaputt zurück</translation>
    </message>
    <message>
        <source>stop it in %1, which would restart a process that was ended</source>
        <translation>ihn in %1 stoppen, das einen beendeten Prozess neu starten würde</translation>
    </message>
    <message>
        <source>its blast radius is critical: %1</source>
        <translation>sein Auswirkungsradius ist kritisch: %1</translation>
    </message>
    <message>
        <source>its open files could not be read, so a critical file cannot be ruled out</source>
        <translation>seine offenen Dateien waren nicht lesbar, eine kritische Datei ist also nicht auszuschließen</translation>
    </message>
    <message>
        <source>safe to end: no gate stands in the way, and ptriage recommends ending it (%1)</source>
        <translation>gefahrlos zu beenden: nichts steht im Weg, und ptriage empfiehlt, ihn zu beenden (%1)</translation>
    </message>
    <message>
        <source>safe to end: no gate stands in the way, but ptriage recommends %1 (%2)</source>
        <translation>gefahrlos zu beenden: nichts steht im Weg, aber ptriage empfiehlt: %1 (%2)</translation>
    </message>
    <message>
        <source>not safe to end: %1</source>
        <translation>nicht gefahrlos zu beenden: %1</translation>
    </message>
</context>
<context>
    <name>PressureText</name>
    <message>
        <source>source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>%1 available of %2 (%3)</source>
        <translation>%1 verfügbar von %2 (%3)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>%1 free of %2</source>
        <translation>%1 frei von %2</translation>
    </message>
    <message>
        <source>level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>why</source>
        <translation>warum</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>swap</source>
        <translation>Swap</translation>
    </message>
    <message>
        <source>none (a kernel without PSI, or psi=0)</source>
        <translation>keins (ein Kernel ohne PSI oder psi=0)</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>swap %1</source>
        <translation>Swap %1</translation>
    </message>
</context>
<context>
    <name>PressureWhy</name>
    <message>
        <source>%1 reading</source>
        <translation>%1 Messung</translation>
    </message>
    <message>
        <source>%1 readings</source>
        <translation>%1 Messungen</translation>
    </message>
    <message>
        <source>MemAvailable %1 &lt; %2</source>
        <translation>MemAvailable %1 &lt; %2</translation>
    </message>
    <message>
        <source>PSI full %1 &gt; %2 with MemAvailable %3 &lt; %4</source>
        <translation>PSI full %1 &gt; %2 bei MemAvailable %3 &lt; %4</translation>
    </message>
    <message>
        <source>PSI some %1 &gt; %2 with MemAvailable %3 &lt; %4</source>
        <translation>PSI some %1 &gt; %2 bei MemAvailable %3 &lt; %4</translation>
    </message>
    <message>
        <source>no reading yet</source>
        <translation>noch keine Messung</translation>
    </message>
    <message>
        <source>leaving %1: MemAvailable %2 (%3 of %4 outside it)</source>
        <translation>verlässt %1: MemAvailable %2 (%3 von %4 außerhalb)</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 seit %2</translation>
    </message>
    <message>
        <source>still %1: MemAvailable %2 is within the %3 margin</source>
        <translation>noch %1: MemAvailable %2 liegt innerhalb des Spielraums von %3</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 to enter %4)</source>
        <translation>%1 (%2 von %3, um %4 zu erreichen)</translation>
    </message>
    <message>
        <source>PSI full %1 but %2 available: not an alert</source>
        <translation>PSI full %1, aber %2 verfügbar: kein Alarm</translation>
    </message>
    <message>
        <source>PSI some %1 but %2 available: not an alert</source>
        <translation>PSI some %1, aber %2 verfügbar: kein Alarm</translation>
    </message>
    <message>
        <source>MemAvailable %1 (no PSI on this kernel): no pressure</source>
        <translation>MemAvailable %1 (kein PSI auf diesem Kernel): kein Speicherdruck</translation>
    </message>
    <message>
        <source>MemAvailable %1, PSI some %2: no pressure</source>
        <translation>MemAvailable %1, PSI some %2: kein Speicherdruck</translation>
    </message>
    <message>
        <source>polling every %1 (%2)</source>
        <translation>Abfrage alle %1 (%2)</translation>
    </message>
    <message>
        <source>PSI trigger (some %1 ms per %2)</source>
        <translation>PSI-Trigger (some %1 ms je %2)</translation>
    </message>
    <message>
        <source>org.freedesktop.LowMemoryMonitor&apos;s LowMemoryWarning, and polling every %1 (%2)</source>
        <translation>LowMemoryWarning von org.freedesktop.LowMemoryMonitor und Abfrage alle %1 (%2)</translation>
    </message>
    <message>
        <source>the PSI trigger is off in the policy</source>
        <translation>der PSI-Trigger ist in der Richtlinie abgeschaltet</translation>
    </message>
    <message>
        <source>the PSI trigger broke: pressure/memory is gone</source>
        <translation>der PSI-Trigger ging kaputt: pressure/memory ist weg</translation>
    </message>
    <message>
        <source>no pressure/memory: a kernel without PSI</source>
        <translation>kein pressure/memory: ein Kernel ohne PSI</translation>
    </message>
    <message>
        <source>not a kernel file: a replayed tree</source>
        <translation>keine Kernel-Datei: ein wiedergegebener Baum</translation>
    </message>
    <message>
        <source>PSI triggers need kernel ≥ 6.4 or CAP_SYS_RESOURCE: %1</source>
        <translation>PSI-Trigger brauchen Kernel ≥ 6.4 oder CAP_SYS_RESOURCE: %1</translation>
    </message>
    <message>
        <source>the kernel refused the trigger &quot;%1&quot;: %2</source>
        <translation>der Kernel lehnte den Trigger „%1“ ab: %2</translation>
    </message>
</context>
<context>
    <name>ProcessColumns</name>
    <message>
        <source>running</source>
        <translation>laufend</translation>
    </message>
    <message>
        <source>sleeping</source>
        <translation>schlafend</translation>
    </message>
    <message>
        <source>uninterruptible sleep (usually I/O)</source>
        <translation>nicht unterbrechbarer Schlaf (meist I/O)</translation>
    </message>
    <message>
        <source>zombie: exited, not yet reaped by its parent</source>
        <translation>Zombie: beendet, vom Elternprozess noch nicht eingesammelt</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>stopped by a debugger</source>
        <translation>von einem Debugger gestoppt</translation>
    </message>
    <message>
        <source>idle kernel thread</source>
        <translation>untätiger Kernel-Thread</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>tot</translation>
    </message>
    <message>
        <source>unknown state</source>
        <translation>unbekannter Zustand</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Process ID</source>
        <translation>Prozess-ID</translation>
    </message>
    <message>
        <source>Identity: %1
Parent PID: %2</source>
        <translation>Identität: %1
Eltern-PID: %2</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Executable: %1</source>
        <translation>Programmdatei: %1</translation>
    </message>
    <message>
        <source>Working directory: %1</source>
        <translation>Arbeitsverzeichnis: %1</translation>
    </message>
    <message>
        <source>Incomplete: %1</source>
        <translation>Unvollständig: %1</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Owner of the process</source>
        <translation>Eigentümer des Prozesses</translation>
    </message>
    <message>
        <source>UID %1</source>
        <translation>UID %1</translation>
    </message>
    <message>
        <source>UID unknown</source>
        <translation>UID unbekannt</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>The most probable class</source>
        <translation>Die wahrscheinlichste Klasse</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Confidence: %1</source>
        <translation>Konfidenz: %1</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Triage score, 0–100: how much acting is worth</source>
        <translation>Triage-Bewertung, 0–100: wie sehr sich ein Eingriff lohnt</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Recommended action</source>
        <translation>Empfohlene Aktion</translation>
    </message>
    <message>
        <source>Held back by:</source>
        <translation>Zurückgehalten durch:</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Time since the process started</source>
        <translation>Zeit seit dem Start des Prozesses</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Recent CPU use, in percent of one core</source>
        <translation>Aktuelle CPU-Nutzung in Prozent eines Kerns</translation>
    </message>
    <message>
        <source>Unknown: no earlier sample of this process</source>
        <translation>Unbekannt: keine frühere Messung dieses Prozesses</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Resident memory</source>
        <translation>Residenter Speicher</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>I/O</translation>
    </message>
    <message>
        <source>Recent reads and writes per second</source>
        <translation>Aktuell gelesene und geschriebene Daten pro Sekunde</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Unknown: unreadable, or no earlier sample</source>
        <translation>Unbekannt: nicht lesbar oder keine frühere Messung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Kernel scheduling state</source>
        <translation>Scheduling-Zustand im Kernel</translation>
    </message>
    <message>
        <source>Waiting in: %1</source>
        <translation>Wartet in: %1</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Kind of program</source>
        <translation>Art des Programms</translation>
    </message>
    <message>
        <source>Protected: %1</source>
        <translation>Geschützt: %1</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>What restarts the process: a systemd unit, a container, pm2 …</source>
        <translation>Was den Prozess neu startet: eine systemd-Unit, ein Container, pm2 …</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Blast radius: what would break if it were acted on</source>
        <translation>Auswirkungsradius: was bei einem Eingriff kaputtginge</translation>
    </message>
    <message>
        <source>Only %1 old: nothing is judged before %2. What the evidence says so far:</source>
        <translation>Erst %1 alt: Vor %2 wird nichts beurteilt. Was die Indizien bisher sagen:</translation>
    </message>
    <message>
        <source>too young</source>
        <translation>zu jung</translation>
    </message>
    <message>
        <source>too young: %1 old, judged from %2</source>
        <translation>zu jung: %1 alt, beurteilt ab %2</translation>
    </message>
    <message>
        <source>protected: %1</source>
        <translation>geschützt: %1</translation>
    </message>
    <message>
        <source>looks %1 (%2)</source>
        <translation>wirkt %1 (%2)</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>The strongest reasons for the verdict, in a few words</source>
        <translation>Die stärksten Gründe für das Urteil, in wenigen Worten</translation>
    </message>
    <message>
        <source>parent: %1</source>
        <translation>Eltern: %1</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>alive</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>1 process</source>
        <translation>1 Prozess</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Started by: %1</source>
        <translation>Gestartet von: %1</translation>
    </message>
    <message>
        <source>Its owner: %1</source>
        <translation>Sein Urheber: %1</translation>
    </message>
    <message>
        <source>Project: %1</source>
        <translation>Projekt: %1</translation>
    </message>
    <message>
        <source>Unit: %1</source>
        <translation>Unit: %1</translation>
    </message>
    <message>
        <source>Strongest verdict: %1, %2</source>
        <translation>Stärkstes Urteil: %1, %2</translation>
    </message>
    <message>
        <source>Ending this group&apos;s leftovers would end %1 of its %2 processes (%3).</source>
        <translation>Die Überbleibsel dieser Gruppe zu beenden, beendet %1 ihrer %2 Prozesse (%3).</translation>
    </message>
    <message>
        <source>Ending this group&apos;s leftovers would end none of its processes.</source>
        <translation>Die Überbleibsel dieser Gruppe zu beenden, beendet keinen ihrer Prozesse.</translation>
    </message>
    <message>
        <source>Resident memory of all its processes (shared pages counted in each)</source>
        <translation>Residenter Speicher aller ihrer Prozesse (geteilte Seiten in jedem gezählt)</translation>
    </message>
    <message>
        <source>Age of its oldest process</source>
        <translation>Alter ihres ältesten Prozesses</translation>
    </message>
    <message>
        <source>ports %1</source>
        <translation>Ports %1</translation>
    </message>
    <message>
        <source>strongest: %1</source>
        <translation>stärkster: %1</translation>
    </message>
    <message>
        <source>%1 of %2: %3</source>
        <translation>%1 von %2: %3</translation>
    </message>
    <message>
        <source>The name people know it by (its script or program), then its command line</source>
        <translation>Der Name, unter dem man ihn kennt (sein Skript oder Programm), dann seine Befehlszeile</translation>
    </message>
</context>
<context>
    <name>Recommendation</name>
    <message>
        <source>probably abandoned (%1), but not sure enough to act: have a look before ending it</source>
        <translation>wahrscheinlich zurückgelassen (%1), aber nicht sicher genug für einen Eingriff: vor dem Beenden ansehen</translation>
    </message>
    <message>
        <source>a zombie cannot be signalled</source>
        <translation>einem Zombie kann kein Signal gesendet werden</translation>
    </message>
    <message>
        <source>protected: %1</source>
        <translation>geschützt: %1</translation>
    </message>
    <message>
        <source>a wrapper: act on its workload %1</source>
        <translation>ein Wrapper: auf seine Arbeitslast %1 einwirken</translation>
    </message>
    <message>
        <source>a wrapper: act on its workload instead</source>
        <translation>ein Wrapper: stattdessen auf seine Arbeitslast einwirken</translation>
    </message>
    <message>
        <source>its identity could not be read: %1</source>
        <translation>seine Identität konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>in uninterruptible sleep (D) in %1: a signal is not delivered until the I/O finishes</source>
        <translation>in nicht unterbrechbarem Schlaf (D) in %1: ein Signal wird erst zugestellt, wenn die I/O fertig ist</translation>
    </message>
    <message>
        <source>in uninterruptible sleep (D): a signal is not delivered until the I/O finishes</source>
        <translation>in nicht unterbrechbarem Schlaf (D): ein Signal wird erst zugestellt, wenn die I/O fertig ist</translation>
    </message>
    <message>
        <source>only %1 old (minimum age for action: %2)</source>
        <translation>erst %1 alt (Mindestalter für einen Eingriff: %2)</translation>
    </message>
    <message>
        <source>kill blocked: it holds %1 (%2)</source>
        <translation>Beenden gesperrt: er hält %1 (%2)</translation>
    </message>
    <message>
        <source>kill blocked: %1 client connections to %2 would break</source>
        <translation>Beenden gesperrt: %1 Client-Verbindungen zu %2 würden abbrechen</translation>
    </message>
    <message>
        <source>kill blocked: 1 client connection to %1 would break</source>
        <translation>Beenden gesperrt: 1 Client-Verbindung zu %1 würde abbrechen</translation>
    </message>
    <message>
        <source>kill blocked: %1</source>
        <translation>Beenden gesperrt: %1</translation>
    </message>
    <message>
        <source>kill blocked: in the foreground of a terminal</source>
        <translation>Beenden gesperrt: im Vordergrund eines Terminals</translation>
    </message>
    <message>
        <source>kill blocked: %1 would restart it; stop the unit instead (systemctl stop %1)</source>
        <translation>Beenden gesperrt: %1 würde ihn neu starten; stattdessen die Unit stoppen (systemctl stop %1)</translation>
    </message>
    <message>
        <source>kill blocked: %1 may restart it; stop it there instead</source>
        <translation>Beenden gesperrt: %1 startet ihn womöglich neu; stattdessen dort stoppen</translation>
    </message>
    <message>
        <source>its parent (pid %1) will reap it</source>
        <translation>sein Elternprozess (PID %1) wird ihn einsammeln</translation>
    </message>
    <message>
        <source>end its parent %1, which is itself abandoned</source>
        <translation>seinen Elternprozess %1 beenden, der selbst zurückgelassen ist</translation>
    </message>
    <message>
        <source>its parent %1 has not reaped it: send the parent SIGCHLD, or end the parent if it is no longer needed</source>
        <translation>sein Elternprozess %1 hat ihn nicht eingesammelt: dem Elternprozess SIGCHLD senden oder ihn beenden, wenn er nicht mehr gebraucht wird</translation>
    </message>
    <message>
        <source>already at the lowest priority (nice %1): a renice cannot lower it</source>
        <translation>schon auf der niedrigsten Priorität (nice %1): tiefer lässt sie sich nicht senken</translation>
    </message>
    <message>
        <source>kill blocked: it carries a client&apos;s connection, which would break</source>
        <translation>Beenden gesperrt: er trägt die Verbindung eines Clients, die abbrechen würde</translation>
    </message>
    <message>
        <source>ending, pausing or freezing it is blocked: %1 under it serves clients, who would lose it</source>
        <translation>Beenden, Anhalten und Einfrieren gesperrt: %1 darunter bedient Clients, die ihn verlören</translation>
    </message>
    <message>
        <source>ending, pausing or freezing it is blocked: %1 under it is at work, which would be lost</source>
        <translation>Beenden, Anhalten und Einfrieren gesperrt: %1 darunter arbeitet gerade, die Arbeit ginge verloren</translation>
    </message>
    <message>
        <source>kill blocked: clients used %1 within the last minute</source>
        <translation>Beenden gesperrt: Clients nutzten %1 in der letzten Minute</translation>
    </message>
    <message>
        <source>P(abandoned) %1 → %2</source>
        <translation>P(zurückgelassen) %1 → %2</translation>
    </message>
    <message>
        <source>was %1 for %2; then %3</source>
        <translation>war %2 lang „%1“; dann %3</translation>
    </message>
    <message>
        <source>it holds %1 (%2): ending it frees it (it removes the file on TERM, leaving things as they were); pausing or freezing would keep it held</source>
        <translation>er hält %1 (%2): Beenden gibt die Datei frei (er entfernt sie bei TERM und lässt alles, wie es war); Anhalten oder Einfrieren hielte sie weiter fest</translation>
    </message>
</context>
<context>
    <name>Relief</name>
    <message>
        <source>a kernel thread</source>
        <translation>ein Kernel-Thread</translation>
    </message>
    <message>
        <source>protected: %1</source>
        <translation>geschützt: %1</translation>
    </message>
    <message>
        <source>its identity could not be read</source>
        <translation>seine Identität konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>a zombie: it has already ended, and its parent must reap it</source>
        <translation>ein Zombie: bereits beendet, sein Elternprozess muss ihn einsammeln</translation>
    </message>
    <message>
        <source>in uninterruptible sleep (D): a signal is not delivered until its I/O finishes</source>
        <translation>in nicht unterbrechbarem Schlaf (D): kein Signal wird zugestellt, bis seine I/O fertig ist</translation>
    </message>
    <message>
        <source>holds %1 (%2)</source>
        <translation>hält %1 (%2)</translation>
    </message>
    <message>
        <source>in use: %1</source>
        <translation>in Benutzung: %1</translation>
    </message>
    <message>
        <source>in use: in the foreground of a terminal</source>
        <translation>in Benutzung: im Vordergrund eines Terminals</translation>
    </message>
    <message>
        <source>its open files could not be read, so a critical file cannot be ruled out</source>
        <translation>seine offenen Dateien konnten nicht gelesen werden, eine kritische Datei ist also nicht auszuschließen</translation>
    </message>
    <message>
        <source>a wrapper: its workload %1 is the one to end</source>
        <translation>ein Wrapper: zu beenden ist seine eigentliche Arbeit %1</translation>
    </message>
    <message>
        <source>only %1 old (minimum age %2)</source>
        <translation>erst %1 alt (Mindestalter %2)</translation>
    </message>
    <message>
        <source>blast radius critical: %1</source>
        <translation>Auswirkungsradius kritisch: %1</translation>
    </message>
    <message>
        <source>not a candidate: ptriage recommends %1</source>
        <translation>kein Kandidat: ptriage empfiehlt %1</translation>
    </message>
    <message>
        <source>ends with it: %1, %2</source>
        <translation>endet mit ihm: %1, %2</translation>
    </message>
    <message>
        <source>in its unit: %1, %2</source>
        <translation>in seiner Unit: %1, %2</translation>
    </message>
    <message>
        <source>%1 %2, frees %3 (PSS)</source>
        <translation>%1 %2, gibt %3 frei (PSS)</translation>
    </message>
    <message>
        <source>%1 %2, frees %3 (RSS minus shared)</source>
        <translation>%1 %2, gibt %3 frei (RSS ohne geteilten Speicher)</translation>
    </message>
    <message>
        <source>%1 with %2 more of its process group</source>
        <translation>%1 mit %2 weiteren aus seiner Prozessgruppe</translation>
    </message>
    <message>
        <source>%1 with %2 more of its unit</source>
        <translation>%1 mit %2 weiteren aus seiner Unit</translation>
    </message>
    <message>
        <source>%1; blast radius %2: %3</source>
        <translation>%1; Auswirkungsradius %2: %3</translation>
    </message>
    <message>
        <source>%1; blast radius %2</source>
        <translation>%1; Auswirkungsradius %2</translation>
    </message>
    <message>
        <source>supervised: stop %1 yourself (a kill would be restarted); %2</source>
        <translation>überwacht: %1 selbst stoppen (ein beendeter Prozess würde neu gestartet); %2</translation>
    </message>
    <message>
        <source>nothing in this scan listens on port %1 (another user&apos;s sockets are visible only with privileges)</source>
        <translation>in diesem Scan lauscht nichts auf Port %1 (Sockets anderer Benutzer sind nur mit Rechten sichtbar)</translation>
    </message>
    <message>
        <source>port %1 cannot be freed safely: %2</source>
        <translation>Port %1 kann nicht sicher freigegeben werden: %2</translation>
    </message>
    <message>
        <source>its holders cannot all be ended together</source>
        <translation>seine Inhaber können nicht alle zusammen beendet werden</translation>
    </message>
    <message>
        <source>cannot free %1 safely: the most that can be freed without crossing a gate is %2 (%3 step)</source>
        <translation>kann %1 nicht sicher freigeben: ohne eine Sperre zu übergehen, lassen sich höchstens %2 freigeben (%3 Schritt)</translation>
    </message>
    <message>
        <source>cannot free %1 safely: the most that can be freed without crossing a gate is %2 (%3 steps)</source>
        <translation>kann %1 nicht sicher freigeben: ohne eine Sperre zu übergehen, lassen sich höchstens %2 freigeben (%3 Schritte)</translation>
    </message>
    <message>
        <source>%1; the largest left out: %2, %3 — %4</source>
        <translation>%1; der größte ausgelassene: %2, %3 — %4</translation>
    </message>
</context>
<context>
    <name>ReliefText</name>
    <message>
        <source>free TCP port %1</source>
        <translation>TCP-Port %1 freigeben</translation>
    </message>
    <message>
        <source>free %1</source>
        <translation>%1 freigeben</translation>
    </message>
    <message>
        <source>reached: frees %1</source>
        <translation>erreicht: gibt %1 frei</translation>
    </message>
    <message>
        <source>NOT reachable safely</source>
        <translation>NICHT sicher erreichbar</translation>
    </message>
    <message>
        <source>exact search</source>
        <translation>exakte Suche</translation>
    </message>
    <message>
        <source>greedy search with local improvement</source>
        <translation>gierige Suche mit lokaler Verbesserung</translation>
    </message>
    <message>
        <source>Goal: %1 — %2 (%3)</source>
        <translation>Ziel: %1 — %2 (%3)</translation>
    </message>
    <message>
        <source>No step.</source>
        <translation>Kein Schritt.</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>ACTION</source>
        <translation>AKTION</translation>
    </message>
    <message>
        <source>FREES</source>
        <translation>GIBT FREI</translation>
    </message>
    <message>
        <source>LOSS</source>
        <translation>VERLUST</translation>
    </message>
    <message>
        <source>RISK</source>
        <translation>RISIKO</translation>
    </message>
    <message>
        <source>COMMAND</source>
        <translation>BEFEHL</translation>
    </message>
    <message>
        <source>end</source>
        <translation>beenden</translation>
    </message>
    <message>
        <source>advice</source>
        <translation>Rat</translation>
    </message>
    <message>
        <source>not carried out by ptriage: stop %1 yourself</source>
        <translation>nicht von ptriage ausgeführt: %1 selbst stoppen</translation>
    </message>
    <message>
        <source>also ends %1 %2</source>
        <translation>beendet auch %1 %2</translation>
    </message>
    <message>
        <source>total: frees %1, expected loss %2</source>
        <translation>gesamt: gibt %1 frei, erwarteter Verlust %2</translation>
    </message>
    <message>
        <source>Left out:</source>
        <translation>Ausgelassen:</translation>
    </message>
    <message>
        <source>Leftovers: %1 (ptriage groups lists them)</source>
        <translation>Überbleibsel: %1 (ptriage groups listet sie)</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <source>Cannot write the report</source>
        <translation>Der Bericht kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>The report was written to %1.</source>
        <translation>Der Bericht wurde nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>It has no comparison with saved sessions: %1</source>
        <translation>Er enthält keinen Vergleich mit gespeicherten Sitzungen: %1</translation>
    </message>
    <message>
        <source>Report written</source>
        <translation>Bericht geschrieben</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
</context>
<context>
    <name>RowRoles</name>
    <message>
        <source>%1 by ptriage · %2</source>
        <translation>%1 durch ptriage · %2</translation>
    </message>
</context>
<context>
    <name>ScanText</name>
    <message>
        <source>over the last %1</source>
        <translation>in den letzten %1</translation>
    </message>
    <message>
        <source>unknown (no earlier sample)</source>
        <translation>unbekannt (keine frühere Messung)</translation>
    </message>
    <message>
        <source>ptriage: %1 processes, 1 candidate; rates %2</source>
        <translation>ptriage: %1 Prozesse, 1 Kandidat; Raten %2</translation>
    </message>
    <message>
        <source>ptriage: %1 processes, %2 candidates; rates %3</source>
        <translation>ptriage: %1 Prozesse, %2 Kandidaten; Raten %3</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Nothing needs attention. `ptriage scan --all` lists every process.</source>
        <translation>Nichts braucht Aufmerksamkeit. `ptriage scan --all` listet jeden Prozess.</translation>
    </message>
    <message>
        <source>ACTION</source>
        <translation>AKTION</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>SCORE</source>
        <translation>WERT</translation>
    </message>
    <message>
        <source>AGE</source>
        <translation>ALTER</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>SPEICHER</translation>
    </message>
    <message>
        <source>COMMAND / WHY</source>
        <translation>BEFEHL / WARUM</translation>
    </message>
    <message>
        <source>command:    %1</source>
        <translation>Befehl:     %1</translation>
    </message>
    <message>
        <source>user:       %1   state: %2   age: %3   cpu: %4   memory: %5   fds: %6</source>
        <translation>Benutzer:   %1   Zustand: %2   Alter: %3   CPU: %4   Speicher: %5   FDs: %6</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>category:   %1</source>
        <translation>Kategorie:  %1</translation>
    </message>
    <message>
        <source>   supervisor: %1</source>
        <translation>   Supervisor: %1</translation>
    </message>
    <message>
        <source>protected:  %1</source>
        <translation>geschützt:  %1</translation>
    </message>
    <message>
        <source>wrapper:    pid %1</source>
        <translation>Wrapper:    PID %1</translation>
    </message>
    <message>
        <source>workload:   pid %1</source>
        <translation>Arbeitslast: PID %1</translation>
    </message>
    <message>
        <source>partial:    %1</source>
        <translation>lückenhaft: %1</translation>
    </message>
    <message>
        <source>posterior (%1 confidence):</source>
        <translation>A-posteriori (Konfidenz %1):</translation>
    </message>
    <message>
        <source>evidence ledger (bits for %1 against %2):</source>
        <translation>Indizien (Bit für %1 gegenüber %2):</translation>
    </message>
    <message>
        <source>expected loss:</source>
        <translation>erwarteter Verlust:</translation>
    </message>
    <message>
        <source>(blocked)</source>
        <translation>(gesperrt)</translation>
    </message>
    <message>
        <source>review (keep for now)</source>
        <translation>prüfen (vorerst behalten)</translation>
    </message>
    <message>
        <source>%1 on pid %2</source>
        <translation>%1 auf PID %2</translation>
    </message>
    <message>
        <source>recommendation: %1   (triage score %2)</source>
        <translation>Empfehlung: %1   (Triage-Bewertung %2)</translation>
    </message>
    <message>
        <source>blast radius: %1 (%2), 1 process affected</source>
        <translation>Auswirkungsradius: %1 (%2), 1 Prozess betroffen</translation>
    </message>
    <message>
        <source>blast radius: %1 (%2), %3 processes affected</source>
        <translation>Auswirkungsradius: %1 (%2), %3 Prozesse betroffen</translation>
    </message>
    <message>
        <source>open files:</source>
        <translation>offene Dateien:</translation>
    </message>
    <message>
        <source>%1: %2 (pid %3)</source>
        <translation>%1: %2 (PID %3)</translation>
    </message>
    <message>
        <source>changed: %1</source>
        <translation>geändert: %1</translation>
    </message>
    <message>
        <source>actions:    none</source>
        <translation>Aktionen:   keine</translation>
    </message>
    <message>
        <source>actions:    </source>
        <translation>Aktionen:   </translation>
    </message>
    <message>
        <source>(ptriage act VERB START_ID)</source>
        <translation>(ptriage act VERB START_ID)</translation>
    </message>
    <message>
        <source>refused:    </source>
        <translation>abgelehnt:  </translation>
    </message>
</context>
<context>
    <name>SessionComparison</name>
    <message>
        <source>there is no current scan to compare with yet</source>
        <translation>es gibt noch keine aktuelle Erfassung zum Vergleichen</translation>
    </message>
    <message>
        <source>session %1 is not before session %2, or one is gone</source>
        <translation>Sitzung %1 liegt nicht vor Sitzung %2, oder eine davon ist weg</translation>
    </message>
    <message>
        <source>sessions %1 and %2 are of different machines: nothing to compare</source>
        <translation>Sitzungen %1 und %2 stammen von verschiedenen Rechnern: nichts zu vergleichen</translation>
    </message>
</context>
<context>
    <name>SessionText</name>
    <message>
        <source>no sessions saved</source>
        <translation>keine Sitzungen gespeichert</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>TIME</source>
        <translation>ZEIT</translation>
    </message>
    <message>
        <source>HOST</source>
        <translation>HOST</translation>
    </message>
    <message>
        <source>PROCESSES</source>
        <translation>PROZESSE</translation>
    </message>
    <message>
        <source>CANDIDATES</source>
        <translation>KANDIDATEN</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>SPEICHER</translation>
    </message>
    <message>
        <source>session %1 (%2) → session %3 (%4)</source>
        <translation>Sitzung %1 (%2) → Sitzung %3 (%4)</translation>
    </message>
    <message>
        <source>different boots: processes compared by command and origin only, not by identity</source>
        <translation>verschiedene Systemstarts: Prozesse nur nach Befehl und Herkunft verglichen, nicht nach Identität</translation>
    </message>
    <message>
        <source>%1 (review)</source>
        <translation>%1 (prüfen)</translation>
    </message>
    <message>
        <source>parent %1 → %2</source>
        <translation>Elternprozess %1 → %2</translation>
    </message>
    <message>
        <source>actions taken between the two (%1):</source>
        <translation>Aktionen zwischen den beiden (%1):</translation>
    </message>
    <message>
        <source>no sessions in that span</source>
        <translation>keine Sitzungen in diesem Zeitraum</translation>
    </message>
    <message>
        <source>%1 sessions over %2</source>
        <translation>%1 Sitzungen über %2</translation>
    </message>
    <message>
        <source>SOURCE</source>
        <translation>QUELLE</translation>
    </message>
    <message>
        <source>PARENT</source>
        <translation>ELTERNPROZESS</translation>
    </message>
    <message>
        <source>FIRST→NOW</source>
        <translation>ERST→JETZT</translation>
    </message>
    <message>
        <source>PER HOUR</source>
        <translation>PRO STUNDE</translation>
    </message>
    <message>
        <source>SHARE</source>
        <translation>ANTEIL</translation>
    </message>
    <message>
        <source>UNIT / PROJECT / TERMINAL</source>
        <translation>UNIT / PROJEKT / TERMINAL</translation>
    </message>
    <message>
        <source>%1 (gone)</source>
        <translation>%1 (weg)</translation>
    </message>
    <message>
        <source> (span too short for a rate per hour: under %1)</source>
        <translation> (Zeitraum zu kurz für eine Rate pro Stunde: unter %1)</translation>
    </message>
    <message>
        <source>started by %1 (ended)</source>
        <translation>Urheber: %1 (beendet)</translation>
    </message>
    <message>
        <source>started by %1</source>
        <translation>Urheber: %1</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>Machines: %1</source>
        <translation>Rechner: %1</translation>
    </message>
    <message>
        <source>only one machine has sessions in that span: save others with &apos;ptriage scan --host HOST --save&apos;</source>
        <translation>nur ein Rechner hat Sitzungen in diesem Zeitraum: weitere speichern mit &apos;ptriage scan --host HOST --save&apos;</translation>
    </message>
    <message>
        <source>no command runs on more than one machine</source>
        <translation>kein Befehl läuft auf mehr als einem Rechner</translation>
    </message>
    <message>
        <source>(%1 left behind)</source>
        <translation>(%1 zurückgelassen)</translation>
    </message>
    <message>
        <source>(sessions: %1)</source>
        <translation>(Sitzungen: %1)</translation>
    </message>
</context>
<context>
    <name>WatchText</name>
    <message>
        <source>%1  %2 processes · %3 candidates · %4 reclaimable</source>
        <translation>%1  %2 Prozesse · %3 Kandidaten · %4 freisetzbar</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>CLASS</source>
        <translation>KLASSE</translation>
    </message>
    <message>
        <source>ACTION</source>
        <translation>AKTION</translation>
    </message>
    <message>
        <source>SCORE</source>
        <translation>WERT</translation>
    </message>
    <message>
        <source>P(ABAND.)</source>
        <translation>P(VERL.)</translation>
    </message>
    <message>
        <source>%1  %2 processes · 1 candidate · %3 reclaimable</source>
        <translation>%1  %2 Prozesse · 1 Kandidat · %3 freisetzbar</translation>
    </message>
</context>
<context>
    <name>ptriage::ActionDialog</name>
    <message>
        <source>nothing else</source>
        <translation>sonst nichts</translation>
    </message>
    <message>
        <source>other processes: %1</source>
        <translation>andere Prozesse: %1</translation>
    </message>
    <message>
        <source>End (TERM, then KILL)</source>
        <translation>Beenden (TERM, dann KILL)</translation>
    </message>
    <message>
        <source>Kill (KILL)</source>
        <translation>Beenden erzwingen (KILL)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Freeze</source>
        <translation>Einfrieren</translation>
    </message>
    <message>
        <source>Thaw</source>
        <translation>Auftauen</translation>
    </message>
    <message>
        <source>Throttle</source>
        <translation>Drosseln</translation>
    </message>
    <message>
        <source>Unthrottle</source>
        <translation>Drosselung aufheben</translation>
    </message>
    <message>
        <source>Renice</source>
        <translation>Priorität senken</translation>
    </message>
    <message>
        <source>Quarantine</source>
        <translation>Quarantäne (CPU)</translation>
    </message>
    <message>
        <source>Release from quarantine</source>
        <translation>Aus der Quarantäne entlassen</translation>
    </message>
    <message>
        <source>Send a signal</source>
        <translation>Signal senden</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Would affect</source>
        <translation>Würde betreffen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%1 — confirm</source>
        <translation>%1 — bestätigen</translation>
    </message>
    <message>
        <source>gone, or its PID now names another process — left alone</source>
        <translation>beendet, oder seine PID gehört jetzt einem anderen Prozess — bleibt unberührt</translation>
    </message>
    <message>
        <source>left alone: %1</source>
        <translation>bleibt unberührt: %1</translation>
    </message>
    <message>
        <source>None of these processes can get this action; nothing will be done.</source>
        <translation>Keiner dieser Prozesse kann diese Aktion erhalten; es wird nichts getan.</translation>
    </message>
    <message>
        <source>%1: one process. Check what else would be affected before you go on.</source>
        <translation>%1: ein Prozess. Prüfen Sie, was sonst betroffen wäre, bevor Sie fortfahren.</translation>
    </message>
    <message>
        <source>%1: %2 processes. Check what else would be affected before you go on.</source>
        <translation>%1: %2 Prozesse. Prüfen Sie, was sonst betroffen wäre, bevor Sie fortfahren.</translation>
    </message>
    <message>
        <source>I understand that this may break other processes (%1 found) and the services that depend on them: the risk is high.</source>
        <translation>Mir ist klar, dass dies andere Prozesse (%1 gefunden) und die Dienste, die von ihnen abhängen, stören kann: Das Risiko ist hoch.</translation>
    </message>
    <message>
        <source>Confine to CPUs (0–%1, comma-separated):</source>
        <translation>Auf CPUs beschränken (0–%1, durch Kommas getrennt):</translation>
    </message>
    <message>
        <source>CPU allowed (percent of one core):</source>
        <translation>Erlaubte CPU (Prozent eines Kerns):</translation>
    </message>
    <message>
        <source>Ask the parent to collect this zombie (SIGCHLD)</source>
        <translation>Den Elternprozess bitten, diesen Zombie einzusammeln (SIGCHLD)</translation>
    </message>
    <message>
        <source>Send SIG%1</source>
        <translation>SIG%1 senden</translation>
    </message>
    <message>
        <source>%1 (the system)</source>
        <translation>%1 (das System)</translation>
    </message>
    <message>
        <source>%1 (another user)</source>
        <translation>%1 (ein anderer Benutzer)</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>Beenden erzwingen</translation>
    </message>
    <message>
        <source>Ask the parent</source>
        <translation>Elternprozess bitten</translation>
    </message>
    <message>
        <source>Send the signal</source>
        <translation>Signal senden</translation>
    </message>
    <message>
        <source>%1 1 process</source>
        <translation>%1: 1 Prozess</translation>
    </message>
    <message>
        <source>%1 %2 processes</source>
        <translation>%1: %2 Prozesse</translation>
    </message>
    <message>
        <source>ptriage recommends</source>
        <translation>ptriage empfiehlt</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>this</source>
        <translation>dies</translation>
    </message>
    <message>
        <source>not this: %1</source>
        <translation>nicht dies: %1</translation>
    </message>
    <message>
        <source>you</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>&lt;b&gt;ptriage recommends this.&lt;/b&gt;</source>
        <translation>&lt;b&gt;ptriage empfiehlt dies.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;ptriage recommends this for all of them.&lt;/b&gt;</source>
        <translation>&lt;b&gt;ptriage empfiehlt dies für alle.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;ptriage does not recommend this&lt;/b&gt; (see what it recommends below): be sure.</source>
        <translation>&lt;b&gt;ptriage empfiehlt dies nicht&lt;/b&gt; (was es empfiehlt, steht unten): seien Sie sicher.</translation>
    </message>
    <message>
        <source>&lt;b&gt;ptriage recommends this for none of them&lt;/b&gt; (see below): be sure.</source>
        <translation>&lt;b&gt;ptriage empfiehlt dies für keinen davon&lt;/b&gt; (siehe unten): seien Sie sicher.</translation>
    </message>
    <message>
        <source>&lt;b&gt;ptriage recommends this for %1 of them&lt;/b&gt;, not for the others (see below).</source>
        <translation>&lt;b&gt;ptriage empfiehlt dies für %1 davon&lt;/b&gt;, nicht für die anderen (siehe unten).</translation>
    </message>
    <message>
        <source>Not yours: %1. Acting on it needs an administrator&apos;s rights; the system will ask.</source>
        <translation>Nicht Ihrer: %1. Dafür braucht es Administratorrechte; das System wird fragen.</translation>
    </message>
    <message>
        <source>Already at the lowest priority (nice 19): renicing cannot lower it.</source>
        <translation>Schon bei der niedrigsten Priorität (nice 19): sie lässt sich nicht weiter senken.</translation>
    </message>
    <message>
        <source>Now nice %1. New nice value (up to 19, the lowest priority):</source>
        <translation>Jetzt nice %1. Neuer nice-Wert (bis 19, die niedrigste Priorität):</translation>
    </message>
    <message>
        <source>%1 · started %2</source>
        <translation>%1 · gestartet %2</translation>
    </message>
    <message>
        <source>Identity %1: left out, not ended</source>
        <translation>Identität %1: ausgelassen, nicht beendet</translation>
    </message>
    <message>
        <source>Identity %1: will be ended</source>
        <translation>Identität %1: wird beendet</translation>
    </message>
    <message>
        <source>PID, started</source>
        <translation>PID, gestartet</translation>
    </message>
    <message>
        <source>%1 (its owner: %2)</source>
        <translation>%1 (Urheber: %2)</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>End this group&apos;s leftovers — confirm</source>
        <translation>Überbleibsel dieser Gruppe beenden — bestätigen</translation>
    </message>
    <message>
        <source>&lt;b&gt;End the leftovers of %1:&lt;/b&gt; %2 of its %3 processes.</source>
        <translation>&lt;b&gt;Überbleibsel beenden – %1:&lt;/b&gt; %2 ihrer %3 Prozesse.</translation>
    </message>
    <message>
        <source>%1 are left out, greyed, each with the reason: what is in use, protected or blocked is never ended from here.</source>
        <translation>%1 werden ausgelassen, ausgegraut, jeder mit dem Grund: was in Benutzung, geschützt oder gesperrt ist, wird von hier aus nie beendet.</translation>
    </message>
    <message>
        <source>%1 — left out: %2</source>
        <translation>%1 — ausgelassen: %2</translation>
    </message>
    <message>
        <source>Its own verdict</source>
        <translation>Sein eigenes Urteil</translation>
    </message>
    <message>
        <source>1 is left out, greyed, with the reason: what is in use, protected or blocked is never ended from here.</source>
        <translation>1 wird ausgelassen, ausgegraut, mit dem Grund: was in Benutzung, geschützt oder gesperrt ist, wird von hier aus nie beendet.</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>ausgelassen: %1</translation>
    </message>
    <message>
        <source>%1 — on %2</source>
        <translation>%1 — auf %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;On %1&lt;/b&gt;, over ssh: ptriage there checks each process again before it acts, and cannot ask for a password.</source>
        <translation>&lt;b&gt;Auf %1&lt;/b&gt;, über ssh: ptriage prüft dort jeden Prozess erneut, bevor es handelt, und kann nicht nach einem Passwort fragen.</translation>
    </message>
    <message>
        <source>Not yours: %1. On %2 that needs a polkit rule there that allows it without a password, or acting as its owner.</source>
        <translation>Nicht Ihre: %1. Auf %2 braucht das dort eine polkit-Regel, die es ohne Passwort erlaubt, oder Handeln als sein Eigentümer.</translation>
    </message>
</context>
<context>
    <name>ptriage::ActionRunner</name>
    <message>
        <source>Acting is off: the action journal cannot be opened (%1).</source>
        <translation>Aktionen sind aus: Das Aktionsjournal kann nicht geöffnet werden (%1).</translation>
    </message>
    <message>
        <source>An action is still running.</source>
        <translation>Eine Aktion läuft noch.</translation>
    </message>
    <message>
        <source>The action journal is being opened.</source>
        <translation>Das Aktionsjournal wird geöffnet.</translation>
    </message>
</context>
<context>
    <name>ptriage::BlastGraphView</name>
    <message>
        <source>listens on %1</source>
        <translation>lauscht auf %1</translation>
    </message>
    <message>
        <source>lock %1</source>
        <translation>Sperrdatei %1</translation>
    </message>
    <message>
        <source>writing %1</source>
        <translation>schreibt %1</translation>
    </message>
    <message>
        <source>supervisor %1</source>
        <translation>Supervisor %1</translation>
    </message>
    <message>
        <source>%1 (pid %2)
%3 · risk %4</source>
        <translation>%1 (PID %2)
%3 · Risiko %4</translation>
    </message>
</context>
<context>
    <name>ptriage::Desk</name>
    <message>
        <source>Your decision was not remembered: %1</source>
        <translation>Ihre Entscheidung wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Nothing to learn from: the command of that process is unknown.</source>
        <translation>Nichts zu lernen: Der Befehl dieses Prozesses ist unbekannt.</translation>
    </message>
    <message>
        <source>ptriage will count processes like this one as more likely useful.</source>
        <translation>ptriage stuft Prozesse wie diesen künftig eher als nützlich ein.</translation>
    </message>
    <message>
        <source>ptriage learns from this machine&apos;s processes only: %1&apos;s command lines are its own word.</source>
        <translation>ptriage lernt nur aus den Prozessen dieses Rechners: die Befehlszeilen von %1 sind nur dessen Angabe.</translation>
    </message>
    <message>
        <source>The session database works again: saving and learning go on.</source>
        <translation>Die Sitzungsdatenbank funktioniert wieder: Speichern und Lernen gehen weiter.</translation>
    </message>
</context>
<context>
    <name>ptriage::DetailsPane</name>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>socket</source>
        <translation>Socket</translation>
    </message>
    <message>
        <source>pipe</source>
        <translation>Pipe</translation>
    </message>
    <message>
        <source>terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <source>device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>%1, listening</source>
        <translation>%1, lauschend</translation>
    </message>
    <message>
        <source>%1, connected</source>
        <translation>%1, verbunden</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>fd</source>
        <translation>fd</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Command line:</source>
        <translation>Befehlszeile:</translation>
    </message>
    <message>
        <source>Executable:</source>
        <translation>Programmdatei:</translation>
    </message>
    <message>
        <source>Working directory:</source>
        <translation>Arbeitsverzeichnis:</translation>
    </message>
    <message>
        <source>Project:</source>
        <translation>Projekt:</translation>
    </message>
    <message>
        <source>Cgroup:</source>
        <translation>Cgroup:</translation>
    </message>
    <message>
        <source>Supervisor:</source>
        <translation>Supervisor:</translation>
    </message>
    <message>
        <source>Environment (secret-looking values masked)</source>
        <translation>Umgebung (geheim wirkende Werte maskiert)</translation>
    </message>
    <message>
        <source>Open files and sockets</source>
        <translation>Offene Dateien und Sockets</translation>
    </message>
    <message>
        <source>No process selected</source>
        <translation>Kein Prozess ausgewählt</translation>
    </message>
    <message>
        <source>%1 — pid %2</source>
        <translation>%1 — PID %2</translation>
    </message>
    <message>
        <source>[%1] (no command line: a kernel thread, a zombie, or not readable)</source>
        <translation>[%1] (keine Befehlszeile: ein Kernel-Thread, ein Zombie oder nicht lesbar)</translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>%1 (deleted)</source>
        <translation>%1 (gelöscht)</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <source>Not everything could be read: %1</source>
        <translation>Nicht alles konnte gelesen werden: %1</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>wird geladen…</translation>
    </message>
    <message>
        <source>write</source>
        <translation>schreiben</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lesen</translation>
    </message>
    <message>
        <source>not read: the process is on %1</source>
        <translation>nicht gelesen: der Prozess läuft auf %1</translation>
    </message>
    <message>
        <source>very high</source>
        <translation>sehr hohe</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hohe</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normale</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrige</translation>
    </message>
    <message>
        <source>very low</source>
        <translation>sehr niedrige</translation>
    </message>
    <message>
        <source>%1 priority (nice %2)</source>
        <translation>%1 Priorität (nice %2)</translation>
    </message>
    <message>
        <source>user unknown</source>
        <translation>Benutzer unbekannt</translation>
    </message>
    <message>
        <source>user %1</source>
        <translation>Benutzer %1</translation>
    </message>
    <message>
        <source>parent %1 (%2)</source>
        <translation>Elternprozess %1 (%2)</translation>
    </message>
    <message>
        <source>parent %1</source>
        <translation>Elternprozess %1</translation>
    </message>
    <message>
        <source>started %1 (%2 ago)</source>
        <translation>gestartet %1 (vor %2)</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 Thread</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 Threads</translation>
    </message>
    <message>
        <source>Process:</source>
        <translation>Prozess:</translation>
    </message>
</context>
<context>
    <name>ptriage::EndedSessionAlerts</name>
    <message>
        <source>Leftovers of an ended session</source>
        <translation>Überbleibsel einer beendeten Sitzung</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>End them would end %1.</source>
        <translation>„Alle beenden“ beendet %1.</translation>
    </message>
    <message>
        <source>End them</source>
        <translation>Alle beenden</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
</context>
<context>
    <name>ptriage::HistoryCharts</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>% of one core</source>
        <translation>% eines Kerns</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>MiB resident</source>
        <translation>MiB im Speicher</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>I/O</translation>
    </message>
    <message>
        <source>KiB/s read + written</source>
        <translation>KiB/s gelesen + geschrieben</translation>
    </message>
    <message>
        <source>System memory</source>
        <translation>Systemspeicher</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>used</source>
        <translation>belegt</translation>
    </message>
    <message>
        <source>PSI some</source>
        <translation>PSI some</translation>
    </message>
    <message>
        <source>PSI full</source>
        <translation>PSI full</translation>
    </message>
    <message>
        <source>CPU — %1</source>
        <translation>CPU — %1</translation>
    </message>
    <message>
        <source>Memory — %1</source>
        <translation>Speicher — %1</translation>
    </message>
    <message>
        <source>I/O — %1</source>
        <translation>I/O — %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>ptriage::LearnedDialog</name>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Spared</source>
        <translation>Verschont</translation>
    </message>
    <message>
        <source>Came back</source>
        <translation>Kam wieder</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>Entscheidungen</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Zuletzt</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>&amp;Vergessen</translation>
    </message>
    <message>
        <source>&amp;Clear everything</source>
        <translation>&amp;Alles löschen</translation>
    </message>
    <message>
        <source>Learned from your decisions</source>
        <translation>Aus Ihren Entscheidungen gelernt</translation>
    </message>
    <message>
        <source>Every process you end counts for &quot;abandoned&quot;, every one you spare for &quot;useful&quot;, for processes with the same command (exact, generalized, or the program alone). Counts fade with time; a spare weighs more than an end.</source>
        <translation>Jeder Prozess, den Sie beenden, zählt für „zurückgelassen“, jeder, den Sie verschonen, für „nützlich“ – für Prozesse mit demselben Befehl (genau, verallgemeinert oder nur das Programm). Die Zählung verblasst mit der Zeit; ein Verschonen wiegt mehr als ein Beenden.</translation>
    </message>
    <message>
        <source>Clear everything learned</source>
        <translation>Alles Gelernte löschen</translation>
    </message>
    <message>
        <source>Forget every decision ptriage learned from? Verdicts go back to what the evidence alone says.</source>
        <translation>Alle Entscheidungen vergessen, aus denen ptriage gelernt hat? Die Einstufungen beruhen dann wieder allein auf den Indizien.</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht geändert: %1</translation>
    </message>
    <message>
        <source>Cannot read what was learned: %1</source>
        <translation>Das Gelernte kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Nothing learned yet: end or spare a process, and it shows here.</source>
        <translation>Noch nichts gelernt: Beenden oder verschonen Sie einen Prozess, dann erscheint es hier.</translation>
    </message>
    <message>
        <source>%1 patterns</source>
        <translation>%1 Muster</translation>
    </message>
</context>
<context>
    <name>ptriage::LedgerPane</name>
    <message>
        <source>Evidence</source>
        <translation>Indiz</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Bit</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Posterior</source>
        <translation>A-posteriori-Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Evidence ledger</source>
        <translation>Indizienliste</translation>
    </message>
    <message>
        <source>Links, files and sockets</source>
        <translation>Verknüpfungen, Dateien und Sockets</translation>
    </message>
    <message>
        <source>No process selected</source>
        <translation>Kein Prozess ausgewählt</translation>
    </message>
    <message>
        <source>%1 — pid %2</source>
        <translation>%1 — PID %2</translation>
    </message>
    <message>
        <source>%1 on its parent %2</source>
        <translation>%1 auf den Elternprozess %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — triage score %2 of 100; blast radius %3 (%4 processes affected)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — Triage-Bewertung %2 von 100; Auswirkungsradius %3 (%4 Prozesse betroffen)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Protected: %1</source>
        <translation>&lt;br&gt;Geschützt: %1</translation>
    </message>
    <message>
        <source>%1 bits toward %2</source>
        <translation>%1 Bit für „%2“</translation>
    </message>
    <message>
        <source> (blocked)</source>
        <translation> (blockiert)</translation>
    </message>
    <message>
        <source>Expected loss: %1</source>
        <translation>Erwarteter Verlust: %1</translation>
    </message>
    <message>
        <source>Wrapped by %1</source>
        <translation>Läuft im Wrapper %1</translation>
    </message>
    <message>
        <source>Wrapper of the workload %1</source>
        <translation>Wrapper der Arbeitslast %1</translation>
    </message>
    <message>
        <source>No supervisor</source>
        <translation>Kein Supervisor</translation>
    </message>
    <message>
        <source>Supervisor: %1</source>
        <translation>Supervisor: %1</translation>
    </message>
    <message>
        <source>listens on %1</source>
        <translation>lauscht auf %1</translation>
    </message>
    <message>
        <source>critical, open for writing: %1 — %2</source>
        <translation>kritisch, zum Schreiben geöffnet: %1 — %2</translation>
    </message>
    <message>
        <source>holds a lock on %1</source>
        <translation>hält eine Sperre auf %1</translation>
    </message>
    <message>
        <source>fd %1 %2 %3</source>
        <translation>fd %1 %2 %3</translation>
    </message>
    <message>
        <source>writes</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>reads</source>
        <translation>liest</translation>
    </message>
    <message>
        <source>not everything could be read: %1</source>
        <translation>nicht alles konnte gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 open files (details load when selected)</source>
        <translation>%1 offene Dateien (Details werden bei Auswahl geladen)</translation>
    </message>
    <message>
        <source>%1 old · %2 confidence · %3 · %4 · identity %5</source>
        <translation>%1 alt · Konfidenz %2 · %3 · %4 · Identität %5</translation>
    </message>
    <message>
        <source>Select a process in the table to see why it got its verdict, term by term. Rows with a bold action are the ones ptriage recommends acting on; &quot;review&quot; rows need a look first.</source>
        <translation>Wählen Sie einen Prozess in der Tabelle, um Indiz für Indiz zu sehen, warum er sein Urteil bekam. Zeilen mit fetter Aktion sind die, bei denen ptriage Handeln empfiehlt; Zeilen mit „prüfen“ brauchen erst einen Blick.</translation>
    </message>
    <message>
        <source>Bits: toward %1 (right) or %2 (left)</source>
        <translation>Bits: in Richtung %1 (rechts) oder %2 (links)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;Changed: %1</source>
        <translation>&lt;br&gt;Geändert: %1</translation>
    </message>
    <message>
        <source>holds %1 (%2), which it removes when it ends</source>
        <translation>hält %1 (%2), die er beim Beenden entfernt</translation>
    </message>
</context>
<context>
    <name>ptriage::MachineChooser</name>
    <message>
        <source>Which machine&apos;s processes are shown (File → Add host… adds one)</source>
        <translation>Welcher Rechner gezeigt wird (Datei → Rechner hinzufügen… fügt einen hinzu)</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>Dieser Rechner</translation>
    </message>
    <message>
        <source>The hosts file has an error: %1</source>
        <translation>Die Rechnerdatei hat einen Fehler: %1</translation>
    </message>
    <message>
        <source>%1 — not reachable now, showing its last answer: %2</source>
        <translation>%1 — gerade nicht erreichbar, gezeigt wird seine letzte Antwort: %2</translation>
    </message>
    <message>
        <source>%1 — not reachable: %2</source>
        <translation>%1 — nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>Add host</source>
        <translation>Rechner hinzufügen</translation>
    </message>
    <message>
        <source>A machine to triage over ssh: anything ssh accepts (user@host, an alias of ~/.ssh/config). ptriage must be installed there; its processes are judged here.</source>
        <translation>Ein Rechner, der über ssh geprüft wird: alles, was ssh annimmt (benutzer@rechner, ein Alias aus ~/.ssh/config). Dort muss ptriage installiert sein; seine Prozesse werden hier beurteilt.</translation>
    </message>
    <message>
        <source>%1 was not added: %2</source>
        <translation>%1 wurde nicht hinzugefügt: %2</translation>
    </message>
    <message>
        <source>%1 is in the hosts file; its processes can be chosen once it answers.</source>
        <translation>%1 steht in der Rechnerdatei; seine Prozesse sind wählbar, sobald er antwortet.</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>Rechner entfernen</translation>
    </message>
    <message>
        <source>The hosts file lists no host.</source>
        <translation>Die Rechnerdatei nennt keinen Rechner.</translation>
    </message>
    <message>
        <source>Take this host out of the hosts file (its saved sessions stay):</source>
        <translation>Diesen Rechner aus der Rechnerdatei nehmen (seine gespeicherten Sitzungen bleiben):</translation>
    </message>
    <message>
        <source>%1 was not removed: %2</source>
        <translation>%1 wurde nicht entfernt: %2</translation>
    </message>
    <message>
        <source>%1 is no longer in the hosts file.</source>
        <translation>%1 steht nicht mehr in der Rechnerdatei.</translation>
    </message>
</context>
<context>
    <name>ptriage::MainWindow</name>
    <message>
        <source>ptriage — process triage</source>
        <translation>ptriage — Prozess-Triage</translation>
    </message>
    <message>
        <source>Select one or more processes first.</source>
        <translation>Wählen Sie zuerst einen oder mehrere Prozesse aus.</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>Der Bericht wird geschrieben…</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Ports</translation>
    </message>
    <message>
        <source>Freeing a port is planned on this machine only: choose This machine.</source>
        <translation>Einen Port freizugeben wird nur auf diesem Rechner geplant: wählen Sie „Dieser Rechner“.</translation>
    </message>
    <message>
        <source>ptriage — %1 (over ssh)</source>
        <translation>ptriage — %1 (über ssh)</translation>
    </message>
    <message>
        <source>Freeing memory is planned on this machine: it is shown again.</source>
        <translation>Speicherfreigabe wird auf diesem Rechner geplant: er wird wieder angezeigt.</translation>
    </message>
</context>
<context>
    <name>ptriage::PortsModel</name>
    <message>
        <source>in use: 1 client</source>
        <translation>genutzt: 1 Client</translation>
    </message>
    <message>
        <source>in use: %1 clients</source>
        <translation>genutzt: %1 Clients</translation>
    </message>
    <message>
        <source>too young</source>
        <translation>zu jung</translation>
    </message>
    <message>
        <source>supervised</source>
        <translation>überwacht</translation>
    </message>
    <message>
        <source>protected</source>
        <translation>geschützt</translation>
    </message>
    <message>
        <source>in a person&apos;s use</source>
        <translation>von einer Person genutzt</translation>
    </message>
    <message>
        <source>holds a critical file</source>
        <translation>hält eine kritische Datei</translation>
    </message>
    <message>
        <source>critical blast radius</source>
        <translation>kritischer Auswirkungsradius</translation>
    </message>
    <message>
        <source>files unknown</source>
        <translation>Dateien unbekannt</translation>
    </message>
    <message>
        <source>a wrapper</source>
        <translation>ein Wrapper</translation>
    </message>
    <message>
        <source>safe to end; ptriage: %1</source>
        <translation>sicher zu beenden; ptriage: %1</translation>
    </message>
    <message>
        <source>not safe: %1</source>
        <translation>nicht sicher: %1</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>Ending it would break (risk %1): %2</source>
        <translation>Sein Beenden würde kaputt machen (Risiko %1): %2</translation>
    </message>
    <message>
        <source>(1 more of its process group ends with it)</source>
        <translation>(1 weiterer Prozess seiner Prozessgruppe endet mit ihm)</translation>
    </message>
    <message>
        <source>(%1 more of its process group end with it)</source>
        <translation>(%1 weitere Prozesse seiner Prozessgruppe enden mit ihm)</translation>
    </message>
    <message>
        <source>Supervised: %1</source>
        <translation>Überwacht: %1</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>Clients</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>%1 — owner %2</source>
        <translation>%1 — Urheber %2</translation>
    </message>
    <message>
        <source>Started by %1; owner %2</source>
        <translation>Gestartet von %1; Urheber %2</translation>
    </message>
    <message>
        <source>Project: %1</source>
        <translation>Projekt: %1</translation>
    </message>
    <message>
        <source>Started by</source>
        <translation>Gestartet von</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Listener</source>
        <translation>Lauscht auf</translation>
    </message>
    <message>
        <source>another user</source>
        <translation>ein anderer Benutzer</translation>
    </message>
    <message>
        <source>not visible</source>
        <translation>nicht sichtbar</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>gehalten von %1</translation>
    </message>
    <message>
        <source>Held by %1. Which of that user&apos;s processes holds it is visible only with privileges (as that user, or as root).</source>
        <translation>Gehalten von %1. Welcher Prozess dieses Benutzers ihn hält, ist nur mit Berechtigungen sichtbar (als dieser Benutzer oder als root).</translation>
    </message>
</context>
<context>
    <name>ptriage::PortsView</name>
    <message>
        <source>Free port…</source>
        <translation>Port freigeben…</translation>
    </message>
    <message>
        <source>The relief plan for the selected port: which of its holders to end, and what it costs</source>
        <translation>Der Entlastungsplan für den gewählten Port: welche seiner Halter zu beenden sind, und was es kostet</translation>
    </message>
    <message>
        <source>Waiting for the first scan…</source>
        <translation>Warte auf die erste Erfassung…</translation>
    </message>
    <message>
        <source>No process of yours listens on a port (another user&apos;s listeners are visible only with privileges).</source>
        <translation>Kein Prozess lauscht auf einem Port (die anderer Benutzer sind nur mit Berechtigungen sichtbar).</translation>
    </message>
    <message>
        <source>Free port %1…</source>
        <translation>Port %1 freigeben…</translation>
    </message>
    <message>
        <source>Choose a listener to see its process; the Verdict&apos;s tooltip says why it is or is not safe to end, and what ending it would break.</source>
        <translation>Wählen Sie einen lauschenden Socket, um seinen Prozess zu sehen; der Tooltip des Urteils sagt, warum er gefahrlos zu beenden ist oder nicht und was sein Beenden kaputt machen würde.</translation>
    </message>
    <message>
        <source>1 listener</source>
        <translation>1 lauschender Socket</translation>
    </message>
    <message>
        <source>%1 listeners on 1 port</source>
        <translation>%1 lauschende Sockets auf 1 Port</translation>
    </message>
    <message>
        <source>%1 listeners on %2 ports</source>
        <translation>%1 lauschende Sockets auf %2 Ports</translation>
    </message>
</context>
<context>
    <name>ptriage::ProcessMenus</name>
    <message>
        <source>A zombie has ended already: no signal reaches it.</source>
        <translation>Ein Zombie ist bereits beendet: kein Signal erreicht ihn.</translation>
    </message>
    <message>
        <source>Not for the selected processes in their state.</source>
        <translation>Nicht für die ausgewählten Prozesse in ihrem Zustand.</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>1 of %1 processes would be ended</source>
        <translation>1 von %1 Prozessen würde beendet</translation>
    </message>
    <message>
        <source>%1 of %2 processes would be ended</source>
        <translation>%1 von %2 Prozessen würden beendet</translation>
    </message>
    <message>
        <source>End this group&apos;s leftovers…</source>
        <translation>Überbleibsel dieser Gruppe beenden…</translation>
    </message>
    <message>
        <source>Recommended: %1</source>
        <translation>Empfohlen: %1</translation>
    </message>
    <message>
        <source>End the leftovers of its group…</source>
        <translation>Überbleibsel seiner Gruppe beenden…</translation>
    </message>
    <message>
        <source>Select an origin group (View → By origin) first.</source>
        <translation>Wählen Sie zuerst eine Herkunftsgruppe (Ansicht → Nach Herkunft).</translation>
    </message>
    <message>
        <source>Nothing of this group would be ended: every member is in use, protected or blocked.</source>
        <translation>Nichts aus dieser Gruppe würde beendet: jedes Mitglied ist in Benutzung, geschützt oder gesperrt.</translation>
    </message>
</context>
<context>
    <name>ptriage::ReliefDialog</name>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Frees</source>
        <translation>Gibt frei</translation>
    </message>
    <message>
        <source>Measured as</source>
        <translation>Gemessen als</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>End these processes…</source>
        <translation>Diese Prozesse beenden…</translation>
    </message>
    <message>
        <source>Free memory</source>
        <translation>Speicher freigeben</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Planen</translation>
    </message>
    <message>
        <source>Free at least</source>
        <translation>Mindestens freigeben</translation>
    </message>
    <message>
        <source>Waiting for the first scan…</source>
        <translation>Warte auf die erste Erfassung…</translation>
    </message>
    <message>
        <source>Measuring what each candidate would free…</source>
        <translation>Es wird gemessen, was jeder Kandidat freigäbe…</translation>
    </message>
    <message>
        <source> (and %1 with it)</source>
        <translation> (und %1 mit ihm)</translation>
    </message>
    <message>
        <source>PSS</source>
        <translation>PSS</translation>
    </message>
    <message>
        <source>RSS minus shared</source>
        <translation>RSS ohne geteilten Speicher</translation>
    </message>
    <message>
        <source>stop the unit %1</source>
        <translation>Unit %1 stoppen</translation>
    </message>
    <message>
        <source>Ending %1 processes frees %2 (goal %3); expected loss %4.</source>
        <translation>%1 Prozesse zu beenden gibt %2 frei (Ziel %3); erwarteter Verlust %4.</translation>
    </message>
    <message>
        <source>The goal cannot be reached safely: %1</source>
        <translation>Das Ziel ist nicht sicher erreichbar: %1</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>end (TERM, then KILL)</source>
        <translation>beenden (TERM, dann KILL)</translation>
    </message>
    <message>
        <source>%1 (pid %2), %3</source>
        <translation>%1 (PID %2), %3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Left out: 1 process, and why</source>
        <translation>Ausgelassen: 1 Prozess, und warum</translation>
    </message>
    <message>
        <source>Left out: %1 processes, and why</source>
        <translation>Ausgelassen: %1 Prozesse, und warum</translation>
    </message>
    <message>
        <source>Free port %1</source>
        <translation>Port %1 freigeben</translation>
    </message>
    <message>
        <source>A size: 512M, 4G, 1.5GiB, or bytes (powers of 1024); or a TCP port: :3000</source>
        <translation>Eine Größe: 512M, 4G, 1.5GiB oder Bytes (Potenzen von 1024); oder ein TCP-Port: :3000</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>not a size or port: write e.g. 512M, 4G, 1.5GiB or :3000</source>
        <translation>keine Größe und kein Port: schreiben Sie z. B. 512M, 4G, 1.5GiB oder :3000</translation>
    </message>
    <message>
        <source>Ending 1 process frees port %1 (and %2); expected loss %3.</source>
        <translation>1 Prozess zu beenden gibt Port %1 frei (und %2); erwarteter Verlust %3.</translation>
    </message>
    <message>
        <source>Ending %1 processes frees port %2 (and %3); expected loss %4.</source>
        <translation>%1 Prozesse zu beenden gibt Port %2 frei (und %3); erwarteter Verlust %4.</translation>
    </message>
    <message>
        <source>Leftovers: %1.</source>
        <translation>Überbleibsel: %1.</translation>
    </message>
</context>
<context>
    <name>ptriage::SessionKeeper</name>
    <message>
        <source>Nothing to save yet: the first scan has not finished.</source>
        <translation>Noch nichts zu speichern: Die erste Erfassung ist nicht abgeschlossen.</translation>
    </message>
    <message>
        <source>Nothing to report yet: the first scan has not finished.</source>
        <translation>Noch nichts zu berichten: die erste Erfassung ist noch nicht fertig.</translation>
    </message>
    <message>
        <source>the session database could not be read</source>
        <translation>die Sitzungsdatenbank konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1: sessions/keepDays is not a number of days ≥ 1; sessions are kept 30 days</source>
        <translation>%1: sessions/keepDays ist keine Anzahl von Tagen ≥ 1; Sitzungen werden 30 Tage aufbewahrt</translation>
    </message>
    <message>
        <source>%1: not opened again yet after an error (in %2 s)</source>
        <translation>%1: nach einem Fehler noch nicht wieder geöffnet (in %2 s)</translation>
    </message>
</context>
<context>
    <name>ptriage::SessionSidePane</name>
    <message>
        <source>&amp;End…</source>
        <translation>B&amp;eenden…</translation>
    </message>
    <message>
        <source>&amp;Spare</source>
        <translation>&amp;Verschonen</translation>
    </message>
    <message>
        <source>End this process (TERM, then KILL), after the usual confirmation</source>
        <translation>Diesen Prozess beenden (TERM, dann KILL), nach der üblichen Bestätigung</translation>
    </message>
    <message>
        <source>Mark processes like this one as useful: ptriage learns from it</source>
        <translation>Prozesse wie diesen als nützlich markieren: ptriage lernt daraus</translation>
    </message>
    <message>
        <source>Not running then.</source>
        <translation>Lief zu diesem Zeitpunkt nicht.</translation>
    </message>
    <message>
        <source>Class: %1</source>
        <translation>Klasse: %1</translation>
    </message>
    <message>
        <source>Recommendation: %1 (score %2)</source>
        <translation>Empfehlung: %1 (Bewertung %2)</translation>
    </message>
    <message>
        <source>Not stronger because: %1</source>
        <translation>Nicht stärker, weil: %1</translation>
    </message>
    <message>
        <source>PID %1, state %2%3</source>
        <translation>PID %1, Zustand %2%3</translation>
    </message>
    <message>
        <source>, orphaned (its parent is gone)</source>
        <translation>, verwaist (sein Elternprozess ist weg)</translation>
    </message>
    <message>
        <source>Age: %1</source>
        <translation>Alter: %1</translation>
    </message>
    <message>
        <source>Memory: %1</source>
        <translation>Speicher: %1</translation>
    </message>
    <message>
        <source>CPU: %1</source>
        <translation>CPU: %1</translation>
    </message>
    <message>
        <source>User: %1</source>
        <translation>Benutzer: %1</translation>
    </message>
    <message>
        <source>Working directory: %1</source>
        <translation>Arbeitsverzeichnis: %1</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>Then: %1</source>
        <translation>Damals: %1</translation>
    </message>
    <message>
        <source>Later: %1</source>
        <translation>Später: %1</translation>
    </message>
    <message>
        <source>This process does not run any more (or not as the same process).</source>
        <translation>Dieser Prozess läuft nicht mehr (oder nicht mehr als derselbe Prozess).</translation>
    </message>
    <message>
        <source>Select a row to see the process in both sessions.</source>
        <translation>Wählen Sie eine Zeile aus, um den Prozess in beiden Sitzungen zu sehen.</translation>
    </message>
    <message>
        <source>Evidence (bits toward a class):</source>
        <translation>Indizien (Bit für eine Klasse):</translation>
    </message>
    <message>
        <source>  %1: %2 toward %3</source>
        <translation>  %1: %2 für „%3“</translation>
    </message>
    <message>
        <source>ptriage learns from this machine&apos;s processes only, not from %1&apos;s</source>
        <translation>ptriage lernt nur aus den Prozessen dieses Rechners, nicht aus denen von %1</translation>
    </message>
</context>
<context>
    <name>ptriage::SessionTimeline</name>
    <message>
        <source>GiB resident</source>
        <translation>GiB im Speicher</translation>
    </message>
    <message>
        <source>memory (all)</source>
        <translation>Speicher (alle)</translation>
    </message>
    <message>
        <source>No saved sessions yet: File → Save session, or save automatically</source>
        <translation>Noch keine gespeicherten Sitzungen: Datei → Sitzung speichern, oder automatisch speichern</translation>
    </message>
    <message>
        <source>One saved session so far: the lines start with the next one</source>
        <translation>Bisher eine gespeicherte Sitzung: die Linien beginnen mit der nächsten</translation>
    </message>
    <message>
        <source>Candidates per class and all memory, session by session</source>
        <translation>Kandidaten je Klasse und der ganze Speicher, Sitzung für Sitzung</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Candidates by class, and memory (candidates: %1 → %2)</source>
        <translation>Kandidaten nach Klasse und Speicher (Kandidaten: %1 → %2)</translation>
    </message>
</context>
<context>
    <name>ptriage::SessionsWindow</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Started by</source>
        <translation>Gestartet von</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Growth per hour</source>
        <translation>Zuwachs pro Stunde</translation>
    </message>
    <message>
        <source>Oldest</source>
        <translation>Ältester</translation>
    </message>
    <message>
        <source>Examples (PID)</source>
        <translation>Beispiele (PID)</translation>
    </message>
    <message>
        <source>ptriage — sessions</source>
        <translation>ptriage — Sitzungen</translation>
    </message>
    <message>
        <source>Pick one session to compare with now, or two to compare with each other</source>
        <translation>Eine Sitzung wählen, um sie mit jetzt zu vergleichen, oder zwei, um sie miteinander zu vergleichen</translation>
    </message>
    <message>
        <source>Every change</source>
        <translation>Jede Änderung</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Zeigen:</translation>
    </message>
    <message>
        <source>Transitions</source>
        <translation>Übergänge</translation>
    </message>
    <message>
        <source>What keeps spawning these</source>
        <translation>Was diese immer wieder startet</translation>
    </message>
    <message>
        <source>Save a session now</source>
        <translation>Jetzt eine Sitzung speichern</translation>
    </message>
    <message>
        <source>Saves the current scan (Ctrl+S in the main window)</source>
        <translation>Speichert die aktuelle Erfassung (Strg+S im Hauptfenster)</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reading the sessions…</source>
        <translation>Sitzungen werden gelesen…</translation>
    </message>
    <message>
        <source>Now (not saved)</source>
        <translation>Jetzt (nicht gespeichert)</translation>
    </message>
    <message>
        <source>Cannot read the sessions: %1</source>
        <translation>Die Sitzungen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No sessions saved yet. Ctrl+S in the main window saves the current scan, and ptriage saves one every %1 minutes while it runs.</source>
        <translation>Noch keine Sitzungen gespeichert. Strg+S im Hauptfenster speichert die aktuelle Erfassung, und ptriage speichert alle %1 Minuten eine, solange es läuft.</translation>
    </message>
    <message>
        <source>Waiting for the first scan to compare with…</source>
        <translation>Warten auf die erste Erfassung zum Vergleich…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Vergleiche…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>nothing changed</source>
        <translation>nichts geändert</translation>
    </message>
    <message>
        <source>The sessions are from different boots: processes are compared by command and origin only.</source>
        <translation>Die Sitzungen stammen aus verschiedenen Systemstarts: Prozesse werden nur nach Befehl und Herkunft verglichen.</translation>
    </message>
    <message>
        <source>%1 (gone)</source>
        <translation>%1 (weg)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>%1 → %2 · saved sessions in this span: %3 · %4</source>
        <translation>%1 → %2 · gespeicherte Sitzungen in diesem Zeitraum: %3 · %4</translation>
    </message>
    <message>
        <source>span too short</source>
        <translation>Zeitraum zu kurz</translation>
    </message>
    <message>
        <source>A rate per hour needs sessions at least %1 apart; these span %2.</source>
        <translation>Eine Rate pro Stunde braucht Sitzungen, die mindestens %1 auseinanderliegen; diese umfassen %2.</translation>
    </message>
</context>
<context>
    <name>ptriage::SidePanes</name>
    <message>
        <source>Evidence</source>
        <translation>Indiz</translation>
    </message>
    <message>
        <source>Blast radius</source>
        <translation>Auswirkungsradius</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
</context>
<context>
    <name>ptriage::StatusLine</name>
    <message>
        <source>scan %1 ms</source>
        <translation>Erfassung %1 ms</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Prozesse werden erfasst…</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>%1: %2 of %3 done</source>
        <translation>%1: %2 von %3 erledigt</translation>
    </message>
    <message>
        <source>Cannot scan processes</source>
        <translation>Prozesse können nicht erfasst werden</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht geschrieben nach %1</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>Der Bericht wurde nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>Session saved at %1</source>
        <translation>Sitzung um %1 gespeichert</translation>
    </message>
    <message>
        <source>The session was not saved: %1</source>
        <translation>Die Sitzung wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Cannot save the session</source>
        <translation>Sitzung kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Updates paused</source>
        <translation>Aktualisierung angehalten</translation>
    </message>
    <message>
        <source>1 candidate</source>
        <translation>1 Kandidat</translation>
    </message>
    <message>
        <source>%1 candidates</source>
        <translation>%1 Kandidaten</translation>
    </message>
    <message>
        <source>%1 processes · %2 · %3 reclaimable by the recommended kills</source>
        <translation>%1 Prozesse · %2 · %3 durch die empfohlenen Beendigungen freisetzbar</translation>
    </message>
    <message>
        <source>%1 over ssh: read at %2, %3 s</source>
        <translation>%1 über ssh: gelesen um %2, %3 s</translation>
    </message>
</context>
<context>
    <name>ptriage::SummaryBar</name>
    <message>
        <source>Looking at every process…</source>
        <translation>Alle Prozesse werden angesehen…</translation>
    </message>
    <message>
        <source>Show them</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Processes younger than this are &quot;too young&quot;: nothing is judged or recommended for them yet (a build or test run that is still going).</source>
        <translation>Jüngere Prozesse sind „zu jung“: für sie wird noch nichts beurteilt oder empfohlen (ein Build oder Testlauf, der noch läuft).</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>What the colors, icons and words of the table mean</source>
        <translation>Was die Farben, Symbole und Wörter der Tabelle bedeuten</translation>
    </message>
    <message>
        <source>Judge from the age of</source>
        <translation>Beurteilen ab einem Alter von</translation>
    </message>
    <message>
        <source>1 process is too young to judge (younger than %1).</source>
        <translation>1 Prozess ist zu jung zum Beurteilen (jünger als %1).</translation>
    </message>
    <message>
        <source>%1 processes are too young to judge (younger than %2).</source>
        <translation>%1 Prozesse sind zu jung zum Beurteilen (jünger als %2).</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>: %1</translation>
    </message>
    <message>
        <source> · 1 holds a port</source>
        <translation> · 1 belegt einen Port</translation>
    </message>
    <message>
        <source> · %1 hold ports</source>
        <translation> · %1 belegen Ports</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Alle zeigen</translation>
    </message>
    <message>
        <source>No candidates: nothing here looks left behind, stuck or spinning.</source>
        <translation>Keine Kandidaten: nichts hier wirkt zurückgelassen, festgefahren oder in Endlosschleife.</translation>
    </message>
    <message>
        <source>1 candidate</source>
        <translation>1 Kandidat</translation>
    </message>
    <message>
        <source>%1 candidates</source>
        <translation>%1 Kandidaten</translation>
    </message>
    <message>
        <source> · %1 reclaimable</source>
        <translation> · %1 freisetzbar</translation>
    </message>
</context>
<context>
    <name>ptriage::TableSide</name>
    <message>
        <source>Candidates only</source>
        <translation>Nur Kandidaten</translation>
    </message>
    <message>
        <source>All users</source>
        <translation>Alle Benutzer</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Eigene</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Alle zeigen</translation>
    </message>
    <message>
        <source>Showing only the processes named in the alert: %1.</source>
        <translation>Nur die in der Warnung genannten Prozesse werden gezeigt: %1.</translation>
    </message>
    <message>
        <source>Filter: command, user, PID or :PORT (several words: all must match)</source>
        <translation>Filter: Befehl, Benutzer, PID oder :PORT (mehrere Wörter: alle müssen passen)</translation>
    </message>
</context>
<context>
    <name>ptriage::TransitionModel</name>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Memory growth</source>
        <translation>Speicherzuwachs</translation>
    </message>
    <message>
        <source>CPU time used</source>
        <translation>Verbrauchte CPU-Zeit</translation>
    </message>
    <message>
        <source>%1 (%2 → %3)</source>
        <translation>%1 (%2 → %3)</translation>
    </message>
</context>
<context>
    <name>ptriage::TrayController</name>
    <message>
        <source>No session bus: no tray icon and no notifications.</source>
        <translation>Kein Sitzungsbus: kein Symbol im Systemabschnitt und keine Benachrichtigungen.</translation>
    </message>
    <message>
        <source>This desktop shows no tray icons (no StatusNotifier host); ptriage watches memory and alerts with notifications only. The icon appears if a tray starts later.</source>
        <translation>Diese Arbeitsumgebung zeigt keine Symbole im Systemabschnitt (kein StatusNotifier-Host); ptriage überwacht den Speicher und warnt nur mit Benachrichtigungen. Das Symbol erscheint, wenn später ein Systemabschnitt startet.</translation>
    </message>
    <message>
        <source>ptriage: memory</source>
        <translation>ptriage: Speicher</translation>
    </message>
    <message>
        <source>In the tray.</source>
        <translation>Im Systemabschnitt.</translation>
    </message>
    <message>
        <source>Memory: %1 available of %2 (%3)</source>
        <translation>Speicher: %1 verfügbar von %2 (%3)</translation>
    </message>
    <message>
        <source>Pressure: some %1, full %2 (10 s)</source>
        <translation>Druck: teilweise %1, vollständig %2 (10 s)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Memory is almost exhausted</source>
        <translation>Der Speicher ist fast erschöpft</translation>
    </message>
    <message>
        <source>Memory is running low</source>
        <translation>Der Speicher wird knapp</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Free memory…</source>
        <translation>Speicher freigeben…</translation>
    </message>
    <message>
        <source>Open ptriage</source>
        <translation>ptriage öffnen</translation>
    </message>
    <message>
        <source>Largest memory users</source>
        <translation>Größte Speichernutzer</translation>
    </message>
    <message>
        <source>%1 — %2 — %3</source>
        <translation>%1 — %2 — %3</translation>
    </message>
    <message>
        <source>Pause alerts for 1 hour</source>
        <translation>Warnungen 1 Stunde lang aussetzen</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>Free memory… would free %1 of the %2 needed, ending %3.</source>
        <translation>„Speicher freigeben…“ würde %1 der benötigten %2 freigeben und dazu %3 beenden.</translation>
    </message>
    <message>
        <source>Free memory… can safely free only %1 of the %2 needed, ending %3.</source>
        <translation>„Speicher freigeben…“ kann gefahrlos nur %1 der benötigten %2 freigeben und dazu %3 beenden.</translation>
    </message>
    <message>
        <source>Nothing here is safe to end to free the %1 needed.</source>
        <translation>Hier ist nichts gefahrlos zu beenden, um die benötigten %1 freizugeben.</translation>
    </message>
    <message>
        <source>Show in ptriage</source>
        <translation>In ptriage zeigen</translation>
    </message>
    <message>
        <source>%1 of its leftovers</source>
        <translation>%1 ihrer Überbleibsel</translation>
    </message>
    <message>
        <source>%1 leftovers</source>
        <translation>%1 Überbleibsel</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>%1 available of %2.</source>
        <translation>%1 verfügbar von %2.</translation>
    </message>
    <message>
        <source>Largest: %1.</source>
        <translation>Größte: %1.</translation>
    </message>
    <message>
        <source>1 candidate · %1 reclaimable</source>
        <translation>1 Kandidat · %1 freisetzbar</translation>
    </message>
    <message>
        <source>%1 candidates · %2 reclaimable</source>
        <translation>%1 Kandidaten · %2 freisetzbar</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
</context>
<context>
    <name>ptriage::WindowActions</name>
    <message>
        <source>Main</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>Sitzung &amp;speichern</translation>
    </message>
    <message>
        <source>S&amp;essions…</source>
        <translation>Si&amp;tzungen…</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>Add &amp;host…</source>
        <translation>&amp;Rechner hinzufügen…</translation>
    </message>
    <message>
        <source>Save &amp;automatically</source>
        <translation>&amp;Automatisch speichern</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>Every %1 minutes</source>
        <translation>Alle %1 Minuten</translation>
    </message>
    <message>
        <source>Start in the &amp;tray at login</source>
        <translation>Beim Anmelden im &amp;Systemabschnitt starten</translation>
    </message>
    <message>
        <source>Cannot change starting at login: %1</source>
        <translation>Der Start beim Anmelden kann nicht geändert werden: %1</translation>
    </message>
    <message>
        <source>ptriage will start in the tray at login (%1).</source>
        <translation>ptriage startet beim Anmelden im Systemabschnitt (%1).</translation>
    </message>
    <message>
        <source>ptriage will not start at login.</source>
        <translation>ptriage startet nicht beim Anmelden.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Refresh now</source>
        <translation>&amp;Jetzt aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Pause updates</source>
        <translation>Aktualisierung &amp;anhalten</translation>
    </message>
    <message>
        <source>&amp;Tree view</source>
        <translation>&amp;Baumansicht</translation>
    </message>
    <message>
        <source>By &amp;origin</source>
        <translation>Nach &amp;Herkunft</translation>
    </message>
    <message>
        <source>One row per origin: the agent, editor or terminal session, test run or unit that started the processes, with its members under it</source>
        <translation>Eine Zeile je Herkunft: die Agenten-, Editor- oder Terminalsitzung, der Testlauf oder die Unit, die die Prozesse gestartet hat, mit ihren Mitgliedern darunter</translation>
    </message>
    <message>
        <source>&amp;Columns</source>
        <translation>&amp;Spalten</translation>
    </message>
    <message>
        <source>Refresh &amp;interval</source>
        <translation>Aktualisierungs&amp;intervall</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>&amp;Process</source>
        <translation>&amp;Prozess</translation>
    </message>
    <message>
        <source>&amp;End (TERM, then KILL)</source>
        <translation>B&amp;eenden (TERM, dann KILL)</translation>
    </message>
    <message>
        <source>&amp;Kill</source>
        <translation>Beenden er&amp;zwingen (KILL)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Freeze</source>
        <translation>E&amp;infrieren</translation>
    </message>
    <message>
        <source>T&amp;haw</source>
        <translation>Auf&amp;tauen</translation>
    </message>
    <message>
        <source>&amp;Throttle</source>
        <translation>&amp;Drosseln</translation>
    </message>
    <message>
        <source>Re&amp;nice</source>
        <translation>&amp;Priorität senken</translation>
    </message>
    <message>
        <source>&amp;Quarantine</source>
        <translation>&amp;Quarantäne (CPU)</translation>
    </message>
    <message>
        <source>Ask the parent to &amp;collect this zombie (SIGCHLD)</source>
        <translation>Den Elternprozess bitten, diesen Zombie einzu&amp;sammeln (SIGCHLD)</translation>
    </message>
    <message>
        <source>Send &amp;signal</source>
        <translation>Si&amp;gnal senden</translation>
    </message>
    <message>
        <source>End this &amp;group&apos;s leftovers…</source>
        <translation>Überbleibsel dieser &amp;Gruppe beenden…</translation>
    </message>
    <message>
        <source>In the By origin view: end the processes of the selected origin group that ptriage would end; the ones in use, protected or blocked are shown and left out</source>
        <translation>In der Ansicht „Nach Herkunft“: die Prozesse der gewählten Herkunftsgruppe beenden, die ptriage beenden würde; was in Benutzung, geschützt oder gesperrt ist, wird gezeigt und ausgelassen</translation>
    </message>
    <message>
        <source>&amp;Undo last action on this process</source>
        <translation>Letzte Aktion an diesem Prozess &amp;rückgängig machen</translation>
    </message>
    <message>
        <source>S&amp;pare: processes like this are useful</source>
        <translation>&amp;Verschonen: Prozesse wie dieser sind nützlich</translation>
    </message>
    <message>
        <source>ptriage learns from it: processes with this command count as more likely useful</source>
        <translation>ptriage lernt daraus: Prozesse mit diesem Befehl gelten eher als nützlich</translation>
    </message>
    <message>
        <source>&amp;Learned from your decisions…</source>
        <translation>Aus Ihren Entscheidungen &amp;gelernt…</translation>
    </message>
    <message>
        <source>&amp;Free memory…</source>
        <translation>Speicher &amp;freigeben…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Anleitung</translation>
    </message>
    <message>
        <source>&amp;About ptriage</source>
        <translation>Ü&amp;ber ptriage</translation>
    </message>
    <message>
        <source>About ptriage</source>
        <translation>Über ptriage</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ptriage %1&lt;/h3&gt;&lt;p&gt;Finds abandoned, stuck and runaway processes, explains every verdict term by term, and shows what acting on a process would break.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ptriage %1&lt;/h3&gt;&lt;p&gt;Findet zurückgelassene, festgefahrene und außer Kontrolle geratene Prozesse, erklärt jede Einstufung Term für Term und zeigt, was ein Eingriff in einen Prozess kaputtmachen würde.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>ptriage learns from this machine&apos;s processes only, not %1&apos;s</source>
        <translation>ptriage lernt nur aus den Prozessen dieses Rechners, nicht aus denen von %1</translation>
    </message>
    <message>
        <source>This machine&apos;s scan only: for %1, ptriage scan --host %1 --save, or ptriage report --host %1</source>
        <translation>Nur der Scan dieses Rechners: für %1 ptriage scan --host %1 --save oder ptriage report --host %1</translation>
    </message>
    <message>
        <source>Freeing memory is planned on this machine only: choose This machine to see its plan</source>
        <translation>Speicherfreigabe wird nur auf diesem Rechner geplant: wählen Sie „Dieser Rechner“, um den Plan zu sehen</translation>
    </message>
    <message>
        <source>&amp;Remove host…</source>
        <translation>Rechner &amp;entfernen…</translation>
    </message>
</context>
</TS>
