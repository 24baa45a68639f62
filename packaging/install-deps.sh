#!/usr/bin/env bash
# Installs the Debian 12 or 13 packages ptriage needs. Idempotent; prints nothing when all are present.
# Debian 13 also gets KDE Frameworks 6: the KAuth helper transport, the tray icon through
# KStatusNotifierItem and the alerts through KNotification (Debian 12 has no KF6).
#   --runtime  what the installed program needs to run
#   --build    the above and what building needs (the default)
#   --test     the above and what only the tests need (xvfb, tmux, polkitd, node, chromium …)
set -euo pipefail

runtime=(
  libqt6widgets6 libqt6charts6 libqt6dbus6 libqt6concurrent6 libsqlite3-0
  qt6-qpa-plugins qt6-wayland libqt6svg6 # the X11 and Wayland platforms, the SVG icon
  dbus polkitd # the helper is activated on the system bus and asks polkit
)
build=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n libqt6sql6-sqlite libgl-dev
  libeigen3-dev libsqlite3-dev
  libsystemd-dev # the helper's D-Bus transport (sd-bus)
)
tests=(
  python3-psutil python3-pytest-xdist procps tmux bsdutils
  nodejs git sqlite3 make # tests/scenarios: real tools left behind (npm-tools.sh adds the JS ones)
  inotify-tools openssh-client # tests/scenarios: a file watcher under a restarter loop, a forgotten ssh-agent
  openssh-server # tests/app/test_remote_hosts.py: scan --host against its own sshd on loopback (not port 22: below)
  redis-server socat netcat-openbsd gdb strace entr parallel # tests/scenarios: a developer's workstation (scen_workstation.cpp)
  xvfb xauth dbus polkitd systemd passwd util-linux
  chromium-headless-shell fonts-dejavu-core # tests/report: the HTML report in a real headless browser
  python3-dbus python3-gi # tests: the notification server, tray host and LowMemoryMonitor the tray talks to
  debootstrap # tests/kauth: the Debian 13 chroot where KF6Auth exists; packaging/test-deb.sh: a fresh Debian 12
  build-essential debhelper lintian fakeroot dpkg-dev # packaging/test-deb.sh: the .deb and its check
  ccache # the build, packaging/test-deb.sh, tests/fuzz: a compiler cache kept between runs and clones
  groff-base man-db zsh # tests/app/test_man_page.py: ptriage(1) renders, the zsh completion parses
  less # tests/scenarios man-page-in-tmux: man's pager (a dependency brings it on Debian 12, none on Debian 13)
  clang # tests/fuzz: libFuzzer targets of the parsers (their runtime, per release, below)
  locales # tests/ui/test_translations: localedef makes a de_DE.UTF-8 C library locale of its own (LOCPATH)
)

# shellcheck disable=SC1091
debian=$(. /etc/os-release && echo "${VERSION_ID:-}")
case "$debian" in
  12)
    build+=(libqt6opengl6-dev) # Debian 13's qt6-base-dev provides it
    tests+=(libclang-rt-14-dev) # clang's runtime is only a Recommends
    ;;
  *) # Debian 13 and later
    # Debian 13 moved Qt's SVG icon and image plugins out of libqt6svg6.
    runtime+=(qt6-svg-plugins libkf6authcore6 libkf6notifications6 libkf6statusnotifieritem6)
    build+=(extra-cmake-modules libkf6auth-dev libkf6notifications-dev libkf6statusnotifieritem-dev)
    tests+=(libclang-rt-19-dev)
    ;;
esac

mode="${1:---build}"
case "$mode" in
  --runtime) packages=("${runtime[@]}") ;;
  --build) packages=("${runtime[@]}" "${build[@]}") ;;
  --test)
    packages=("${runtime[@]}" "${build[@]}" "${tests[@]}")
    # npm: Debian's package, unless npm came with another nodejs (NodeSource's bundles it; Debian's
    # npm would conflict with it).
    command -v npm >/dev/null 2>&1 || packages+=(npm)
    command -v vi >/dev/null 2>&1 || packages+=(vim-tiny) # tests/scenarios: an editor idle in a terminal
    ;;
  *)
    echo "usage: $0 [--runtime | --build | --test]" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO=sudo; else
    echo "install-deps: need root to install: ${missing[*]}" >&2; exit 1
  fi
else SUDO=""; fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# The tests start their own sshd on 127.0.0.1; a server on port 22 installed for them was not asked for.
if [[ " ${missing[*]} " == *" openssh-server "* ]] && [ -d /run/systemd/system ]; then
  $SUDO systemctl disable --now ssh.service ssh.socket >/dev/null 2>&1 || true
fi
