#!/usr/bin/env bash
# Builds ptriage's .deb from debian/ and proves it on a fresh Debian 12: installed with apt into a
# minimal debootstrap chroot it pulls everything it needs, works for an ordinary user, its helper,
# D-Bus, polkit, desktop, AppStream and man files are where the system reads them, the window opens
# under Xvfb, and purging it leaves no file behind. Root only (debootstrap, chroot, mounts); exit 77
# (skipped) otherwise.
#   PTRIAGE_DEB_WORK   where the build, the chroot and the results go (default /var/tmp/ptriage-test-deb)
#   PTRIAGE_DEB_CACHE  where the pristine Debian 12 tarball is kept between runs (default /var/cache/ptriage-test)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${PTRIAGE_DEB_WORK:-/var/tmp/ptriage-test-deb}
cache=${PTRIAGE_DEB_CACHE:-/var/cache/ptriage-test}
root=$work/root
user=ptriage-deb-user

step() { echo "== $*"; }
fail() {
  echo "test-deb: FAIL: $*" >&2
  exit 1
}
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root "$@"; }

if [ "$(id -u)" -ne 0 ]; then
  echo "test-deb: needs root (debootstrap, chroot, mounts); skipped" >&2
  exit 77
fi
for tool in dpkg-buildpackage dh lintian debootstrap git; do
  command -v "$tool" >/dev/null || fail "$tool is missing: run packaging/install-deps.sh --test"
done
# shellcheck source=../tests/kauth/chroot-mounts.sh
. "$src/tests/kauth/chroot-mounts.sh"

cleanup() {
  stop_chroot_processes "$root" || true
  remove_chroot "$root" || true
}
trap cleanup EXIT
mkdir -p "$work" "$cache"
remove_chroot "$root" || fail "something is still mounted below $root"

step "build the .deb from a copy of the checkout (what git tracks or would track)"
rm -rf "$work/src" "$work"/ptriage_*
mkdir -p "$work/src"
git -C "$src" ls-files -z --cached --others --exclude-standard |
  tar -C "$src" --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$work/src" -xf -
jobs=$(nproc)
# A developer's ccache, when there is one, makes the second run cheap; CI has none.
command -v ccache >/dev/null && export CMAKE_CXX_COMPILER_LAUNCHER=ccache
(cd "$work/src" && DEB_BUILD_OPTIONS="parallel=$jobs" dpkg-buildpackage -b -us -uc >"$work/build.log" 2>&1) ||
  { tail -n 60 "$work/build.log"; fail "dpkg-buildpackage (log: $work/build.log)"; }
deb=$(ls "$work"/ptriage_*.deb)
echo "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
dpkg-deb -f "$deb" Depends

step "lintian"
lintian --info --fail-on error "$work"/ptriage_*.changes | tee "$work/lintian.txt" ||
  fail "lintian reports errors (above)"

step "a fresh Debian 12 (debootstrap --variant=minbase bookworm, kept as a tarball)"
tarball=$cache/bookworm-minbase.tar.gz
if [ ! -s "$tarball" ]; then
  mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  rm -rf "$work/pristine"
  debootstrap --variant=minbase bookworm "$work/pristine" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log"; fail "debootstrap"; }
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

step "the helper is where D-Bus activation points"
service=/usr/share/dbus-1/system-services/org.ptriage.helper.service
exec_path=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$root$service")
[ "$exec_path" = /usr/libexec/ptriage/ptriage-helper ] || fail "$service: Exec=$exec_path"
[ -x "$root$exec_path" ] || fail "$exec_path is not an executable"
[ -f "$root/usr/share/dbus-1/system.d/org.ptriage.helper.conf" ] || fail "no D-Bus policy"

step "tools for the remaining checks (installed after the package's own dependencies were proven)"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  desktop-file-utils appstream man-db xvfb xauth >"$work/apt-tools.log" 2>&1 ||
  { tail -n 30 "$work/apt-tools.log"; fail "apt install of the checking tools"; }

step "polkit knows the actions (pkaction against polkitd on the chroot's own system bus)"
mkdir -p "$root/run/dbus"
in_root dbus-daemon --system --fork
in_root sh -c '/usr/lib/polkit-1/polkitd --no-debug >/tmp/polkitd.log 2>&1 &'
for _ in $(seq 50); do
  in_root pkaction --action-id org.ptriage.helper.signal >/dev/null 2>&1 && break
  sleep 0.2
done
actions=$(in_root pkaction | grep -c '^org\.ptriage\.helper\.' || true)
in_root pkaction --verbose --action-id org.ptriage.helper.signal | sed -n '1,4p'
[ "$actions" -eq 6 ] || fail "pkaction lists $actions org.ptriage.helper actions, not 6"

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
# Not the package's: the users' own files and man-db's cache of the pages the test looked at.
strays=$(cd "$root" && find . -xdev \( -path ./tmp -o -path ./proc -o -path ./sys -o -path ./dev -o -path ./home \
  -o -path ./var/cache/man \) -prune -o \
  -iname '*ptriage*' -print)
[ -z "$strays" ] || fail "left after purge: $strays"
echo "purged: none of the $(wc -l <"$work/files.txt") paths of the package is left"
step "PASS"
