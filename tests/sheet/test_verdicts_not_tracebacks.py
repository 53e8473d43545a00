"""Whatever a signed export holds, `verify FOLDER` gives a verdict: OK, or NOT INTACT
naming the file and the fact, on one line and with exit 1; never a traceback.

The verifier page runs the same Python (tests/verifier/test_page_corpus.py holds it to
`station verify`'s words on the conformance corpus).
"""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, create_key
from station.sheet.prepare import reopen_count
from station.sheet.verify_export import verify_export
from station.verification.document import canonical_json
from tests.cli_helpers import without_step
from tests.sheet.helpers import (
    CASES,
    edit_json,
    last_seq,
    rechain_from,
    resign,
    sheet_event,
    sign,
    station,
)


def said_by_verify(folder: Path) -> str:
    """`station verify FOLDER`'s one line of NOT INTACT, the folder left out."""
    code, out, err = station("verify", folder)
    assert (code, out) == (1, ""), (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    err.encode("utf-8")  # a terminal could print it
    prefix = f"NOT INTACT: {folder}: ("
    assert err.startswith(prefix), err  # the step that found it, then the problem
    return without_step(err)[len(prefix) - 1 :].rstrip("\n")


@pytest.mark.parametrize(
    ("case", "said"),
    [
        (
            "lone-surrogate-resigned",
            "tally.json: its election.agent is not text (it holds a lone surrogate, \\ud800)",
        ),
        (
            "poll-sheet-envelopes-rechained",
            "journal.jsonl: event {seq} (the final tally sheet) its envelopes says"
            " {{'accepted': 120, 'challenged': 0}}; the journal gives nothing",
        ),
        (
            "one-table-sheet-names-a-table-resigned",
            "tally.json: the election's table is not the journal's",
        ),
        (
            "staging-leftover",
            "'.station-export-0123abcd/tally.pdf' is not part of the signed export: an export"
            " folder holds only tally.pdf, tally.json, journal.jsonl, manifest.json, manifest.sig;"
            " '.station-export-0123abcd' is the staging folder of an export that was"
            " interrupted: delete it, then verify again",
        ),
    ],
    ids=["lone-surrogate", "poll-sheet-envelopes", "one-table-sheet-names-a-table", "staging"],
)
def test_a_forged_export_is_not_intact_naming_the_file_and_the_fact(
    exported: Path, key: StationKey, case: str, said: str
) -> None:
    CASES[case](exported, key)
    assert said_by_verify(exported) == said.format(seq=last_seq(exported))


def corrected(journal: Journal, key: StationKey, folder: Path) -> Path:
    """The export of a Corrected Tally: the final sheet reopened, one call more, signed."""
    sign(journal, key)
    session = CountSession(journal, journal.restore(trust_snapshots=False))
    reopen_count(session, "a pile was miscounted")
    session.record(Call.AGAINST)
    sign(journal, key)
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder


def test_a_corrected_sheet_replacing_a_line_no_tally_has_is_named(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = corrected(journal, key, tmp_path / "corrected")
    stated = json.loads((folder / "tally.json").read_bytes())["sheet"]["correction"]
    assert stated["replaces"], stated  # lines 4, 5 and 7 changed

    def replace_line_42(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        detail["correction"]["replaces"]["42"] = 1
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    rechain_from(folder, last_seq(folder), replace_line_42)
    edit_json(
        folder / "tally.json",
        lambda d: (
            d["sheet"]["correction"]["replaces"].update({"42": 1}),
            d.update(sheet_event=sheet_event(folder)),
        ),
    )
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, key)
    assert said_by_verify(folder) == (
        f"journal.jsonl: event {last_seq(folder)} (the corrected tally sheet) its correction"
        " replaces a line 42, which this tally has not"
    )


# -- any change to a genuine tally.json: a verdict, never a traceback --------------------

# JSON values, with text that may hold lone surrogates (JSON escapes them; they are no text).
TEXT = st.text(st.characters(exclude_categories=()), max_size=6) | st.sampled_from(
    ["\ud800", "R. \udfff", "\ud83d\ude00"]
)
SCALARS = st.none() | st.booleans() | st.integers(-(2**53), 2**53) | TEXT
VALUES = st.recursive(
    SCALARS | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)


def places(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON document, by its path of keys and indexes."""
    found = [path]
    if isinstance(value, dict):
        for key in sorted(value):
            found += places(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def mutated(document: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """`document` with one place changed: replaced, removed, a key added, or a number moved."""
    document = json.loads(json.dumps(document))
    path = data.draw(st.sampled_from(places(document)[1:]), label="place")
    parent: Any = document
    for step in path[:-1]:
        parent = parent[step]
    where, value = path[-1], parent[path[-1]]
    how = data.draw(st.sampled_from(["replace", "remove", "add", "nudge"]), label="how")
    if how == "remove":
        del parent[where]
    elif how == "add" and isinstance(value, dict):
        value[data.draw(TEXT, label="key")] = data.draw(VALUES, label="value")
    elif how == "nudge" and type(value) is int:
        parent[where] = value + data.draw(st.sampled_from([-1, 1]), label="by")
    else:
        parent[where] = data.draw(VALUES, label="value")
    return document


def written(document: dict[str, Any]) -> bytes:
    """The document in canonical form, or escaped (ASCII) where it holds no text."""
    try:
        return canonical_json(document)
    except UnicodeEncodeError:
        return (json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n").encode()


@pytest.fixture(scope="module")
def genuine(qapp: object, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, StationKey]:
    """A small signed export (few events: each example checks it whole) and its key."""
    folder = tmp_path_factory.mktemp("genuine")
    key = create_key(folder / "key.pem")
    path = folder / "count.station"
    from tests.helpers import JFK8

    Journal.create(path, JFK8)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE):
            session.record(call)
        sign(journal, key)
        export_sheet(journal, journal.restore(trust_snapshots=False), folder / "export", key)
    return folder / "export", key


def forged(genuine: tuple[Path, StationKey], document: dict[str, Any], into: Path) -> Path:
    folder, key = genuine
    if into.exists():
        shutil.rmtree(into)
    shutil.copytree(folder, into)
    (into / "tally.json").write_bytes(written(document))
    resign(into, key)  # by the key itself: only the content can tell
    return into


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_change_to_tally_json_gets_a_verdict(
    genuine: tuple[Path, StationKey], tmp_path: Path, data: st.DataObject
) -> None:
    document = json.loads((genuine[0] / "tally.json").read_bytes())
    folder = forged(genuine, mutated(document, data), tmp_path / "forged")
    verdict = verify_export(folder)
    assert verdict.ok or verdict.problem
    code, out, err = station("verify", folder)
    assert code == (0 if verdict.ok else 1), (code, out, err)
    assert code == 0 or (out == "" and err.count("\n") == 1), (out, err)
    (out + err).encode("utf-8")  # a terminal could print it
