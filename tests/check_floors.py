#!/usr/bin/env python3
"""Checks that no folder includes a header of a folder above it, and that no folder is crowded.

Each entry of FLOORS is a root (a directory of the source tree) with its rooms (folders), lowest
first. A file in a room may include its own room and any room below it, never one above. Includes
of rooms not in the table (procops/, Qt, the standard library) are below everything.
A folder under a root with more than MAX_SOURCES source files wants sub-rooms.
Exit 1 with the offending lines, file:line, when a file includes a room later in the order.

    python3 tests/check_floors.py [--source DIR]
"""

import argparse
import pathlib
import re
import sys

# Lowest first. To check another root, add its entry.
FLOORS = {
    "engine": ["util", "store", "config", "collect", "pressure", "infer", "decide", "session",
               "act", "report", "live", "remote"],
    "ui": ["look", "widgets", "desk", "acting", "table", "panes", "ports", "sessions", "tray", "hosts", "window"],
    "procops": ["identity", "request", "ops"],
}

MAX_SOURCES = 16

INCLUDE = re.compile(r'^\s*#\s*include\s+"(?:procops/)?([^"/]+)/[^"]*"')
SUFFIXES = (".h", ".cpp")


def check_root(source, root, rooms):
    """The offending lines of one root, and the problems with the table itself."""
    offences, problems = [], []
    floor = {room: i for i, room in enumerate(rooms)}
    base = source / root
    if not base.is_dir():
        return offences, [f"{root}/: no such folder under {source}"]
    for room in rooms:
        if not (base / room).is_dir():
            problems.append(f"{root}/{room}: in FLOORS but no such folder")
    for folder in sorted(p for p in base.rglob("*") if p.is_dir()):
        sources = [f for f in folder.iterdir() if f.suffix in SUFFIXES]
        if len(sources) > MAX_SOURCES:
            problems.append(f"{folder.relative_to(source)}: {len(sources)} source files; give it sub-rooms")
    for folder in sorted(p for p in base.iterdir() if p.is_dir()):
        if folder.name not in floor:
            problems.append(f"{root}/{folder.name}: a folder not in FLOORS[{root!r}]; give it a floor")
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), 1):
                m = INCLUDE.match(line)
                if not m or m.group(1) not in floor:
                    continue
                target = m.group(1)
                if floor[target] > floor[folder.name]:
                    rel = path.relative_to(source)
                    offences.append(f"{rel}:{number}: {line.strip()}  ({folder.name} is below {target})")
    return offences, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent,
                        help="the source tree (default: this checkout)")
    args = parser.parse_args()
    failed = False
    for root, rooms in FLOORS.items():
        offences, problems = check_root(args.source, root, rooms)
        if problems or offences:
            failed = True
            print(f"{root}: floors, lowest first: {' < '.join(rooms)}")
        for p in problems:
            print(f"  {p}")
        if offences:
            print(f"  {len(offences)} include(s) of a room above:")
            for o in offences:
                print(f"  {o}")
    if failed:
        return 1
    print("floors clean: " + "; ".join(f"{r} ({len(rooms)} rooms)" for r, rooms in FLOORS.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
