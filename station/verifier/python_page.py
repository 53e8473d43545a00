"""Building the Python verifier page: Station's own Python, run in the browser.

One self-contained HTML file holds CPython compiled to WebAssembly (the npm package
`pyodide`), the pure-Python wheels Station's rules need (from PyPI) and Station's own
modules, each pinned by its SHA-256 in `python_page_inputs.json`. Opened from a file,
it asks nothing of any address: a stand-in `fetch` answers only the names embedded in
it. Only its "Follow a count" asks the network, the station's URL typed into it
(`live_markup`, `live_follow.js`).

The same inputs give the same bytes: archives are written with fixed times and
order, gzip with no time stamp. The pinned packages are fetched once with the ordinary
clients (`npm pack`, `pip download`) into a cache folder and checked against their
SHA-256 every time they are used.

    python -m station.verifier.python_page --out page.html   # or: station verifier --out

To move to another release of a pinned package, fetch it as the build does
(`npm pack pyodide@VERSION`, `pip download --no-deps --only-binary=:all: NAME==VERSION`)
and write its version, file name and `sha256sum` in `python_page_inputs.json`. Station
modules the page's Python imports are listed there too (`station_packages`,
`station_modules`; tests/verifier/test_python_page.py holds the list to what
`in_browser` imports).
"""

import argparse
import base64
import gzip
import hashlib
import html
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from station import __version__
from station.domain.words import say
from station.verifier import live_markup, page_words
from station.verifier.page_words import STARTING, escaped

INPUTS = "python_page_inputs.json"
# Archive member times: the earliest a zip file can state, the same on every build.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# A blob is gzipped only where that saves at least this share (a wheel is a zip already).
_GZIP_GAIN = 0.05
_GZIP_MARK = ' data-gzip="1"'


_BYTECODE_TOOLS = ("bytecode.mjs", "bytecode.py")
FETCH_COMMAND = "python -m station.verifier.python_page"
SHIPPED = "verifier_page.html"  # the page a bundle carries, built when the bundle was
# A script element's text (a script never holds "</script": `_in_script`).
_SCRIPT_TEXT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.DOTALL)
_FRAME_MARK = "\x00frame\x00"


class InputsError(Exception):
    """A pinned input could not be fetched or is not the file pinned (one line to show)."""


@dataclass(frozen=True)
class Blob:
    """One file embedded in the page: its name there, its bytes, whether gzipped."""

    name: str
    data: bytes
    gzipped: bool


def pinned() -> dict[str, Any]:
    """The pinned inputs: the runtime, the wheels and the list of Station's modules."""
    try:
        text = files("station.verifier").joinpath(INPUTS).read_text(encoding="utf-8")
    except OSError:
        raise InputsError(
            f"{INPUTS}: cannot be read (the page is built from Station's sources)"
        ) from None
    return json.loads(text)  # type: ignore[no-any-return]


def default_cache() -> Path:
    """Where fetched inputs are kept: $STATION_PAGE_INPUTS, else the user's cache folder."""
    chosen = os.environ.get("STATION_PAGE_INPUTS")
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("station", appauthor=False)) / "page-inputs"


def fetch_inputs(cache: Path) -> dict[str, Path]:
    """Each pinned package file in `cache`, fetched first if it is not there yet.

    Returns the file of each by its pinned name. A file whose SHA-256 is not the pinned
    one is never used: a wrong file in the cache is fetched again, a wrong download
    stops the build.
    """
    inputs = pinned()
    cache.mkdir(parents=True, exist_ok=True)
    runtime = inputs["pyodide"]
    found = {
        runtime["file"]: _fetched(
            cache,
            runtime["file"],
            runtime["sha256"],
            ["npm", "pack", f"{runtime['package']}@{runtime['version']}", "--silent"],
        )
    }
    for wheel in inputs["wheels"]:
        found[wheel["file"]] = _fetched(
            cache,
            wheel["file"],
            wheel["sha256"],
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                *("--only-binary=:all:", "--disable-pip-version-check"),
                f"{wheel['name']}=={wheel['version']}",
            ],
        )
    return found


def _fetched(cache: Path, name: str, sha256: str, command: list[str]) -> Path:
    path = cache / name
    if path.is_file() and _sha256(path.read_bytes()) == sha256:
        return path
    with tempfile.TemporaryDirectory(dir=cache, prefix=".fetching-") as staging:
        argv = [*command, "--dest" if "pip" in command else "--pack-destination", staging]
        _run(argv, f"{name}: cannot be fetched")
        got = Path(staging) / name
        if not got.is_file():
            raise InputsError(f"{name}: the fetch gave another file than the one pinned")
        if _sha256(got.read_bytes()) != sha256:
            raise InputsError(f"{name}: the fetched file is not the one pinned (SHA-256 differs)")
        os.replace(got, path)  # whole or not at all, even with two builds at once
    return path


def _run(argv: list[str], failure: str) -> None:
    """Run a tool of the build; if it fails, `failure` and why, in one line."""
    try:
        subprocess.run(argv, check=True, capture_output=True, timeout=600)
    except FileNotFoundError:
        raise InputsError(f"{failure} ({argv[0]} is not installed)") from None
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        said = (error.stderr or b"").decode(errors="replace").strip()
        last = said.splitlines()[-1] if said else "no answer"
        raise InputsError(f"{failure} ({last})") from None


def blobs(fetched: dict[str, Path], *, reuse: bool = True) -> tuple[dict[str, bytes], list[Blob]]:
    """The runtime's scripts (kept as text) and the blobs to embed, from the inputs.

    `reuse`: take the archives' bytecode from the inputs' cache if it was made before.
    """
    inputs = pinned()
    runtime = inputs["pyodide"]
    tgz = fetched[runtime["file"]].read_bytes()
    if _sha256(tgz) != runtime["sha256"]:
        raise InputsError(f"{runtime['file']}: is not the file pinned (SHA-256 differs)")
    unpacked: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(tgz), mode="r:gz") as archive:
        for name in runtime["files"]:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise InputsError(f"{runtime['file']}: holds no {name}")
            unpacked[name] = member.read()
    scripts = {name: unpacked.pop(name) for name in ("pyodide.js", "pyodide.asm.js")}
    embedded = [_blob(name, data) for name, data in unpacked.items()]
    for wheel in inputs["wheels"]:
        if _sha256(fetched[wheel["file"]].read_bytes()) != wheel["sha256"]:
            raise InputsError(f"{wheel['file']}: is not the file pinned (SHA-256 differs)")
    archives = {
        wheel["file"]: _left_out(fetched[wheel["file"]].read_bytes(), wheel.get("leave_out", {}))
        for wheel in inputs["wheels"]
    }
    try:
        archives["station.zip"] = station_archive(inputs)
    except OSError as error:
        raise InputsError(
            f"{error.filename}: cannot be read (the page is built from Station's sources)"
        ) from None
    compiled = with_bytecode(tgz, archives, fetched[runtime["file"]].parent if reuse else None)
    embedded.extend(_blob(name, data) for name, data in compiled.items())
    return scripts, embedded


def _left_out(wheel: bytes, leave_out: dict[str, Any]) -> bytes:
    """The wheel without the files its pin leaves out (`leave_out`: `paths` starting so,
    but those under `but`), the same bytes for the same wheel; the wheel as it is if it
    leaves nothing out.

    What Station's Python never reads there (the holiday names in 130 languages but
    the one the objections deadline's calendar reads, dateutil's copy of the time zone
    database) would only make the page heavier on a phone.
    """
    paths = tuple(leave_out.get("paths", ()))
    kept = tuple(leave_out.get("but", ()))
    if not paths:
        return wheel
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(wheel)) as given, zipfile.ZipFile(out, "w") as taken:
        for member in given.infolist():
            if member.filename.startswith(paths) and not member.filename.startswith(kept):
                continue
            info = zipfile.ZipInfo(member.filename, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            taken.writestr(info, given.read(member), compresslevel=9)
    return out.getvalue()


def with_bytecode(tgz: bytes, archives: dict[str, bytes], cache: Path | None) -> dict[str, bytes]:
    """Each archive with bytecode beside its modules, compiled by the page's own Python.

    Pyodide is run by Node on the runtime's files (`bytecode.mjs`, `bytecode.py`). The
    result is kept in `cache` under a name made of everything it depends on; None:
    compiled afresh, kept nowhere.
    """
    inputs = pinned()
    request = {
        "archives": list(archives),
        "warm": inputs["bytecode_for"],
        "whole": ["station.zip"],
    }
    try:
        tools = [files("station.verifier").joinpath(name).read_bytes() for name in _BYTECODE_TOOLS]
    except OSError as error:
        raise InputsError(
            f"{error.filename}: cannot be read (the page is built from Station's sources)"
        ) from None
    digest = hashlib.sha256(json.dumps(request, sort_keys=True).encode())
    for part in (tgz, *tools, *archives.values()):
        digest.update(hashlib.sha256(part).digest())
    kept = None if cache is None else cache / f"bytecode-{digest.hexdigest()[:32]}"
    if kept is not None and all((kept / name).is_file() for name in archives):
        return {name: (kept / name).read_bytes() for name in archives}
    with tempfile.TemporaryDirectory(prefix="station-bytecode-") as work:
        folder = Path(work)
        runtime = folder / "runtime"
        with tarfile.open(fileobj=io.BytesIO(tgz), mode="r:gz") as archive:
            for member in archive.getmembers():
                name = member.name.removeprefix("package/")
                if member.isfile() and "/" not in name:
                    runtime.mkdir(exist_ok=True)
                    packed = archive.extractfile(member)
                    assert packed is not None
                    (runtime / name).write_bytes(packed.read())
        for name, data in archives.items():
            (folder / name).write_bytes(data)
        (folder / "request.json").write_text(json.dumps(request))
        for name, data in zip(_BYTECODE_TOOLS, tools, strict=True):
            (folder / name).write_bytes(data)
        argv = [
            "node",
            str(folder / "bytecode.mjs"),
            str(runtime),
            work,
            str(folder / "request.json"),
        ]
        _run(argv, "the page's bytecode cannot be made")
        compiled = {name: (folder / "out" / name).read_bytes() for name in archives}
    if kept is not None:
        kept.mkdir(exist_ok=True)
        for name, data in compiled.items():
            staging = kept / f".{name}.{os.getpid()}"
            staging.write_bytes(data)
            os.replace(staging, kept / name)
    return compiled


def station_modules(inputs: dict[str, Any]) -> list[str]:
    """The source files of Station's modules the page holds, relative to the repository."""
    root = Path(__file__).resolve().parents[2]
    found = set()
    for module in inputs["station_modules"]:
        path = root.joinpath(*module.split("."))
        found.add(path / "__init__.py" if path.is_dir() else path.with_suffix(".py"))
    for package in inputs["station_packages"]:
        found.update(root.joinpath(*package.split(".")).glob("*.py"))
    return sorted(path.relative_to(root).as_posix() for path in found)


def station_archive(inputs: dict[str, Any]) -> bytes:
    """Station's listed modules as a zip archive, the same bytes for the same sources."""
    root = Path(__file__).resolve().parents[2]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in station_modules(inputs):
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (root / name).read_bytes(), compresslevel=9)
    return out.getvalue()


def _blob(name: str, data: bytes) -> Blob:
    packed = gzip.compress(data, compresslevel=6, mtime=0)  # 9 saves 0.5 %, for 3x the time
    if len(packed) <= len(data) * (1 - _GZIP_GAIN):
        return Blob(name, packed, True)
    return Blob(name, data, False)


def page(fetched: dict[str, Path], *, bare: bool = False, reuse: bool = True) -> bytes:
    """The whole page, from the fetched inputs.

    `bare`: the runtime alone, without the wheels and Station's modules, which the
    benchmark (bench/browser_pages.py) opens to weigh what Station adds to starting up.
    """
    boot = page_script("python_page.js")
    pyodide = pinned()["pyodide"]["version"]

    def own() -> dict[str, str]:
        return verifier_words(__version__, pyodide)

    makers = [own] if bare else [own, live_markup.follow_words, live_markup.live_words]
    english = page_words.english(*makers)
    parts = [
        _HEAD.format(**english, style=page_words.CHOOSER_STYLE + live_markup.UNSEEN_STYLE),
        page_words.chooser(),
        _BODY.format(**english),
        *([] if bare else [live_markup.follow_section()]),
        _FOOTER.format(**english),
        page_words.words_element(*makers),
        f"<script>{in_script(page_script('page_language.js'))}</script>\n",
        *runtime_parts(
            fetched, None if bare else "station.verifier.in_browser", bare=bare, reuse=reuse
        ),
        f"<script>{in_script(boot)}</script>\n",
        *(
            f"<script>{in_script(text)}</script>\n"
            for text in ([] if bare else live_markup.follow_scripts())
        ),
    ]
    return framed("".join(parts)).encode("utf-8")


def page_script(name: str) -> str:
    """A script of the pages, as the package holds it (station/verifier/NAME)."""
    return files("station.verifier").joinpath(name).read_text(encoding="utf-8")


def framed(text: str) -> str:
    """The page `text` (up to its last script) with its frame, then its end.

    A page opened from a file cannot read that file, but it can read its scripts' texts.
    The frame (`<script id="frame">`, the page's last) holds everything else, the markup
    between those texts, in order, so that `python_page.js` puts the file's text back
    together and shows its SHA-256: the one `station verifier` prints.
    """
    whole = f'{text}<script id="frame" type="application/json">{_FRAME_MARK}</script>\n</body>\n</html>\n'
    markup, scripts = [], []
    at = 0
    for found in _SCRIPT_TEXT.finditer(whole):
        markup.append(whole[at : found.start(1)])
        scripts.append(found.group(1))
        at = found.end(1)
    markup.append(whole[at:])
    # "<" written as \u003c: the frame's text never ends its element early.
    frame = json.dumps(markup, ensure_ascii=False).replace("<", "\\u003c")
    scripts = [frame if script == _FRAME_MARK else script for script in scripts]
    return "".join(part + script for part, script in zip(markup, [*scripts, ""], strict=True))


def built(cache: Path | None = None) -> bytes:
    """The verifier page `station verifier --out` writes (`shipped_or_built`).

    Raises InputsError in one line, naming the command that fetches the inputs.
    """
    return shipped_or_built(SHIPPED, page, cache)


def shipped_or_built(
    shipped: str,
    build: Callable[[dict[str, Path]], bytes],
    cache: Path | None = None,
    what: str = "",
) -> bytes:
    """A page from the cached inputs, fetched first if they are not there; in the bundle,
    which holds Station's modules compiled and not their sources, the page it was built
    with (`shipped`, written by build.spec).

    Raises InputsError in one line (after `what`, the page named), naming the command
    that fetches the inputs.
    """
    carried = files("station.verifier").joinpath(shipped)
    if carried.is_file():
        return carried.read_bytes()
    try:
        return build(fetch_inputs(cache or default_cache()))
    except InputsError as error:
        raise InputsError(
            f"{what}{error} (fetch the page's inputs once with `{FETCH_COMMAND}`, on a"
            " machine with network access)"
        ) from None


def runtime_parts(
    fetched: dict[str, Path], entry: str | None, *, bare: bool = False, reuse: bool = True
) -> list[str]:
    """The runtime and Station's Python as a page holds them, before the page's own
    script: the embedded blobs, the manifest (`entry`: the module the page imports
    first) and the runtime's two scripts. The live page (`live_page.py`) holds the same.
    """
    inputs = pinned()
    scripts, embedded = blobs(fetched, reuse=reuse)
    if bare:
        embedded = [blob for blob in embedded if blob.name in inputs["pyodide"]["files"]]
    with tarfile.open(fileobj=io.BytesIO(fetched[inputs["pyodide"]["file"]].read_bytes())) as tgz:
        member = tgz.extractfile("package/pyodide-lock.json")
        assert member is not None
        lock_info = json.loads(member.read())["info"]
    manifest = {
        "lock": {"info": lock_info, "packages": {}},
        "entry": entry,
        "archives": [blob.name for blob in embedded if blob.name not in inputs["pyodide"]["files"]],
        "inputs": {
            "pyodide": inputs["pyodide"]["version"],
            "wheels": {w["file"]: w["sha256"] for w in inputs["wheels"]},
        },
    }
    return [
        *(
            f'<script type="application/x-station-blob" data-name="{html.escape(b.name)}"'
            f"{_GZIP_MARK if b.gzipped else ''}>"
            f"{base64.b64encode(b.data).decode('ascii')}</script>\n"
            for b in embedded
        ),
        '<script type="application/json" id="python-page">',
        json.dumps(manifest, sort_keys=True).replace("<", "\\u003c"),
        "</script>\n",
        *(
            f"<script>{in_script(scripts[name].decode('utf-8'))}</script>\n"
            for name in ("pyodide.asm.js", "pyodide.js")
        ),
        # What both pages start from: the blobs above, read back by name.
        f"<script>{in_script(page_script('embedded.js'))}</script>\n",
    ]


def in_script(text: str) -> str:
    """`text`, to stand as a script element's in a page: refused (InputsError) if it
    holds what would end the element early or open a comment in it."""
    if "</script" in text.lower() or "<!--" in text:
        raise InputsError("a script of the page holds '</script' or '<!--'")
    return text


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def verifier_words(version: str, pyodide: str) -> dict[str, str]:
    """The verifier page's own words (HTML, by name), in the current language."""
    return {
        "title": escaped(say("Station verifier")),
        "heading": escaped(say("Check a Station export")),
        "starting": escaped(say(STARTING)),
        "offline": escaped(
            say(
                "Checking an export uses no network: this page reads the files here, in this"
                " browser, and nothing leaves this computer."
            )
        ),
        "key_label": escaped(say("Key fingerprint the observers wrote down")),
        "drop": escaped(
            say("Drop the export folder here (or a consolidation's folder), or pick it:")
        ),
        "folder_label": escaped(say("The folder")),
        "folder_question": escaped(
            say(
                "When you pick a folder, the browser may ask whether to \u201cupload\u201d its"
                " files to this site: that is its word for letting this page read them. Answer"
                " Upload: this page is a file on this computer, and the files stay here."
            )
        ),
        "files_label": escaped(say("or its five files")),
        "footer_run": escaped(
            say(
                "Station verifier {version}, run by Station's own Python in this browser"
                " (Pyodide {pyodide}). SHA-256 of this page:",
                version=version,
                pyodide=pyodide,
            )
        ),
        "working_out": escaped(say("(working it out)")),
        "footer_compare": escaped(
            say(
                "Compare it with what {command} prints on a Station you trust. (A page changed"
                " on purpose could show any hash here: the SHA-256 of its file, as {tool} gives"
                " it, is the one no change can hide.)",
                command="{command}",
                tool="{tool}",
            )
        ).format(command="<code>station verifier</code>", tool="<code>sha256sum</code>"),
    }


_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; connect-src http: https:;
 script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'">
<title data-words="title">{title}</title>
<style>
body {{ font: 16px/1.45 system-ui, sans-serif; max-width: 46rem; margin: 1rem auto; padding: 0 1rem; }}
h1 {{ font-size: 1.6rem; margin: .5rem 0; }}
#state {{ padding: .4rem .75rem; border-radius: .4rem; background: #eee; }}
#drop {{ border: 2px dashed #888; border-radius: .5rem; padding: 1rem 1.25rem; }}
#drop p {{ margin: 0 0 .6rem; }}
#drop label {{ display: block; margin: .4rem 0; }}
#drop input[type=file] {{ display: block; max-width: 100%; min-height: 2rem; margin-top: .2rem; }}
#drop.over {{ background: #eef; }}
#key {{ width: 100%; font: inherit; font-family: monospace; box-sizing: border-box; }}
#verdict-note {{ margin: 1rem 0 0; font-weight: 600; }}
#verdict-note:empty {{ display: none; }}
#verdict {{ white-space: pre-wrap; overflow-wrap: anywhere; font-family: monospace; padding: .75rem;
  margin-top: 1rem; border-radius: .4rem; }}
#verdict:empty {{ display: none; }}
#state.ok, #verdict.ok {{ background: #dcefdc; }} #verdict.bad {{ background: #f6d5d5; }}
#state.cannot, #verdict.cannot {{ background: #f3e6c4; }}
small {{ color: #555; overflow-wrap: anywhere; }}
{style}</style>
</head>
<body>
"""

_BODY = """<h1 data-words="heading">{heading}</h1>
<p id="state" role="status" data-words="starting">{starting}</p>
<p data-words="offline">{offline}</p>
<p><label><span data-words="key_label">{key_label}</span><br>
<input type="text" id="key" placeholder="a1b2-c3d4-..." autocomplete="off" spellcheck="false">
</label></p>
<div id="drop"><p data-words="drop">{drop}</p>
<label><span data-words="folder_label">{folder_label}</span> <input type="file" id="folder" webkitdirectory></label>
<p><small data-words="folder_question">{folder_question}</small></p>
<label><span data-words="files_label">{files_label}</span> <input type="file" id="files" multiple></label></div>
<p id="verdict-note"></p>
<div id="verdict"></div>
<p id="said" class="unseen" role="status"></p><p id="alarm" class="unseen" role="alert"></p>
"""

_FOOTER = """<p><small><span data-words="footer_run">{footer_run}</span>
<span id="page-sha" data-words="working_out">{working_out}</span>.
<span data-words="footer_compare">{footer_compare}</span></small></p>
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m station.verifier.python_page",
        description="Build the Python verifier page from the pinned inputs.",
    )
    parser.add_argument("--out", type=Path, help="the page to write (written over)")
    parser.add_argument("--inputs", type=Path, help="the cache of fetched inputs")
    args = parser.parse_args(argv)
    try:
        fetched = fetch_inputs(args.inputs or default_cache())
        if args.out is None:
            print(f"inputs ready: {', '.join(sorted(fetched))}")
            return 0
        data = page(fetched)
    except InputsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    args.out.write_bytes(data)
    print(f"wrote {args.out}: {len(data):,} bytes, SHA-256 {_sha256(data)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
