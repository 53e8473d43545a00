from tests.mail.conftest import mail_file

__all__ = ["mail_file"]
