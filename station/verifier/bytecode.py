"""Bytecode for the Python verifier page, made by the page's own interpreter.

Run inside Pyodide under Node by the page's builder (`python_page.py`, through
`bytecode.mjs`), never by the station: CPython compiled to WebAssembly compiles each
module it imports, and that was half of the page's start. Here the same interpreter
compiles them once, at build time, and each archive gets a `.pyc` beside each `.py`
it should import fast (zipimport takes the `.pyc`). The bytecode is hash-based and
unchecked (PEP 552), so it names no time and the same sources give the same bytes.

Which modules: every one of Station's, and those of the wheels that importing the
modules named in `python_page_inputs.json` ("bytecode_for") loads; a wheel's other
modules (holidays' two hundred other countries) stay source only.
"""

import importlib
import importlib.util
import io
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

FOLDER = "/lib/station-page"  # where the page puts its archives (python_page.js)
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def compile_archives(names: list[str], warm: list[str], whole: list[str]) -> None:
    """Write FOLDER/out/NAME for each archive NAME in FOLDER: its members, and bytecode.

    `warm`: the modules whose imports say which modules of an archive get bytecode;
    `whole`: the archives every module of which gets it.
    """
    sys.path[0:0] = [f"{FOLDER}/{name}" for name in names]
    for module in warm:
        importlib.import_module(module)
    imported = {getattr(module, "__file__", None) for module in list(sys.modules.values())}
    for name in names:
        prefix = f"{FOLDER}/{name}/"
        written = io.BytesIO()
        with zipfile.ZipFile(f"{FOLDER}/{name}") as source, zipfile.ZipFile(written, "w") as out:
            for member in sorted(source.namelist()):
                data = source.read(member)
                _write(out, member, data)
                if member.endswith(".py") and (name in whole or prefix + member in imported):
                    code = compile(data, prefix + member, "exec", dont_inherit=True)
                    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                    _write(out, member[:-3] + ".pyc", bytes(pyc))
        with open(f"{FOLDER}/out/{name}", "wb") as file:
            file.write(written.getvalue())


def _write(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, _ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)
