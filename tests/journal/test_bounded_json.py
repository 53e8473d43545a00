"""JSON read from a file is bounded in size and nesting, and details are canonical."""

import pytest

from station.journal import bounded_json


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = '{"note":"' + "[{" * 1000 + '\\"]"}'
    assert bounded_json.nesting(text) == 1
    assert bounded_json.loads(text) == {"note": "[{" * 1000 + '"]'}


@pytest.mark.parametrize("depth", [bounded_json.MAX_DEPTH + 1, 100_000])
def test_too_deep_is_a_value_error(depth: int) -> None:
    with pytest.raises(ValueError, match="nested more than"):
        bounded_json.loads("[" * depth + "]" * depth)


def test_as_deep_as_allowed_is_read() -> None:
    depth = bounded_json.MAX_DEPTH
    assert bounded_json.loads("[" * depth + "]" * depth) is not None


def test_too_large_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(ValueError, match="larger than"):
        bounded_json.loads(b"1" * 11, max_chars=10)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ('{"party":"employer","reason":"supervisor"}', True),
        ('{"reason":"supervisor","party":"employer"}', False),  # keys not sorted
        ('{"party":"union","party":"employer"}', False),  # a key given twice
        ('{"party": "employer"}', False),  # not compact
        ('{"name":"Jos\\u00e9"}', True),
        ('{"name":"José"}', False),  # Station escapes non-ASCII in a detail
        ("[1]", False),  # not an object
    ],
)
def test_a_detail_is_canonical_only_as_station_writes_it(text: str, canonical: bool) -> None:
    assert bounded_json.is_canonical_detail(text) is canonical
