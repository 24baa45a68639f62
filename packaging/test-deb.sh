#!/usr/bin/env bash
# Builds ptriage's .deb from debian/ and proves it on a fresh Debian 12 (bookworm, the default) or 13
# (trixie): installed with apt into a minimal debootstrap chroot it pulls everything it needs, works
# for an ordinary user, its helper, D-Bus, polkit, desktop, AppStream and man files are where the
# system reads them, polkit grants and denies an action through the installed helper, the window
# opens under Xvfb, the tray alerts through the desktop's services, and purging it leaves no file
# behind. Debian 12 builds with the profile pkg.ptriage.nokf6 (no KF6 there); Debian 13 with KF6: the
# KAuth transport, KStatusNotifierItem and KNotification. Root only (debootstrap, chroot, mounts);
# exit 77 (skipped) otherwise.
#   usage: test-deb.sh [--release bookworm|trixie]
#   PTRIAGE_DEB_WORK   where the build, the chroots and the results go (default /var/tmp/ptriage-test-deb)
#   PTRIAGE_DEB_CACHE  where the pristine chroot tarballs and build roots are kept between runs
#                      (default /var/cache/ptriage-test)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
release=bookworm
while [ $# -gt 0 ]; do
  case $1 in
  --release) release=${2:-}; shift 2 ;;
  *) echo "usage: test-deb.sh [--release bookworm|trixie]" >&2; exit 2 ;;
  esac
done
case $release in
bookworm) profiles=pkg.ptriage.nokf6 debian_version=12 ;;
trixie) profiles="" debian_version=13 ;;
*) echo "test-deb: unknown release '$release' (bookworm or trixie)" >&2; exit 2 ;;
esac
work=${PTRIAGE_DEB_WORK:-/var/tmp/ptriage-test-deb}/$release
cache=${PTRIAGE_DEB_CACHE:-/var/cache/ptriage-test}
root=$work/root
user=ptriage-deb-user

step() { echo "== $(date +%T) $*"; }
fail() {
  echo "test-deb: FAIL ($release): $*" >&2
  exit 1
}
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root "$@"; }

if [ "$(id -u)" -ne 0 ]; then
  echo "test-deb: needs root (debootstrap, chroot, mounts); skipped" >&2
  exit 77
fi
for tool in debootstrap git; do
  command -v "$tool" >/dev/null || fail "$tool is missing: run packaging/install-deps.sh --test"
done
# shellcheck source=chroot-mounts.sh
. "$src/packaging/chroot-mounts.sh"

host_release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
build_root=$cache/$release-build
cleanup() {
  stop_chroot_processes "$root" || true
  remove_chroot "$root" || true
  if [ -d "$build_root" ]; then
    stop_chroot_processes "$build_root" || true
    unmount_all "$build_root" || true
  fi
}
trap cleanup EXIT
mkdir -p "$work" "$cache"
remove_chroot "$root" || fail "something is still mounted below $root"

# Build-Depends as package names (first alternative, no versions), the build profiles applied.
build_depends() {
  awk '/^Build-Depends:/ { on = 1; sub(/^Build-Depends:/, "") } on && /^[A-Z]/ && !/^Build-Depends:/ { on = 0 } on' \
    "$src/debian/control" | tr ',' '\n' | while read -r dep; do
    [ -n "$dep" ] || continue
    name=$(echo "$dep" | sed 's/|.*//; s/([^)]*)//g; s/\[[^]]*\]//g' | awk '{ print $1 }')
    negated=$(echo "$dep" | sed -n 's/.*<!\([^ >]*\)>.*/\1/p')
    [ -n "$negated" ] && case " $profiles " in *" $negated "*) continue ;; esac
    [ "$name" = debhelper-compat ] && name=debhelper # virtual: provided by debhelper
    echo "$name"
  done
}

step "build the .deb for Debian $debian_version from a copy of the checkout (what git tracks or would track)"
copy_checkout() { # DIR
  rm -rf "$1" && mkdir -p "$1"
  git -C "$src" ls-files -z --cached --others --exclude-standard |
    tar -C "$src" --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$1" -xf -
}
rm -rf "$work"/ptriage_*
jobs=$(nproc)
profile_option=${profiles:+-P$profiles}
if [ "$release" = "$host_release" ]; then
  # This machine is that release: build here, as a packager would.
  for tool in dpkg-buildpackage dh lintian; do
    command -v "$tool" >/dev/null || fail "$tool is missing: run packaging/install-deps.sh --test"
  done
  copy_checkout "$work/src"
  # A compiler cache of its own, kept with the chroots: a second run compiles only what changed. Its
  # paths hashed relative to the copy, which ctest puts under each clone's build folder.
  if command -v ccache >/dev/null; then
    export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_DIR=$cache/ccache-$release CCACHE_BASEDIR=$work/src \
      CCACHE_NOHASHDIR=1
    mkdir -p "$CCACHE_DIR"
  fi
  (cd "$work/src" && DEB_BUILD_OPTIONS="parallel=$jobs noautodbgsym" dpkg-buildpackage -b -us -uc $profile_option >"$work/build.log" 2>&1) ||
    { tail -n 60 "$work/build.log"; fail "dpkg-buildpackage (log: $work/build.log)"; }
  step "lintian"
  lintian --info --fail-on error "$work"/ptriage_*.changes | tee "$work/lintian.txt" ||
    fail "lintian reports errors (above)"
else
  # Another release: in a build root of that release (debootstrap + Build-Depends, cached by its
  # package list), with its own ccache kept beside it.
  # shellcheck disable=SC2046
  "$src/packaging/make-debian-root.sh" "$build_root" "$release" $(build_depends) build-essential lintian ccache ||
    fail "cannot make the Debian $debian_version build root at $build_root"
  mount_kernel_fs "$build_root"
  mkdir -p "$cache/ccache-$release" "$build_root/ccache"
  mount --bind "$cache/ccache-$release" "$build_root/ccache"
  copy_checkout "$build_root/build/src"
  rm -f "$build_root"/build/ptriage_*
  chroot "$build_root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root CCACHE_DIR=/ccache \
    CMAKE_CXX_COMPILER_LAUNCHER=ccache DEB_BUILD_OPTIONS="parallel=$jobs noautodbgsym" \
    sh -c "cd /build/src && dpkg-buildpackage -b -us -uc $profile_option" >"$work/build.log" 2>&1 ||
    { tail -n 60 "$work/build.log"; fail "dpkg-buildpackage in Debian $debian_version (log: $work/build.log)"; }
  cp "$build_root"/build/ptriage_* "$work/"
  step "lintian (Debian $debian_version's own)"
  chroot "$build_root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root \
    sh -c 'lintian --info --fail-on error /build/ptriage_*.changes' | tee "$work/lintian.txt" ||
    fail "lintian reports errors (above)"
  rm -rf "$build_root/build"
  unmount_all "$build_root" || fail "still mounted below $build_root"
fi
deb=$(ls "$work"/ptriage_*.deb)
echo "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
dpkg-deb -f "$deb" Depends

step "a fresh Debian $debian_version (debootstrap --variant=minbase $release, kept as a tarball)"
tarball=$cache/$release-minbase.tar.gz
if [ ! -s "$tarball" ]; then
  rm -rf "$work/pristine"
  "$src/packaging/make-debian-root.sh" "$work/pristine" "$release" || fail "debootstrap $release"
  rm -f "$work/pristine/.ptriage-stamp" "$work/pristine/usr/sbin/policy-rc.d"
  tar -C "$work/pristine" -czf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
  rm -rf "$work/pristine"
fi
mkdir -p "$root"
tar -C "$root" -xzf "$tarball"
mount_kernel_fs "$root"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" # package scripts start no services
chmod +x "$root/usr/sbin/policy-rc.d"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
cp "$deb" "$root/tmp/"
debname=/tmp/$(basename "$deb")

step "apt install $debname (Depends only, no recommends)"
in_root apt-get update -qq >/dev/null
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$debname" \
  >"$work/apt-install.log" 2>&1 || { tail -n 30 "$work/apt-install.log"; fail "apt install of the .deb"; }
in_root dpkg-query -W -f='${Status}\n' ptriage | grep -q 'install ok installed' || fail "ptriage is not installed"
in_root dpkg -L ptriage | sort >"$work/files.txt"

step "ptriage scan --json as an ordinary user"
in_root useradd --create-home "$user"
in_root runuser -u "$user" -- ptriage scan --json --all >"$work/scan.json" 2>"$work/scan.err" ||
  { cat "$work/scan.err"; fail "ptriage scan --json as $user"; }
grep -q '"schema": *"ptriage.scan.v1"' "$work/scan.json" || fail "scan --json: no ptriage.scan.v1 document"
grep -q '"pid"' "$work/scan.json" || fail "scan --json lists no process"
in_root runuser -u "$user" -- ptriage --version
# The wake source on this kernel (a chroot has the machine's kernel, not the release's): a PSI trigger
# where unprivileged ones are allowed (kernel 6.4 and later), else polling, with the reason.
source_line=$(in_root runuser -u "$user" -- ptriage pressure | sed -n 's/^source *//p')
echo "memory pressure on kernel $(uname -r): $source_line"
kernel=$(uname -r | awk -F. '{ printf "%d%03d", $1, $2 }')
if [ -e /proc/pressure/memory ] && [ "$kernel" -ge 6004 ]; then
  case $source_line in "PSI trigger"*) ;; *) fail "kernel $(uname -r) allows PSI triggers, but: $source_line" ;; esac
else
  case $source_line in "polling every"*) ;; *) fail "no PSI trigger here, but the source is: $source_line" ;; esac
fi

step "the helper is where D-Bus activation points"
service=/usr/share/dbus-1/system-services/org.ptriage.helper.service
exec_path=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$root$service")
if [ -z "$profiles" ]; then # KAuth: its helper, where KAuth's generated activation file says
  case $exec_path in */kauth/*ptriage-kauth-helper) ;; *) fail "$service: Exec=$exec_path, not the KAuth helper" ;; esac
  [ ! -e "$root/usr/libexec/ptriage/ptriage-helper" ] || fail "the D-Bus helper is installed beside KAuth's"
else
  [ "$exec_path" = /usr/libexec/ptriage/ptriage-helper ] || fail "$service: Exec=$exec_path"
fi
[ -x "$root$exec_path" ] || fail "$exec_path is not an executable"
[ -f "$root/usr/share/dbus-1/system.d/org.ptriage.helper.conf" ] || fail "no D-Bus policy"
echo "helper: $exec_path"

step "tools for the remaining checks (installed after the package's own dependencies were proven)"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  desktop-file-utils appstream man-db xvfb xauth python3-dbus python3-gi >"$work/apt-tools.log" 2>&1 ||
  { tail -n 30 "$work/apt-tools.log"; fail "apt install of the checking tools"; }

step "polkit knows the actions (pkaction against polkitd on the chroot's own system bus)"
mkdir -p "$root/run/dbus"
in_root dbus-daemon --system --fork
in_root sh -c '/usr/lib/polkit-1/polkitd --no-debug >/tmp/polkitd.log 2>&1 & echo $! >/run/polkitd.pid'
for _ in $(seq 50); do
  in_root pkaction --action-id org.ptriage.helper.signal >/dev/null 2>&1 && break
  sleep 0.2
done
actions=$(in_root pkaction | grep -c '^org\.ptriage\.helper\.' || true)
in_root pkaction --verbose --action-id org.ptriage.helper.signal | sed -n '1,4p'
[ "$actions" -eq 6 ] || fail "pkaction lists $actions org.ptriage.helper actions, not 6"

# What the window, the tray and `ptriage act` do, from the installed files, as an ordinary user.
mkdir -p "$root/opt/checks"
cp "$src"/packaging/deb-checks/*.sh "$src/tests/support/fake_desktop.py" "$root/opt/checks/"
step "polkit grants and denies an action through the installed helper (ptriage act as $user)"
in_root /opt/checks/polkit-act.sh "$user" /run/polkitd.pid || fail "ptriage act through the helper"

step "the tray alerts through the desktop's services (ptriage --tray as $user)"
if [ -z "$profiles" ]; then services="KStatusNotifierItem, KNotification"; else services="Qt's tray icon"; fi
in_root runuser -u "$user" -- env HOME=/home/$user XDG_RUNTIME_DIR=/tmp/$user-runtime sh -c \
  "mkdir -p -m 700 /tmp/$user-runtime && /opt/checks/tray-alert.sh \"$services\"" || fail "the tray's alert"

step "desktop entry, AppStream, icons, man page, completion"
in_root desktop-file-validate /usr/share/applications/org.ptriage.ptriage.desktop || fail "desktop-file-validate"
in_root appstreamcli validate --pedantic --no-net /usr/share/metainfo/org.ptriage.ptriage.metainfo.xml ||
  fail "appstreamcli validate"
for f in /usr/share/icons/hicolor/scalable/apps/org.ptriage.ptriage.svg \
  /usr/share/icons/hicolor/48x48/apps/org.ptriage.ptriage.png \
  /usr/share/bash-completion/completions/ptriage /usr/share/zsh/vendor-completions/_ptriage; do
  [ -s "$root$f" ] || fail "not installed: $f"
done
in_root env MANWIDTH=80 man -P cat ptriage >"$work/man.txt" 2>"$work/man.err" || { cat "$work/man.err"; fail "man ptriage"; }
[ -s "$work/man.err" ] && { cat "$work/man.err"; fail "man ptriage warns"; }
grep -q '^NAME' "$work/man.txt" && grep -q 'EXIT STATUS' "$work/man.txt" || fail "man ptriage: no NAME or EXIT STATUS"
echo "man ptriage: $(wc -l <"$work/man.txt") lines"

step "the window opens under Xvfb (as $user)"
in_root runuser -u "$user" -- env HOME=/home/$user XDG_RUNTIME_DIR=/tmp/$user-runtime sh -c \
  "mkdir -p -m 700 /tmp/$user-runtime && xvfb-run -a -s '-screen 0 1600x1000x24' \
   ptriage --min-age 0 --screenshot /tmp/window.png" >"$work/window.log" 2>&1 ||
  { cat "$work/window.log"; fail "the window under Xvfb"; }
cp "$root/tmp/window.png" "$work/window.png"
[ "$(stat -c %s "$work/window.png")" -gt 20000 ] || fail "the screenshot is nearly empty"
echo "screenshot: $work/window.png"
stop_chroot_processes "$root"

step "apt remove --purge leaves nothing behind"
in_root env DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -qq ptriage >/dev/null 2>&1 ||
  fail "apt remove --purge ptriage"
left=$(while read -r f; do
  [ -e "$root$f" ] && [ ! -d "$root$f" ] && echo "$f"
done <"$work/files.txt" || true)
[ -z "$left" ] || fail "files of the package left after purge: $left"
# Not the package's: the users' own files, man-db's cache of the pages the test looked at, and /run
# (a tmpfs, empty at boot: the helper keeps its ledger of what it stopped there while the system runs).
strays=$(cd "$root" && find . -xdev \( -path ./tmp -o -path ./proc -o -path ./sys -o -path ./dev -o -path ./home \
  -o -path ./var/cache/man -o -path ./run \) -prune -o \
  -iname '*ptriage*' -print)
[ -z "$strays" ] || fail "left after purge: $strays"
echo "purged: none of the $(wc -l <"$work/files.txt") paths of the package is left"
step "PASS"
