"""The live page's Python in the browser: what its script hands in, as JavaScript gives it.

Runs only inside Pyodide (the `js` and `pyodide` modules are the runtime's). The live
page's script fetches; this turns each answer (a Uint8Array) into bytes for
`live_entry.LiveCount`, and its view into a JavaScript object to draw. Signatures are
checked by tweetnacl (`nacl.sign.detached.verify`, vendored in the page and pinned in
`vendor/pins.json`), available where the room's plain-http LAN address gives the page
no WebCrypto: the script asks it each answer's questions (`questions`) in a Web Worker,
off the thread Python and the observer's taps share, and hands its answers back with
the answer; a question with no answer is asked of tweetnacl here, synchronously.
"""

import json
from typing import Any

from station.domain.words import say, use_language
from station.verification.export_check import SignatureQuestion
from station.verifier.live_along import Along, along_failed
from station.verifier.live_entry import LiveCount, feed_address
from station.witness.statements import LIVE_PAGE_FAILED


def nacl_holds(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """Whether `signature` is the Ed25519 signature of `message` by the raw
    `public_key`, as tweetnacl says (False for a key or signature of the wrong size)."""
    from js import nacl
    from pyodide.ffi import to_js

    if len(public_key) != 32 or len(signature) != 64:
        return False
    return bool(nacl.sign.detached.verify(to_js(message), to_js(signature), to_js(public_key)))


class PageFollow:
    """`LiveCount` as the page's script calls it."""

    def __init__(self, shown: str) -> None:
        self.live = LiveCount(shown, nacl_holds)
        self._asked: list[SignatureQuestion] = []
        self.max_answer = self.live.max_answer

    def setup(self, status: int, body: Any, now: float) -> bool:
        return self.live.setup(status, _bytes(body), now)

    def path(self) -> str:
        return self.live.path()

    def questions(self, body: Any) -> Any:
        """The signature checks `body` will ask, each [public key, signature, signed
        bytes] as Uint8Arrays: the page answers them with tweetnacl in a Web Worker."""
        from pyodide.ffi import to_js

        self._asked = self.live.questions(_bytes(body))
        return to_js([list(question) for question in self._asked])

    def answer(self, status: int, body: Any, now: float, holds: Any = None) -> str:
        """`holds`: the worker's answer to each of `questions(body)`, in order (true or
        false), or JavaScript's null when it gave none (they are then checked here)."""
        from pyodide.ffi import JsArray

        answers = {}
        if isinstance(holds, JsArray) and len(holds) == len(self._asked):
            answers = {q: held is True for q, held in zip(self._asked, holds, strict=True)}
        self._asked = []
        return self.live.answer(status, _bytes(body), now, answers)

    def said_again(self) -> None:
        """Another language was chosen: what was said is said again in its words."""
        self.live.said_again()

    def received(self) -> int:
        """The last event received (signed or not): a test's and a bench's measure of
        when a call reached the page."""
        follower = self.live.follower
        return -1 if follower is None else follower.received_seq

    def along(self) -> "PageAlong":
        """The observer's record of this count, once its setup was read."""
        assert self.live.follower is not None
        return PageAlong(Along(self.live.follower))

    def view(self, now: float, typed: Any = None) -> Any:
        """The view to draw; `typed` is a string, or JavaScript's null on the served page
        (which has no field for a fingerprint)."""
        from js import Object
        from pyodide.ffi import to_js

        typed_text = typed if isinstance(typed, str) else None
        return to_js(self.live.view(now, typed_text), dict_converter=Object.fromEntries)


class PageAlong:
    """`live_along.Along` as the page's script calls it: actions come as JSON text,
    views go back as JavaScript objects."""

    def __init__(self, along: Along) -> None:
        self.along = along

    def begin(self) -> Any:
        return _js(self.along.begin())

    def calls(self, group: Any = None) -> Any:
        return _js_list(self.along.calls(group if isinstance(group, str) and group else None))

    def restore(self, actions: str) -> None:
        self.along.restore(json.loads(actions))

    def act(self, action: str) -> bool:
        return self.along.act(json.loads(action))

    def view(self) -> Any:
        return _js(self.along.view())

    def said(self, now: float) -> str | None:
        return self.along.said(now)

    def said_in(self, now: float) -> float | None:
        return self.along.said_in(now)

    def resolved(self, ballot: int, how: str) -> str:
        return self.along.resolved(ballot, how)

    def downloaded(self, name: str) -> str:
        return self.along.downloaded(name)

    def document(self) -> Any:
        return _js(self.along.document())

    def failed(self, error: str) -> str:
        return along_failed(error)


def _js(value: dict[str, Any]) -> Any:
    from js import Object
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=Object.fromEntries)


def _js_list(value: list[dict[str, Any]]) -> Any:
    from js import Object
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=Object.fromEntries)


def _bytes(body: Any) -> bytes | None:
    """A Uint8Array's bytes; None for JavaScript's null (an answer larger than any
    feed's, not read)."""
    to_bytes = getattr(body, "to_bytes", None)
    return None if to_bytes is None else bytes(to_bytes())


def failed_words() -> str:
    """What the page says when the browser failed under it, in the language chosen."""
    return say(LIVE_PAGE_FAILED)


__all__ = ["address", "failed_words", "follow", "nacl_holds", "use_language"]


def address(text: str) -> Any:
    """The feed's origin and token in a URL typed into the verifier page, or its `error`
    in words, as a JavaScript object."""
    from js import Object
    from pyodide.ffi import to_js

    try:
        base, token = feed_address(text)
    except ValueError as error:
        return to_js({"error": str(error)}, dict_converter=Object.fromEntries)
    return to_js({"base": base, "token": token}, dict_converter=Object.fromEntries)


def follow(shown: str) -> PageFollow:
    """A feed followed by the page, shown as `shown` (its origin) in words."""
    return PageFollow(shown)
