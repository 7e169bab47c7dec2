import re
import unicodedata


def slugify(title: str, max_length: int = 80) -> str:
    """Converts a title to a URL slug: accents dropped, lower case, words joined by hyphens.

    Characters other than ASCII letters and digits separate words.
    """
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
    return slug[:max_length].rstrip("-")
