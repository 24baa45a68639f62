#!/usr/bin/env bash
# In the installed chroot, as the ordinary user (test-deb.sh copies it in, with fake_desktop.py): the
# installed `ptriage --tray`, on a private session bus whose desktop services are
# tests/support/fake_desktop.py, over a captured /proc whose memory says 4 % available. The alert
# must reach the notification server (with the desktop entry, critical urgency and a Show action),
# and the icon must register once a tray starts, after ptriage (the login race).
# Usage: tray-alert.sh EXPECTED_SERVICES (what `ptriage --tray` says it uses)
set -euo pipefail
expected=$1
dir=$(mktemp -d /tmp/tray-alert.XXXXXX)
here=$(dirname "$(realpath "$0")")
fail() {
  echo "tray-alert: FAIL: $*" >&2
  echo "--- ptriage --tray:" >&2; cat "$dir/tray.log" >&2 || true
  echo "--- desktop:" >&2; cat "$dir/events" >&2 || true
  exit 1
}
pids=()
tray=""
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  # xvfb-run is a script: its Xvfb and ptriage go with its process group, not with it.
  [ -n "$tray" ] && kill -- "-$tray" 2>/dev/null || true
  [ -f "$dir/bus.pid" ] && kill "$(cat "$dir/bus.pid")" 2>/dev/null || true
}
trap cleanup EXIT
wait_for() { # EVENT SECONDS
  for _ in $(seq $(($2 * 10))); do grep -q "\"event\": \"$1\"" "$dir/events" && return 0; sleep 0.1; done
  fail "no '$1' from the desktop within $2 s"
}

DBUS_SESSION_BUS_ADDRESS=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>"$dir/bus.pid")
export DBUS_SESSION_BUS_ADDRESS
python3 "$here/fake_desktop.py" --address "$DBUS_SESSION_BUS_ADDRESS" --watcher later >"$dir/events" 2>&1 &
pids+=($!)
wait_for ready 20

ptriage capture "$dir/proc" >/dev/null
printf 'MemTotal:       16000000 kB\nMemFree:          320000 kB\nMemAvailable:     640000 kB\nSwapTotal:             0 kB\nSwapFree:              0 kB\n' \
  >"$dir/proc/meminfo"
mkdir -p "$dir/proc/pressure"
printf 'some avg10=45.00 avg60=1.00 avg300=0.50 total=123456\nfull avg10=22.50 avg60=0.50 avg300=0.20 total=65432\n' \
  >"$dir/proc/pressure/memory"

setsid xvfb-run -a ptriage --tray --proc-root "$dir/proc" --min-age 0 >"$dir/tray.log" 2>&1 &
tray=$!
wait_for notify 90
grep -q "tray and alerts: $expected" "$dir/tray.log" || fail "ptriage --tray does not use $expected"
notify=$(grep '"event": "notify"' "$dir/events" | head -1)
for want in '"summary": "Memory is almost exhausted"' '"desktop-entry": "org.ptriage.ptriage"' '"urgency": 2' '"Show"' \
  '"Free memory\u2026"'; do
  echo "$notify" | grep -qF "$want" || fail "the alert lacks $want: $notify"
done
grep -q 'notifications only' "$dir/tray.log" || fail "no tray yet, and ptriage did not say so"

dbus-send --session --print-reply --dest=org.ptriage.FakeDesktop /org/ptriage/FakeDesktop \
  org.ptriage.FakeDesktop.StartWatcher >/dev/null
wait_for item_registered 30
wait_for item_properties 30
for _ in $(seq 100); do grep -q 'In the tray' "$dir/tray.log" && break; sleep 0.1; done
grep -q 'In the tray' "$dir/tray.log" || fail "the icon registered, but ptriage does not say it is in the tray"
echo "tray-alert: $expected: alert sent, icon registered once the tray started"
