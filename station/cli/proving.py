"""`station prove FOLDER --event N` (an event's inclusion proof from an export's log),
`station verify PROOF --key VKEY` (one checked), and the verifier key `station key FILE`
prints beside the fingerprint."""

import argparse
import base64
import hashlib
import json
from pathlib import Path
from typing import Any

from station.cli.common import UsageError, open_to_read, say, say_problem
from station.cli.verifier_page import write_new
from station.journal import JournalError
from station.journal.header import read_header
from station.journal.records import election_from_row
from station.journal.schema import APPLICATION_ID
from station.sheet.keys import signature_holds_raw
from station.verification.checkpoints import origin_of, station_vkey
from station.verification.export_check import SignedFolderProblem, signed_manifest
from station.verification.export_files import EXPORT_FORMAT, LOG_FOLDER, MANIFEST, SIGNATURE
from station.verification.log_files import LogProblem, check_checkpoint
from station.verification.merkle import Tree
from station.verification.proofs import (
    HEADER,
    MAX_PROOF_BYTES,
    SUFFIX,
    BadProof,
    check_proof,
    proof_text,
)
from station.verification.report import cosignatures_refused_line
from station.verification.signed_note import BadNote, Vkey, parse_vkey
from station.verification.tiles import CHECKPOINT

NEEDS_VKEY = (
    "--key VKEY: a proof is checked with the station's verifier key of that election's"
    " log (`station key FILE` prints it on the station; the observers write it down)"
)


def add_prove_parser(commands: Any) -> None:
    prove = commands.add_parser(
        "prove",
        help="print an event's inclusion proof in an export's signed log (c2sp.org/tlog-proof)",
    )
    prove.add_argument("folder", type=Path, metavar="FOLDER", help="an exported sheet's folder")
    prove.add_argument("--event", type=int, required=True, metavar="N", help="the event to prove")
    prove.add_argument(
        "--out", type=Path, metavar="FILE", help=f"write it to FILE (e.g. event-N{SUFFIX})"
    )


def cmd_prove(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    lines, checkpoint = _signed_log(folder)
    last = len(lines) - 1
    if not 1 <= args.event <= last:
        raise UsageError(
            f"{folder}: its log holds events 1 to {last:,}; there is no event {args.event:,}"
        )
    tree = Tree(lines)
    text = proof_text(lines[args.event], args.event, tree.inclusion_proof(args.event), checkpoint)
    if args.out is None:
        print(text, end="")
        return 0
    write_new(args.out, text.encode(), "the proof")
    say(f"wrote {args.out}: the proof of event {args.event:,} ({len(text.encode()):,} bytes)")
    return 0


def _signed_log(folder: Path) -> tuple[list[bytes], str]:
    """The lines of an export's journal and its log's checkpoint, once the checkpoint is
    of those lines and signed by the export's key (the rest: `station verify FOLDER`)."""
    if not folder.is_dir():
        if _is_election_file(folder):
            raise UsageError(
                f"{folder}: is an election file; a proof is made from its export: station"
                f" export {folder} --out FOLDER, then station prove FOLDER --event N"
            )
        raise UsageError(f"{folder}: no such folder (give an exported sheet's folder)")
    if not (folder / LOG_FOLDER / CHECKPOINT).is_file():
        raise UsageError(
            f"{folder}: has no {LOG_FOLDER}/{CHECKPOINT} (an export made before Station wrote"
            " its log, or not an export); export the sheet again to prove an event"
        )
    try:
        lines = (folder / "journal.jsonl").read_bytes().split(b"\n")
        manifest = json.loads((folder / MANIFEST).read_bytes())
        note = (folder / LOG_FOLDER / CHECKPOINT).read_bytes()
        election = election_from_row(json.loads(lines[0])["election"], folder)
        public_key = base64.b64decode(manifest["public_key"], validate=True)
    except OSError as error:
        raise UsageError(f"{error.filename}: cannot be read ({error.strerror})") from None
    except (ValueError, KeyError, TypeError):
        raise UsageError(f"{folder}: is not an intact export (`station verify {folder}`)") from None
    if lines[-1] == b"":
        lines.pop()
    tree = Tree(lines)
    origin = origin_of(election.setup.case_number, election.election_id)
    try:
        check_checkpoint(note, origin, public_key, len(lines), tree.root(), signature_holds_raw)
    except LogProblem as problem:
        raise UsageError(f"{folder}: NOT INTACT: {problem}") from None
    return lines, note.decode()


def _is_election_file(path: Path) -> bool:
    """Whether `path` is a Station election file (by its header; it is not opened)."""
    try:
        return read_header(path).application_id == APPLICATION_ID
    except JournalError:
        return False


def is_proof(path: Path) -> bool:
    """Whether `path` is a file that begins as a tlog proof does (or is named one)."""
    try:
        if not path.is_file():
            return False
        with path.open("rb") as file:
            return path.name.endswith(SUFFIX) or file.read(len(HEADER)) == HEADER.encode()
    except OSError:
        return False


def verify_proof(path: Path, key: str | None, witnesses: tuple[list[Vkey], int] | None) -> int:
    """`station verify PROOF --key VKEY`: exit 0 naming the event proved, 1 if it does
    not hold or lacks a cosignature asked for (`witnesses`: the witnesses' keys given
    and how many must have cosigned, as for a folder), 2 without a verifier key or for
    a file that cannot be read."""
    if key is None:
        raise UsageError(NEEDS_VKEY)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_PROOF_BYTES + 1)
    except OSError as error:
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        if len(data) > MAX_PROOF_BYTES:
            raise BadProof("is larger than any tlog proof Station makes")
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        say_problem(f"NOT INTACT: {path}: is not a tlog proof (not UTF-8 text)")
        return 1
    except BadProof as bad:
        say_problem(f"NOT INTACT: {path}: {bad}")
        return 1
    try:
        parse_vkey(key)
    except BadNote as bad:  # the user's mistake, not the proof's damage
        raise UsageError(f"--key: {bad}; {NEEDS_VKEY}") from None
    vkeys, quorum = witnesses if witnesses is not None else ([], None)
    try:
        proven = check_proof(text, key, signature_holds_raw, vkeys, quorum)
    except BadProof as bad:
        say_problem(f"NOT INTACT: {path}: {bad}")
        return 1
    if proven.witnesses is not None and not proven.witnesses.ok:  # nothing that reads as OK
        say_problem(cosignatures_refused_line(str(path), proven.size - 1, proven.witnesses))
        return 1
    what = (
        "the setup" if proven.seq == 0 else f"event {proven.seq:,} ({proven.action}, {proven.utc})"
    )
    say(
        f"OK: {path}: {what} is in the log of {proven.origin} of {proven.size:,} entries,"
        " signed by the station's key"
    )
    for cosigner in proven.cosigners:
        say(
            f"cosigned by {cosigner.name}"
            + ("" if cosigner.checked else " (NOT checked: add --witness-key with its key)")
        )
    return 0


def election_origin(path: Path) -> str:
    """The log's origin of the election in the election file `path`; a file that is not
    one is a one-line error (before anything is printed)."""
    journal = open_to_read(path)
    try:
        election = journal.election
    finally:
        journal.close()
    return origin_of(election.setup.case_number, election.election_id)


def folder_key(folder: Path) -> tuple[str, str]:
    """The fingerprint and the log's verifier key of the key that signed an export
    folder, both from the manifest's public key once the manifest's signature holds
    under it, its fingerprint is that key's, and `journal.jsonl` (whose first line names
    the log's origin) is the one it lists: a key the folder does not prove is never
    given. Raises SignedFolderProblem for a folder that is not intact, UsageError for
    one that is no export."""
    if not (folder / MANIFEST).is_file():
        raise UsageError(f"{folder}: is not an exported sheet's folder (it holds no {MANIFEST})")
    try:
        files = {
            name: (folder / name).read_bytes()
            for name in (MANIFEST, SIGNATURE)
            if (folder / name).is_file()
        }
        manifest, fingerprint = signed_manifest(files, None, EXPORT_FORMAT, signature_holds_raw)
        journal = folder / "journal.jsonl"
        listed = manifest.get("files")
        if not journal.is_file() or not isinstance(listed, dict):
            raise SignedFolderProblem("journal.jsonl is missing", "V1")
        if _sha256_of(journal) != listed.get("journal.jsonl"):
            raise SignedFolderProblem(
                "journal.jsonl was changed after it was signed (its hash does not match)", "V4"
            )
        with journal.open("rb") as lines:
            row = json.loads(lines.readline())["election"]
        election = election_from_row(row, folder)
    except SignedFolderProblem:
        raise
    except OSError as error:
        raise UsageError(f"{error.filename}: cannot be read ({error.strerror})") from None
    except (ValueError, KeyError, TypeError):
        raise SignedFolderProblem(
            "journal.jsonl: its first line is not an election", "V5"
        ) from None
    public_key = base64.b64decode(manifest["public_key"])  # 32 bytes: signed_manifest checked
    origin = origin_of(election.setup.case_number, election.election_id)
    return fingerprint, station_vkey(origin, public_key)


def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
