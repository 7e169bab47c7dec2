import hashlib
import json
from dataclasses import dataclass

import requests


def clamp(value: float, low: float, high: float) -> float:
    """Limits a number to the range [low, high]."""
    return max(low, min(high, value))


def sha256_hex(text: str) -> str:
    """SHA-256 of a text, hex encoded."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Point:
    """A point in the plane."""

    x: float
    y: float


def fetch_json(url: str, timeout: float = 5.0) -> dict:
    """GETs a URL and decodes its JSON body."""
    response = requests.get(url, timeout=timeout)
    response.raise_for_status()
    return response.json()


def pretty(data: dict) -> str:
    """Indented, key-sorted JSON."""
    return json.dumps(data, indent=2, sort_keys=True)


def _private_helper():
    return None
