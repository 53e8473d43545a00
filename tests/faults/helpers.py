"""A counting station in a child process (see driver.py), for tests that kill or starve it,
and a folder mounted read-only."""

import contextlib
import os
import selectors
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

DRIVER = Path(__file__).with_name("driver.py")


class Station:
    """The driver process: send it commands, read its answers as they come."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self._selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self._selector.register(self.process.stdout, selectors.EVENT_READ)

    def send(self, *commands: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(f"{command}\n" for command in commands))
        self.process.stdin.flush()

    def line(self, timeout: float = 60) -> str:
        """The next answer, waiting for it to arrive (not for a fixed time)."""
        assert self.process.stdout is not None
        if not self._selector.select(timeout):
            raise AssertionError(f"the station said nothing for {timeout} s")
        answer = self.process.stdout.readline()
        if not answer:
            assert self.process.stderr is not None
            raise AssertionError(f"the station died: {self.process.stderr.read()[-2000:]}")
        return answer.strip()

    def ask(self, command: str) -> str:
        self.send(command)
        return self.line()

    def kill(self) -> list[str]:
        """SIGKILL it; return every answer it had written before it died."""
        self.process.kill()
        assert self.process.stdout is not None
        rest = self.process.stdout.read().splitlines()
        self.close()
        return [line.strip() for line in rest]

    def quit(self) -> None:
        assert self.ask("Q") == "BYE"
        self.process.wait(timeout=60)
        self.close()

    def close(self) -> None:
        self._selector.close()
        self.process.wait(timeout=60)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(BrokenPipeError):
                    stream.close()


@contextlib.contextmanager
def read_only_mount(folder: Path, *files: Path) -> Iterator[Path]:
    """`files` copied onto a small tmpfs at `folder`, remounted read-only: a write-
    protected stick (root only; the test is skipped elsewhere). Unmounted after."""
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a read-only file system needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True
    )
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()!r}")
    try:
        for file in files:
            shutil.copyfile(file, folder / file.name)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
