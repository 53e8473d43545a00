"""A disk that can lose power: the states a power cut may leave, built from a trace.

`recorder.c` (loaded with LD_PRELOAD into a real station process) records every call
that changes a file or folder under one root folder, every fsync, and every line the
station wrote to standard output. From that trace and the folder as it was before, this
module builds, ALICE-style (Pillai et al., OSDI 2014), the states a disk may hold after
a power cut at any moment:

- what was synced stays: a write or truncation once its file was fsynced (or
  fdatasynced); a creation, link, removal or rename once its folder was fsynced (a
  rename across folders needs both). That is the strict POSIX promise, stricter than
  ext4's: a file's fsync does not make its new name durable.
- of what was not synced, any part may be lost: all of it, none of it, a prefix, any
  subset (a later write kept while an earlier one is lost), or one write torn into its
  512-byte sectors with only some of them on the disk.

SQLite's `-shm` file is left out of every state: it is mapped into memory (its writes
are not calls a trace sees), and the first connection after a crash rebuilds it from
the WAL, whatever it holds.
"""

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

SECTOR = 512

Node = tuple[int, int]  # (inode, generation): inode numbers are reused after removal


@dataclass(frozen=True)
class Op:
    """One recorded call, with its files named by Node."""

    kind: str  # W T S C M L U R K (see recorder.c)
    node: Node = (0, 0)  # the file written, truncated, synced, created or removed
    offset: int = 0  # W: where; T: the new size; S: 1 for a folder
    data: bytes = b""  # W: the bytes; K: the text
    parent: Node = (0, 0)  # C M L U: the folder; R: the folder it left
    name: str = ""
    to_parent: Node = (0, 0)  # R: the folder it went to
    to_name: str = ""


@dataclass
class Before:
    """The folder as it was before the traced process started (all of it durable)."""

    root: Node
    entries: dict[tuple[Node, str], Node]
    contents: dict[Node, bytes]
    folders: set[Node]


def snapshot(root: Path) -> Before:
    """Read the folder tree at `root` as it is now."""
    top = (root.stat().st_ino, 0)
    before = Before(top, {}, {}, {top})
    pending = [(root, top)]
    while pending:
        folder, node = pending.pop()
        for child in folder.iterdir():
            status = child.lstat()
            child_node = (status.st_ino, 0)
            before.entries[(node, child.name)] = child_node
            if child.is_dir():
                before.folders.add(child_node)
                pending.append((child, child_node))
            else:
                before.contents[child_node] = child.read_bytes()
    return before


def read_trace(log: Path) -> list[Op]:
    """The recorded calls in order, inode numbers told apart by generation."""
    raw = log.read_bytes() if log.exists() else b""
    generation: dict[int, int] = {}

    def node(ino: int) -> Node:
        return (ino, generation.get(ino, 0))

    def new_node(ino: int) -> Node:
        generation[ino] = generation.get(ino, 0) + 1
        return node(ino)

    ops: list[Op] = []
    at = 0
    while at < len(raw):
        end = raw.index(b"\n", at)
        kind, _pid, a, b, c, _d, length = raw[at:end].decode("ascii").split()
        payload = raw[end + 1 : end + 1 + int(length)]
        at = end + 1 + int(length)
        x, y, z = int(a), int(b), int(c)  # d: the inode a rename replaced (not needed)
        if kind == "W":
            ops.append(Op("W", node(x), offset=y, data=payload))
        elif kind == "T":
            ops.append(Op("T", node(x), offset=y))
        elif kind == "S":
            ops.append(Op("S", node(x), offset=y))
        elif kind in "CM":
            ops.append(Op(kind, new_node(y), parent=node(x), name=payload.decode()))
        elif kind in "LU":
            ops.append(Op(kind, node(y), parent=node(x), name=payload.decode()))
        elif kind == "R":
            old, new = payload.decode().split("\0")
            ops.append(Op("R", node(y), parent=node(x), name=old, to_parent=node(z), to_name=new))
        elif kind == "K":
            ops.append(Op("K", data=payload))
        else:
            raise ValueError(f"unknown record {kind!r}")
    return ops


def persisted_at(ops: list[Op]) -> list[int]:
    """For each call, the index of the first fsync that makes it durable (len(ops) if none)."""
    never = len(ops)
    result = [never] * len(ops)
    waiting: dict[Node, list[int]] = {}  # node synced -> calls it makes durable
    needs: dict[int, set[Node]] = {}
    for index, op in enumerate(ops):
        if op.kind in "WT":
            waiting.setdefault(op.node, []).append(index)
            needs[index] = {op.node}
        elif op.kind in "CMLU":
            waiting.setdefault(op.parent, []).append(index)
            needs[index] = {op.parent}
        elif op.kind == "R":
            for folder in {op.parent, op.to_parent}:
                waiting.setdefault(folder, []).append(index)
            needs[index] = {op.parent, op.to_parent}
        elif op.kind == "S":
            for earlier in waiting.pop(op.node, []):
                needs[earlier].discard(op.node)
                if not needs[earlier]:
                    result[earlier] = index
    return result


@dataclass
class State:
    """The files a disk holds after a power cut, as a folder tree in memory."""

    before: Before
    entries: dict[tuple[Node, str], Node] = field(default_factory=dict)
    contents: dict[Node, bytearray] = field(default_factory=dict)
    folders: set[Node] = field(default_factory=set)

    @classmethod
    def start(cls, before: Before) -> "State":
        return cls(
            before,
            dict(before.entries),
            {node: bytearray(data) for node, data in before.contents.items()},
            set(before.folders),
        )

    def apply(self, op: Op, sectors: set[int] | None = None) -> None:
        """Apply one call; `sectors` keeps only those sectors of a write (a torn write)."""
        if op.kind == "W":
            content = self.contents.setdefault(op.node, bytearray())
            pieces = [(op.offset, op.data)] if sectors is None else list(_sectors(op, sectors))
            for offset, data in pieces:
                if len(content) < offset:
                    content.extend(bytes(offset - len(content)))
                content[offset : offset + len(data)] = data
        elif op.kind == "T":
            content = self.contents.setdefault(op.node, bytearray())
            del content[op.offset :]
            content.extend(bytes(op.offset - len(content)))
        elif op.kind == "C":
            self.contents[op.node] = bytearray()
            self.entries[(op.parent, op.name)] = op.node
        elif op.kind == "M":
            self.folders.add(op.node)
            self.entries[(op.parent, op.name)] = op.node
        elif op.kind == "L":
            self.entries[(op.parent, op.name)] = op.node
        elif op.kind == "U":
            if self.entries.get((op.parent, op.name)) == op.node:
                del self.entries[(op.parent, op.name)]
        elif op.kind == "R":
            if self.entries.get((op.parent, op.name)) == op.node:
                del self.entries[(op.parent, op.name)]
            self.entries[(op.to_parent, op.to_name)] = op.node

    def write_to(self, target: Path) -> None:
        """Lay the state out as real files under `target` (which must not exist)."""
        target.mkdir(parents=True)
        children: dict[Node, list[tuple[str, Node]]] = {}
        for (parent, name), node in self.entries.items():
            children.setdefault(parent, []).append((name, node))
        pending = [(self.before.root, target)]
        seen = set()
        while pending:
            node, path = pending.pop()
            if node in seen:  # a folder renamed into itself by a lost rename: once is enough
                continue
            seen.add(node)
            for name, child in children.get(node, []):
                if name.endswith("-shm"):
                    continue  # rebuilt by SQLite from the WAL (see the module docstring)
                if child in self.folders:
                    (path / name).mkdir(mode=0o700)
                    pending.append((child, path / name))
                else:  # owner-only, as the key and the secret must be; modes are not traced
                    fd = os.open(path / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                    with os.fdopen(fd, "wb") as out:
                        out.write(self.contents.get(child, b""))


def _sectors(op: Op, kept: set[int]) -> Iterator[tuple[int, bytes]]:
    for sector in sorted(kept):
        start = max(op.offset, sector * SECTOR)
        end = min(op.offset + len(op.data), (sector + 1) * SECTOR)
        if start < end:
            yield start, op.data[start - op.offset : end - op.offset]


def sectors_of(op: Op) -> list[int]:
    """The 512-byte sectors a write touches (a disk keeps each whole or not at all)."""
    first = op.offset // SECTOR
    last = (op.offset + len(op.data) - 1) // SECTOR
    return list(range(first, last + 1))


CHANGES = "WTCMLUR"


@dataclass(frozen=True)
class Crash:
    """One power cut: at call `at` (the calls before it were made), keeping `kept` of
    the unsynced ones, `torn` (a write) with only `sectors` of it."""

    at: int
    how: str
    kept: frozenset[int]
    torn: int | None = None
    sectors: frozenset[int] = frozenset()


class Trace:
    """A recorded run: its calls, what each fsync made durable, and its crash states."""

    def __init__(self, before: Before, ops: list[Op]) -> None:
        self.before = before
        self.ops = ops
        self.durable_at = persisted_at(ops)

    def marks(self) -> list[tuple[int, str]]:
        """(index, line) of each complete line the station wrote to standard output."""
        lines: list[tuple[int, str]] = []
        pending = b""
        for index, op in enumerate(self.ops):
            if op.kind != "K":
                continue
            pending += op.data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                lines.append((index, line.decode()))
        return lines

    def unsynced(self, at: int) -> list[int]:
        """The changes made before call `at` that no fsync before it made durable."""
        return [
            index
            for index in range(at)
            if self.ops[index].kind in CHANGES and self.durable_at[index] >= at
        ]

    def state(self, crash: Crash) -> State:
        state = State.start(self.before)
        unborn = set()  # files and folders whose creation the disk lost
        for index in range(crash.at):
            op = self.ops[index]
            if op.kind not in CHANGES:
                continue
            if index == crash.torn:  # (a synced write torn: a disk that broke its promise)
                state.apply(op, set(crash.sectors))
            elif self.durable_at[index] < crash.at or index in crash.kept:
                if op.kind in "LR" and op.node in unborn:
                    continue  # no disk keeps a new name for a file it never made
                state.apply(op)
            elif op.kind in "CM":
                unborn.add(op.node)
        return state

    def full(self, at: int) -> State:
        """What the kernel held just before call `at`: a kill, not a power cut."""
        return self.state(Crash(at, "all", frozenset(self.unsynced(at))))

    def crash_points(self) -> list[int]:
        """Where a power cut tells most: just before each fsync (the most unsynced),
        just after each line written out, and at the end."""
        points = {index for index, op in enumerate(self.ops) if op.kind in "SK"}
        points |= {index + 1 for index, op in enumerate(self.ops) if op.kind == "K"}
        points.add(len(self.ops))
        return sorted(points)

    def crashes(self, count: int, rng: random.Random) -> list[Crash]:
        """`count` crash states: every kind of loss, at points spread over the run."""
        points = self.crash_points()
        # After the last line, everything was acknowledged: each kind of loss there.
        crashes = [self.crash_at(len(self.ops), how, rng) for how in HOW[: min(count, len(HOW))]]
        for number in range(count - len(crashes)):
            at = (
                points[number * len(points) // count]
                if count <= len(points)
                else rng.choice(points)
            )
            crashes.append(self.crash_at(at, HOW[number % len(HOW)], rng))
        return crashes

    def one_lost(self) -> list[Crash]:
        """CrashMonkey-style, every state with exactly one change lost: just before each
        fsync, each change it is about to make durable is lost alone (every other change
        kept); but not at SQLite's own syncs, which the random states explore by
        thousands. This is what finds a missing fsync between two steps of Station's own
        (a key's content and its name, an export's files and its signature)."""
        sqlite = self.sqlite_files()
        crashes = []
        for at, op in enumerate(self.ops):
            if op.kind != "S" or op.node in sqlite:
                continue  # SQLite's commits: the random states explore them by thousands
            unsynced = self.unsynced(at)
            for lost in unsynced:
                if self.durable_at[lost] != at:
                    continue  # this fsync is not about it
                crashes.append(Crash(at, "one lost", frozenset(unsynced) - {lost}))
        return crashes

    def sqlite_files(self) -> set[Node]:
        """The databases SQLite wrote (each has a -wal beside it) and their WALs."""
        names = dict(self.before.entries)
        names.update({(op.parent, op.name): op.node for op in self.ops if op.kind == "C"})
        found = set()
        for op in self.ops:
            if op.kind == "C" and op.name.endswith("-wal"):
                found.add(op.node)
                database = names.get((op.parent, op.name.removesuffix("-wal")))
                if database is not None:
                    found.add(database)
        return found

    def broken(self, count: int, rng: random.Random) -> list[Crash]:
        """States no correctly working disk can leave: a write already fsynced torn
        (some of its sectors hold what was there before), then the power cut."""
        crashes = []
        for _ in range(count):
            at = rng.choice(self.crash_points())
            synced = [
                index
                for index in range(at)
                if self.ops[index].kind == "W" and self.durable_at[index] < at
            ]
            if not synced:
                continue
            torn = rng.choice(synced)
            sectors = sectors_of(self.ops[torn])
            lost = rng.choice(sectors)
            kept = frozenset(self.unsynced(at))
            crashes.append(Crash(at, "broken", kept, torn, frozenset(sectors) - {lost}))
        return crashes

    def crash_at(self, at: int, how: str, rng: random.Random) -> Crash:
        unsynced = self.unsynced(at)
        writes = [index for index in unsynced if self.ops[index].kind == "W"]
        if how == "none" or not unsynced:
            return Crash(at, "none", frozenset())
        if how == "all":
            return Crash(at, how, frozenset(unsynced))
        if how == "prefix":
            return Crash(at, how, frozenset(unsynced[: rng.randrange(len(unsynced) + 1)]))
        if how == "subset":
            return Crash(at, how, frozenset(i for i in unsynced if rng.random() < 0.5))
        if how == "drop one":
            dropped = rng.choice(unsynced)
            return Crash(at, how, frozenset(i for i in unsynced if i != dropped))
        if how == "torn" and writes:
            torn = rng.choice(writes)
            sectors = sectors_of(self.ops[torn])
            some = frozenset(s for s in sectors if rng.random() < 0.5)
            kept = frozenset(i for i in unsynced if i != torn and rng.random() < 0.7)
            return Crash(at, how, kept, torn, some)
        return Crash(at, "subset", frozenset(i for i in unsynced if rng.random() < 0.5))


HOW = ("none", "all", "prefix", "subset", "drop one", "torn")


def record_env(library: Path, root: Path, log: Path) -> dict[str, str]:
    """The environment that makes a process record its calls under `root` into `log`."""
    return {
        **os.environ,
        "LD_PRELOAD": str(library),
        "POWERCUT_ROOT": str(root),
        "POWERCUT_LOG": str(log),
    }
