'''Keep trying.'''
import random
import time
from typing import Callable, TypeVar

R = TypeVar('R')


def persist(task: Callable[[], R], tries: int = 5, pause: float = 0.5) -> R:
    # run the task; back off on failure
    failure = None
    for n in range(tries):
        try:
            return task()
        except Exception as exc:
            failure = exc
            noise = random.uniform(0, pause)
            time.sleep(pause * 3 ** n + noise)
    raise failure
