"""Helpers for the tests that run another platform's branch here (marked `stand_in`)."""

import os
import sys
from collections.abc import Callable
from typing import Any

import pytest


def pretend(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    """Make Station's `sys.platform` branches take `platform`'s way ("win32", "darwin").

    Windows's O_BINARY, absent elsewhere, is 0 here unless a test set it: the files a
    test writes through that branch are then real files of this system.
    """
    if platform == "win32" and not hasattr(os, "O_BINARY"):
        monkeypatch.setattr(os, "O_BINARY", 0, raising=False)
    monkeypatch.setattr(sys, "platform", platform)


class Calls:
    """OS calls recorded in order by stand-ins, instead of made."""

    def __init__(self) -> None:
        self.made: list[tuple[str, tuple[Any, ...]]] = []
        self._failures: dict[str, BaseException] = {}

    def recorder(self, name: str, result: Any = None) -> Callable[..., Any]:
        """A stand-in for the call `name`: records its arguments, returns `result`."""

        def call(*args: Any) -> Any:
            self.made.append((name, args))
            failure = self._failures.pop(name, None)
            if failure is not None:
                raise failure
            return result

        return call

    def fail(self, name: str, error: BaseException) -> None:
        """Make the next call `name` raise `error` (after it is recorded)."""
        self._failures[name] = error
