# Sourced by the KAuth chroot scripts: mounting the kernel file systems into a chroot, and taking them
# down again. Never copy, archive or delete a chroot while anything is mounted in it: /proc/kcore,
# or the host's /dev through the bind mount, would go with it.

# Mount points below $1 (deepest first), from the kernel's own table.
mounts_under() {
  local root
  # A directory that does not exist has nothing mounted below it; and never the whole machine (an
  # empty or "/" root would match every mount there is).
  root=$(realpath -e -- "$1" 2>/dev/null) || return 0
  case "$root" in "" | /) echo "chroot-mounts: refusing to look below '$1'" >&2; return 1 ;; esac
  awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

mount_kernel_fs() {
  local root=$1
  mount -t proc proc "$root/proc"
  mount -t sysfs sysfs "$root/sys"
  mount --rbind /dev "$root/dev"
  mount --make-rslave "$root/dev" # unmounting it later must not reach the host's /dev
}

# Unmounts everything below $1; true only when nothing is left mounted there.
unmount_all() {
  local root=$1 m list
  list=$(mounts_under "$root") || return 1
  for m in $list; do
    umount -R "$m" 2>/dev/null || umount -R -l "$m" 2>/dev/null || true
  done
  [ -z "$(mounts_under "$root")" ]
}

# Processes whose root directory is the chroot (the bus, polkitd, the helper): stop them by PID.
stop_chroot_processes() {
  local root pid
  root=$(realpath -e -- "$1" 2>/dev/null) || return 0
  [ "$root" != / ] || return 1
  for sig in TERM KILL; do
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
      [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] && kill -s "$sig" "$pid" 2>/dev/null
    done
    [ "$sig" = TERM ] && sleep 1
  done
  return 0
}

# rm -rf, but only when nothing is mounted below the directory.
remove_chroot() {
  local root=$1
  if ! unmount_all "$root"; then
    echo "kauth-chroot: still mounted below $root, not removing it" >&2
    return 1
  fi
  rm -rf --one-file-system -- "$root"
}
