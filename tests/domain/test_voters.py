"""The voter list: read from CSV, and found as one types (the fast path = a plain scan)."""

from hypothesis import given
from hypothesis import strategies as st

from station.domain.election import SetupError
from station.domain.voters import Voter, VoterList, read_voter_list

NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Ada Yonath", "Åsa Öberg", "Li Wei"]
VOTERS = VoterList.of(tuple(Voter(str(10 + n), name) for n, name in enumerate(NAMES * 5)))


def plain(voters: VoterList, text: str) -> list[int]:
    needle = " ".join(text.split()).casefold()
    return [p for p, v in enumerate(voters.voters) if needle in f"{v.id}\t{v.name}".casefold()]


@given(st.text(alphabet="adaLhoperw 1Å0ö", max_size=6))
def test_search_finds_what_a_plain_scan_finds(text: str) -> None:
    found = VOTERS.search(text)
    assert list(found) == plain(VOTERS, text)
    narrowed = VOTERS.search(text + "a", within=found) if text.strip() else None
    if narrowed is not None:
        assert list(narrowed) == plain(VOTERS, text + "a")


def test_search_keeps_the_lists_order_and_indexes_once() -> None:
    assert list(VOTERS.search("ada")) == plain(VOTERS, "ada")
    holding = VOTERS.positions_holding("ad")
    assert VOTERS.positions_holding("ad") is holding and list(holding) == plain(VOTERS, "ad")


def test_other_columns_are_kept_in_order() -> None:
    voters = read_voter_list(b"Dept,NAME,Id,Shift\nPick,Ada,1,Day\n")
    assert voters.columns == ("Dept", "Shift")
    assert voters.voters[0] == Voter("1", "Ada", (("Dept", "Pick"), ("Shift", "Day")))


def test_a_column_named_twice_is_refused() -> None:
    # `id,name,id` cannot be read: which one is the voter's id would be a guess, and the
    # other would pass for an extra column.
    for header in (b"id,name,id\n1,Ada,2\n", b"Id,Name,Dept,NAME\n1,Ada,Pick,Ann\n"):
        try:
            read_voter_list(header)
        except SetupError as error:
            assert str(error).startswith("the voter list: line 1 ")
            assert "twice" in str(error)
        else:
            raise AssertionError(f"{header!r} was accepted")
