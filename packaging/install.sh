#!/usr/bin/env bash
# Installs a built tree (default: build/) with its privileged helper, D-Bus and polkit files.
# polkit and the system bus read only /usr and /etc: the build must be configured with
# -DCMAKE_INSTALL_PREFIX=/usr (a /usr/local install is silently ignored by both).
set -euo pipefail
build="${1:-build}"
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
if [ "$prefix" != "/usr" ]; then
  echo "install: $build is configured for prefix '$prefix'; polkit and D-Bus only read /usr." >&2
  echo "install: reconfigure with: cmake -S . -B $build -DCMAKE_INSTALL_PREFIX=/usr" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=""; fi
$SUDO cmake --install "$build" >/dev/null
# The system bus picks up the new policy by itself when it watches its directories; ask it anyway.
$SUDO dbus-send --system --type=method_call --dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig \
  >/dev/null 2>&1 || true
echo "install: ptriage, ptriage-helper and their D-Bus and polkit files are in /usr" >&2
