#!/usr/bin/env bash
# Inside the Debian 13 chroot, as root (run-in-chroot.sh calls it): builds and installs the helper-only
# tree under /usr, starts a private system bus (activation from /usr/share/dbus-1/system-services, so
# KAuth's helper is started as root) and polkitd, then a throwaway user asks through KAuth to act on a
# root-owned process while polkit rules grant or deny it.
set -euo pipefail
src=/ptriage/src
build=/ptriage/build
run=/run/ptriage-kauth
user=ptriage-kauth
rules=/etc/polkit-1/rules.d/90-ptriage-kauth-test.rules
probe=$build/tests/kauth/ptriage-kauth-probe

fail() { echo "test_kauth_chroot: FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

step "build (helper only, Qt $(dpkg-query -W -f='${Version}' qt6-base-dev), KF6Auth $(dpkg-query -W -f='${Version}' libkf6auth-dev))"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr \
  -DPTRIAGE_HELPER_ONLY=ON -DPTRIAGE_KAUTH=ON >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; fail "configure"; }
ninja -C "$build" -j2 >"$build.build.log" 2>&1 || { cat "$build.build.log"; fail "build"; }
cmake --install "$build" >/dev/null || fail "install"
for f in /usr/lib/kf6/kauth/libexec/ptriage-kauth-helper /usr/share/polkit-1/actions/org.ptriage.helper.policy \
  /usr/share/dbus-1/system.d/org.ptriage.helper.conf /usr/share/dbus-1/system-services/org.ptriage.helper.service; do
  [ -e "$f" ] || fail "not installed: $f"
done
grep -q '<allow_active>auth_admin_keep</allow_active>' /usr/share/polkit-1/actions/org.ptriage.helper.policy ||
  fail "the generated policy does not say auth_admin_keep"

pids=()
targets=()
cleanup() {
  rm -f "$rules"
  for p in "${targets[@]}"; do kill -KILL "$p" 2>/dev/null || true; done # a stopped one ignores TERM
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$run"
}
trap cleanup EXIT

step "private system bus and polkitd"
rm -rf "$run" && mkdir -m 755 -p "$run"
# The stock system bus policy with its own socket, no <user>, no <fork/>, no <servicehelper>: the bus (root)
# starts activatable services itself, as root. Its relative includedir would resolve beside this copy.
sed -e 's|<includedir>system.d</includedir>|<includedir>/usr/share/dbus-1/system.d</includedir>|' -e 's|<listen>.*</listen>|<listen>unix:path='"$run"'/bus</listen>|' -e '/<user>/d' -e '/<fork\/>/d' \
  -e '/<pidfile>/d' -e '/<servicehelper>/d' -e '/<syslog\/>/d' /usr/share/dbus-1/system.conf >"$run/bus.conf"
grep -q '<standard_system_servicedirs/>\|<servicedir>/usr/share/dbus-1/system-services</servicedir>' "$run/bus.conf" ||
  sed -i 's|</busconfig>|<servicedir>/usr/share/dbus-1/system-services</servicedir>\n</busconfig>|' "$run/bus.conf"
dbus-daemon --config-file="$run/bus.conf" --nofork --nopidfile >"$run/bus.log" 2>&1 &
pids+=($!)
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$run/bus
has_owner() {
  dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null |
    grep -q 'boolean true'
}
wait_for() { # NAME
  for _ in $(seq 100); do has_owner "$1" && return 0; sleep 0.1; done
  fail "$1 did not appear on the bus: $(cat "$run"/*.log)"
}
wait_for org.freedesktop.DBus
/usr/lib/polkit-1/polkitd --no-debug >"$run/polkitd.log" 2>&1 &
polkitd_pid=$!
pids+=($polkitd_pid)
wait_for org.freedesktop.PolicyKit1

id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"

# polkit picks rules up live; restarting polkitd makes the change take effect at a known moment.
set_rule() { # ACTION-SUFFIX YES|NO
  printf 'polkit.addRule(function(action, subject) {\n  if (action.id == "org.ptriage.helper.%s" && subject.user == "%s")\n    return polkit.Result.%s;\n});\n' \
    "$1" "$user" "$2" >"$rules"
  restart_polkitd
}
restart_polkitd() {
  kill "$polkitd_pid"
  wait "$polkitd_pid" 2>/dev/null || true
  /usr/lib/polkit-1/polkitd --no-debug >>"$run/polkitd.log" 2>&1 &
  polkitd_pid=$!
  pids+=($polkitd_pid)
  wait_for org.freedesktop.PolicyKit1
}

out=""
as_user() { # probe arguments; sets $out and returns the probe's exit code
  local rc=0
  out=$(runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 \
    DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" "$probe" "$@" 2>&1) || rc=$?
  echo "   probe $*: exit $rc: $(echo "$out" | grep -E '^(result|error)' | head -3 | tr '\n' ' ')"
  return $rc
}
new_target() { sleep 600 & target=$!; targets+=($target); }
stat_field() { awk -v n="$2" '{ sub(/.*\) /, ""); print $(n - 2) }' "/proc/$1/stat" 2>/dev/null; } # field n of stat
alive() { local s; s=$(stat_field "$1" 3); [ "$s" = S ] || [ "$s" = R ]; }
ended() {
  for _ in $(seq 100); do
    local s; s=$(stat_field "$1" 3)
    [ -z "$s" ] || [ "$s" = Z ] && return 0
    sleep 0.1
  done
  return 1
}

step "grant org.ptriage.helper.signal: KILL on a root process works"
set_rule signal YES
new_target
rc=0; as_user signal KILL "$target" || rc=$?
[ "$rc" = 0 ] && echo "$out" | grep -q '^result done' || fail "granted kill was not done (exit $rc): $out"
ended "$target" || fail "granted kill: the target $target is still alive"
# The bus activated KAuth's helper, as root (comm is cut to 15 characters).
helper_uid=$(ps -C ptriage-kauth-h -o uid= | head -1 | tr -d ' ')
[ "$helper_uid" = 0 ] || fail "KAuth's helper is not running as root (uid '$helper_uid')"

step "the prompt's details name the target: a rule that reads them grants that PID only"
new_target
named=$target
# KAuth passes the client's details to polkit: the prompt (polkit.message) and "other_details", the
# D-Bus helper's per-owner details as "key=value; …" (what the client read: a rule cannot trust it).
printf 'polkit.addRule(function(action, subject) {\n  if (action.id == "org.ptriage.helper.signal" && subject.user == "%s") {\n    var d = action.lookup("other_details") || "";\n    return d.indexOf("target_pids=%s;") >= 0 && d.indexOf("action=send the signal KILL to;") >= 0 && d.indexOf("target_user=root;") >= 0 ? polkit.Result.YES : polkit.Result.NO;\n  }\n});\n' \
  "$user" "$named" >"$rules"
restart_polkitd
new_target
rc=0; as_user signal KILL "$target" || rc=$?
[ "$rc" = 3 ] && echo "$out" | grep -q '^error NotAuthorized' || fail "a kill of another PID than the rule names was not refused (exit $rc): $out"
alive "$target" || fail "details rule: the other target $target was touched"
rc=0; as_user signal KILL "$named" || rc=$?
[ "$rc" = 0 ] && echo "$out" | grep -q '^result done' ||
  fail "the kill of the PID the details name was not granted (exit $rc): $out"
ended "$named" || fail "details rule: the named target $named is still alive"

step "deny org.ptriage.helper.signal: refused, target untouched"
set_rule signal NO
new_target
rc=0; as_user signal KILL "$target" || rc=$?
[ "$rc" = 3 ] && echo "$out" | grep -q '^error NotAuthorized' || fail "denied kill was not refused as NotAuthorized (exit $rc): $out"
sleep 0.5
alive "$target" || fail "denied kill: the target $target was touched"

step "grant only org.ptriage.helper.renice: renice works, kill is refused"
set_rule renice YES
new_target
rc=0; as_user renice 7 "$target" || rc=$?
[ "$rc" = 0 ] && echo "$out" | grep -q '^result done' || fail "granted renice was not done (exit $rc): $out"
[ "$(stat_field "$target" 19)" = 7 ] || fail "granted renice: nice of $target is $(stat_field "$target" 19), not 7"
rc=0; as_user signal KILL "$target" || rc=$?
[ "$rc" = 3 ] && echo "$out" | grep -q '^error NotAuthorized' || fail "kill with only renice granted was not refused (exit $rc): $out"
# The same kill sent under the granted .renice action id: the helper itself must refuse it.
rc=0; as_user --action renice signal KILL "$target" || rc=$?
[ "$rc" = 3 ] && echo "$out" | grep -q '^error code 1002' || fail "kill under the .renice action was not refused by the helper (exit $rc): $out"
sleep 0.5
alive "$target" || fail "kill with only renice granted: the target $target was touched"

step "grant only org.ptriage.helper.undo: resume works for what the helper stopped, stop is refused"
set_rule undo YES
new_target
sleep 0.2 # exec'd: a forked shell stopped before its exec would hold the test's output open
kill -STOP "$target"
sleep 0.2
rc=0; as_user signal CONT "$target" || rc=$?
[ "$rc" = 3 ] && [ "$(stat_field "$target" 3)" = T ] ||
  fail "resume of a process the helper did not stop was not refused (exit $rc, state $(stat_field "$target" 3)): $out"
kill -CONT "$target"
sleep 0.2
# root stops it through the helper (polkit always authorizes root): the helper's ledger holds the stop.
rc=0; out=$(DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" "$probe" signal STOP "$target" 2>&1) || rc=$?
[ "$rc" = 0 ] && echo "$out" | grep -q '^result done' || fail "root's stop through the helper was not done (exit $rc): $out"
sleep 0.2
rc=0; as_user signal CONT "$target" || rc=$?
[ "$rc" = 0 ] && echo "$out" | grep -q '^result done' || fail "granted resume was not done (exit $rc): $out"
sleep 0.2
alive "$target" || fail "granted resume: $target is still stopped ($(stat_field "$target" 3))"
rc=0; as_user signal STOP "$target" || rc=$?
[ "$rc" = 3 ] && echo "$out" | grep -q '^error NotAuthorized' || fail "stop with only undo granted was not refused (exit $rc): $out"
rc=0; as_user --action undo signal STOP "$target" || rc=$?
[ "$rc" = 3 ] && echo "$out" | grep -q '^error code 1002' || fail "stop under the .undo action was not refused by the helper (exit $rc): $out"
sleep 0.2
alive "$target" || fail "stop with only undo granted: the target $target was stopped"

echo "test_kauth_chroot: 5 cases passed"
