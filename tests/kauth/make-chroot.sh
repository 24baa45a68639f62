#!/usr/bin/env bash
# Makes (or reuses) the cached Debian 13 chroot in which the KAuth transport is built and tested.
# Usage: make-chroot.sh CHROOT_DIR. Built in a temporary directory beside it, then renamed: an
# interrupted run leaves no half chroot. A stamp with the suite and package list decides reuse.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
. "$here/chroot-mounts.sh"

root=$1
suite=trixie
packages=(cmake ninja-build g++ qt6-base-dev libkf6auth-dev extra-cmake-modules
  dbus-daemon dbus-system-bus-common polkitd procps passwd util-linux)
stamp="suite=$suite variant=minbase packages=${packages[*]}"

if [ -f "$root/.ptriage-stamp" ] && [ "$(cat "$root/.ptriage-stamp")" = "$stamp" ]; then
  exit 0
fi

# The Debian mirror this machine's apt already uses (override with PTRIAGE_DEBIAN_MIRROR).
host_mirror() {
  cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    grep -oE '^(URIs:|deb) +[^ ]+/debian/?( |$)' | head -1 | awk '{print $2}' || true
}
mirror=${PTRIAGE_DEBIAN_MIRROR:-$(host_mirror)}
if [ -z "$mirror" ]; then
  echo "kauth-chroot: cannot tell the Debian mirror; set PTRIAGE_DEBIAN_MIRROR" >&2
  exit 1
fi
command -v debootstrap >/dev/null || { echo "kauth-chroot: debootstrap is missing (packaging/install-deps.sh)" >&2; exit 1; }

mkdir -p "$(dirname "$root")"
tmp=$(mktemp -d "$root.new.XXXXXX")
chmod 755 "$tmp" # it becomes "/" in the chroot: the throwaway user must traverse it
cleanup() { unmount_all "$tmp" && rm -rf --one-file-system -- "$tmp"; }
trap cleanup EXIT

echo "kauth-chroot: debootstrap $suite into $tmp" >&2
debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$tmp.log" 2>&1 || {
  tail -20 "$tmp.log" >&2; rm -f "$tmp.log"; exit 1; }
rm -f "$tmp.log"
printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d" # package scripts start no services
chmod 755 "$tmp/usr/sbin/policy-rc.d"

mount_kernel_fs "$tmp"
echo "kauth-chroot: installing ${packages[*]}" >&2
chroot "$tmp" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
  sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages[*]} >/dev/null && apt-get clean"
unmount_all "$tmp"

echo "$stamp" >"$tmp/.ptriage-stamp"
if [ -e "$root" ]; then
  old=$(mktemp -d "$root.old.XXXXXX")
  mv -T "$root" "$old"
  remove_chroot "$old"
fi
mv -T "$tmp" "$root"
trap - EXIT
echo "kauth-chroot: ready at $root" >&2
