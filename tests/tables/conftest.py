"""Tables' sheets are drawn with Qt: the application object a station's caller makes."""

import pytest


@pytest.fixture(autouse=True)
def _gui(qapp: object) -> None:
    """The application object `station export` and `consolidate` make for themselves."""
