#!/usr/bin/python3
"""Drives a GTK application through AT-SPI for the window tests.

Runs inside the test's own X display (Xvfb) and D-Bus session, reads one
JSON command per line on standard input and answers each with one line
on standard output: the prefix "@@atspi " and a JSON object,
{"ok": true, ...} or {"ok": false, "error": ...}. Other lines on standard
output come from daemons the D-Bus session started (they share it).

Commands:
  launch      argv, env, cwd: starts the application (its output goes to log)
  status      whether the application still runs, its exit code
  tree        the application's accessible tree: role, name, description,
              states, actions (not of labels and containers), text (of
              text roles), children
  do          locator, action: an AT-SPI action ("click", "activate")
  set_text    locator, text: replaces an editable text's contents
  focus       locator: gives the element the keyboard focus
  click       locator: a mouse click in the middle of the element (xdotool)
  key         keys: key presses as xdotool names them ("ctrl+s", "Down")
  type        text: types text (xdotool)
  screenshot  path: the whole screen as PNG (ImageMagick's import)
  quit        ends the application and the driver

A locator finds the first element, depth first, with the given "role"
and/or "name" (exact), optionally the "nth" match (from 0) and only inside
an element named "within".
"""
import json
import os
import signal
import subprocess
import sys
import time

import pyatspi

application = None
log = None
PASSIVE_ROLES = {"label", "panel", "filler", "scroll bar", "separator", "image"}
TEXT_ROLES = {"text", "entry", "editbar", "password text", "spin button", "terminal"}


def answer(value):
    sys.stdout.write("@@atspi " + json.dumps(value) + "\n")
    sys.stdout.flush()


def find_application():
    if application is None:
        return None
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        candidate = desktop.getChildAtIndex(index)
        try:
            if candidate is not None and candidate.get_process_id() == application.pid:
                return candidate
        except Exception:
            continue
    return None


def node(accessible, depth, budget):
    budget[0] -= 1
    states = accessible.getState()
    names = [pyatspi.stateToString(state) for state in states.getStates()]
    result = {
        "role": accessible.getRoleName(),
        "name": accessible.name or "",
        "description": accessible.description or "",
        "states": names,
        "actions": [],
        "children": [],
    }
    role = result["role"]
    # Each query is a D-Bus round trip: labels and containers are read by
    # name and states only (a label's name is its text).
    if role not in PASSIVE_ROLES:
        try:
            actions = accessible.queryAction()
            result["actions"] = [actions.getName(index) for index in range(actions.nActions)]
        except NotImplementedError:
            pass
    if role in TEXT_ROLES:
        try:
            text = accessible.queryText()
            result["text"] = text.getText(0, -1)
        except NotImplementedError:
            pass
    if depth < 60 and budget[0] > 0:
        for index in range(accessible.childCount):
            child = accessible.getChildAtIndex(index)
            if child is not None and budget[0] > 0:
                result["children"].append(node(child, depth + 1, budget))
    return result


def matches(accessible, locator):
    if "role" in locator and accessible.getRoleName() != locator["role"]:
        return False
    if "name" in locator and (accessible.name or "") != locator["name"]:
        return False
    return True


def locate(locator):
    root = find_application()
    if root is None:
        raise LookupError("the application is not on the accessibility bus")
    found = []

    def walk(accessible, inside):
        if accessible is None:
            return
        inside = inside or "within" not in locator or (accessible.name or "") == locator["within"]
        if inside and matches(accessible, locator):
            found.append(accessible)
        for index in range(accessible.childCount):
            walk(accessible.getChildAtIndex(index), inside)

    walk(root, False)
    nth = locator.get("nth", 0)
    if nth >= len(found):
        raise LookupError("no element matches %s (%d found)" % (json.dumps(locator), len(found)))
    return found[nth]


def xdotool(*arguments):
    subprocess.run(["xdotool"] + list(arguments), check=True, timeout=20)


def handle(command):
    global application, log
    kind = command["command"]
    if kind == "launch":
        environment = dict(os.environ)
        environment.update(command.get("env", {}))
        log = open(command["log"], "wb")
        application = subprocess.Popen(command["argv"], cwd=command.get("cwd"), env=environment,
                                       stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        return {"ok": True, "pid": application.pid}
    if kind == "status":
        code = None if application is None else application.poll()
        return {"ok": True, "running": application is not None and code is None, "exit": code}
    if kind == "tree":
        # Widgets the application destroys while the walk reads them (a
        # closed dialog, rows bound again) fail the walk: read it again, and
        # report no tree (the caller waits and asks again) when it keeps failing.
        for _ in range(5):
            root = find_application()
            if root is None:
                return {"ok": True, "tree": None}
            try:
                return {"ok": True, "tree": node(root, 0, [command.get("limit", 20000)])}
            except Exception:
                time.sleep(0.1)
        return {"ok": True, "tree": None}
    if kind == "do":
        accessible = locate(command["locator"])
        actions = accessible.queryAction()
        for index in range(actions.nActions):
            if actions.getName(index) == command["action"]:
                actions.doAction(index)
                return {"ok": True}
        raise LookupError("no action %s on %s" % (command["action"], accessible.name))
    if kind == "set_text":
        accessible = locate(command["locator"])
        accessible.queryEditableText().setTextContents(command["text"])
        return {"ok": True}
    if kind == "focus":
        locate(command["locator"]).queryComponent().grabFocus()
        return {"ok": True}
    if kind == "click":
        extents = locate(command["locator"]).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        xdotool("mousemove", str(extents.x + extents.width // 2), str(extents.y + extents.height // 2), "click", "1")
        return {"ok": True}
    if kind == "key":
        xdotool("key", "--clearmodifiers", *command["keys"].split())
        return {"ok": True}
    if kind == "type":
        xdotool("type", "--delay", "20", command["text"])
        return {"ok": True}
    if kind == "screenshot":
        subprocess.run(["import", "-window", "root", command["path"]], check=True, timeout=60)
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
