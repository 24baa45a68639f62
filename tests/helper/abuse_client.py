#!/usr/bin/python3
"""What an unprivileged attacker does to the helper (run by test_helper_abuse.py as a throwaway user).

  abuse_client.py stall CONNECTIONS REQUESTS TARGET   a polkit agent that never answers, then REQUESTS
                                                      signal requests spread over CONNECTIONS connections
  abuse_client.py stall CONNECTIONS REQUESTS T1 T2 …  the same, each request naming every target
  abuse_client.py flood CONNECTIONS REQUESTS MIB      requests of about MIB MiB each, spread likewise
  abuse_client.py fds TARGET                          one request carrying a unix file descriptor
  abuse_client.py invalid REQUESTS                    that many invalid requests at once, on one connection

Prints one JSON object per line (events: agent_begin, reply, sent, ready); in stall mode it stays on the
bus until a line arrives on stdin, then leaves (its pending checks must be called off).
"""
import json
import os
import sys
import threading

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
ADDRESS = os.environ["DBUS_SYSTEM_BUS_ADDRESS"]
HELPER = ("org.ptriage.helper", "/org/ptriage/helper")


def say(**event):
    print(json.dumps(event), flush=True)


class SilentAgent(dbus.service.Object):
    """org.freedesktop.PolicyKit1.AuthenticationAgent that is asked and never answers."""

    def __init__(self, bus):
        super().__init__(bus, "/org/ptriage/test/agent")
        self.waiting = []

    @dbus.service.method("org.freedesktop.PolicyKit1.AuthenticationAgent", in_signature="sssa{ss}sa(sa{sv})",
                         out_signature="", async_callbacks=("ok", "err"))
    def BeginAuthentication(self, action_id, message, icon, details, cookie, identities, ok, err):
        self.waiting.append((ok, err))
        say(event="agent_begin", action=str(action_id), message=str(message))

    @dbus.service.method("org.freedesktop.PolicyKit1.AuthenticationAgent", in_signature="s", out_signature="")
    def CancelAuthentication(self, cookie):
        say(event="agent_cancel")


def start_time_of(pid):
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[19])


def register_agent(bus):
    agent = SilentAgent(bus)
    authority = dbus.Interface(bus.get_object("org.freedesktop.PolicyKit1", "/org/freedesktop/PolicyKit1/Authority"),
                               "org.freedesktop.PolicyKit1.Authority")
    subject = ("unix-process", {"pid": dbus.UInt32(os.getpid()), "start-time": dbus.UInt64(start_time_of(os.getpid()))})
    authority.RegisterAuthenticationAgent(subject, "C", "/org/ptriage/test/agent")
    return agent


def call(conn, request, index, loop_state):
    helper = conn.get_object(*HELPER, introspect=False)

    def done(*_):
        say(event="reply", index=index, error=None)
        loop_state["replies"] += 1

    def failed(e):
        say(event="reply", index=index, error=e.get_dbus_name(), message=str(e.get_dbus_message())[:200])
        loop_state["replies"] += 1

    helper.Execute(request, dbus_interface="org.ptriage.helper", reply_handler=done, error_handler=failed,
                   timeout=900)


def one_shot(mode, argument):
    conn = dbus.bus.BusConnection(ADDRESS)
    state = {"replies": 0}
    loop = GLib.MainLoop()
    if mode == "fds":
        with open("/dev/null") as f:
            request = dbus.Dictionary({"verb": "signal", "signal": "TERM",
                                       "targets": dbus.Array([argument], signature="s"),
                                       "x": dbus.types.UnixFd(f.fileno())}, signature="sv")
            call(conn, request, 0, state)
        count = 1
    else:  # one at a time: the bus bounds a connection's pending calls
        helper = conn.get_object(*HELPER, introspect=False)
        for i in range(int(argument)):
            try:
                helper.Execute(dbus.Dictionary({"verb": "nonsense"}, signature="sv"), dbus_interface=HELPER[0],
                               timeout=30)
                say(event="reply", index=i, error=None)
            except dbus.DBusException as e:
                say(event="reply", index=i, error=e.get_dbus_name())
        return

    def check():
        if state["replies"] >= count:
            loop.quit()
            return False
        return True

    GLib.timeout_add(20, check)
    loop.run()


def main():
    if sys.argv[1] in ("fds", "invalid"):
        return one_shot(sys.argv[1], sys.argv[2])
    mode, connections, requests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    conns = [dbus.bus.BusConnection(ADDRESS) for _ in range(connections)]
    state = {"replies": 0}
    loop = GLib.MainLoop()
    if mode == "stall":
        targets = sys.argv[4:]
        agent = register_agent(conns[0])
        for i in range(requests):
            request = {"verb": "signal", "signal": "TERM", "targets": dbus.Array(targets, signature="s")}
            call(conns[i % connections], dbus.Dictionary(request, signature="sv"), i, state)
        say(event="sent", count=requests, names=[c.get_unique_name() for c in conns])

        def leave(*_):
            sys.stdin.readline()
            GLib.idle_add(loop.quit)

        threading.Thread(target=leave, daemon=True).start()
        loop.run()
        say(event="leaving", agent_waiting=len(agent.waiting))
        for c in conns:
            c.close()
        return
    mib = int(sys.argv[4])
    # A valid-looking identity repeated: ~53 bytes each on the wire.
    boot = open("/proc/sys/kernel/random/boot_id").read().strip()
    one = f"{boot}:123456:4242"
    count = mib * 1024 * 1024 // (len(one) + 5)
    targets = dbus.Array([one] * count, signature="s")
    for i in range(requests):
        request = dbus.Dictionary({"verb": "signal", "signal": "TERM", "targets": targets}, signature="sv")
        call(conns[i % connections], request, i, state)
    say(event="sent", count=requests, identities=count)

    def check():
        if state["replies"] >= requests:
            loop.quit()
            return False
        return True

    GLib.timeout_add(50, check)
    loop.run()


if __name__ == "__main__":
    main()
