"""The parties' witnesses on the sheet: their cosigned checkpoint recorded when the sheet is
prepared, printed, and checked by `station verify` (with their keys, or a policy)."""

import base64
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.checkpoint_signing import raw_key
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from station.sheet.pdf import render_pdf
from station.sheet.verify_export import verify_export
from station.sheet.witnessed import cosigned_at_head, cosigned_at_head_waiting
from station.verification.pdf_text import pdf_words
from station.verification.witnessed import witnesses
from tests.sheet import helpers as forge
from tests.sheet.helpers import PartyWitness, cosign_head, count_calls, party_witness, sign

EMPLOYER = party_witness("employer.example/witness", 1)
UNION = party_witness("union-local-12", 2)
OTHER = party_witness("board-witness", 3)


def _witnessed_export(journal: Journal, key: StationKey, folder: Path) -> Path:
    """120 calls, cosigned at the head by the employer's and the union's witnesses, the
    sheet prepared with what they cosigned, and exported."""
    count_calls(journal, 120)
    cosign_head(journal, key, [EMPLOYER, UNION])
    cosigned = cosigned_at_head(journal, raw_key(key.public_key))
    assert cosigned.fact is not None, cosigned.statement
    sign(journal, key, witnessed=cosigned.fact)
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder


@pytest.fixture
def witnessed(journal: Journal, key: StationKey, tmp_path: Path) -> Path:
    return _witnessed_export(journal, key, tmp_path / "export")


def _policy(tmp_path: Path, witnesses: list[PartyWitness], quorum: int) -> Path:
    path = tmp_path / f"{quorum}-of-{len(witnesses)}.policy"
    lines = ["# the parties' witnesses"]
    lines += [f"witness {w.name.split('/')[0]} {w.vkey} https://w.example/{n}" for n, w in
              enumerate(witnesses)]  # fmt: skip
    path.write_text("\n".join([*lines, f"quorum {quorum}  # of them", ""]))
    return path


def test_the_sheet_records_the_checkpoint_both_witnesses_cosigned(
    witnessed: Path, journal: Journal
) -> None:
    document = json.loads((witnessed / "tally.json").read_bytes())
    note = document["sheet"]["witnessed"]
    head = document["sheet"]["head"]["seq"]
    text, _, signatures = note.partition("\n\n")
    assert text.split("\n")[:2] == [
        f"station/29-RC-288020/{journal.election.election_id}",
        str(head + 1),
    ]
    lines = signatures.splitlines()
    assert [line.split(" ")[1] for line in lines] == [
        text.split("\n")[0],  # the station's, named by the origin
        EMPLOYER.name,
        UNION.name,
    ]
    record = journal.record(document["sheet_event"]["seq"])
    assert record is not None and document["sheet"] == record.details()


def test_the_pdf_names_each_witness_its_key_id_time_and_event(witnessed: Path) -> None:
    words = " ".join(pdf_words((witnessed / "tally.pdf").read_bytes()).split())
    head = json.loads((witnessed / "tally.json").read_bytes())["sheet"]["head"]["seq"]
    assert f"cosigned the count record as it stood at journal event {head:,}" in words
    for witness, second in ((EMPLOYER, 40), (UNION, 41)):
        key_id = witness.vkey.split("+")[1]
        assert (
            f"{witness.name} key ID {key_id} cosigned 2026-11-04 13:46:{second} UTC"
            f" to event {head:,}" in words
        )


def test_verify_says_the_cosignatures_were_not_checked_without_keys(witnessed: Path) -> None:
    code, out, err = forge.station("verify", witnessed)
    assert code == 0, err
    said = out.splitlines()[-1]
    assert said.startswith("Witnessed to event ")
    assert "2 cosignatures on the sheet's checkpoint" in said
    assert said.endswith(
        "NOT checked against the witnesses' keys; add --witness-key VKEY or --witness-policy FILE"
    )


def test_verify_with_both_witnesses_keys_is_ok(witnessed: Path) -> None:
    code, out, err = forge.station(
        "verify", witnessed, "--witness-key", EMPLOYER.vkey, "--witness-key", UNION.vkey
    )
    assert (code, err) == (0, "")
    assert out.startswith("OK: ")
    assert out.splitlines()[-1].endswith(
        "verify with the witnesses' keys given (2 of 2 verify, 2 needed)"
    )


def test_verify_with_a_third_key_names_it_missing(witnessed: Path) -> None:
    code, out, err = forge.station(
        "verify",
        witnessed,
        *("--witness-key", EMPLOYER.vkey, "--witness-key", UNION.vkey),
        *("--witness-key", OTHER.vkey),
    )
    assert (code, out) == (1, "")
    assert err.startswith(f"NOT OK: {witnessed}: ")
    key_id = OTHER.vkey.split("+")[1]
    assert f"no cosignature by {OTHER.name} (key ID {key_id})" in err
    assert EMPLOYER.name not in err.split("no cosignature by")[1]


def test_a_policy_of_two_of_three_is_met_and_three_of_three_names_the_missing(
    witnessed: Path, tmp_path: Path
) -> None:
    two = _policy(tmp_path, [EMPLOYER, OTHER, UNION], 2)
    code, out, err = forge.station("verify", witnessed, "--witness-policy", two)
    assert (code, err) == (0, "")
    assert "(2 of 3 verify, 2 needed)" in out
    three = _policy(tmp_path, [EMPLOYER, OTHER, UNION], 3)
    code, out, err = forge.station("verify", witnessed, "--witness-policy", three)
    assert (code, out) == (1, "")
    assert "(2 of 3 verify, 3 needed); no cosignature by board-witness" in err


def test_a_bad_policy_line_is_one_line_naming_it(witnessed: Path, tmp_path: Path) -> None:
    policy = tmp_path / "bad.policy"
    policy.write_text(f"witness employer {EMPLOYER.vkey}\nquorom 1\n")
    code, out, err = forge.station("verify", witnessed, "--witness-policy", policy)
    assert (code, out) == (2, "")
    assert err.strip().endswith(
        f"{policy}, line 2: 'quorom' is not a policy statement (witness NAME VKEY [URL], or"
        " quorum K)"
    )
    assert len(err.strip().splitlines()) == 1


def test_a_forged_cosignature_does_not_verify_with_its_witness_key(
    witnessed: Path, key: StationKey
) -> None:
    def forged(detail: dict[str, object]) -> None:
        note = str(detail["witnessed"])
        head, _, last = note.rstrip("\n").rpartition("\n")
        name, sig64 = last[2:].split(" ")
        raw = bytearray(base64.b64decode(sig64))
        raw[-1] ^= 1  # well formed still: only the union's key can tell
        detail["witnessed"] = f"{head}\n— {name} {base64.b64encode(bytes(raw)).decode()}\n"

    _restate(witnessed, key, forged)
    assert verify_export(witnessed).problem is None
    code, out, err = forge.station(
        "verify", witnessed, "--witness-key", EMPLOYER.vkey, "--witness-key", UNION.vkey
    )
    assert (code, out) == (1, "")
    assert f"the cosignature by {UNION.name}" in err and "does not verify" in err


def test_a_cosignature_changed_out_of_form_is_not_intact_at_the_witnessed_step(
    witnessed: Path, key: StationKey
) -> None:
    def zeroed(detail: dict[str, object]) -> None:
        note = str(detail["witnessed"])
        head, _, last = note.rstrip("\n").rpartition("\n")
        name, sig64 = last[2:].split(" ")
        raw = base64.b64decode(sig64)
        raw = raw[:4] + bytes(8) + raw[12:]  # its time zeroed
        detail["witnessed"] = f"{head}\n— {name} {base64.b64encode(raw).decode()}\n"

    _restate(witnessed, key, zeroed)
    verdict = verify_export(witnessed)
    assert (verdict.ok, verdict.step) == (False, "V13")
    assert f"cosignature by {UNION.name} is not a timestamped Ed25519 cosignature" in str(
        verdict.problem
    )


def test_a_checkpoint_of_another_history_is_not_recorded(journal: Journal, key: StationKey) -> None:
    count_calls(journal, 30)
    lines = list(forge_lines(journal))
    lines[5] = lines[5].replace(b'"call":"for"', b'"call":"against"')
    cosign_head(journal, key, [EMPLOYER, UNION], lines=lines)
    cosigned = cosigned_at_head(journal, raw_key(key.public_key))
    assert cosigned.fact is None
    assert cosigned.statement.startswith(
        f"No witness had cosigned the log at event {journal.head_seq:,}"
    )
    assert "root is not the root of journal.jsonl's first" in cosigned.statement
    seq = sign(journal, key, witnessed=cosigned.fact)
    record = journal.record(seq)
    assert record is not None and "witnessed" not in record.details()


def test_without_a_cosignatures_file_the_sheet_is_signed_and_says_so(
    journal: Journal, key: StationKey
) -> None:
    count_calls(journal, 10)
    cosigned = cosigned_at_head(journal, raw_key(key.public_key))
    assert cosigned == type(cosigned)(
        None,
        f"No witness had cosigned the log at event {journal.head_seq:,}; the sheet carries no"
        " cosignature",
    )


def test_station_sign_says_in_one_line_that_no_witness_cosigned(election_file: Path) -> None:
    code, out, err = forge.station("sign", election_file, "--none-counted")
    assert code == 0, err
    assert any(
        line.startswith("No witness had cosigned the log at event ") for line in out.splitlines()
    )


def forge_lines(journal: Journal) -> list[bytes]:
    from station.sheet.document import journal_lines

    return list(journal_lines(journal, journal.head_seq))


def _restate(folder: Path, key: StationKey, change: object) -> None:
    """The sign event's detail changed, the chain hashed again, tally.json made to say the
    same, all re-signed: a forger holding the station's key."""
    from station.verification.document import canonical_json

    def edit(event: dict[str, object]) -> None:
        detail = json.loads(str(event["detail"]))
        change(detail)  # type: ignore[operator]
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    forge.rechain_from(folder, forge.last_seq(folder), edit)
    event = json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])
    document = json.loads((folder / "tally.json").read_bytes())
    document["sheet"] = json.loads(event["detail"])
    document["sheet_event"] = forge.sheet_event(folder)
    (folder / "tally.json").write_bytes(canonical_json(document))
    forge.edit_json(
        folder / "manifest.json", lambda m: m.update(sheet_event=forge.sheet_event(folder))
    )
    forge.resign(folder, key)


def test_the_corpus_case_verifies_with_its_witnesses_keys_on_the_command_and_the_page() -> None:
    from station.sheet.keys import signature_holds_raw
    from station.verifier import entry
    from tests.conformance.make_corpus import CORPUS, WITNESSES

    folder = CORPUS / "cases" / "witnessed" / "export"
    readme = (CORPUS / "README.md").read_text()
    assert all(witness.vkey in readme for witness in WITNESSES)
    keys = [arg for witness in WITNESSES for arg in ("--witness-key", witness.vkey)]
    code, out, err = forge.station("verify", folder, *keys)
    assert (code, err) == (0, ""), err
    assert out.splitlines()[-1].endswith("(2 of 2 verify, 2 needed)")
    files = {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }
    asked = entry.questions(files, "export")
    # the manifest's signature, the station's on the witnessed checkpoint and on log/'s
    assert len(asked) == 3
    said = entry.check(files, "export", "", [signature_holds_raw(*q) for q in asked])
    assert said["ok"] is True
    assert str(said["stdout"][-1]).endswith(
        "NOT checked against the witnesses' keys; add --witness-key VKEY or --witness-policy FILE"
    )


def test_each_witness_row_keeps_its_key_id_and_time_on_one_line(tmp_path: Path) -> None:
    """Neither "UTC" nor the key ID is pushed onto a line of its own: the corpus's
    witnessed sheet, drawn again."""
    from tests.conformance.make_corpus import CORPUS

    document = json.loads((CORPUS / "cases" / "witnessed" / "export" / "tally.json").read_bytes())
    (tmp_path / "tally.pdf").write_bytes(render_pdf(document))
    text = PdfReader(tmp_path / "tally.pdf").pages[0].extract_text()
    lines = [" ".join(line.split()) for line in text.splitlines()]  # a cell a line
    for key_id, second in (("b77901ea", 32), ("9081309a", 33)):
        assert f"key ID {key_id}" in lines
        assert f"cosigned 2026-11-03 14:00:{second} UTC" in lines


def _log_cosigned_export(journal: Journal, key: StationKey, folder: Path) -> Path:
    """`_witnessed_export`, with the log's checkpoint at the sign event cosigned too."""
    count_calls(journal, 20)
    cosign_head(journal, key, [EMPLOYER, UNION])
    cosigned = cosigned_at_head(journal, raw_key(key.public_key))
    sign(journal, key, witnessed=cosigned.fact)
    cosign_head(journal, key, [EMPLOYER, UNION], at=1_793_800_100)
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    assert EMPLOYER.name in (folder / "log/checkpoint").read_text()
    return folder


def _changed_cosignature(folder: Path, name: str, change: Callable[[bytes], bytes]) -> None:
    checkpoint = folder / "log/checkpoint"
    lines = checkpoint.read_text().split("\n")
    for number, line in enumerate(lines):
        if line.startswith(f"— {name} "):
            signature = line.rpartition(" ")[2]
            changed = base64.b64encode(change(base64.b64decode(signature))).decode()
            lines[number] = line.replace(signature, changed)
    checkpoint.write_text("\n".join(lines))


def test_a_false_cosignature_in_the_logs_checkpoint_is_not_intact_with_its_key(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = _log_cosigned_export(journal, key, tmp_path / "export")
    assert forge.station("verify", folder, "--witness-key", EMPLOYER.vkey)[0] == 0
    _changed_cosignature(folder, EMPLOYER.name, lambda raw: raw[:-1] + bytes([raw[-1] ^ 1]))
    assert forge.station("verify", folder)[0] == 0  # well formed: only its key can tell
    code, out, err = forge.station("verify", folder, "--witness-key", EMPLOYER.vkey)
    assert (code, out) == (1, "")
    assert err.strip().startswith(f"NOT INTACT: {folder}: (V14, the log) log/checkpoint: its")
    assert f"cosignature by {EMPLOYER.name} (key ID " in err and "does not verify" in err
    policy = _policy(tmp_path, [EMPLOYER, UNION], 1)
    assert "(V14, the log)" in forge.station("verify", folder, "--witness-policy", policy)[2]


def test_a_cosignature_out_of_form_in_the_logs_checkpoint_is_not_intact(
    journal: Journal, key: StationKey, tmp_path: Path
) -> None:
    folder = _log_cosigned_export(journal, key, tmp_path / "export")
    _changed_cosignature(folder, UNION.name, lambda raw: raw[:4] + bytes(8) + raw[12:])
    verdict = verify_export(folder)
    assert (verdict.ok, verdict.step) == (False, "V14")
    assert verdict.problem == (
        f"log/checkpoint: its cosignature by {UNION.name} is not a timestamped Ed25519"
        " cosignature (72 bytes, a time after 1970)"
    )


def test_signing_waits_for_every_witness_that_cosigned_the_count_before(
    journal: Journal, key: StationKey
) -> None:
    """`station sign` opens a session of its own: it waits for each witness that had
    cosigned the count, not only the first to answer, and no longer than it may."""
    count_calls(journal, 10)
    cosign_head(journal, key, [EMPLOYER, UNION])
    journal.append(Action.CALL, Call.FOR)  # the head the witnesses have still to cosign
    cosign_head(journal, key, [EMPLOYER], at=1_793_800_100)
    began = time.monotonic()
    alone = cosigned_at_head_waiting(journal, raw_key(key.public_key), wait_s=0.3)
    assert time.monotonic() - began >= 0.3  # the union's cosignature was waited for
    assert [w.name for w in witnesses(alone.fact)] == [EMPLOYER.name]
    cosign_head(journal, key, [EMPLOYER, UNION], at=1_793_800_100)
    both = cosigned_at_head_waiting(journal, raw_key(key.public_key), wait_s=30)
    assert [w.name for w in witnesses(both.fact)] == [EMPLOYER.name, UNION.name]
