"""A second reading of the log by Go's reference code (checker/main.go, built with
golang.org/x/mod/sumdb/note and sumdb/tlog only), and static logs written to check it on."""

import contextlib
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.sheet.checkpoint_signing import election_vkey, sign_head
from station.sheet.keys import StationKey
from station.verification.merkle import Tree
from station.verification.tiles import CHECKPOINT, entry_bundles, tiles

CHECKER_SOURCE = Path(__file__).resolve().parent / "checker"
# Debian's golang-golang-x-mod-dev puts golang.org/x/mod here: a GOPATH, read offline.
GOPATH = Path("/usr/share/gocode")
ORIGIN = "station/29-RC-288020/4f1c2a9e"
TIME = "2026-11-30T22:10:03.512046Z"
LATER = "2026-11-30T23:00:00.000000Z"


class NoGo(Exception):
    """What of Go is not on this machine: the compiler or golang.org/x/mod (one line)."""


def built_checker(folder: Path) -> Path:
    """The checker in `folder`, built there by whichever process asks first (the others
    wait on a lock and take it as built)."""
    go = shutil.which("go")
    if go is None:
        raise NoGo("the Go compiler (golang-go in .ci/packages.txt)")
    if not (GOPATH / "src/golang.org/x/mod/sumdb/tlog").is_dir():
        raise NoGo(f"golang.org/x/mod under {GOPATH} (golang-golang-x-mod-dev)")
    import fcntl  # Go's packages are looked for where Debian puts them: a POSIX system

    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        binary = folder / "checker"
        if not binary.exists():
            build_checker(go, folder, binary)
        return binary


def build_checker(go: str, folder: Path, binary: Path) -> None:
    """Compile the checker to `binary` (its build cache in `folder`), offline: GOPATH
    mode, with the module proxy off, so that nothing is downloaded."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(folder),
        "GO111MODULE": "off",
        "GOPATH": str(GOPATH),
        "GOCACHE": str(folder / "cache"),
        "GOPROXY": "off",
        "GOFLAGS": "",
        "CGO_ENABLED": "0",
    }
    partial = folder / "checker.partial"
    subprocess.run(
        [go, "build", "-o", str(partial), "."],
        cwd=CHECKER_SOURCE,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    partial.replace(binary)


@dataclass(frozen=True)
class Checked:
    """What the checker said: its exit code and its one line."""

    code: int
    line: str

    @property
    def ok(self) -> bool:
        return self.code == 0 and self.line.startswith("OK: ")


def run_checker(checker: Path, log: Path | str, vkey: str, *args: str) -> Checked:
    return run(checker, "-vkey", vkey, *args, str(log))


def run(checker: Path, *args: str) -> Checked:
    """The checker run with `args`; it must say one line."""
    done = subprocess.run(
        [str(checker), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1, done
    return Checked(done.returncode, lines[0])


def a_key() -> StationKey:
    return StationKey(Path("test.key"), Ed25519PrivateKey.generate())


def entry_lines(size: int, *, salt: str = "") -> list[bytes]:
    """`size` lines shaped like a journal's: a setup line, then events."""
    setup = b'{"setup":{"case_number":"29-RC-288020"}}'
    return [setup] + [f'{{"seq":{n},"call":"for{salt}"}}'.encode() for n in range(1, size)]


def write_log(
    folder: Path, lines: list[bytes], key: StationKey, *, origin: str = ORIGIN, time: str = TIME
) -> str:
    """A static tlog-tiles log of `lines` in `folder` (checkpoint, hash tiles, entry
    bundles), its checkpoint signed by `key`; returns the key's vkey."""
    tree = Tree(lines)
    files = {**tiles(tree, tree.size), **entry_bundles(lines)}
    files[CHECKPOINT] = checkpoint_note(tree, key, origin=origin, time=time).encode()
    for path, data in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    return election_vkey(key, origin)


def checkpoint_note(
    tree: Tree,
    key: StationKey,
    *,
    origin: str = ORIGIN,
    time: str = TIME,
    root: bytes | None = None,
) -> str:
    """The signed checkpoint of the whole tree (or of `root` at its size)."""
    root = tree.root() if root is None else root
    return sign_head(key, origin, tree.size - 1, root.hex(), time).note


@contextlib.contextmanager
def served_folder(folder: Path, token: str) -> Iterator[str]:
    """`folder` over HTTP on 127.0.0.1, each request needing `Authorization: Bearer
    <token>` (as `station serve` asks); yields the URL prefix, ending in "/"."""

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def do_GET(self) -> None:
            if self.headers.get("Authorization") != f"Bearer {token}":
                self.send_error(401, "this feed needs its access token")
                return
            super().do_GET()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
