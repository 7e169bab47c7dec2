"""Retry helpers."""
import random
import time
from typing import Callable, TypeVar
T = TypeVar("T")

def retry_with_backoff(operation: Callable[[], T],
                       attempts: int = 3,
                       base_delay: float = 0.1) -> T:
    """Calls `operation` until it succeeds, sleeping exponentially longer between tries.

    Re-raises the last exception when all attempts fail.
    """
    last_error = None
    for attempt in range( attempts ):
      try:
        return operation()
      except Exception as error:  # retry on anything
        last_error = error
        jitter = random.uniform( 0, base_delay )
        time.sleep( base_delay * 2 ** attempt + jitter )
    raise last_error
