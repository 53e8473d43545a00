"""Reads an application's windows over AT-SPI, from outside it, as a screen reader does.

Run by the system's Python (`/usr/bin/python3`), which has Debian's python3-pyatspi:
pyatspi is not on PyPI, so tests/ui/test_atspi.py runs this as a subprocess on the
session bus it starts. Imports nothing of Station's.

    atspi_reader.py --wake
        asks for the accessibility bus and its registry, so that an application started
        afterwards registers on it (one started first is never listed);
    atspi_reader.py APP [--until JSON]... [--timeout S]
        prints, as one JSON line, every accessible object of the application named APP:
        [window, role, name, description, showing] for each, depth first; with --until,
        only once the application holds an object matching each JSON object's keys
        (any of "role", "name", "description"), reading it again until then.

Exits 1 with a line on stderr if the application or an awaited object is not there in
time, saying what was read last.
"""

import argparse
import json
import sys
import time

import pyatspi  # Debian's python3-pyatspi: the system Python's, not the venv's


def nodes_of(app: object) -> list[list[object]]:
    """Every object under `app`, depth first, with the top-level window it is in."""
    found: list[list[object]] = []

    def walk(node: object, window: str) -> None:
        try:
            role, name, description = node.getRoleName(), node.name, node.description
            showing = node.getState().contains(pyatspi.STATE_SHOWING)
            children = [node.getChildAtIndex(i) for i in range(node.childCount)]
        except Exception:  # an object gone while it was read (a label replaced)
            return
        found.append([window, role, name, description, showing])
        for child in children:
            if child is not None:
                walk(child, window or name)

    try:
        windows = [app.getChildAtIndex(i) for i in range(app.childCount)]
    except Exception:
        return found
    for window in windows:
        if window is not None:
            walk(window, "")
    return found


def application(name: str) -> object | None:
    """The application of that name on the accessibility bus, if it is there."""
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == name:
            return app
    return None


def matches(node: list[object], wanted: dict[str, str]) -> bool:
    """Whether `node` ([window, role, name, description, showing]) is the one wanted."""
    _, role, name, description, _ = node
    have = {"role": role, "name": name, "description": description}
    return all(have[key] == value for key, value in wanted.items())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("app", nargs="?")
    parser.add_argument("--wake", action="store_true")
    parser.add_argument("--until", action="append", default=[], type=json.loads)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    if args.wake:
        pyatspi.Registry.getDesktop(0).childCount  # noqa: B018 (starts the bus's registry)
        return 0
    deadline = time.monotonic() + args.timeout
    nodes: list[list[object]] = []
    while True:
        app = application(args.app)
        nodes = nodes_of(app) if app is not None else []
        missing = [w for w in args.until if not any(matches(n, w) for n in nodes)]
        if app is not None and not missing:
            print(json.dumps(nodes))
            return 0
        if time.monotonic() > deadline:
            what = "no application" if app is None else f"none of {missing}"
            print(f"{args.app}: {what} after {args.timeout} s; read: {nodes}", file=sys.stderr)
            return 1
        time.sleep(0.1)


if __name__ == "__main__":
    sys.exit(main())
