#!/usr/bin/env bash
# Makes (or reuses) a cached Debian chroot: debootstrap --variant=minbase SUITE, then PACKAGE... with
# apt. Usage: make-debian-root.sh ROOT SUITE [PACKAGE...]. Built in a temporary directory beside ROOT,
# then renamed: an interrupted run leaves no half chroot. A stamp with the suite and the package list
# decides reuse. Root only. PTRIAGE_DEBIAN_MIRROR overrides the mirror this machine's apt uses.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
# shellcheck source=chroot-mounts.sh
. "$here/chroot-mounts.sh"

root=$1
suite=$2
shift 2
packages=("$@")
stamp="suite=$suite variant=minbase packages=${packages[*]}"

if [ -f "$root/.ptriage-stamp" ] && [ "$(cat "$root/.ptriage-stamp")" = "$stamp" ]; then
  exit 0
fi

host_mirror() {
  cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    grep -oE '^(URIs:|deb) +[^ ]+/debian/?( |$)' | head -1 | awk '{print $2}' || true
}
mirror=${PTRIAGE_DEBIAN_MIRROR:-$(host_mirror)}
if [ -z "$mirror" ]; then
  echo "debian-root: cannot tell the Debian mirror; set PTRIAGE_DEBIAN_MIRROR" >&2
  exit 1
fi
command -v debootstrap >/dev/null || { echo "debian-root: debootstrap is missing (packaging/install-deps.sh --test)" >&2; exit 1; }

mkdir -p "$(dirname "$root")"
tmp=$(mktemp -d "$root.new.XXXXXX")
chmod 755 "$tmp" # it becomes "/" in the chroot: throwaway users must traverse it
cleanup() { unmount_all "$tmp" && rm -rf --one-file-system -- "$tmp"; }
trap cleanup EXIT

echo "debian-root: debootstrap $suite into $tmp" >&2
debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$tmp.log" 2>&1 || {
  tail -20 "$tmp.log" >&2; rm -f "$tmp.log"; exit 1; }
rm -f "$tmp.log"
printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d" # package scripts start no services
chmod 755 "$tmp/usr/sbin/policy-rc.d"

if [ ${#packages[@]} -gt 0 ]; then
  mount_kernel_fs "$tmp"
  echo "debian-root: installing ${packages[*]}" >&2
  chroot "$tmp" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages[*]} >/dev/null && apt-get clean"
  unmount_all "$tmp"
fi

echo "$stamp" >"$tmp/.ptriage-stamp"
if [ -e "$root" ]; then
  old=$(mktemp -d "$root.old.XXXXXX")
  mv -T "$root" "$old"
  remove_chroot "$old"
fi
mv -T "$tmp" "$root"
trap - EXIT
echo "debian-root: ready at $root" >&2
