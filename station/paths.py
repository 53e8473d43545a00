"""Paths the desktops a Board agent may have can hold, and how SQLite is given one.

Linux and macOS take any name but one holding "/" or NUL (`cli.common.file_name` refuses
NUL), and paths of any length Station makes. Windows refuses more, and some of its
refusals are silent, so Station says so first (`path_problem`):

- the device names CON, PRN, AUX, NUL, COM0-9, LPT0-9 (and COM/LPT with ¹ ² ³), CONIN$
  and CONOUT$, also with an extension: "nul.station" is the null device, and a count
  written there would be lost without an error;
- a last dot or space, which Windows drops ("count." names the file "count");
- the characters < > : " | ? * and control characters (":" names an NTFS stream);
- a path of more than 259 characters (MAX_PATH), unless long paths are turned on
  (the LongPathsEnabled policy; Python and the bundle declare themselves able). Station
  adds up to `LONGEST_ADDED` characters to a path it is given, so it refuses one that
  would leave no room for them.

SQLite opens a file by URI (for `mode=ro` and `immutable=1`). Its URI may carry no
authority but "localhost", so a Windows network path (\\\\server\\share\\count.station),
which `Path.as_uri` writes as file://server/share/..., is given as file:////server/share/...
instead (`sqlite_uri`).
"""

import sys
from pathlib import Path, PureWindowsPath
from urllib.parse import quote

# Windows's MAX_PATH less its closing NUL: the longest path a program that is not made
# long-path aware, or a system without long paths turned on, can use.
WINDOWS_MAX_PATH = 259
# The most Station adds to a path it is given: beside a consolidation's folder, its
# hidden staging folder holding a table's folder and the longest file in it
# ("/.station-consolidation-0123abcd/tables/table-<20 characters>/journal.jsonl" is 79).
LONGEST_ADDED = 80

_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{port}{digit}" for port in ("COM", "LPT") for digit in "0123456789\u00b9\u00b2\u00b3"}
)
_NOT_IN_NAMES = frozenset('<>:"|?*') | frozenset(chr(code) for code in range(32))


def path_problem(path: Path) -> str | None:
    """Why this computer cannot hold `path` as given, in one line, or None."""
    if sys.platform == "win32":
        return windows_path_problem(
            PureWindowsPath(path), len(str(path.absolute())), long_paths=_long_paths_enabled()
        )
    return None  # Linux and macOS: any name a command line can hold


def windows_path_problem(path: PureWindowsPath, length: int, *, long_paths: bool) -> str | None:
    """Why Windows cannot hold `path`, whose absolute form is `length` characters long."""
    for name in path.parts[1:] if path.anchor else path.parts:
        problem = windows_name_problem(name)
        if problem is not None:
            return f"{path}: {problem}"
    if not long_paths and length + LONGEST_ADDED > WINDOWS_MAX_PATH:
        return (
            f"{path}: is {length:,} characters long with its folders; Windows takes"
            f" {WINDOWS_MAX_PATH} in a path unless long paths are turned on, and Station needs"
            f" room for {LONGEST_ADDED} more (choose a shorter folder or name)"
        )
    return None


def windows_name_problem(name: str) -> str | None:
    """Why Windows cannot hold a file or folder named `name`, or None."""
    if name in (".", ".."):
        return None
    if name.endswith((".", " ")):
        return (
            f"Windows drops the dot or space at the end of {name!r}, so the file would"
            " have another name than the one given (leave it out)"
        )
    refused = sorted(_NOT_IN_NAMES.intersection(name))
    if refused:
        shown = " ".join(repr(ch) for ch in refused)
        return f"Windows refuses {shown} in a name such as {name!r}"
    device = name.split(".")[0].rstrip(" ").upper()
    if device in _DEVICES:
        return (
            f"Windows keeps the name {device} for a device, with any extension: {name!r}"
            " would be that device, not a file (choose another name)"
        )
    return None


def sqlite_uri(path: Path, query: str) -> str:
    """The URI SQLite opens `path` by, with `query` ("mode=ro&immutable=1")."""
    if sys.platform == "win32":
        return f"{windows_uri(PureWindowsPath(path.absolute()))}?{query}"
    return f"{path.absolute().as_uri()}?{query}"


def windows_uri(path: PureWindowsPath) -> str:
    """An absolute Windows path as SQLite's URI (file:///C:/..., file:////server/share/...)."""
    drive, rest = path.drive, "/".join(path.parts[1:])
    if drive.startswith(("\\\\?\\", "\\\\.\\")):
        # A verbatim path (\\?\C:\...) takes no "/": SQLite drops the "/" before it.
        return f"file:///{_quoted(str(path), safe=':')}"
    if drive.startswith("\\\\"):  # \\server\share: the authority stays empty
        return f"file:////{_quoted(drive[2:].replace(chr(92), '/'))}/{_quoted(rest)}"
    return f"file:///{_quoted(drive)}/{_quoted(rest)}"


def _quoted(text: str, safe: str = "/:") -> str:
    """`text` with what a URI may not hold (?, #, %, spaces, non-ASCII) as %HH of UTF-8."""
    return quote(text, safe=safe)


if sys.platform == "win32":
    import ctypes

    def _long_paths_enabled() -> bool:
        """Whether this process may use paths beyond MAX_PATH (Windows 10 1607 and later,
        with the LongPathsEnabled policy on; the process must declare itself able, as
        python.exe and PyInstaller's bootloader do)."""
        try:
            check = ctypes.WinDLL("ntdll").RtlAreLongPathsEnabled
        except (AttributeError, OSError):  # an older Windows
            return False
        check.restype = ctypes.c_ubyte
        check.argtypes = []
        return bool(check())
