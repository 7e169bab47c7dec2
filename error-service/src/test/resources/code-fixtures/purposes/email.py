import re

_EMAIL = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")


def is_valid_email(address: str) -> bool:
    """Validates the syntax of an e-mail address (local part, @, domain with a top-level domain)."""
    return len(address) <= 254 and _EMAIL.match(address) is not None
