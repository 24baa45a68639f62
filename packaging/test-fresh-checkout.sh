#!/usr/bin/env bash
# Runs the README's test command as a new user of a fresh Debian 12 (or 13) would: a pristine
# debootstrap (the tarball packaging/test-deb.sh keeps), the checkout cloned into /root (0700, like a
# Debian home), the command verbatim. Root only; takes as long as CI (the whole build and suite).
#   usage: test-fresh-checkout.sh [--release bookworm|trixie]
#   PTRIAGE_FRESH_WORK  where the chroot goes (default /var/tmp/ptriage-fresh-checkout)
#   PTRIAGE_DEB_CACHE   where the pristine tarballs are (default /var/cache/ptriage-test)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
release=bookworm
[ "${1:-}" = --release ] && release=${2:?usage: test-fresh-checkout.sh [--release bookworm|trixie]}
work=${PTRIAGE_FRESH_WORK:-/var/tmp/ptriage-fresh-checkout}
tarball=${PTRIAGE_DEB_CACHE:-/var/cache/ptriage-test}/$release-minbase.tar.gz
root=$work/root

[ "$(id -u)" -eq 0 ] || { echo "test-fresh-checkout: needs root" >&2; exit 77; }
[ -s "$tarball" ] || { echo "test-fresh-checkout: no $tarball: run packaging/test-deb.sh --release $release once" >&2; exit 1; }
# shellcheck source=chroot-mounts.sh
. "$src/packaging/chroot-mounts.sh"
cleanup() {
  stop_chroot_processes "$root" || true
  remove_chroot "$root" || true
}
trap cleanup EXIT
remove_chroot "$root"
mkdir -p "$root"
tar -C "$root" -xzf "$tarball"
# A booted machine's / is a mount point; without one, `unshare --mount` in the tests cannot make it
# private ("cannot change root filesystem propagation").
mount --bind "$root" "$root"
mount --make-private "$root"
mount_kernel_fs "$root"
mkdir -p "$root/sys/fs/cgroup"
mount --rbind /sys/fs/cgroup "$root/sys/fs/cgroup" # a booted machine has its cgroups mounted
mount --make-rslave "$root/sys/fs/cgroup"
cp /etc/resolv.conf "$root/etc/resolv.conf"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"

# What the project's README asks for first: git, to clone (the checkout's committed state).
chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
  sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends git ca-certificates >/dev/null'
# A machine behind a TLS-inspecting proxy (this farm's) trusts its extra CAs; the chroot must too,
# or npm cannot reach its registry.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null
fi
git clone -q "$src" "$root/root/ptriage"
git -C "$root/root/ptriage" checkout -q "$(git -C "$src" rev-parse HEAD)"
chmod 700 "$root/root"
command=$(sed -n '/^Install, build and run every test/,/^```$/p' "$src/README.md" | sed -n '/^\.\//p')
echo "== in a fresh $release, /root/ptriage (0700): $command"
chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  LANG=C.UTF-8 TERM=dumb NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt sh -c "cd /root/ptriage && $command"
