#!/usr/bin/env bash
# test_kauth_chroot: builds and tests the KAuth (KF6Auth) transport in a Debian 13 chroot, where KF6Auth
# exists (Debian 12 has none). Usage: run-in-chroot.sh [SOURCE_DIR]. Needs root and debootstrap.
# The chroot is cached (PTRIAGE_KAUTH_CACHE, default /var/cache/ptriage) and reused, and so is its
# build directory: a second run takes seconds, not minutes.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
export PATH="$PATH:/usr/sbin:/sbin" # debootstrap, chroot, useradd
. "$here/../../packaging/chroot-mounts.sh"
src=$(realpath "${1:-$here/../..}")
cache=${PTRIAGE_KAUTH_CACHE:-/var/cache/ptriage}
root=$cache/trixie-chroot

fail() { echo "test_kauth_chroot: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot, mounts)"
if ! command -v debootstrap >/dev/null; then
  echo "test_kauth_chroot: installing debootstrap" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null 2>&1 ||
    { echo "test_kauth_chroot: SKIP: debootstrap is missing and cannot be installed" >&2; exit 77; }
fi

mkdir -p "$cache"
exec 9>"$cache/trixie-chroot.lock" # one run at a time on this machine
flock -w 1200 9 || fail "another run holds $cache/trixie-chroot.lock"

# Leftovers of runs that were killed outright (no trap ran): half-built or replaced chroots.
for d in "$root".new.* "$root".old.*; do
  [ -d "$d" ] && { remove_chroot "$d" || fail "cannot remove $d"; }
done
rm -f "$root".new.*.log

# A run killed outright (ctest's timeout) leaves its daemons and mounts: take them down first.
if [ -d "$root" ]; then
  stop_chroot_processes "$root"
  unmount_all "$root" || fail "cannot unmount what a killed run left below $root"
fi

"$here/../../packaging/make-debian-root.sh" "$root" trixie cmake ninja-build g++ qt6-base-dev libkf6auth-dev \
  extra-cmake-modules dbus-daemon dbus-system-bus-common polkitd procps passwd util-linux ||
  fail "cannot make the Debian 13 chroot at $root"

cleanup() {
  local rc=$?
  stop_chroot_processes "$root"
  if ! unmount_all "$root"; then
    echo "test_kauth_chroot: FAIL: still mounted below $root: $(mounts_under "$root" | tr '\n' ' ')" >&2
    rc=1
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mount_kernel_fs "$root"
# The source tree without build directories or git data; tar keeps the times, so the cached build
# directory in the chroot rebuilds only what changed.
rm -rf --one-file-system "$root/ptriage/src"
mkdir -p "$root/ptriage/src" "$root/ptriage/build"
tar -C "$src" --exclude='./build*' --exclude='./.git' --exclude='./.cache' -cf - . | tar -C "$root/ptriage/src" -xf -

chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  /bin/bash /ptriage/src/tests/kauth/in-chroot.sh
