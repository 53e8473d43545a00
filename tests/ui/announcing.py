"""What the windows said to a screen reader, as the `said` fixture (tests/ui/conftest.py)
hands it to a test: each announcement's message, and whether it interrupts."""

Said = list[tuple[str, bool]]
