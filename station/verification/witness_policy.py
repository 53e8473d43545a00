"""A witness policy: which witnesses' cosignatures a party asks for, and how many of them.

In the spirit of Sigsum's policy files, one statement a line, `#` to the end of a line a
comment, blank lines ignored::

    # the parties' witnesses
    witness employer  employer-witness+1a2b3c4d+BAbc...=  https://w.example.com
    witness union     union-witness+5e6f7a8b+BCde...=
    quorum 2

`witness NAME VKEY [URL]` names a witness by a name of the policy's own, its verifier key
(c2sp.org/signed-note `vkey`, of a tlog-cosignature key: type 0x04) and, optionally,
where it listens (`station serve --witness` sends it the checkpoints there). `quorum K`
says how many of them must have cosigned; without it, all of them. Each name and each
key is given once.

Pure: `station verify --witness-policy` reads the file and hands the text here, and
`station serve` reads the same policy to know its witnesses.
"""

from dataclasses import dataclass

from station.verification.signed_note import COSIGNATURE, BadNote, Vkey, parse_vkey

MAX_POLICY_BYTES = 64 * 1024
MAX_WITNESSES = 64


class PolicyError(ValueError):
    """A policy that is not one, in one line naming the line that is wrong."""


@dataclass(frozen=True, slots=True)
class PolicyWitness:
    """A witness the policy names: its name in the policy, its key, where it listens."""

    name: str
    vkey: Vkey
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Policy:
    """The witnesses named, in order, and how many of them must have cosigned."""

    witnesses: tuple[PolicyWitness, ...]
    quorum: int


def parse_policy(text: str, where: str = "the witness policy") -> Policy:
    """The policy in `text`; raises PolicyError naming `where` and the line."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_POLICY_BYTES:
        raise PolicyError(f"{where}: is larger than a policy ({MAX_POLICY_BYTES:,} bytes)")
    witnesses: list[PolicyWitness] = []
    quorum: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        at = f"{where}, line {number}"
        if words[0] == "witness":
            witnesses.append(_witness(words[1:], at, witnesses))
        elif words[0] == "quorum":
            if quorum is not None:
                raise PolicyError(f"{at}: a second quorum")
            if len(words) != 2 or not words[1].isdigit() or str(int(words[1])) != words[1]:
                raise PolicyError(f"{at}: write it as: quorum K (K a whole number)")
            quorum = int(words[1])
        else:
            raise PolicyError(
                f"{at}: {words[0][:40]!r} is not a policy statement (witness NAME VKEY [URL],"
                " or quorum K)"
            )
        if len(witnesses) > MAX_WITNESSES:
            raise PolicyError(f"{at}: more than {MAX_WITNESSES} witnesses")
    if not witnesses:
        raise PolicyError(f"{where}: names no witness (witness NAME VKEY [URL])")
    if quorum is None:
        quorum = len(witnesses)
    if not 1 <= quorum <= len(witnesses):
        named = f"{len(witnesses)} witness" + ("es" if len(witnesses) > 1 else "")
        raise PolicyError(
            f"{where}: quorum {quorum}, but the policy names {named}"
            f" (the quorum is 1 to {len(witnesses)})"
        )
    return Policy(tuple(witnesses), quorum)


def _witness(words: list[str], at: str, before: list[PolicyWitness]) -> PolicyWitness:
    if len(words) not in (2, 3):
        raise PolicyError(f"{at}: write it as: witness NAME VKEY [URL]")
    name, key = words[0], words[1]
    vkey = witness_key(key, at)
    url = words[2] if len(words) == 3 else None
    if url is not None and not url.startswith(("http://", "https://")):
        raise PolicyError(f"{at}: {url[:60]!r} is not a witness's URL (http:// or https://)")
    for other in before:
        if other.name == name:
            raise PolicyError(f"{at}: the witness {name!r} is named twice")
        if other.vkey == vkey:
            raise PolicyError(f"{at}: the key of {other.name!r} is given twice")
    return PolicyWitness(name, vkey, url)


def witness_key(text: str, what: str = "--witness-key") -> Vkey:
    """A witness's verifier key as given on a command line; raises PolicyError."""
    try:
        vkey = parse_vkey(text)
    except BadNote as bad:
        raise PolicyError(f"{what}: {bad}") from None
    if vkey.kind != COSIGNATURE:
        raise PolicyError(
            f"{what}: {vkey.name}'s key is a log's key (type 0x01), not a witness's"
            " (a cosignature key, type 0x04, as `station witness --cosign` prints it)"
        )
    return vkey
