"""What Station accepts as text that will be printed: one line, printable characters only."""

import unicodedata


def clean_text(
    value: object, what: str, *, max_length: int, error: type[ValueError], required: bool = True
) -> str:
    """`value` on one line with single spaces, or raise `error` naming `what`.

    Every Unicode control or format character is refused (a right-to-left override
    could make a printed name read differently from the stored one).
    """
    if not isinstance(value, str):
        raise error(f"{what} must be text")
    text = " ".join(value.split())
    if required and not text:
        raise error(f"{what} must not be empty")
    if len(text) > max_length:
        raise error(f"{what} is longer than {max_length} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise error(f"{what} contains control characters")
    return text


def one_line(text: str) -> str:
    """`text` with every control or format character escaped, so it prints as one line.

    A file name may hold a newline or a right-to-left override; a message naming it
    must still be the single, honest line the command line promises.
    """
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text
    )


def full_sentence(text: str) -> str:
    """`text` ending as a sentence does (a full stop added unless it has one)."""
    return text if text.endswith((".", ")")) else text + "."
