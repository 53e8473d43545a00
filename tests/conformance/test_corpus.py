"""The conformance corpus (`conformance/cases`) run through `station verify`: every case's
verdict and words, exactly as its case.json gives them; and the corpus is what its
generator makes."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from station.sheet.verify_export import verify_export
from station.verification.pdf_text import pdf_words
from station.verification.report import STEPS as STEP_NAMES
from station.verification.report import export_report
from tests.cli_helpers import station_here
from tests.conformance.make_corpus import CORPUS, make

CASES = CORPUS / "cases"
NAMES = sorted(case.name for case in CASES.iterdir())
STEPS = {f"V{n}" for n in range(1, 15)}


# Checked by `station verify` outside the verification core, which alone names the step
# (the consolidation's check is moving into the core; each of these is V11 meanwhile).
def _case(name: str) -> dict[str, Any]:
    document = json.loads((CASES / name / "case.json").read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def test_the_corpus_holds_every_kind_and_each_forgery_names_its_step() -> None:
    cases = {name: _case(name) for name in NAMES}
    genuine = [name for name, case in cases.items() if case["verdict"] == "OK"]
    forged = [name for name, case in cases.items() if case["verdict"] == "NOT INTACT"]
    assert len(cases) >= 60 and len(genuine) + len(forged) == len(cases)
    assert all(name.endswith("_fail") for name in forged)
    assert not any(name.endswith("_fail") for name in genuine)
    assert all(cases[name]["step"] in STEPS for name in forged)
    format_md = (CORPUS.parent / "docs" / "format.md").read_text(encoding="utf-8")
    # Each verdict names its step as docs/format.md does.
    assert all(f"**{step}** ({STEP_NAMES[step]}):" in format_md for step in STEPS)
    for kind in ("one-union", "several-unions", "rd", "rm", "mail", "mail-and-polls",
                 "groups-sonotone", "groups-self-determination", "groups-several-units",
                 "revised", "corrected", "interim", "runoff", "rerun", "consolidation",
                 "v0_2-one-union", "clock-past-2-53"):  # fmt: skip
        assert kind in genuine


def test_the_readme_names_every_case_and_its_step() -> None:
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    for name in NAMES:
        step = _case(name)["step"]
        assert (f"| `{name}` | {step} |" if step else f"| `{name}` |") in readme, name


@pytest.mark.parametrize("name", NAMES)
def test_station_verify_gives_each_case_its_verdict_word_for_word(name: str) -> None:
    case = _case(name)
    done = station_here("verify", "export", "--key", case["key"], cwd=CASES / name)
    if case.get("known_wrong"):
        # Not yet what verify answers: the day it is, this fails and the case gets its words.
        assert done.returncode == 0 and done.stdout.startswith("OK: "), done
        pytest.xfail(case["known_wrong"])
    assert (done.returncode, done.stdout, done.stderr) == (
        case["exit"],
        case["stdout"],
        case["stderr"],
    )
    printed = done.stdout if case["verdict"] == "OK" else done.stderr
    assert printed.splitlines()[0] == case["first_line"]
    assert case["first_line"].startswith(f"{case['verdict']}: export")
    if case["step"] is not None:
        assert case["first_line"].startswith(f"NOT INTACT: export: ({case['step']}, ")


def _exports() -> list[str]:
    return [name for name in NAMES if not (CASES / name / "export" / "tables").is_dir()]


@pytest.mark.parametrize("name", _exports())
def test_the_cores_report_is_what_station_verify_prints(name: str) -> None:
    # The page shows this report: the same words as the command, from the core alone.
    case = _case(name)
    if case.get("known_wrong"):
        pytest.skip(case["known_wrong"])
    verdict = verify_export(CASES / name / "export", expected_key=case["key"])
    assert verdict.step == case["step"]
    report = export_report(verdict, "export")
    said = (
        "".join(f"{line}\n" for line in report.stdout),
        "".join(f"{line}\n" for line in report.stderr),
    )
    assert (report.exit, *said) == (case["exit"], case["stdout"], case["stderr"])


# Qt's PDF writer stamps the wall clock's time in each PDF (and so in its hash in the
# manifest, the signature over that, and a consolidation's manifest of its tables' files):
# PDFs are compared by the text they show, manifests without those hashes.
_PDF_HASH = re.compile(rb'("[^"]*(?:tally\.pdf|manifest\.json|manifest\.sig)":)"[0-9a-f]{64}"')


def _unspaced(pdf: Path) -> str:
    return "".join(pdf_words(pdf.read_bytes()).split())


def _same(made: Path, kept: Path) -> bool:
    if made.name == "tally.pdf":  # the same text, wherever the fonts broke its lines
        return _unspaced(made) == _unspaced(kept)
    if made.name == "manifest.sig":
        return made.read_bytes() != b"" and kept.read_bytes() != b""
    if made.name == "manifest.json" and made.read_bytes() != kept.read_bytes():
        return _PDF_HASH.sub(rb"\1", made.read_bytes()) == _PDF_HASH.sub(rb"\1", kept.read_bytes())
    return made.read_bytes() == kept.read_bytes()


@pytest.mark.long
def test_the_generator_makes_the_committed_corpus(tmp_path: Path) -> None:
    assert make(tmp_path / "cases") == []
    made = sorted(p.relative_to(tmp_path / "cases") for p in (tmp_path / "cases").rglob("*"))
    kept = sorted(p.relative_to(CASES) for p in CASES.rglob("*"))
    assert made == kept
    differ = [
        str(name)
        for name in made
        if (tmp_path / "cases" / name).is_file()
        and not _same(tmp_path / "cases" / name, CASES / name)
    ]
    assert differ == []
