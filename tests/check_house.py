#!/usr/bin/env python3
"""Checks the house rules check_floors.py does not: maps true to their folders, views that only show.

- Every folder map (a README.md) names each file it maps: a source file of its folder, or of a
  subfolder without a map of its own, appears in a `code span` of the map (by path or by name). Under
  tests/ a map names its folders and loose files, not each test.
- No file in ui/ indexes `snapshot->processes` (a view reads one process through `ProcessView`).
- ui/window/MainWindow.h and .cpp together are at most MAIN_WINDOW_LINES lines.
Exit 1 with one line per offence.

    python3 tests/check_house.py [--source DIR]
"""

import argparse
import pathlib
import re
import sys

MAPPED = (".h", ".cpp", ".py", ".sh", ".js", ".mjs", ".qml")
# Source trees whose maps name every file.
FILE_MAPPED_ROOTS = ("app", "engine", "helper", "procops", "tools", "translations", "ui")
# Issue 65: the window lays out and wires; its parts live in files of their own.
MAIN_WINDOW_LINES = 500
# Under tests/, folders that are libraries, not tests: their files are mapped one by one.
LIBRARY_FOLDERS = ("tests/support",)
SKIP_DIRS = {"node_modules", "__pycache__", ".git"}
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def own_files(folder):
    """The files a map in `folder` answers for: its own and those of subfolders without a map."""
    out = []
    for path in sorted(folder.iterdir()):
        if path.name in SKIP_DIRS:
            continue
        if path.is_dir():
            if not (path / "README.md").exists():
                out.extend(own_files(path))
        elif path.suffix in MAPPED:
            out.append(path)
    return out


def named(spans, path, folder):
    rel = path.relative_to(folder).as_posix()
    names = {rel, rel.rsplit(".", 1)[0], path.name, path.stem}
    for span in spans:
        for name in names:
            if re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w])", span):
                return True
    return False


def unmapped(source):
    offences = []
    for root in FILE_MAPPED_ROOTS:
        for readme in sorted((source / root).rglob("README.md")):
            if any(part in SKIP_DIRS for part in readme.parts):
                continue
            folder = readme.parent
            spans = CODE_SPAN.findall(readme.read_text(encoding="utf-8"))
            for path in own_files(folder):
                if not named(spans, path, folder):
                    offences.append(f"{readme.relative_to(source)}: does not map {path.relative_to(source)}")
    for readme in sorted((source / "tests").rglob("README.md")):
        folder = readme.parent
        spans = CODE_SPAN.findall(readme.read_text(encoding="utf-8"))
        for path in sorted(folder.iterdir()):
            if path.name in SKIP_DIRS or path.name == "README.md" or path.name == "CMakeLists.txt":
                continue
            if path.is_dir() and ((path / "README.md").exists() or not holds_code(path)):
                continue  # mapped by its own map, or data (the corpus's cases)
            if (path.is_dir() or path.suffix in MAPPED) and not named(spans, path, folder):
                offences.append(f"{readme.relative_to(source)}: does not map {path.relative_to(source)}")
            if path.is_dir() and path.relative_to(source).as_posix() in LIBRARY_FOLDERS:
                offences.extend(f"{readme.relative_to(source)}: does not map {f.relative_to(source)}"
                                for f in own_files(path) if not named(spans, f, path))
    return offences


def holds_code(folder):
    return any(p.suffix in MAPPED or p.name == "CMakeLists.txt" for p in folder.rglob("*"))


def indexed_in_ui(source):
    offences = []
    for path in sorted((source / "ui").rglob("*")):
        if path.suffix not in (".h", ".cpp"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"snapshot->processes\s*\[", line):
                offences.append(f"{path.relative_to(source)}:{number}: indexes snapshot->processes; use ProcessView")
    return offences


def main_window_size(source):
    lines = sum(len((source / "ui/window" / f).read_text(encoding="utf-8").splitlines())
                for f in ("MainWindow.h", "MainWindow.cpp"))
    return [] if lines <= MAIN_WINDOW_LINES else [
        f"ui/window/MainWindow.h + .cpp: {lines} lines, more than {MAIN_WINDOW_LINES}; give a part its own file"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent,
                        help="the source tree (default: this checkout)")
    args = parser.parse_args()
    offences = unmapped(args.source) + indexed_in_ui(args.source) + main_window_size(args.source)
    for o in offences:
        print(o)
    if offences:
        return 1
    print("house clean: every file mapped, ui/ reads processes through ProcessView, MainWindow within "
          f"{MAIN_WINDOW_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
