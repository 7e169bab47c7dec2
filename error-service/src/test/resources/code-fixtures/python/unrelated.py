import re
import unicodedata


def slugify(title: str, max_length: int = 80) -> str:
    """Turns a title into a URL slug of lower-case ASCII words joined by dashes."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
    return slug[:max_length].rstrip("-")
