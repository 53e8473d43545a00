"""Whose key signed the first election a runoff, a rerun or a revised count follows.

An export or a consolidation verifies whole whoever signed it: anyone can make a key
on a laptop of their own and sign a folder of their own making. `station new
--runoff-of`, `--rerun-of` and `--revised-of` take the first election's sheet as the
truth of who is on the next ballot, so they hold it to a key: this station's own (the
usual case, the runoff made on the station that counted the first election) or one
the agent gives with `--key FINGERPRINT`, as written on the first election's signed
sheet (as `station verify --key` takes it). A consolidation holds its tables' signed
exports and sums them: every table's key is held so.
"""

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from station.cli.common import UsageError
from station.sheet.keys import existing_fingerprint

OWN = "this station's key"
GIVEN = "as given by --key"
SEQUELS = ("--runoff-of", "--rerun-of", "--revised-of")


@dataclass(frozen=True)
class Signer:
    """A signed sheet the first election rests on: `what` names it ("" for one export,
    a table's title in a consolidation), `key` is the fingerprint that signed it."""

    what: str
    key: str


def given_keys(args: argparse.Namespace) -> tuple[str, ...]:
    """The fingerprints given with `station new --key`, normalised (a usage error for
    one that is not a fingerprint, or for --key without a first election's folder)."""
    typed = getattr(args, "key", None) or []
    if not typed:
        return ()
    if not any(getattr(args, option[2:].replace("-", "_"), None) for option in SEQUELS):
        raise UsageError(
            "--key gives the key that signed the first election's export: it goes with"
            f" {', '.join(SEQUELS)}"
        )
    from station.cli.witnessing import given_key

    return tuple(str(given_key(text)) for text in typed)


def no_key_for_file(path: object, keys: Sequence[str]) -> None:
    """Refuse `--key` with an election file: no key signs a file, only its export."""
    if keys:
        raise UsageError(
            f"{path}: is an election file, which no key signs; --key goes with the first"
            " election's signed export (or its tables' consolidation)"
        )


def signed_statement(folder: object, signers: Sequence[Signer], keys: Sequence[str]) -> str:
    """The line `station new` prints once the file is made: which key signed the first
    election's sheet (each table's, of a consolidation), to compare with the paper.

    Raises UsageError in one line where a sheet is signed by a key neither this
    station's nor given with --key, or a key given signs none of them.
    """
    signed = {signer.key for signer in signers}
    for key in keys:
        if key not in signed:
            raise UsageError(
                f"{folder}: signed by key {_keys_phrase(signers)}, not by --key {key}: not the"
                " sheet that fingerprint was written from, or it was written down wrong"
            )
    own = existing_fingerprint()
    for signer in signers:
        if signer.key != own and signer.key not in keys:
            whose = f"{signer.what}: " if signer.what else ""
            raise UsageError(
                f"{folder}: {whose}signed by key {signer.key}, not this station's key; if it"
                " is the key written on the first election's signed sheet, give it:"
                " --key FINGERPRINT"
            )
    return f"{folder}: {_signed_phrase(signers, own)}"


def _keys_phrase(signers: Sequence[Signer]) -> str:
    keys = list(dict.fromkeys(signer.key for signer in signers))
    return " and ".join(keys)


def _signed_phrase(signers: Sequence[Signer], own: str | None) -> str:
    """ "the first election's sheet is signed by key X (this station's key)", or by
    table: "the tables' sheets are signed by key X (Table A, Table B: this station's
    key)"."""
    by_key: dict[str, list[str]] = {}
    for signer in signers:
        by_key.setdefault(signer.key, []).append(signer.what)
    parts = []
    for key, whats in by_key.items():
        whose = OWN if key == own else GIVEN
        named = ", ".join(what for what in whats if what)
        parts.append(f"key {key} ({named + ': ' if named else ''}{whose})")
    noun = "the tables' sheets are" if any(s.what for s in signers) else "its sheet is"
    return f"{noun} signed by {' and '.join(parts)}"
