"""What a compile hook found, kept for the process and handed to listeners:
one registry per hook (proxyfence.triton, proxyfence.jax)."""
from __future__ import annotations

import threading
from typing import Callable, Generic, List, TypeVar

R = TypeVar("R")


class Registry(Generic[R]):
    """The records a hook made, and the functions called with each new one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: List[R] = []
        self._listeners: List[Callable[[R], None]] = []

    def records(self) -> List[R]:
        """Every record since the process started (a copy)."""
        with self._lock:
            return list(self._records)

    def __len__(self) -> int:
        with self._lock:
            return len(self._records)

    def add_listener(self, fn: Callable[[R], None]) -> None:
        """Calls `fn(record)` for every record from now on."""
        with self._lock:
            self._listeners.append(fn)

    def remove_listener(self, fn: Callable[[R], None]) -> None:
        with self._lock:
            if fn in self._listeners:
                self._listeners.remove(fn)

    def publish(self, rec: R) -> None:
        """Keeps `rec` and calls every listener with it (outside the lock)."""
        with self._lock:
            self._records.append(rec)
            listeners = list(self._listeners)
        for fn in listeners:
            fn(rec)
