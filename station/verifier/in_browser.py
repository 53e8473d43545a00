"""Station's Python in the browser: the page's files handed in, signatures by WebCrypto.

Runs only inside Pyodide (the `js` and `pyodide` modules are the runtime's): the Python
verifier page calls `check_picked` with the files the observer picked, and the
verification core is handed `verify_signature`, the browser's own Ed25519 check,
where the command line hands in the `cryptography` package's.
"""

from typing import Any

from station.verifier.entry import check


def check_picked(files: Any, fingerprint: str) -> Any:
    """`entry.check` on a JavaScript Map of file names to Uint8Arrays; its verdict as a
    JavaScript object, for the page to draw."""
    from js import Object
    from pyodide.ffi import to_js

    picked = {str(name): bytes(data.to_bytes()) for name, data in files.object_entries()}
    return to_js(check(picked, fingerprint), dict_converter=Object.fromEntries)


async def verify_signature(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether `signature` is the Ed25519 signature of `message` by the raw 32-byte
    `public_key`, as the browser's WebCrypto (`crypto.subtle`) says.

    A key WebCrypto cannot take (not 32 bytes) signs nothing: False, as for a bad
    signature, never an exception.
    """
    from js import Object, crypto
    from pyodide.ffi import JsException, to_js

    subtle = crypto.subtle
    algorithm = to_js({"name": "Ed25519"}, dict_converter=Object.fromEntries)
    try:
        key = await subtle.importKey("raw", to_js(public_key), algorithm, False, to_js(["verify"]))
        return bool(await subtle.verify(algorithm, key, to_js(signature), to_js(message)))
    except JsException:
        return False
