"""The mail election fixtures, for the envelope window's tests."""

from tests.mail.conftest import mail_file  # noqa: F401  (a fixture)
