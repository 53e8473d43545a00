"""What `station verify FOLDER` decides about an export, from its files' bytes alone.

In order, stopping at the first thing wrong and naming it: the manifest's signature
(and the key, against the fingerprint an observer wrote down), each file's hash, the
journal's chain and replay, that the journal ends exactly at the sheet's own event,
that every line and statement of `tally.json` is what the journal gives at the
certified head, that `tally.pdf` says what `tally.json` says, that `log/` (when there is
one) is the journal's log as tlog-tiles lays it out, under a checkpoint signed by the
export's key, and that the folder held nothing else.

Nothing here reads a file or holds a key: a reader (`station.sheet.verify_export`, or
the observers' page) hands in the bytes, read no further than `MAX_SIZES` allows, and
the check of an Ed25519 signature (`SignatureCheck`: the `cryptography` package in the
CLI, WebCrypto in a browser).
"""

import base64
import binascii
import hashlib
import itertools
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from station.domain import Sheet
from station.domain.statements import staging_leftover_statement
from station.domain.tally_sheet import computed_facts, facts_problem, recorded_problem
from station.journal import bounded_json
from station.journal.errors import JournalError
from station.journal.records import EVENT_FIELDS, Election, Record, election_from_row
from station.journal.stream_check import Fault, verify_records
from station.journal.times import Backwards, backwards_statement, first_backwards_in
from station.progress import Progress
from station.verification import formats
from station.verification.checkpoints import BadHead, origin_of, read_head
from station.verification.difference import first_difference as _first_difference
from station.verification.difference import same as _same
from station.verification.document import (
    canonical_json,
    election_section,
    event_line,
    tally_document,
)
from station.verification.export_files import (
    ALL_FILES,
    DATA_FILES,
    EXPORT_FORMAT,
    LOG_FOLDER,
    MANIFEST,
    MAX_LINE,
    MAX_SIZES,
    SIGNATURE,
)
from station.verification.fingerprints import key_fingerprint, normalise_fingerprint
from station.verification.log_files import LogCheck, LogProblem, check_checkpoint
from station.verification.merkle import Tree
from station.verification.pdf_text import pdf_problem
from station.verification.signed_note import Vkey
from station.verification.tiles import CHECKPOINT
from station.verification.witnessed import FACT as WITNESSED
from station.verification.witnessed import (
    cosignatures_problem,
    station_question,
    witnessed_problem,
)


class Bytes(Protocol):
    """A file's bytes as the core reads them: `bytes`, or a reader's view of a long file
    (`journal.jsonl`) that reads a window at a time rather than the whole file."""

    def __len__(self) -> int: ...

    def __getitem__(self, span: slice, /) -> bytes: ...

    def find(self, sub: bytes, start: int, end: int, /) -> int: ...


SignatureCheck = Callable[[bytes, bytes, bytes], bool]
"""Whether (raw Ed25519 public key, signature, signed bytes) hold: True or False."""

SignatureQuestion = tuple[bytes, bytes, bytes]
"""What a `SignatureCheck` is asked: (raw public key, signature, signed bytes)."""


@dataclass(frozen=True)
class ExportVerdict:
    """The outcome of checking an export.

    Attributes:
        ok: True only if every check held.
        problem: the first thing wrong, naming a file, a line of the sheet or an event.
        title: the sheet's kind ("Final", "Interim", "Revision 2") when known.
        head_seq, head_hash: the certified head, when known.
        key: the fingerprint of the key that signed the manifest, when known.
        key_checked: the key was checked against a fingerprint written down.
        document: `tally.json`, once it is known to match the journal.
        clock_warning: event times that run backwards (a warning, not damage).
        checkpoint: `log/checkpoint` as written, once checked (None: no `log/`).
        step: the step of docs/format.md's "Checking an export" (V1-V11) that found
            the problem, when one did.
    """

    ok: bool
    problem: str | None = None
    title: str | None = None
    head_seq: int | None = None
    head_hash: str | None = None
    key: str | None = None
    key_checked: bool = False
    document: dict[str, Any] | None = None
    clock_warning: str | None = None
    checkpoint: str | None = None
    step: str | None = None


class SignedFolderProblem(ValueError):
    """What is wrong with a signed folder, in one line (see `signed_manifest`), and the
    step of docs/format.md's "Checking an export" that found it."""

    def __init__(self, problem: str, step: str) -> None:
        super().__init__(problem)
        self.step = step


class _Bad(Exception):
    """The first problem found, and the step that found it; becomes the verdict."""

    def __init__(self, step: str, problem: str) -> None:
        super().__init__(problem)
        self.step = step


def check_export(
    files: Mapping[str, Bytes],
    *,
    signature_holds: SignatureCheck,
    others: Sequence[str] = (),
    leftovers: Collection[str] = (),
    expected_key: str | None = None,
    progress: Progress | None = None,
    witness_keys: Sequence[Vkey] = (),
) -> ExportVerdict:
    """The verdict on an export; see the module docstring for what is checked.

    Args:
        files: the export's files found (`ALL_FILES`), by name: a name missing is a file
            missing. Each is read no further than one byte past `MAX_SIZES` (if it has a
            limit), so that a larger one is refused, not read whole; `journal.jsonl`,
            which has none, may be a view that reads it a window at a time. And every
            regular file under `log/`, by its path ("log/tile/0/000"), each read no
            further than one byte past `log_limit`; none: a folder made without a log.
        signature_holds: the check of the manifest's signature.
        others: whatever else the folder holds, in the order to name them, each by its
            name (a staging folder's by "its name/the first name in it").
        leftovers: the names of those that are an interrupted export's staging folder
            (a folder, not a file or link under such a name).
        expected_key: the fingerprint an observer wrote down, as typed, or None.
        progress: follows the check of `journal.jsonl` (events checked, in all).
        witness_keys: the witnesses' keys given: a cosignature in `log/checkpoint` under
            one's name and key ID must verify with it (V14).
    """
    key = None
    try:
        problem = others_problem(others, leftovers)
        if problem is not None:
            raise _Bad("V1", problem)
        for name in (MANIFEST, SIGNATURE, *DATA_FILES):
            if name not in files:
                raise _Bad("V1", f"{name} is missing")
        manifest, key = _check_manifest(files, expected_key, signature_holds)
        _check_hashes(files, manifest)
        document = _parse_json(_bounded(files, "tally.json", "V7"), "tally.json", "V7")
        sheet_event = _field(document, "sheet_event", dict, "tally.json")
        sign_seq = _field(sheet_event, "seq", int, "tally.json")
        if sign_seq < 1:
            raise _Bad("V7", "tally.json: names no journal event")
        if manifest.get("sheet_event") != sheet_event:
            raise _Bad("V7", "manifest.json and tally.json name different sheet events")
        if not formats.known(document):  # its version, to bring it to the current one
            raise _Bad("V7", f"tally.json: is not a {' or '.join(formats.VERSIONS)} document")
        log = _log_of(files)
        election, sheet, sign, backwards = _check_journal(
            files["journal.jsonl"], sign_seq, progress, log
        )
        _check_document(document, election, sheet, sign, key)
        expected = tally_document(election, sign)  # the whole, in its canonical bytes
        stated = formats.upgraded(document)  # an older version's, as the current states it
        if canonical_json(expected) != canonical_json(stated):
            difference = _first_difference(stated, expected) or "is not the journal's"
            raise _Bad("V7", f"tally.json: {difference}")
        if WITNESSED in document["sheet"]:
            problem = _witnessed_problem(
                files["journal.jsonl"], document, manifest, election, signature_holds
            )
            if problem:
                raise _Bad("V13", f"the sheet (event {sign_seq:,}): {problem}")
        problem = pdf_problem(_bounded(files, "tally.pdf", "V10"), document)
        if problem:
            raise _Bad("V10", f"tally.pdf: {problem}")
        checkpoint = None
        if log is not None:
            checkpoint = _check_log(files, log, manifest, election, signature_holds, witness_keys)
    except _Bad as bad:
        return ExportVerdict(False, str(bad), key=key, step=bad.step)
    return ExportVerdict(
        True,
        None,
        sheet.title,
        sheet.head,
        sign.prev_hash,
        key,
        key_checked=expected_key is not None,
        document=document,
        clock_warning=None if backwards is None else backwards_statement(backwards),
        checkpoint=checkpoint,
    )


def _witnessed_problem(
    journal: Bytes,
    document: dict[str, Any],
    manifest: dict[str, Any],
    election: Election,
    signature_holds: SignatureCheck,
) -> str | None:
    """V13: the sheet's `witnessed` checkpoint recomputed from the journal's lines to the
    head, and signed by the export's key (`station.verification.witnessed`)."""
    sheet = document["sheet"]
    size = int(sheet["head"]["seq"]) + 1
    lines = itertools.islice(journal_lines(journal), size)
    return witnessed_problem(
        sheet[WITNESSED],
        origin=origin_of(election.setup.case_number, election.election_id),
        size=size,
        root=Tree(line[:-1] for line in lines).root(),
        raw_public_key=base64.b64decode(manifest["public_key"]),
        holds=signature_holds,
    )


def _log_of(files: Mapping[str, Bytes]) -> LogCheck | None:
    """The check of `log/` against the journal's lines, or None for a folder without one."""
    prefix = f"{LOG_FOLDER}/"
    paths = [name[len(prefix) :] for name in files if name.startswith(prefix)]

    def read(path: str) -> bytes:
        data = files[prefix + path]
        return data[0 : len(data)]

    return LogCheck(paths, read) if paths else None


def _check_log(
    files: Mapping[str, Bytes],
    log: LogCheck,
    manifest: dict[str, Any],
    election: Election,
    signature_holds: SignatureCheck,
    witness_keys: Sequence[Vkey],
) -> str:
    """V14: every tile and bundle is the journal's, the checkpoint its tree's, signed,
    and its cosignatures well formed (those by a witness key given verifying)."""
    name = f"{LOG_FOLDER}/{CHECKPOINT}"
    origin = origin_of(election.setup.case_number, election.election_id)
    public_key = base64.b64decode(manifest["public_key"])
    try:
        root, size = log.finish()
        data = files.get(name)
        checked = check_checkpoint(
            None if data is None else data[0 : len(data)],
            origin,
            public_key,
            size,
            root,
            signature_holds,
        )
    except LogProblem as problem:
        raise _Bad("V14", str(problem)) from None
    cosigned = cosignatures_problem(
        checked.note,
        origin=origin,
        raw_public_key=public_key,
        vkeys=witness_keys,
        holds=signature_holds,
    )
    if cosigned:
        raise _Bad("V14", f"{name}: {cosigned}")
    return checked.note


def log_question(files: Mapping[str, Bytes]) -> SignatureQuestion | None:
    """What the check of `log/checkpoint`'s signature will ask, or None if nothing
    (read from the manifest's key and the journal's first line, unchecked: the check
    itself holds them to everything else). For a checker that answers with a promise."""
    name = f"{LOG_FOLDER}/{CHECKPOINT}"
    if name not in files or MANIFEST not in files or "journal.jsonl" not in files:
        return None
    asked: list[SignatureQuestion] = []

    def ask(public_key: bytes, signature: bytes, data: bytes) -> bool:
        asked.append((public_key, signature, data))
        return True

    try:
        manifest = _parse_json(_bounded(files, MANIFEST, "V2"), MANIFEST, "V2")
        public_key = base64.b64decode(str(manifest.get("public_key")), validate=True)
        row = _parse_json(next(journal_lines(files["journal.jsonl"]), b""), "line 1", "V5")
        election = election_from_row(row.get("election"), "journal.jsonl")  # type: ignore[arg-type]
        note = files[name][0 : len(files[name])].decode("utf-8")
        read_head(
            note, public_key, origin_of(election.setup.case_number, election.election_id), ask
        )
    except (_Bad, binascii.Error, ValueError, TypeError, AttributeError, JournalError, BadHead):
        return None
    return asked[0] if asked else None


def others_problem(others: Sequence[str], leftovers: Collection[str] = ()) -> str | None:
    """What an export folder holds besides what Station wrote, in words, or None.

    A file beside the signed ones ("tally (corrected).pdf" from another election)
    would be taken by whoever opens the folder as part of what `verify` said OK to. So
    would a sheet inside an export's hidden staging folder (what a power cut leaves, or
    what someone puts under its name): the reader names it by the first file in it.
    """
    if not others:
        return None
    more = f" (and {len(others) - 1} more)" if len(others) > 1 else ""
    problem = (
        f"{others[0]!r}{more} is not part of the signed export: an export"
        f" folder holds only {', '.join(ALL_FILES)}"
    )
    top = others[0].split("/")[0]
    return f"{problem}; {staging_leftover_statement(top)}" if top in leftovers else problem


def signed_manifest(
    files: Mapping[str, Bytes],
    expected_key: str | None,
    manifest_format: str,
    signature_holds: SignatureCheck,
) -> tuple[dict[str, Any], str]:
    """The manifest of a folder Station signed, and the fingerprint of the key that did.

    The same checks as an export's (signature, key, the fingerprint written down), for
    other folders Station signs (a consolidation of several tables' exports). Raises
    SignedFolderProblem.
    """
    try:
        return _check_manifest(files, expected_key, signature_holds, manifest_format)
    except _Bad as bad:
        raise SignedFolderProblem(str(bad), bad.step) from None


def signed_json(data: bytes, name: str) -> dict[str, Any]:
    """A JSON file of a signed folder, held to its limit and its canonical form.

    Raises SignedFolderProblem.
    """
    try:
        return _parse_json(_bounded({name: data}, name, "V2"), name, "V2")
    except _Bad as bad:
        raise SignedFolderProblem(str(bad), bad.step) from None


class _Asked(Exception):
    def __init__(self, question: SignatureQuestion) -> None:
        super().__init__()
        self.question = question


def signature_question(
    files: Mapping[str, Bytes], manifest_format: str = EXPORT_FORMAT
) -> SignatureQuestion | None:
    """What the manifest's signature check will be asked, or None if it is not reached.

    For a checker that cannot answer at once (WebCrypto answers with a promise): ask it
    this first, then run `check_export` with `answers_check({question: its answer})`.
    """

    def ask(public_key: bytes, signature: bytes, data: bytes) -> bool:
        raise _Asked((public_key, signature, data))

    try:
        _check_manifest(files, None, ask, manifest_format)
    except _Asked as asked:
        return asked.question
    except _Bad:
        return None
    return None  # pragma: no cover - the check always asks once the manifest is sound


def export_questions(files: Mapping[str, Bytes]) -> list[SignatureQuestion]:
    """Every signature question `check_export` may ask of an export's files: the
    manifest's (`signature_question`), then, when its sheet records a witnessed
    checkpoint, the station's signature on it (V13). Asked first by a checker that
    answers later, as `signature_question` is."""
    asked = signature_question(files)
    if asked is None:
        return []
    questions = [asked]
    try:
        sheet = _parse_json(_bounded(files, "tally.json", "V7"), "tally.json", "V7").get("sheet")
    except (_Bad, KeyError):
        return questions
    if isinstance(sheet, dict):
        station = station_question(sheet.get(WITNESSED), asked[0])
        if station is not None:
            questions.append(station)
    return questions


def answers_check(answers: Mapping[SignatureQuestion, bool]) -> SignatureCheck:
    """A `SignatureCheck` from a checker's answers to questions asked before (several
    at once: a browser asks WebCrypto each with a promise): a question it was not asked
    holds no signature (False), never a guess."""

    def check(public_key: bytes, signature: bytes, data: bytes) -> bool:
        return answers.get((public_key, signature, data), False)

    return check


def _check_manifest(
    files: Mapping[str, Bytes],
    expected_key: str | None,
    signature_holds: SignatureCheck,
    manifest_format: str = EXPORT_FORMAT,
) -> tuple[dict[str, Any], str]:
    for name in (MANIFEST, SIGNATURE):
        if name not in files:
            raise _Bad("V1", f"{name} is missing")
    manifest_bytes = _bounded(files, MANIFEST, "V2")
    manifest = _parse_json(manifest_bytes, MANIFEST, "V2")
    if expected_key is not None and len(normalise_fingerprint(expected_key)) != 39:
        raise _Bad("V3", f"{expected_key!r} is not a key fingerprint (32 hex digits)")
    if manifest.get("format") != manifest_format:
        raise _Bad("V2", f"{MANIFEST}: is not a {manifest_format} manifest")
    try:
        public_key = base64.b64decode(str(manifest.get("public_key")), validate=True)
    except (binascii.Error, ValueError):
        public_key = b""
    if len(public_key) != 32:
        raise _Bad("V2", "the public key in the manifest is not an Ed25519 key")
    key = key_fingerprint(public_key)
    if manifest.get("key") != key:
        raise _Bad("V3", f"{MANIFEST}: its fingerprint does not belong to its public key")
    if expected_key is not None and normalise_fingerprint(expected_key) != key:
        raise _Bad(
            "V3",
            f"signed by key {key}, not by the expected key {normalise_fingerprint(expected_key)}",
        )
    try:
        signature = base64.b64decode(_bounded(files, SIGNATURE, "V2").strip(), validate=True)
    except (binascii.Error, ValueError):
        raise _Bad("V2", f"{SIGNATURE}: is not a signature") from None
    if not signature_holds(public_key, signature, manifest_bytes):
        raise _Bad("V2", f"{SIGNATURE}: the signature does not match {MANIFEST} (it was changed)")
    return manifest, key


def _check_hashes(files: Mapping[str, Bytes], manifest: dict[str, Any]) -> None:
    listed = manifest.get("files")
    if not isinstance(listed, dict) or sorted(listed) != sorted(DATA_FILES):
        raise _Bad("V4", f"{MANIFEST}: does not list exactly {', '.join(DATA_FILES)}")
    for name in DATA_FILES:  # every one within its limit before any is hashed
        _check_size(files, name, "V4")
    for name in DATA_FILES:
        if _sha256(files[name]) != listed[name]:
            raise _Bad("V4", f"{name} was changed after it was signed (its hash does not match)")


def _sha256(data: Bytes) -> str:
    digest = hashlib.sha256()
    for start in range(0, len(data), _BLOCK):
        digest.update(data[start : start + _BLOCK])
    return digest.hexdigest()


_BLOCK = 1 << 20  # of a file hashed: a view of a long file never reads more at once


def _check_journal(
    data: Bytes, sign_seq: int, progress: Progress | None = None, log: LogCheck | None = None
) -> tuple[Election, Sheet, Record, Backwards | None]:
    lines = journal_lines(data) if log is None else _leaves_to(log, journal_lines(data))
    first = next(lines, b"")
    row = _parse_json(first, "journal.jsonl: line 1", "V5").get("election")
    if not isinstance(row, dict):
        raise _Bad("V5", "journal.jsonl: line 1 is not the election setup")
    try:
        election = election_from_row(row, "journal.jsonl")
    except JournalError as error:
        raise _Bad("V5", str(error)) from None
    stopped: list[str] = []
    records = list(_records(lines, stopped))
    verdict = verify_records(election, records, progress=progress, total=len(records))
    after_sheet = verdict.seq is not None and verdict.seq > sign_seq
    if not verdict.ok and (verdict.fault not in _REPLAYED or not after_sheet):
        raise _Bad(_JOURNAL_STEPS[verdict.fault], f"journal.jsonl: {verdict.problem}")
    if stopped and not after_sheet:
        raise _Bad("V5", stopped[0])
    if verdict.events < sign_seq and not after_sheet:
        raise _Bad(
            "V6",
            f"journal.jsonl: ends at event {verdict.events}, before the sheet's own event"
            f" {sign_seq} (events were removed)",
        )
    if verdict.events > sign_seq or after_sheet:
        # Whatever an event after the sheet breaks, no such event belongs in the export.
        raise _Bad(
            "V7",
            f"journal.jsonl: has events after the sheet's own event {sign_seq}"
            f" (first: {sign_seq + 1})",
        )
    sign = records[-1]
    sheets = [sheet for sheet in verdict.sheets if sheet.seq == sign_seq]
    if not sheets:
        raise _Bad("V7", f"journal.jsonl: event {sign_seq} is not a tally sheet")
    return election, sheets[0], sign, first_backwards_in((r.seq, r.utc) for r in records)


def journal_lines(data: Bytes) -> Iterator[bytes]:
    """The lines of `journal.jsonl`, each cut after `MAX_LINE` + 1 bytes as a bounded
    read of a file cuts it (a longer line is refused, its rest read as the next).

    Read a block at a time, so that a view of a long file is asked once per block."""
    limit = MAX_LINE + 1
    start, end = 0, len(data)
    while start < end:
        block = data[start : start + _LINE_BLOCK]
        last = len(block) < _LINE_BLOCK or start + len(block) >= end  # the file ends in it
        at = 0
        while at < len(block):
            newline = block.find(b"\n", at, at + limit)
            if newline >= 0:
                cut = newline + 1
            elif at + limit <= len(block) or last:
                cut = min(at + limit, len(block))
            else:
                break  # the line goes on past the block: the next block begins with it
            yield block[at:cut]
            at = cut
        if last:
            return
        start += at


def _leaves_to(log: LogCheck, lines: Iterator[bytes]) -> Iterator[bytes]:
    """The lines, each handed to the log's check as a leaf (without its newline) as it
    is read."""
    for line in lines:
        log.add(line[:-1] if line.endswith(b"\n") else line)
        yield line


_LINE_BLOCK = 4 << 20  # bytes of journal.jsonl asked for at once: more than a line may be

# The step of docs/format.md that each kind of fault in the journal's events fails.
_JOURNAL_STEPS = {
    Fault.SETUP: "V5",
    Fault.CHAIN: "V6",
    Fault.RULES: "V8",
    Fault.FACTS: "V8",
    Fault.DECIDED: "V9",
    Fault.STORED: "V6",
    None: "V6",
}
_REPLAYED = (Fault.RULES, Fault.FACTS, Fault.DECIDED)  # found by the replay, not the chain


def _records(lines: Iterator[bytes], stopped: list[str]) -> Iterator[Record]:
    number = 1
    for line in lines:
        number += 1
        try:
            row = bounded_json.loads(line, max_chars=MAX_LINE)
            if not isinstance(row, dict):
                raise TypeError
            fields = tuple(row[field] for field in EVENT_FIELDS)
            if (b"\\ud" in line or b"\\uD" in line) and bounded_json.lone_surrogate(row):
                raise ValueError("a lone surrogate: no text")
        except (ValueError, TypeError, KeyError):
            stopped.append(f"journal.jsonl: line {number} is not a journal event")
            return
        if len(row) != len(EVENT_FIELDS) or event_line(fields) != line:
            # A key given twice, or any other form: not the line Station wrote.
            stopped.append(
                f"journal.jsonl: line {number} is not in its canonical form"
                " (sorted keys, each once, compact)"
            )
            return
        yield Record(*fields)


def _check_document(
    document: dict[str, Any], election: Election, sheet: Sheet, sign: Record, key: str
) -> None:
    stated_election = _field(document, "election", dict, "tally.json")
    stated = _field(document, "sheet", dict, "tally.json")
    if document["sheet_event"] != {"seq": sign.seq, "hash": sign.hash}:
        raise _Bad(
            "V7", f"tally.json: names a sheet event that is not event {sign.seq} of the journal"
        )
    # The whole section, recomputed from the setup: a key more (a table's label on the
    # sheet of a count at one table) is as wrong as a value changed.
    section = election_section(election)
    for name in sorted(set(section) | set(stated_election)):
        if (
            name not in section
            or name not in stated_election
            or not _same(stated_election[name], section[name])
        ):
            raise _Bad("V7", f"tally.json: the election's {name} is not the journal's")
    superseded = stated.get("supersedes")
    superseded_hash = superseded.get("hash") if isinstance(superseded, dict) else None
    facts = computed_facts(election.setup, sheet, sign.prev_hash, superseded_hash)
    problem = facts_problem(stated, facts, context_known=False) or recorded_problem(stated)
    if problem:
        raise _Bad("V7", f"tally.json: {problem}")
    recorded = sign.details()
    for name in sorted(set(recorded) | set(stated)):
        if name not in recorded or name not in stated or not _same(recorded[name], stated[name]):
            raise _Bad(
                "V7", f"tally.json: its {name} differs from the sheet recorded at event {sign.seq}"
            )
    if stated.get("key") != key:
        raise _Bad(
            "V7", f"tally.json: names key {stated.get('key')}, but the export is signed by {key}"
        )


def _bounded(files: Mapping[str, Bytes], name: str, step: str) -> bytes:
    """A file of the export, refused (at `step`) if larger than Station ever writes it."""
    _check_size(files, name, step)
    data = files[name]
    return data[0 : len(data)]


def _check_size(files: Mapping[str, Bytes], name: str, step: str) -> None:
    limit = MAX_SIZES.get(name)
    if limit is not None and len(files[name]) > limit:
        raise _Bad(step, f"{name}: is larger than any Station writes ({limit:,} bytes)")


def _parse_json(data: bytes, name: str, step: str, *, canonical: bool = True) -> dict[str, Any]:
    """Parse a JSON object; a signed file must also be in its one canonical form.

    The canonical form rules out a key given twice, which readers would resolve
    differently (one reads the first value, another the last).
    """
    try:
        value = bounded_json.loads(data, max_chars=MAX_LINE)
    except ValueError:
        raise _Bad(
            step, f"{name}: is not JSON (or larger or deeper than any Station writes)"
        ) from None
    if not isinstance(value, dict):
        raise _Bad(step, f"{name}: is not a JSON object")
    not_text = bounded_json.lone_surrogate(value)
    if not_text is not None:
        raise _Bad(step, f"{name}: {_not_text_words(*not_text)}")
    if canonical and canonical_json(value) != data:
        raise _Bad(step, f"{name}: is not in its canonical form (sorted keys, each once, compact)")
    return value


def _not_text_words(path: str, in_key: bool, surrogate: str) -> str:
    """ "its sheet.agent is not text (…)": where a lone surrogate is (`lone_surrogate`)."""
    where = (
        f"a key of its {path}"
        if in_key and path
        else "one of its keys"
        if in_key
        else f"its {path}"
    )
    return f"{where} is not text (it holds a lone surrogate, {surrogate})"


def _field(container: dict[str, Any], name: str, kind: type, where: str) -> Any:
    value = container.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Bad("V7", f"{where}: has no valid {name}")
    return value
