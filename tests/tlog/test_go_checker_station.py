"""Go's reference code reads the log Station itself writes: an export's `log/` and the
`/log/` of `station serve`, each checked whole, the later consistent with the earlier.

Skipped, saying so, only while Station writes no log there (an export without `log/`, a
`/log/checkpoint` that `station serve` answers 404)."""

import base64
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import Action, SheetKind
from station.journal import Journal
from station.sheet.checkpoint_signing import election_vkey
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing
from station.verification.checkpoints import origin_of
from station.verification.merkle import Tree
from station.witness.serve import FeedServer, FeedSource, serve
from tests.sheet.helpers import count_calls, sign
from tests.tlog.helpers import run_checker

pytestmark = pytest.mark.long  # Go's reading, built once (tests/tlog/checker): seconds


def station_vkey(journal: Journal, key: StationKey) -> str:
    election = journal.election
    return election_vkey(key, origin_of(election.setup.case_number, election.election_id))


def journal_lines(folder: Path) -> list[bytes]:
    return (folder / "journal.jsonl").read_bytes().splitlines()


def exported(journal: Journal, key: StationKey, folder: Path, kind: SheetKind) -> Path:
    """The export of a sheet of `kind` prepared now; skipped while it writes no log."""
    sign(journal, key, kind)
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    if not (folder / "log").is_dir():
        pytest.skip("the export has no log/ folder yet: nothing of the log to check")
    return folder


@pytest.mark.usefixtures("qapp")  # sheets are drawn with Qt
def test_an_export_s_log_holds_and_grows_consistently(
    checker: Path, journal: Journal, tmp_path: Path
) -> None:
    key = key_for_signing()
    vkey = station_vkey(journal, key)
    count_calls(journal, 40)
    first = exported(journal, key, tmp_path / "interim", SheetKind.INTERIM)
    journal.append(Action.REOPEN, detail={"reason": "the count resumes"})
    count_calls(journal, 300, seed=9)  # past a tile's 256 entries
    second = exported(journal, key, tmp_path / "final", SheetKind.FINAL)

    for folder in (first, second):
        checked = run_checker(checker, folder / "log", vkey)
        assert checked.ok, checked
        # The log is the export's journal.jsonl, line by line.
        lines = journal_lines(folder)
        root = base64.b64encode(Tree(lines).root()).decode()
        assert f", {len(lines)} entries, root {root}:" in checked.line
    grown = run_checker(checker, second / "log", vkey, "-old", str(first / "log" / "checkpoint"))
    assert grown.ok, grown
    assert grown.line.endswith(
        f"consistent with the old checkpoint of {len(journal_lines(first))} entries"
    )
    # And not the other way round: the final sheet's log does not fit in the interim's.
    backwards = run_checker(
        checker, first / "log", vkey, "-old", str(second / "log" / "checkpoint")
    )
    assert backwards.code == 1
    assert "is shorter than the old checkpoint's" in backwards.line


@pytest.fixture
def feed(journal: Journal) -> Iterator[tuple[FeedSource, FeedServer]]:
    """`station serve`'s feed of the journal on 127.0.0.1, a head signed at each look."""
    source = FeedSource(journal.path, key_for_signing(), moved_every_s=0)
    server = serve(source, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield source, server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()


def log_url(server: FeedServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/log/"


def served_checkpoint(source: FeedSource, server: FeedServer) -> str:
    """What /log/checkpoint answers now; skipped while serve has no log to give."""
    request = urllib.request.Request(
        log_url(server) + "checkpoint", headers={"Authorization": f"Bearer {source.token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.read().decode()
    except urllib.error.HTTPError as refused:
        refused.close()
        if refused.code == 404:
            pytest.skip("station serve answers 404 for /log/checkpoint: it serves no log yet")
        raise


def test_the_served_log_holds_and_grows_consistently(
    checker: Path, journal: Journal, feed: tuple[FeedSource, FeedServer], tmp_path: Path
) -> None:
    source, server = feed
    vkey = station_vkey(journal, source.key)
    count_calls(journal, 30)
    source.poll_once()
    old = tmp_path / "old.checkpoint"
    old.write_text(served_checkpoint(source, server))
    checked = run_checker(checker, log_url(server), vkey, "-token", source.token)
    assert checked.ok, checked
    assert f", {journal.head_seq + 1} entries, " in checked.line

    count_calls(journal, 300, seed=9)  # past a tile's 256 entries
    source.poll_once()
    grown = run_checker(checker, log_url(server), vkey, "-token", source.token, "-old", str(old))
    assert grown.ok, grown
    assert f", {journal.head_seq + 1} entries, " in grown.line
    old_size = int(old.read_text().split("\n")[1])
    assert grown.line.endswith(f"consistent with the old checkpoint of {old_size:d} entries")


def test_the_served_log_without_its_token(
    checker: Path, journal: Journal, feed: tuple[FeedSource, FeedServer]
) -> None:
    source, server = feed
    count_calls(journal, 5)
    source.poll_once()
    served_checkpoint(source, server)
    checked = run_checker(checker, log_url(server), station_vkey(journal, source.key))
    assert checked.code == 1
    assert checked.line.startswith("FAIL: the checkpoint: ") and "401" in checked.line
