#!/usr/bin/python3
"""ptriage(1), the completions and the built binary's help agree.

From `ptriage --help` (the commands) and `ptriage COMMAND --help` (each command's options, which Qt
prints from the parser itself), checks that:
  - every command dispatched in app/main.cpp is in `ptriage --help`, which lists exactly each
    command's options, as does the command's own usage line;
  - app/ptriage.1 has a SYNOPSIS entry and a COMMANDS subsection per command, and the subsection's
    option entries (.TP) are exactly the command's options (nothing missing, nothing stale);
  - the man page renders without warnings (groff -ww, man --warnings);
  - the bash completion really completes commands, each command's options (exactly), files and PIDs;
  - the zsh completion parses (zsh -n) and, run with stubs, offers exactly each command's options
    (skipped without zsh).
Exit 0 when all agree, 1 with every disagreement listed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
    return ok


OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z-]*)")


def options_in(text):
    return set(OPTION.findall(text))


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, **kw)


def top_help(ptriage, env):
    r = run([ptriage, "--help"], env=env)
    check(r.returncode == 0 and r.stderr == "", f"ptriage --help: exit {r.returncode}, stderr {r.stderr!r}")
    # "  COMMAND …" entries (two spaces), their synopsis continues on lines of six spaces.
    commands, current = {}, None
    for line in r.stdout.splitlines():
        m = re.match(r"^  ([a-z]+)\b(.*)$", line)
        if m:
            current = m.group(1)
            commands.setdefault(current, set()).update(options_in(m.group(2)))
        elif current and re.match(r"^      \S", line):
            commands[current].update(options_in(line))
        elif not line.startswith("        "):
            current = None
    return commands


def command_help(ptriage, command, env):
    r = run([ptriage, command, "--help"], env=env)
    if not check(r.returncode == 0 and r.stderr == "" and r.stdout.startswith("usage: ptriage "),
                 f"ptriage {command} --help: exit {r.returncode}, stderr {r.stderr!r}, out {r.stdout[:80]!r}"):
        return None, set()
    usage, _, rest = r.stdout.partition("\n\n")
    _, found, options = rest.partition("Options:\n")
    check(found, f"ptriage {command} --help: no 'Options:' section")
    opts = set()
    for line in options.splitlines():
        m = re.match(r"^  (-[a-zA-Z?]), (--[a-z][a-z-]*)|^  (--[a-z][a-z-]*)", line)
        if m:
            opts.update(x for x in m.groups() if x)
    return usage, opts


def roff_text(text):
    text = text.replace("\\-", "-").replace("\\%", "").replace("\\&", "").replace("\\ ", " ")
    return re.sub(r"\\f[BIRP]", "", text)


def man_sections(path):
    """SYNOPSIS options per command, per COMMANDS subsection the options its .TP entries define, and
    the options of the OPTIONS section."""
    lines = roff_text(open(path, encoding="utf-8").read()).splitlines()
    synopsis, subsections, common = {}, {}, set()
    section = sub = entry = None
    after_tp = False
    for line in lines:
        if after_tp and line.startswith("."):
            # The entry's tag: ".B --json", ".BI --db " FILE"", ".BI -o ", " --output " FILE"".
            opts = options_in(line.split(None, 1)[1] if " " in line else "")
            if section == "COMMANDS" and sub:
                subsections[sub].update(opts)
            elif section == "OPTIONS":
                common.update(opts)
        after_tp = line in (".TP", ".TQ")
        if line.startswith(".SH "):
            section, sub, entry = line[4:].strip('"'), None, None
        elif line.startswith(".SS ") and section == "COMMANDS":
            sub = line[4:].strip('"').split()[0]
            check(sub not in subsections, f"ptriage.1: two subsections for {sub}")
            subsections[sub] = set()
        elif line.startswith(".SY ") and section == "SYNOPSIS":
            words = line[4:].strip('"').split()
            entry = "gui" if len(words) == 1 else None if words[1].startswith("-") else words[1]
            if entry:
                synopsis.setdefault(entry, set())
        elif line.startswith(".YS"):
            entry = None
        elif entry and section == "SYNOPSIS" and "COMMAND" not in line:  # not: ptriage [COMMAND] --help
            synopsis[entry].update(options_in(line))
    return synopsis, subsections, common


def bash_complete(script, words):
    """COMPREPLY of _ptriage for the command line `words` (the last is being completed)."""
    arr = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    code = f"source '{script}'; COMP_WORDS=({arr}); COMP_CWORD={len(words) - 1}; _ptriage; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    r = run(["bash", "--norc", "--noprofile", "-c", code])
    check(r.returncode == 0 and r.stderr == "", f"bash completion {words}: exit {r.returncode}, {r.stderr!r}")
    return set(x for x in r.stdout.splitlines() if x)


ZSH_STUB = r"""
_arguments() {
  if [[ "$*" == *'->command'* ]]; then
    print -rl -- "$@"
    [[ -n $words[2] && $words[2] != -* ]] || return 0
    print -r -- "-- command --"
    shift words; state=command; return 1
  fi
  print -rl -- "$@"; return 0
}
_describe() { :; }
words=(ptriage "$1" --); CURRENT=3
[[ -z $1 ]] && words=(ptriage --) && CURRENT=2
source "$2"
"""


def zsh_options(zsh, script, command):
    r = run([zsh, "-f", "-c", ZSH_STUB, "zsh", command, script])
    check(r.returncode == 0 and r.stderr == "", f"zsh completion {command!r}: exit {r.returncode}, {r.stderr!r}")
    opts = set()
    specs = r.stdout.split("-- command --\n")[-1]  # a command's own, not the top level's
    for spec in specs.splitlines():
        spec = re.sub(r"^\([^)]*\)", "", spec).lstrip("*")
        m = re.match(r"^(--?[a-z][a-z-]*)[=+]?(\[|$)", spec)
        if m:
            opts.add(m.group(1))
    return opts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptriage", required=True)
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    man = os.path.join(a.source, "app", "ptriage.1")
    bash = os.path.join(a.source, "packaging", "completions", "ptriage.bash")
    zsh_script = os.path.join(a.source, "packaging", "completions", "_ptriage")
    tmp = tempfile.mkdtemp(prefix="ptriage-man-")
    env = dict(os.environ, HOME=tmp, XDG_CONFIG_HOME=tmp + "/config", XDG_DATA_HOME=tmp + "/data",
               QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)

    # The commands main() dispatches, and the ones --help lists.
    main_cpp = open(os.path.join(a.source, "app", "main.cpp"), encoding="utf-8").read()
    # main()'s table of commands ({"scan", scan}, …), help and gui beside it.
    dispatched = set(re.findall(r'\{"([a-z]+)", [a-z]+\}', main_cpp))
    dispatched |= {c for c in re.findall(r'command == QLatin1String\("([a-z]+)"\)', main_cpp)} | {"gui"}
    listed = top_help(a.ptriage, env)
    check(dispatched == set(listed), f"ptriage --help lists {sorted(listed)}, main() dispatches {sorted(dispatched)}")

    r = run([a.ptriage, "--version"], env=env)
    check(r.returncode == 0 and r.stdout.startswith("ptriage "), f"ptriage --version: exit {r.returncode}")
    th = re.search(r'^\.TH .*"(ptriage [^"]*)"', open(man, encoding="utf-8").read(), re.M)
    check(th and th.group(1) == r.stdout.strip(), f"ptriage.1 .TH names {th and th.group(1)!r}, the binary "
                                                  f"{r.stdout.strip()!r}")

    synopsis, subsections, common = man_sections(man)
    check(set(subsections) == set(listed), f"ptriage.1 COMMANDS has {sorted(subsections)}, --help {sorted(listed)}")
    check(set(synopsis) == set(listed) - {"help"},
          f"ptriage.1 SYNOPSIS has {sorted(synopsis)}, --help {sorted(set(listed) - {'help'})}")
    check({"-h", "--help", "--version"} <= common, f"ptriage.1 OPTIONS lists {sorted(common)}")

    all_commands = bash_complete(bash, ["ptriage", ""])
    check(all_commands == set(listed), f"bash: 'ptriage <TAB>' offers {sorted(all_commands)}")
    check(bash_complete(bash, ["ptriage", "sc"]) == {"scan"}, "bash: 'ptriage sc<TAB>' does not give scan")
    zsh = shutil.which("zsh")
    if zsh:
        r = run([zsh, "-n", zsh_script])
        check(r.returncode == 0 and r.stderr == "", f"zsh -n _ptriage: {r.stderr!r}")
    else:
        print("zsh not installed: the zsh completion is not checked")

    for command in sorted(listed):
        if command == "help":
            continue
        usage, opts = command_help(a.ptriage, command, env)
        if usage is None:
            continue
        want = opts - {"-h", "--help"}
        check(listed[command] == want,
              f"ptriage --help, {command}: lists {sorted(listed[command])}, the command takes {sorted(want)}")
        check(options_in(usage) == want, f"ptriage {command} --help usage line: {sorted(options_in(usage))}, "
                                         f"options {sorted(want)}")
        man_opts = subsections.get(command, set())
        check(not (want - man_opts), f"ptriage.1 {command}: missing {sorted(want - man_opts)}")
        check(not (man_opts - want), f"ptriage.1 {command}: lists {sorted(man_opts - want)}, which it does not take")
        check(synopsis.get(command) == want,
              f"ptriage.1 SYNOPSIS {command}: {sorted(synopsis.get(command, set()))}, takes {sorted(want)}")
        offered = bash_complete(bash, ["ptriage", command, "-"])
        check(offered == opts, f"bash: 'ptriage {command} -<TAB>' offers {sorted(offered)}, takes {sorted(opts)}")
        if zsh:
            zopts = zsh_options(zsh, zsh_script, command)
            check(zopts == opts, f"zsh: ptriage {command} offers {sorted(zopts)}, takes {sorted(opts)}")

    # No command: the window's options and --version.
    _, gui = command_help(a.ptriage, "gui", env)
    offered = bash_complete(bash, ["ptriage", "-"])
    check(offered == gui | {"--version"}, f"bash: 'ptriage -<TAB>' offers {sorted(offered)}")
    if zsh:
        zopts = zsh_options(zsh, zsh_script, "")
        check(zopts == gui | {"--version"}, f"zsh: 'ptriage -<TAB>' offers {sorted(zopts)}")

    # Arguments: files, directories, PIDs, fixed words.
    open(os.path.join(tmp, "sessions.sqlite"), "w").close()
    os.mkdir(os.path.join(tmp, "capture"))
    check(bash_complete(bash, ["ptriage", "scan", "--db", tmp + "/sess"]) == {tmp + "/sessions.sqlite"},
          "bash: --db does not complete a file")
    check(bash_complete(bash, ["ptriage", "scan", "--db=" + tmp + "/sess"]) == {tmp + "/sessions.sqlite"},
          "bash: --db=FILE does not complete a file")
    check(bash_complete(bash, ["ptriage", "pressure", "--proc-root", tmp + "/"]) == {tmp + "/capture"},
          "bash: --proc-root does not complete a directory (only)")
    check(str(os.getpid()) in bash_complete(bash, ["ptriage", "capture", "--pid", str(os.getpid())]),
          "bash: --pid does not complete a PID")
    check(str(os.getpid()) in bash_complete(bash, ["ptriage", "explain", str(os.getpid())]),
          "bash: explain does not complete a PID")
    check("quarantine" in bash_complete(bash, ["ptriage", "act", "qu"]), "bash: act does not complete its verbs")
    check(bash_complete(bash, ["ptriage", "--tab", "ch"]) == {"charts"}, "bash: --tab does not complete a tab")

    # Renders without warnings.
    r = run(["groff", "-man", "-ww", "-z", man])
    check(r.returncode == 0 and r.stderr == "", f"groff -man -ww: {r.stderr.strip()}")
    if shutil.which("man"):
        r = run(["man", "--warnings", "-l", man], env=dict(env, MANWIDTH="80", MAN_KEEP_FORMATTING="0"))
        check(r.returncode == 0 and r.stderr == "", f"man --warnings: {r.stderr.strip()}")
    shutil.rmtree(tmp, ignore_errors=True)

    for f in failures:
        print("FAIL:", f)
    print(f"{len(failures)} disagreement(s)" if failures else "ptriage(1), --help and the completions agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
