"""Counting, signing and editing exports for the sheet's tests, and the verifier page's cases."""

import base64
import io
import json
import random
import shutil
import subprocess
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.cli import main
from station.domain import Action, Call, SheetKind
from station.domain.tally_sheet import Observer
from station.journal import Journal
from station.journal.chain import event_hash
from station.journal.cosigned import Cosignature, CosignedStore, cosigned_path
from station.journal.session import CountSession
from station.sheet.checkpoint_signing import raw_key, sign_head
from station.sheet.document import journal_lines
from station.sheet.keys import StationKey, create_key
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.verification.checkpoints import origin_of
from station.verification.document import canonical_json
from station.verification.merkle import Tree
from station.verification.signed_note import (
    COSIGNATURE,
    cosigned_message,
    key_id,
    signature_line,
    vkey_text,
)

OBSERVERS = [
    Observer("employer", "Jane Roe"),
    Observer("petitioner", "John Doe"),
    Observer("petitioner", "Ann Smith"),
]


def count_calls(journal: Journal, calls: int, seed: int = 8) -> None:
    """Record `calls` random calls, with an undo every so often."""
    rng = random.Random(seed)
    weights = [Call.FOR] * 5 + [Call.AGAINST] * 4 + [Call.VOID, Call.CHALLENGE]
    for n in range(calls):
        record = journal.append(Action.CALL, rng.choice(weights))
        if n % 37 == 5:
            journal.append(Action.UNDO, Call(record.call), target=record.seq)


def sign(
    journal: Journal,
    key: StationKey,
    kind: SheetKind = SheetKind.FINAL,
    *,
    witnessed: str | None = None,
) -> int:
    """Prepare a sheet at the journal's head (recording `witnessed`, the witnesses'
    cosigned checkpoint, if given); return its SIGN event's seq."""
    record = prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        SheetRequest(kind=kind, agent="R. Agent", observers=OBSERVERS, place="Staten Island, NY"),
        key_fingerprint=key.fingerprint,
        witnessed=witnessed,
    )
    return record.event.seq


def resign(folder: Path, key: StationKey) -> None:
    """Recompute the manifest over the files as they now are and sign it with `key`.

    What a forger holding the key (or a buggy station) could do: only the checks of
    the content against the journal can catch what follows. A folder with a `log/` gets
    the log of its journal as it now is, its checkpoint signed with `key` too (none, when
    a line of it is longer than a log's entry can be).
    """
    import hashlib
    import json

    from station.verification.tiles import TileError

    if (folder / "log").is_dir():
        try:
            relog(folder, key)
        except TileError:
            shutil.rmtree(folder / "log")
    manifest = json.loads((folder / "manifest.json").read_bytes())
    for name in manifest["files"]:
        manifest["files"][name] = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    data = canonical_json(manifest)
    (folder / "manifest.json").write_bytes(data)
    (folder / "manifest.sig").write_bytes(base64.b64encode(key.sign(data)) + b"\n")


def relog(folder: Path, key: StationKey) -> None:
    """Write `folder`'s `log/` anew from its `journal.jsonl`, signed with `key`."""
    from station.verification.log_files import log_files

    lines = (folder / "journal.jsonl").read_bytes().splitlines()
    files, root, size = log_files(lines)
    setup = json.loads(lines[0])["election"]
    origin = origin_of(setup["case_number"], setup["election_id"])
    checkpoint = sign_head(key, origin, size - 1, root.hex(), "2026-11-03T19:00:00.000000Z")
    shutil.rmtree(folder / "log")
    for path, data in {**files, "checkpoint": checkpoint.note.encode()}.items():
        (folder / "log" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "log" / path).write_bytes(data)


needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")


def pdf_text(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def edit_json(path: Path, change: Callable[[dict], None]) -> None:  # type: ignore[type-arg]
    document = json.loads(path.read_bytes())
    change(document)
    path.write_text(json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n")


def pile_detail(**changes: object) -> Callable[[dict[str, Any]], None]:
    """A change to a journal line's PILE event: these keys of its detail set (None: left
    out), for a forger's recount."""

    def changed(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        detail.update(changes)
        event["detail"] = json.dumps(
            {k: v for k, v in detail.items() if v is not None}, sort_keys=True,
            separators=(",", ":"),
        )  # fmt: skip

    return changed


def edit_events(folder: Path, change: Callable[[list[str]], list[str]]) -> None:
    path = folder / "journal.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], *change(lines[1:])]) + "\n")


def switch_call(line: str) -> str:
    event = json.loads(line)
    event["call"] = "against" if event["call"] == "for" else "for"
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def bump_for(document: dict) -> None:  # type: ignore[type-arg]
    document["sheet"]["lines"]["3"] += 1


def resign_with_other_key(folder: Path, other: StationKey) -> None:
    from station.sheet.keys import public_key_text

    edit_json(
        folder / "manifest.json",
        lambda m: m.update(public_key=public_key_text(other.public_key), key=other.fingerprint),
    )
    resign(folder, other)


def station(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue(), err.getvalue()


def rechain_from(folder: Path, first: int, change: Callable[[dict[str, Any]], None]) -> None:
    """Change event `first` and hash it and every later event again: a careful forger."""

    def rewrite(lines: list[str]) -> list[str]:
        events = [json.loads(line) for line in lines]
        before = events[first - 2]["hash"] if first > 1 else None
        for event in events[first - 1 :]:
            if event["seq"] == first:
                change(event)
            if before is not None:
                event["prev_hash"] = before
            fields = [event[name] for name in ("seq", "utc", "mono_ns", "session", "action")]
            event["hash"] = event_hash(
                *fields, event["call"], event["target"], event["detail"], event["prev_hash"]
            )
            before = event["hash"]
        return [
            json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False) for e in events
        ]

    edit_events(folder, rewrite)


def rechain_with_sheets(folder: Path, first: int, change: Callable[[dict[str, Any]], None]) -> None:
    """As `rechain_from`, and every later tally sheet made to certify the new head (and
    the new hash of the sheet it supersedes): a forger who leaves the sheets' figures for
    the replay alone to tell."""

    def rewrite(lines: list[str]) -> list[str]:
        events = [json.loads(line) for line in lines]
        hashes = {event["seq"]: event["hash"] for event in events}
        for event in events[first - 1 :]:
            if event["seq"] == first:
                change(event)
            elif event["action"] == "sign":
                detail = json.loads(event["detail"])
                detail["head"]["hash"] = hashes[detail["head"]["seq"]]
                if detail.get("supersedes"):
                    detail["supersedes"]["hash"] = hashes[detail["supersedes"]["seq"]]
                event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))
            if event["seq"] > 1:
                event["prev_hash"] = hashes[event["seq"] - 1]
            fields = [event[name] for name in ("seq", "utc", "mono_ns", "session", "action")]
            event["hash"] = event_hash(
                *fields, event["call"], event["target"], event["detail"], event["prev_hash"]
            )
            hashes[event["seq"]] = event["hash"]
        return [
            json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False) for e in events
        ]

    edit_events(folder, rewrite)


def last_seq(folder: Path) -> int:
    return len((folder / "journal.jsonl").read_text().splitlines()) - 1


def switch_and_rechain(folder: Path, key: StationKey) -> None:
    """A call changed, the chain re-hashed: only the replay against the sheet tells."""
    rechain_from(
        folder, 2, lambda event: event.update(call="against" if event["call"] == "for" else "for")
    )
    edit_json(
        folder / "tally.json",
        lambda d: d.update(sheet_event={"seq": last_seq(folder), "hash": _last_hash(folder)}),
    )
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, key)


def _last_hash(folder: Path) -> str:
    return str(json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])["hash"])


def sheet_event(folder: Path) -> dict[str, object]:
    return {"seq": last_seq(folder), "hash": _last_hash(folder)}


def extra_file(folder: Path, key: StationKey) -> None:
    (folder / "tally (corrected).pdf").write_bytes(b"%PDF")


def other_key(folder: Path, key: StationKey) -> None:
    resign_with_other_key(folder, create_key(folder.parent / "forger.pem"))


def staging_leftover(folder: Path, key: StationKey) -> None:
    """A sheet with other figures in a folder under an export's staging name."""
    staging = folder / ".station-export-0123abcd"
    staging.mkdir()
    (staging / "tally.pdf").write_bytes(
        (folder / "tally.pdf").read_bytes().replace(b"Tally", b"Tallx")
    )


def lone_surrogate(folder: Path, key: StationKey) -> None:
    """The agent's name in tally.json escapes a lone surrogate (no text at all), re-signed."""
    path = folder / "tally.json"
    path.write_bytes(path.read_bytes().replace(b'"agent":"R. Agent"', b'"agent":"R. \\ud800"', 1))
    resign(folder, key)


def envelopes_on_a_poll_sheet(folder: Path, key: StationKey) -> None:
    """The sheet of a count at the polls made to state envelope figures, in its SIGN
    event (the chain hashed again) and in tally.json, and the whole re-signed."""
    envelopes = {"accepted": 120, "challenged": 0}

    def add(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        event["detail"] = json.dumps(
            {**detail, "envelopes": envelopes}, sort_keys=True, separators=(",", ":")
        )

    rechain_from(folder, last_seq(folder), add)
    edit_json(
        folder / "tally.json",
        lambda d: (
            d["sheet"].update(envelopes=envelopes),
            d.update(sheet_event=sheet_event(folder)),
        ),
    )
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, key)


def a_table_named_on_a_one_table_sheet(folder: Path, key: StationKey) -> None:
    """tally.json of a count at one table says it is Table 3, its PDF drawn again to say
    so too, and the whole re-signed: only the setup in the journal can tell."""
    from station.sheet.pdf import render_pdf

    edit_json(folder / "tally.json", lambda d: d["election"].update(table="3"))
    document = json.loads((folder / "tally.json").read_bytes())
    (folder / "tally.json").write_bytes(canonical_json(document))
    (folder / "tally.pdf").write_bytes(render_pdf(document))
    resign(folder, key)


Tamper = Callable[[Path, StationKey], None]


CASES: dict[str, Tamper] = {
    "tally-number": lambda f, k: edit_json(f / "tally.json", bump_for),
    "tally-number-resigned": lambda f, k: (edit_json(f / "tally.json", bump_for), resign(f, k)),
    "observer-resigned": lambda f, k: (
        edit_json(f / "tally.json", lambda d: d["sheet"]["observers"].pop()),
        resign(f, k),
    ),
    "call-changed": lambda f, k: edit_events(f, lambda e: [e[0], switch_call(e[1]), *e[2:]]),
    "call-changed-resigned": lambda f, k: (
        edit_events(f, lambda e: [e[0], switch_call(e[1]), *e[2:]]),
        resign(f, k),
    ),
    "event-missing-resigned": lambda f, k: (edit_events(f, lambda e: e[:4] + e[5:]), resign(f, k)),
    "reordered-resigned": lambda f, k: (
        edit_events(f, lambda e: [e[0], e[2], e[1], *e[3:]]),
        resign(f, k),
    ),
    "truncated-resigned": lambda f, k: (edit_events(f, lambda e: e[:-10]), resign(f, k)),
    "garbage-line-resigned": lambda f, k: (
        edit_events(f, lambda e: [*e[:3], "not json", *e[3:]]),
        resign(f, k),
    ),
    "spaced-line-resigned": lambda f, k: (
        edit_events(f, lambda e: [e[0].replace(",", ", ", 1), *e[1:]]),
        resign(f, k),
    ),
    "rechained-replay": switch_and_rechain,
    "sign-detail-rechained": lambda f, k: (
        rechain_from(
            f,
            last_seq(f),
            lambda e: e.update(detail=e["detail"].replace('"counted":', '"counted":1')),
        ),
        resign(f, k),
    ),
    "pdf-changed": lambda f, k: (f / "tally.pdf").write_bytes(
        (f / "tally.pdf").read_bytes().replace(b"Tally", b"Tallx", 1)
    ),
    "manifest-changed": lambda f, k: edit_json(
        f / "manifest.json", lambda m: m.update(case="1-RC-1")
    ),
    "signature-garbled": lambda f, k: (f / "manifest.sig").write_text("not base64!\n"),
    "other-key": other_key,
    "extra-file": extra_file,
    "staging-leftover": staging_leftover,
    "lone-surrogate-resigned": lone_surrogate,
    "poll-sheet-envelopes-rechained": envelopes_on_a_poll_sheet,
    "one-table-sheet-names-a-table-resigned": a_table_named_on_a_one_table_sheet,
    **{
        f"{name}-missing": (lambda n: lambda f, k: (f / n).unlink())(name)
        for name in ("manifest.sig", "manifest.json", "tally.pdf", "journal.jsonl", "tally.json")
    },
}


@dataclass(frozen=True)
class PartyWitness:
    """A party's witness made for a test: its key name, private key and vkey text."""

    name: str
    private_key: Ed25519PrivateKey

    @property
    def vkey(self) -> str:
        return vkey_text(self.name, COSIGNATURE, raw_key(self.private_key.public_key()))

    def cosign(self, text: str, timestamp: int) -> str:
        """Its tlog-cosignature line on a checkpoint's text, at `timestamp`."""
        raw = raw_key(self.private_key.public_key())
        signature = self.private_key.sign(cosigned_message(text, timestamp))
        ident = key_id(self.name, COSIGNATURE, raw)
        return signature_line(self.name, ident, timestamp.to_bytes(8, "big") + signature)


def party_witness(name: str, seed: int) -> PartyWitness:
    """A witness with a key of its own, the same for the same seed."""
    return PartyWitness(name, Ed25519PrivateKey.from_private_bytes(bytes([seed]) * 32))


def cosign_head(
    journal: Journal,
    key: StationKey,
    witnesses: list[PartyWitness],
    *,
    at: int = 1_793_800_000,
    lines: list[bytes] | None = None,
    signed: str = "2026-11-03T19:00:00.000000Z",
) -> str:
    """The station's checkpoint of the journal at its head, cosigned by `witnesses` (the
    first at `at`, each next a second later), kept in the cosignatures file as `station
    serve --witness` keeps it; `lines`, the journal's lines to hash instead of its own
    (another history); `signed`, the checkpoint's time line. Returns the note kept."""
    setup = journal.election.setup
    origin = origin_of(setup.case_number, journal.election.election_id)
    leaves = lines if lines is not None else list(journal_lines(journal, journal.head_seq))
    root = Tree(line[:-1] for line in leaves).root()
    head = sign_head(key, origin, journal.head_seq, root.hex(), signed)
    text = head.note.split("\n\n")[0] + "\n"
    cosignatures = [
        Cosignature(
            witness.name,
            key_id(witness.name, COSIGNATURE, raw_key(witness.private_key.public_key())).hex(),
            at + n,
            witness.cosign(text, at + n),
        )
        for n, witness in enumerate(witnesses)
    ]
    store = CosignedStore(cosigned_path(journal.path), origin, create=True)
    try:
        store.record(head.size, head.note, cosignatures)
    finally:
        store.close()
    return head.note
