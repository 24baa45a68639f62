#!/usr/bin/python3
"""The desktop services ptriage's tray talks to, on a private session bus, for tests.

A notification server (org.freedesktop.Notifications) that records every Notify call and can emit
ActionInvoked on request, and a StatusNotifier watcher with a host (org.kde.StatusNotifierWatcher)
that records the tray items that register and reads their properties (icon, tooltip, menu); with
--low-memory-monitor, also org.freedesktop.LowMemoryMonitor (a system-bus service: give the address of
the bus standing in for the system bus). Every event is one JSON line on stdout. Control from the
test through org.ptriage.FakeDesktop: Invoke(id, key) emits ActionInvoked, StartWatcher() brings the
watcher up late (a tray host that starts after the application, as at login), LowMemoryWarning(level)
emits that signal, Quit().
"""
import argparse
import json
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NOTIFY_IFACE = 'org.freedesktop.Notifications'
WATCHER_IFACE = 'org.kde.StatusNotifierWatcher'
ITEM_IFACE = 'org.kde.StatusNotifierItem'
LMM_IFACE = 'org.freedesktop.LowMemoryMonitor'


def log(event, **fields):
    fields['event'] = event
    print(json.dumps(fields, default=str), flush=True)


def plain(value):
    """dbus types → JSON-friendly values (pixmaps as their sizes)."""
    if isinstance(value, (dbus.Array, list)):
        if value and isinstance(value[0], dbus.Byte):
            return '<%d bytes>' % len(value)
        return [plain(v) for v in value]
    if isinstance(value, (dbus.Struct, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dbus.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, dbus.Byte):
        return int(value)
    if isinstance(value, (dbus.Boolean,)):
        return bool(value)
    if isinstance(value, (dbus.Int16, dbus.Int32, dbus.Int64, dbus.UInt16, dbus.UInt32, dbus.UInt64)):
        return int(value)
    if isinstance(value, dbus.Double):
        return float(value)
    return str(value)


class Notifications(dbus.service.Object):
    def __init__(self, bus, capabilities, reply_delay_ms=0):
        super().__init__(bus, '/org/freedesktop/Notifications')
        self.capabilities = capabilities
        self.reply_delay_ms = reply_delay_ms
        self.next_id = 1

    @dbus.service.method(NOTIFY_IFACE, out_signature='as')
    def GetCapabilities(self):
        return self.capabilities

    @dbus.service.method(NOTIFY_IFACE, out_signature='ssss')
    def GetServerInformation(self):
        return ('fake-desktop', 'ptriage tests', '1', '1.2')

    @dbus.service.method(NOTIFY_IFACE, in_signature='susssasa{sv}i', out_signature='u',
                         async_callbacks=('reply', 'error'))
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout, reply, error):
        nid = int(replaces) if replaces else self.next_id
        if not replaces:
            self.next_id += 1
        log('notify', id=nid, app=str(app), replaces_id=int(replaces), icon=str(icon), summary=str(summary),
            body=str(body), actions=[str(a) for a in actions], hints=plain(hints), timeout=int(timeout))
        if self.reply_delay_ms:  # a busy desktop: the id comes back later
            GLib.timeout_add(self.reply_delay_ms, lambda: reply(dbus.UInt32(nid)) and False)
        else:
            reply(dbus.UInt32(nid))

    @dbus.service.method(NOTIFY_IFACE, in_signature='u')
    def CloseNotification(self, nid):
        log('close', id=int(nid))
        self.NotificationClosed(nid, 3)

    @dbus.service.signal(NOTIFY_IFACE, signature='us')
    def ActionInvoked(self, nid, key):
        pass

    @dbus.service.signal(NOTIFY_IFACE, signature='uu')
    def NotificationClosed(self, nid, reason):
        pass


class Watcher(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, '/StatusNotifierWatcher')
        self.bus = bus
        self.items = []

    @dbus.service.method(WATCHER_IFACE, in_signature='s', sender_keyword='sender')
    def RegisterStatusNotifierItem(self, service, sender=None):
        # A service name, or an object path on the sender's connection (both occur in the wild).
        name, path = (sender, service) if service.startswith('/') else (service, '/StatusNotifierItem')
        self.items.append(name + path)
        log('item_registered', service=str(service), sender=str(sender))
        self.StatusNotifierItemRegistered(name + path)
        GLib.timeout_add(300, self.read_item, name, path)

    @dbus.service.method(WATCHER_IFACE, in_signature='s')
    def RegisterStatusNotifierHost(self, service):
        pass

    def read_item(self, name, path):
        try:
            item = self.bus.get_object(name, path)
            props = item.GetAll(ITEM_IFACE, dbus_interface='org.freedesktop.DBus.Properties')
            log('item_properties', properties=plain(props))
        except dbus.DBusException as e:
            log('item_error', error=str(e))
        return False

    # Qt reads the host property through QDBusInterface, which finds properties by introspection
    # (dbus-python does not list them): the interface as KDE's watcher declares it.
    @dbus.service.method('org.freedesktop.DBus.Introspectable', out_signature='s')
    def Introspect(self):
        return """<node>
  <interface name="org.kde.StatusNotifierWatcher">
    <method name="RegisterStatusNotifierItem"><arg name="service" type="s" direction="in"/></method>
    <method name="RegisterStatusNotifierHost"><arg name="service" type="s" direction="in"/></method>
    <property name="RegisteredStatusNotifierItems" type="as" access="read"/>
    <property name="IsStatusNotifierHostRegistered" type="b" access="read"/>
    <property name="ProtocolVersion" type="i" access="read"/>
    <signal name="StatusNotifierItemRegistered"><arg type="s"/></signal>
    <signal name="StatusNotifierItemUnregistered"><arg type="s"/></signal>
    <signal name="StatusNotifierHostRegistered"/>
  </interface>
  <interface name="org.freedesktop.DBus.Properties">
    <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
  </interface>
</node>"""

    @dbus.service.method('org.freedesktop.DBus.Properties', in_signature='ss', out_signature='v')
    def Get(self, iface, prop):
        return self.GetAll(iface)[prop]

    @dbus.service.method('org.freedesktop.DBus.Properties', in_signature='s', out_signature='a{sv}')
    def GetAll(self, iface):
        return {'IsStatusNotifierHostRegistered': dbus.Boolean(True), 'ProtocolVersion': dbus.Int32(0),
                'RegisteredStatusNotifierItems': dbus.Array(self.items, signature='s')}

    @dbus.service.signal(WATCHER_IFACE, signature='s')
    def StatusNotifierItemRegistered(self, service):
        pass

    @dbus.service.signal(WATCHER_IFACE, signature='')
    def StatusNotifierHostRegistered(self):
        pass


class LowMemoryMonitor(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, '/org/freedesktop/LowMemoryMonitor')

    @dbus.service.signal(LMM_IFACE, signature='y')
    def LowMemoryWarning(self, level):
        pass


class Control(dbus.service.Object):
    def __init__(self, bus, notifications, loop, args):
        super().__init__(bus, '/org/ptriage/FakeDesktop')
        self.bus = bus
        self.notifications = notifications
        self.loop = loop
        self.watcher = None
        self.low_memory_monitor = LowMemoryMonitor(bus) if args.low_memory_monitor else None
        self.names = [dbus.service.BusName(LMM_IFACE, bus)] if args.low_memory_monitor else []

    @dbus.service.method('org.ptriage.FakeDesktop', in_signature='us')
    def Invoke(self, nid, key):
        log('invoke', id=int(nid), key=str(key))
        self.notifications.ActionInvoked(nid, key)

    @dbus.service.method('org.ptriage.FakeDesktop')
    def StartWatcher(self):
        if self.watcher is None:
            self.watcher = Watcher(self.bus)
            self.names.append(dbus.service.BusName(WATCHER_IFACE, self.bus))
            log('watcher_started')
            self.watcher.StatusNotifierHostRegistered()

    @dbus.service.method('org.ptriage.FakeDesktop', in_signature='y')
    def LowMemoryWarning(self, level):
        log('low_memory_warning', level=int(level))
        self.low_memory_monitor.LowMemoryWarning(level)

    @dbus.service.method('org.ptriage.FakeDesktop')
    def Quit(self):
        self.loop.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--address', required=True)
    parser.add_argument('--capabilities', default='actions,body,body-markup')
    parser.add_argument('--watcher', choices=('now', 'later'), default='now')
    parser.add_argument('--low-memory-monitor', action='store_true')
    parser.add_argument('--notify-reply-delay', type=int, default=0, metavar='MS')
    args = parser.parse_args()
    DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(args.address)
    loop = GLib.MainLoop()
    notifications = Notifications(bus, [c for c in args.capabilities.split(',') if c], args.notify_reply_delay)
    names = [dbus.service.BusName(NOTIFY_IFACE, bus)]
    control = Control(bus, notifications, loop, args)
    names.append(dbus.service.BusName('org.ptriage.FakeDesktop', bus))
    if args.watcher == 'now':
        control.StartWatcher()
    log('ready')
    loop.run()
    return 0


if __name__ == '__main__':
    sys.exit(main())
