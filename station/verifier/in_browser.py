"""Station's Python in the browser: the page's files handed in, signatures by WebCrypto.

Runs only inside Pyodide (the `js` and `pyodide` modules are the runtime's): the Python
verifier page calls `check_picked` with the files the observer picked, and the
verification core gets the answers of `verify_signature`, the browser's own Ed25519
check (or, where the browser has none, the pinned tweetnacl the page holds), where the
command line hands in the `cryptography` package's.
"""

import time
from collections.abc import Callable
from typing import Any

from station.domain.words import say, use_language
from station.progress import Progress
from station.verifier.entry import (
    FILES_PICKED,
    check,
    checking_words,
    fingerprint_refused,
    questions,
    warm,
)

__all__ = [
    "check_picked",
    "fingerprint_refused",
    "ready_words",
    "use_language",
    "verify_signature",
    "warm",
]

_DRAWN_EVERY = 0.1  # seconds of checking between two chances for the page to draw
READY = "Station's Python is ready in this browser: pick or drop the folder."
CHECKED = (
    "Station's Python checked the folder: its verdict is below. Pick or drop another to check it."
)


def ready_words(checked: bool = False) -> str:
    """What the page's state line says once Python is ready, in the language chosen:
    once a verdict is drawn (`checked`), that the check is done, not still to pick."""
    return say(CHECKED) if checked else say(READY)


async def check_picked(files: Any, folder: str, fingerprint: str, shown: Any = None) -> Any:
    """`entry.check` on a JavaScript object of paths in the folder to Uint8Arrays, its
    signatures asked first; its verdict as a JavaScript object, for the page to draw.
    Files picked without their folder (`folder` empty) are named `FILES_PICKED`.

    `shown`, a JavaScript function, is given the words of the check's progress while a
    long journal is checked, where the browser lets Python wait for it to draw
    (WebAssembly's stack switching); elsewhere the page says only "Checking…".
    """
    from js import Object
    from pyodide.ffi import to_js

    picked = {str(name): bytes(data.to_bytes()) for name, data in Object.entries(files)}
    folder = str(folder) or FILES_PICKED
    answers = [
        await verify_signature(public_key, data, signature)
        for public_key, signature, data in questions(picked, folder)
    ]
    verdict = check(picked, folder, fingerprint, answers, _progress(shown))
    return to_js(verdict, dict_converter=Object.fromEntries)


def _progress(shown: Any) -> Progress | None:
    """A `Progress` that hands `shown` its words and lets the page draw them, at most
    every `_DRAWN_EVERY` seconds; None where Python cannot wait for the page."""
    from pyodide.ffi import can_run_sync, run_sync

    if shown is None or not can_run_sync():
        return None
    last = time.monotonic()

    def follow(done: int, total: int) -> None:
        nonlocal last
        if time.monotonic() - last >= _DRAWN_EVERY or done == total:
            shown(checking_words(done, total))
            run_sync(_a_turn())
            last = time.monotonic()

    return follow


def _a_turn() -> Any:
    """A promise kept once the browser has had a turn (to draw what was shown)."""
    from js import Promise, setTimeout

    def wait(resolve: Callable[[], None], reject: Any) -> None:
        del reject
        setTimeout(resolve, 0)

    return Promise.new(wait)


async def verify_signature(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether `signature` is the Ed25519 signature of `message` by the raw 32-byte
    `public_key`, as the browser's WebCrypto (`crypto.subtle`) says; where WebCrypto
    has no Ed25519, as tweetnacl says.

    A key that cannot be one (not 32 bytes) signs nothing: False, as for a bad
    signature, never an exception.
    """
    from js import Object, crypto
    from pyodide.ffi import JsException, to_js

    subtle = crypto.subtle
    algorithm = to_js({"name": "Ed25519"}, dict_converter=Object.fromEntries)
    try:
        key = await subtle.importKey("raw", to_js(public_key), algorithm, False, to_js(["verify"]))
    except JsException as error:
        if getattr(error, "name", None) == "NotSupportedError":
            return tweetnacl_verifies(public_key, message, signature)
        return False
    try:
        return bool(await subtle.verify(algorithm, key, to_js(signature), to_js(message)))
    except JsException:
        return False


def tweetnacl_verifies(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """tweetnacl's Ed25519 check (`nacl.sign.detached.verify`, vendored and pinned in
    `station/verifier/vendor/`), for a browser whose WebCrypto has no Ed25519."""
    from js import nacl
    from pyodide.ffi import to_js

    if len(public_key) != 32 or len(signature) != 64:
        return False  # tweetnacl throws on a key or signature of another size
    return bool(nacl.sign.detached.verify(to_js(message), to_js(signature), to_js(public_key)))
