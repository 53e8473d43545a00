"""The whole story, each piece a real process: a count served to the employer's and the
union's own witnesses (`station witness --cosign`), the sheet signed with both their
cosignatures on it, exported, checked by Go's reference code, and verified with their
keys; a third party's key is named as missing."""

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.journal import Journal
from station.sheet.checkpoint_signing import election_vkey, raw_key
from station.sheet.keys import key_for_signing
from station.verification.checkpoints import origin_of
from station.verification.pdf_text import pdf_words
from station.verification.signed_note import COSIGNATURE, vkey_text
from tests.sheet.helpers import count_calls
from tests.tlog.helpers import run_checker
from tests.witness.cosign_helpers import cosigned_within
from tests.witness.helpers import Running, station

pytestmark = pytest.mark.long  # Go's reading, built once (tests/tlog/checker): seconds


def party_witness(state: Path, name: str, log_vkey: str) -> tuple[Running, str, str]:
    """A party's witness in a child process: the process, its vkey and its URL."""
    child = Running(
        *station("witness", "--cosign", state, "--log", log_vkey, "--name", name, "--port", "0")
    )
    vkey = child.wait_for(lambda line: line.startswith(f"{name}+"))
    url = child.wait_for(lambda line: line.startswith("cosigning at ")).split()[2]
    return child, vkey, url


def cli(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "station", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.long  # five processes; tests/sheet/test_witnessed.py holds each step fast
def test_two_party_witnesses_cosign_the_sheet_and_verify_names_a_missing_third(
    election_file: Path, tmp_path: Path, checker: Path
) -> None:
    journal = Journal.open(election_file)
    journal.start_session()
    election = journal.election
    origin = origin_of(election.setup.case_number, election.election_id)
    log_vkey = election_vkey(key_for_signing(), origin)
    employer, employer_vkey, employer_url = party_witness(
        tmp_path / "employer.witness", "employer.example/witness", log_vkey
    )
    union, union_vkey, union_url = party_witness(
        tmp_path / "union.witness", "union-local-12/witness", log_vkey
    )
    served = Running(
        *station(
            "serve", journal.path, "--port", "0",
            "--witness", employer_url, "--witness-key", employer_vkey,
            "--witness", union_url, "--witness-key", union_vkey,
        )
    )  # fmt: skip
    try:
        served.wait_for(lambda line: line.startswith("sending each new checkpoint"))
        count_calls(journal, 40)
        cosigned_within(journal.path, origin, journal.head_seq + 1, 2)
        journal.close()  # the operator's station closes; `station sign` opens its own
        signed = cli("sign", journal.path, "--agent", "R. Agent")
        assert signed.returncode == 0, signed.stderr
        assert "Cosigned by 2 witnesses" in signed.stdout, signed.stdout
    finally:
        served.stop(signal.SIGTERM)
        employer.stop(signal.SIGTERM)
        union.stop(signal.SIGTERM)

    folder = tmp_path / "export"
    exported = cli("export", journal.path, "--out", folder)
    assert exported.returncode == 0, exported.stderr
    words = " ".join(pdf_words((folder / "tally.pdf").read_bytes()).split())
    assert "employer.example/witness" in words and "union-local-12/witness" in words

    checked = run_checker(checker, folder / "log", log_vkey)
    assert checked.ok, checked.line

    both = cli("verify", folder, "--witness-key", employer_vkey, "--witness-key", union_vkey)
    assert both.returncode == 0 and both.stdout.startswith("OK"), both.stdout + both.stderr

    third_key = Ed25519PrivateKey.generate().public_key()
    third_vkey = vkey_text("board.example/witness", COSIGNATURE, raw_key(third_key))
    third = cli(
        "verify", folder,
        "--witness-key", employer_vkey, "--witness-key", union_vkey,
        "--witness-key", third_vkey,
    )  # fmt: skip
    assert third.returncode == 1
    assert "board.example/witness" in third.stdout + third.stderr
