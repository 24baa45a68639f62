#!/usr/bin/env bash
# In the installed chroot, as root (test-deb.sh copies it in): a throwaway user pauses a root-owned
# process with the installed `ptriage act`, which goes through the installed helper (D-Bus or KAuth,
# activated by the chroot's system bus) while a polkit rule grants the action, and is refused, the
# process untouched, while a rule denies it. Usage: polkit-act.sh USER POLKITD_PID_FILE
set -euo pipefail
user=$1
pid_file=$2
rules=/etc/polkit-1/rules.d/90-ptriage-deb-test.rules
fail() { echo "polkit-act: FAIL: $*" >&2; exit 1; }

target=""
cleanup() {
  rm -f "$rules"
  [ -n "$target" ] && kill -KILL "$target" 2>/dev/null || true
}
trap cleanup EXIT

state() { awk '{ sub(/.*\) /, ""); print $1 }' "/proc/$1/stat" 2>/dev/null; }

# Rules are read when polkitd starts: restarting it makes a change take effect at a known moment.
restart_polkitd() {
  local old
  old=$(cat "$pid_file")
  kill "$old" 2>/dev/null || true
  for _ in $(seq 300); do kill -0 "$old" 2>/dev/null || break; sleep 0.1; done
  ! kill -0 "$old" 2>/dev/null || fail "polkitd $old did not exit"
  local new attempt
  for attempt in 1 2; do
    /usr/lib/polkit-1/polkitd --no-debug >>/tmp/polkitd.log 2>&1 &
    new=$!
    echo "$new" >"$pid_file"
    # Until the new polkitd owns the name, a question could still reach the old rules (a loaded machine).
    for _ in $(seq 300); do
      [ "$(owner_pid org.freedesktop.PolicyKit1)" = "$new" ] &&
        pkaction --action-id org.ptriage.helper.signal >/dev/null 2>&1 && return 0
      sleep 0.1
    done
    # Once in a CI run a restarted polkitd never answered within 30 s and logged nothing: say what it
    # was doing, then start it once more (this checks our package, not polkitd's start).
    echo "polkit-act: polkitd $new not answering after 30 s (attempt $attempt): $(polkitd_state "$new")" >&2
    kill -KILL "$new" 2>/dev/null || true
    wait "$new" 2>/dev/null || true
  done
  fail "polkitd did not come back: $(tail -5 /tmp/polkitd.log)"
}
polkitd_state() { # what a polkitd that does not answer is doing, and who owns its name
  if [ -r "/proc/$1/stat" ]; then
    echo "state $(state "$1"), waiting in $(cat "/proc/$1/wchan" 2>/dev/null || echo '?'), threads $(find "/proc/$1/task" -mindepth 1 -maxdepth 1 | wc -l); name owner pid '$(owner_pid org.freedesktop.PolicyKit1)'"
  else
    echo "exited; name owner pid '$(owner_pid org.freedesktop.PolicyKit1)'; log: $(tail -3 /tmp/polkitd.log)"
  fi
}
owner_pid() {
  dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.GetConnectionUnixProcessID "string:$1" 2>/dev/null | awk '/uint32/ { print $2 }'
}
set_rule() { # YES|NO: every ptriage action (a resume may go as the undo of the helper's own stop)
  printf 'polkit.addRule(function(action, subject) {\n  if (action.id.indexOf("org.ptriage.helper.") == 0 && subject.user == "%s")\n    return polkit.Result.%s;\n});\n' \
    "$user" "$1" >"$rules"
  restart_polkitd
}
act() { # VERB: the installed ptriage as the user; sets $out, returns its exit code
  local rc=0
  out=$(timeout 120 runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME="/home/$user" LANG=C.UTF-8 \
    ptriage act "$1" "$start_id" --yes --db "/home/$user/act.sqlite" 2>&1) || rc=$?
  echo "   ptriage act $1: exit $rc: $(echo "$out" | head -3 | tr '\n' ' ')"
  return $rc
}

# In a session of its own: the kernel lets anyone in the target's session send it SIGCONT.
setsid sleep 600 &
target=$!
for _ in $(seq 50); do [ "$(cat "/proc/$target/comm" 2>/dev/null)" = sleep ] && break; sleep 0.1; done
[ "$(cat "/proc/$target/comm" 2>/dev/null)" = sleep ] || fail "the target did not start"
start_id=$(runuser -u "$user" -- ptriage explain "$target" --json | sed -n 's/^    "start_id": "\(.*\)",$/\1/p' | head -1)
[ -n "$start_id" ] || fail "ptriage explain $target gave no start_id"
echo "   target: root's sleep, $start_id"

set_rule YES
act pause || fail "a granted pause failed: $out"
[ "$(state "$target")" = T ] || fail "granted: the target is '$(state "$target")', not stopped"

set_rule NO
rc=0
act resume || rc=$?
[ "$rc" -ne 0 ] || fail "a denied resume succeeded"
echo "$out" | grep -qi 'not authorized\|denied\|refused' || fail "a denied resume does not say why: $out"
[ "$(state "$target")" = T ] || fail "denied: the target was resumed anyway"

set_rule YES
act resume || fail "a granted resume failed: $out"
[ "$(state "$target")" = S ] || fail "granted: the target is '$(state "$target")', not running"
echo "polkit-act: granted pause and resume acted, a denied one did not"
