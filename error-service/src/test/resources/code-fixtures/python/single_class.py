from collections import OrderedDict
from typing import Generic, Hashable, Optional, TypeVar

V = TypeVar("V")


class LRUCache(Generic[V]):
    """A least-recently-used cache holding at most `capacity` entries."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._entries: "OrderedDict[Hashable, V]" = OrderedDict()

    def get(self, key: Hashable) -> Optional[V]:
        if key not in self._entries:
            return None
        self._entries.move_to_end(key)
        return self._entries[key]

    def put(self, key: Hashable, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        if len(self._entries) > self._capacity:
            self._entries.popitem(last=False)
