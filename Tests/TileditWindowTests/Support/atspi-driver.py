#!/usr/bin/python3
"""Drives a GTK application through AT-SPI for the window tests.

Runs inside the test's own X display (Xvfb) and D-Bus session, reads one
JSON command per line on standard input and answers each with one line
on standard output: the prefix "@@atspi " and a JSON object,
{"ok": true, ...} or {"ok": false, "error": ...}. Other lines on standard
output come from daemons the D-Bus session started (they share it).

Commands:
  launch      argv, env, cwd: starts the application (its output goes to
              log); again after it ended, to start it anew (a restart)
  status      whether the application still runs, its exit code
  signal      signal ("TERM", "HUP", "KILL"): sends it to the application
  tree        the application's accessible tree: role, name, description,
              states, actions (not of labels and containers), text (of
              text roles), children; "within": only the first element so
              named and what is inside it
  do          locator, action: an AT-SPI action ("click", "activate")
  set_text    locator, text: replaces an editable text's contents
  focus       locator: gives the element the keyboard focus
  click       locator: a mouse click in the middle of the element (xdotool);
              "count": 2 for a double click; "at": where across it (0 to 1,
              0.5 by default: a spin button's arrows are on its right)
  reveal      locator, pane: scrolls the pane (a scroll pane's name) with
              the mouse wheel until the element is inside it
  drag        locator, to: presses the mouse on the first element, moves it
              in steps onto the second and releases it there (xdotool)
  key         keys: key presses as xdotool names them ("ctrl+s", "Down")
  type        text: types text (xdotool)
  screenshot  path: the whole screen as PNG (ImageMagick's import);
              "window": only the application's window
  quit        ends the application and the driver

A locator finds the first element, depth first, with the given "role"
and/or "name" (exact), optionally the "nth" match (from 0) and only inside
an element named "within".

The tree is read over the accessibility bus directly, with every call of
one level of the tree sent before the answers are read: GTK 4 keeps no
cache for AT-SPI clients, so each property is a round trip to the
application, and reading them one after another (as pyatspi does) costs
a few milliseconds per element.
"""
import json
import os
import signal
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

application = None
log = None
connection = None
PASSIVE_ROLES = {"label", "panel", "filler", "scroll bar", "separator", "image"}
TEXT_ROLES = {"text", "entry", "editbar", "password text", "spin button", "terminal"}
ACCESSIBLE = "org.a11y.atspi.Accessible"
REGISTRY = "org.a11y.atspi.Registry"
ROOT = "/org/a11y/atspi/accessible/root"
TIMEOUT = 20000
STATE_NAMES = {}
for _value in range(64):
    try:
        _name = Atspi.StateType(_value).value_name
    except ValueError:
        continue
    STATE_NAMES[_value] = _name[len("ATSPI_STATE_"):].lower().replace("_", " ")


def answer(value):
    sys.stdout.write("@@atspi " + json.dumps(value) + "\n")
    sys.stdout.flush()


def bus():
    """The accessibility bus (its address comes from the session bus)."""
    global connection
    if connection is None or connection.is_closed():
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                  GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, TIMEOUT, None)
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        connection = Gio.DBusConnection.new_for_address_sync(reply.unpack()[0], flags, None, None)
    return connection


def call(name, path, interface, method, parameters=None, reply_type=None):
    reply = bus().call_sync(name, path, interface, method, parameters,
                            GLib.VariantType(reply_type) if reply_type else None, Gio.DBusCallFlags.NONE, TIMEOUT, None)
    return reply.unpack() if reply is not None else None


def calls(requests):
    """Sends every (name, path, interface, method, parameters) request at
    once and returns their answers in order (None for a failed call)."""
    results = [None] * len(requests)
    left = [len(requests)]
    context = GLib.MainContext.default()

    def done(source, result, index):
        try:
            reply = source.call_finish(result)
            results[index] = reply.unpack() if reply is not None else None
        except GLib.Error:
            results[index] = None
        left[0] -= 1

    for index, (name, path, interface, method, parameters) in enumerate(requests):
        bus().call(name, path, interface, method, parameters, None, Gio.DBusCallFlags.NONE, TIMEOUT, None, done, index)
    deadline = time.monotonic() + TIMEOUT / 1000
    while left[0] > 0:
        if time.monotonic() > deadline:
            raise TimeoutError("the application did not answer %d AT-SPI calls" % left[0])
        context.iteration(True)
    return results


def find_application():
    """The application's root element as (bus name, path), or None."""
    if application is None:
        return None
    try:
        children = call(REGISTRY, ROOT, ACCESSIBLE, "GetChildren", None, "(a(so))")[0]
    except GLib.Error:
        return None
    for name, path in children:
        try:
            pid = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                       "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), "(u)")[0]
        except GLib.Error:
            continue
        if pid == application.pid:
            return (name, path)
    return None


def read_tree(root, limit=20000):
    """The tree under `root`, read level by level; every element a dict
    with its reference ("ref": bus name and path) for later calls."""
    name = root[0]
    top = {"ref": root, "children": []}
    level = [top]
    count = 0
    depth = 0
    while level and depth < 60:
        requests = []
        for element in level:
            path = element["ref"][1]
            requests += [
                (name, path, "org.freedesktop.DBus.Properties", "GetAll", GLib.Variant("(s)", (ACCESSIBLE,))),
                (name, path, ACCESSIBLE, "GetRole", None),
                (name, path, ACCESSIBLE, "GetState", None),
                (name, path, ACCESSIBLE, "GetChildren", None),
                (name, path, ACCESSIBLE, "GetInterfaces", None),
            ]
        answers = calls(requests)
        more = []
        following = []
        for index, element in enumerate(level):
            properties, role, states, children, interfaces = answers[5 * index:5 * index + 5]
            properties = properties[0] if properties else {}
            role_name = Atspi.role_get_name(Atspi.Role(role[0])) if role else ""
            names = []
            if states:
                for word, bits in enumerate(states[0][:2]):
                    names += [STATE_NAMES[word * 32 + bit] for bit in range(32)
                              if bits & (1 << bit) and (word * 32 + bit) in STATE_NAMES]
            element.update({
                "role": role_name or "",
                "name": properties.get("Name", "") or "",
                "description": properties.get("Description", "") or "",
                "states": names,
                "actions": [],
            })
            interfaces = interfaces[0] if interfaces else []
            path = element["ref"][1]
            # Each query is a round trip: labels and containers are read by
            # name and states only (a label's name is its text).
            if role_name not in PASSIVE_ROLES and "org.a11y.atspi.Action" in interfaces:
                more.append((element, "actions", (name, path, "org.a11y.atspi.Action", "GetActions", None)))
            if role_name in TEXT_ROLES and "org.a11y.atspi.Text" in interfaces:
                # GTK 4.8 reads an entry's text only up to an end offset it
                # knows: -1 gives nothing; the largest offset gives it all.
                more.append((element, "text", (name, path, "org.a11y.atspi.Text", "GetText", GLib.Variant("(ii)", (0, 2147483647)))))
            for child in (children[0] if children else []):
                if count >= limit:
                    break
                count += 1
                node = {"ref": tuple(child), "children": []}
                element["children"].append(node)
                following.append(node)
        if more:
            extra = calls([request for _, _, request in more])
            for (element, kind, _), reply in zip(more, extra):
                if reply is None:
                    continue
                if kind == "actions":
                    element["actions"] = [entry[0].lower() for entry in reply[0]]
                else:
                    element["text"] = reply[0]
        level = following
        depth += 1
    return top


def elements(node):
    yield node
    for child in node["children"]:
        yield from elements(child)


def plain(node):
    result = {key: value for key, value in node.items() if key not in ("ref", "children")}
    result["children"] = [plain(child) for child in node["children"]]
    return result


def locate(locator):
    root = find_application()
    if root is None:
        raise LookupError("the application is not on the accessibility bus")
    tree = read_tree(root)
    found = []

    def walk(node, inside):
        inside = inside or "within" not in locator or node.get("name", "") == locator["within"]
        if inside and ("role" not in locator or node.get("role") == locator["role"]) \
                and ("name" not in locator or node.get("name", "") == locator["name"]):
            found.append(node)
        for child in node["children"]:
            walk(child, inside)

    walk(tree, False)
    nth = locator.get("nth", 0)
    if nth >= len(found):
        raise LookupError("no element matches %s (%d found)" % (json.dumps(locator), len(found)))
    return found[nth]


def extents(node):
    name, path = node["ref"]
    # Screen coordinates (ATSPI_COORD_TYPE_SCREEN).
    return call(name, path, "org.a11y.atspi.Component", "GetExtents", GLib.Variant("(u)", (0,)), "((iiii))")[0]


def middle(node, across=0.5):
    x, y, width, height = extents(node)
    return x + int(width * across), y + height // 2


def xdotool(*arguments):
    subprocess.run(["xdotool"] + list(arguments), check=True, timeout=20)


def handle(command):
    global application, log
    kind = command["command"]
    if kind == "launch":
        if application is not None and application.poll() is None:
            raise RuntimeError("the application still runs")
        environment = dict(os.environ)
        environment.update(command.get("env", {}))
        log = open(command["log"], "ab")
        application = subprocess.Popen(command["argv"], cwd=command.get("cwd"), env=environment,
                                       stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        return {"ok": True, "pid": application.pid}
    if kind == "status":
        code = None if application is None else application.poll()
        return {"ok": True, "running": application is not None and code is None, "exit": code}
    if kind == "signal":
        if application is not None and application.poll() is None:
            application.send_signal(getattr(signal, "SIG" + command["signal"]))
        return {"ok": True}
    if kind == "tree":
        # Widgets the application destroys while the walk reads them (a
        # closed dialog, rows bound again) fail the walk: read it again, and
        # report no tree (the caller waits and asks again) when it keeps failing.
        for _ in range(5):
            root = find_application()
            if root is None:
                return {"ok": True, "tree": None}
            try:
                tree = read_tree(root, command.get("limit", 20000))
            except (GLib.Error, TimeoutError):
                time.sleep(0.1)
                continue
            if "within" in command:
                inner = next((node for node in elements(tree) if node.get("name") == command["within"]), None)
                return {"ok": True, "tree": plain(inner) if inner is not None else None}
            return {"ok": True, "tree": plain(tree)}
        return {"ok": True, "tree": None}
    if kind == "do":
        node = locate(command["locator"])
        name, path = node["ref"]
        # GetActions gives the names as shown ("Click"); an action is named in any case.
        actions = [entry[0].lower() for entry in call(name, path, "org.a11y.atspi.Action", "GetActions", None, "(a(sss))")[0]]
        if command["action"].lower() not in actions:
            raise LookupError("no action %s on %s (%s)" % (command["action"], node.get("name"), ", ".join(actions)))
        call(name, path, "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (actions.index(command["action"].lower()),)), "(b)")
        return {"ok": True}
    if kind == "set_text":
        name, path = locate(command["locator"])["ref"]
        call(name, path, "org.a11y.atspi.EditableText", "SetTextContents", GLib.Variant("(s)", (command["text"],)), "(b)")
        return {"ok": True}
    if kind == "focus":
        name, path = locate(command["locator"])["ref"]
        call(name, path, "org.a11y.atspi.Component", "GrabFocus", None, "(b)")
        return {"ok": True}
    if kind == "click":
        x, y = middle(locate(command["locator"]), command.get("at", 0.5))
        xdotool("mousemove", str(x), str(y), "click", "--repeat", str(command.get("count", 1)), "--delay", "80", "1")
        return {"ok": True}
    if kind == "reveal":
        pane = extents(locate({"role": "scroll pane", "name": command["pane"]}))
        for _ in range(60):
            x, y, width, height = extents(locate(command["locator"]))
            if y >= pane[1] and y + height <= pane[1] + pane[3]:
                return {"ok": True}
            # Button 4 scrolls up, 5 down, over the pane.
            button = "5" if y + height > pane[1] + pane[3] else "4"
            xdotool("mousemove", str(pane[0] + pane[2] // 2), str(pane[1] + pane[3] // 2), "click", button)
            time.sleep(0.05)
        raise LookupError("%s did not come into %s" % (json.dumps(command["locator"]), command["pane"]))
    if kind == "drag":
        start = middle(locate(command["locator"]))
        end = middle(locate(command["to"]))
        xdotool("mousemove", str(start[0]), str(start[1]), "mousedown", "1")
        # GTK starts a drag after the pointer moved past a threshold while
        # pressed: move in steps, each a motion event of its own.
        steps = 12
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step // steps
            y = start[1] + (end[1] - start[1]) * step // steps
            xdotool("mousemove", str(x), str(y))
            time.sleep(0.03)
        xdotool("mousemove", str(end[0]), str(end[1] + 1))
        time.sleep(0.1)
        xdotool("mouseup", "1")
        return {"ok": True}
    if kind == "key":
        xdotool("key", "--clearmodifiers", *command["keys"].split())
        return {"ok": True}
    if kind == "type":
        xdotool("type", "--delay", "20", "--", command["text"])
        return {"ok": True}
    if kind == "screenshot":
        target = "root"
        if command.get("window") and application is not None:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(application.pid)],
                                   capture_output=True, text=True, timeout=20).stdout.split()
            if found:
                target = found[-1]
        subprocess.run(["import", "-window", target] + command.get("options", []) + [command["path"]], check=True, timeout=60)
        return {"ok": True}
    if kind == "quit":
        if application is not None and application.poll() is None:
            application.send_signal(signal.SIGTERM)
            try:
                application.wait(timeout=10)
            except subprocess.TimeoutExpired:
                application.kill()
                application.wait()
        return {"ok": True, "quit": True}
    raise ValueError("unknown command %s" % kind)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            command = json.loads(line)
            result = handle(command)
        except Exception as error:  # every failure is an answer, never a dead driver
            result = {"ok": False, "error": "%s: %s" % (type(error).__name__, error)}
        answer(result)
        if result.get("quit"):
            break
    if application is not None and application.poll() is None:
        application.kill()
        application.wait()


if __name__ == "__main__":
    main()
