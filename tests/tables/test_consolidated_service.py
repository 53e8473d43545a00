"""The consolidated Tally of Ballots is the tally the Board issues and serves: it states the
date issued and when objections are due, names the observers, and `verify` holds both."""

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from station.domain.objections import objections_due, prepared_day
from station.sheet.consolidate import consolidate
from station.sheet.consolidate_pdf import consolidated_html, render_consolidated_pdf
from station.sheet.keys import StationKey, create_key
from station.sheet.pdf import draw_pdf
from station.verification.consolidation_pdf import footer_words
from station.verification.document import canonical_json
from station.verification.form_words import objections_words
from tests.sheet.helpers import pdf_text, station
from tests.tables.helpers import refused, resign, run, table_export


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("service-key") / "signing-key.pem")


@pytest.fixture(scope="module")
def exports(qapp: object, tmp_path_factory: pytest.TempPathFactory, key: StationKey) -> list[Path]:
    folder = tmp_path_factory.mktemp("service-tables")
    return [table_export(folder, "1", "FFAVC", key), table_export(folder, "2", "FAAFC", key)]


@pytest.fixture(scope="module")
def served(exports: list[Path], tmp_path_factory: pytest.TempPathFactory, key: StationKey) -> Path:
    out = tmp_path_factory.mktemp("service") / "consolidated"
    observers = ["Employer:Jane Roe", "Union:John Doe"]
    consolidate(exports, out, key, agent="R. Agent", observers=observers)
    return out


def test_the_consolidated_tally_states_its_date_and_objections_deadline(served: Path) -> None:
    document = json.loads((served / "tally.json").read_bytes())
    issued = prepared_day(document["prepared"])
    assert isinstance(issued, date)
    assert document["objections_due"] == objections_due(issued).isoformat()
    text = " ".join(pdf_text(served / "tally.pdf").split())
    assert "Date issued" in text
    assert " ".join(objections_words(document).split()) in text
    assert "Service of the tally." in text


def test_the_observers_named_are_on_the_consolidated_tally(served: Path) -> None:
    document = json.loads((served / "tally.json").read_bytes())
    assert [o["name"] for o in document["observers"]] == ["Jane Roe", "John Doe"]
    text = pdf_text(served / "tally.pdf")
    assert "Jane Roe" in text and "John Doe" in text
    code, _, err = station("verify", served)
    assert code == 0, err


def test_consolidate_takes_observers_as_sign_does(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    code, _, err = run(
        capsys, "consolidate", "--out", out, *exports, "--observer", "Employer:Jane Roe"
    )
    assert code == 0, err
    document = json.loads((out / "tally.json").read_bytes())
    assert document["observers"] == [{"party": "employer", "name": "Jane Roe"}]


def test_an_observer_of_no_party_is_refused_in_one_line(
    exports: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, tmp_path / "out", *exports, "--observer", "Nobody")
    assert "PARTY:NAME" in err


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("objections_due", "2099-01-01", "tally.json: its objections_due is not"),
        # The observers are the ones signed; the page must name them.
        ("observers", [{"party": "employer", "name": "X"}], 'tally.json gives "X"'),
    ],
)
def test_verify_holds_the_deadline_and_observers_to_what_was_signed(
    served: Path, key: StationKey, tmp_path: Path, field: str, value: object, named: str
) -> None:
    folder = tmp_path / "forged"
    shutil.copytree(served, folder)
    document = json.loads((folder / "tally.json").read_bytes())
    document[field] = value
    (folder / "tally.json").write_bytes(canonical_json(document))
    resign(folder, key)
    code, _, err = station("verify", folder)
    assert code == 1 and named in err, err


def _resigned(served: Path, key: StationKey, folder: Path, change: dict[str, object]) -> Path:
    """The consolidation with `change` made to its `tally.json` (None: a fact removed),
    its PDF drawn again from it, signed again by the station's own key."""
    shutil.copytree(served, folder)
    document = json.loads((folder / "tally.json").read_bytes())
    for fact, value in change.items():
        if value is None:
            del document[fact]
        else:
            document[fact] = value
    (folder / "tally.json").write_bytes(canonical_json(document))
    (folder / "tally.pdf").write_bytes(render_consolidated_pdf(document))
    resign(folder, key)
    return folder


def test_a_consolidation_without_its_deadline_is_not_intact(
    served: Path, key: StationKey, tmp_path: Path
) -> None:
    # Signed by the station's own key: only the version it records says which facts it has.
    folder = _resigned(served, key, tmp_path / "dropped", {"objections_due": None})
    code, _, err = station("verify", folder)
    assert code == 1, err
    assert "tally.json: has no objections_due" in err


def test_today_s_consolidation_claiming_station_0_2_s_version_is_not_intact(
    served: Path, key: StationKey, tmp_path: Path
) -> None:
    older = {"format": "station-consolidated-tally-v1", "objections_due": None}
    older |= {"agent": None, "observers": None}  # none of which 0.2.0 wrote
    code, _, err = station("verify", _resigned(served, key, tmp_path / "older", older))
    assert code == 1, err
    assert "Table 1 (tables/table-1): is a station-tally-v2 export, which no" in err


def test_a_sentence_added_to_the_page_is_not_intact(
    served: Path, key: StationKey, tmp_path: Path
) -> None:
    """The page's text is compared whole: every figure right, one sentence more."""
    folder = tmp_path / "added"
    shutil.copytree(served, folder)
    document = json.loads((folder / "tally.json").read_bytes())
    added = "<p>The Employer has agreed that no objections will be filed.</p>"
    markup = consolidated_html(document).replace(
        '<p class="section">Certification of the Board agent</p>',
        added + '<p class="section">Certification of the Board agent</p>',
    )
    assert added in markup
    (folder / "tally.pdf").write_bytes(
        draw_pdf(
            markup,
            lambda page, pages: footer_words(document, page, pages),
            title="Consolidated Tally of Ballots",
            document_id="0" * 64,
            paper="letter",
        )
    )
    resign(folder, key)
    code, _, err = station("verify", folder)
    assert code == 1, err
    assert 'says "The Employer has agreed' in err
    assert 'tally.json gives "Certification of the Board agent"' in err
