"""The world's compiled loops (Numba dispatchers) as the rest of the engine calls them: the
first call of each in a process loads its machine code (from Numba's cache beside the module,
or compiled) on a thread of its own, and only then runs it where it was called.

Why a thread: Python raises a Ctrl-C (KeyboardInterrupt) only in the main thread, at whatever
line it lands on, and Numba's load is Python around LLVM: the interrupt can land in one of
llvmlite's callbacks from LLVM (where it is lost, and LLVM goes on with a missing answer) or
between LLVM taking an object and llvmlite noting that it has. A `play` Ctrl-C'd on its first
day, when the loops load, sometimes (4 in some 400 on a busy machine) caught it, saved its run,
said so, and then died at exit (SIGSEGV instead of exit 130). On the loading thread the
Ctrl-C lands in the main thread's wait instead; the load finishes whole, and the interpreter
waits for it before it exits. The machine code is the same whichever thread loads it.
"""

from __future__ import annotations

import threading
from typing import Any

import numba


class Kernel:
    """A Numba dispatcher, called as it is, its first load made off the main thread: the
    decorator above a `numba.njit` one."""

    __slots__ = ("dispatcher", "loaded")

    def __init__(self, dispatcher: Any) -> None:
        self.dispatcher = dispatcher
        self.loaded = False

    def __call__(self, *args: Any) -> Any:
        if not self.loaded:
            self._load(args)
        return self.dispatcher(*args)

    def _load(self, args: tuple[Any, ...]) -> None:
        """The machine code for these arguments' types, loaded on a thread that is waited for
        (an error there raised here). A later call with other types compiles as Numba would,
        where it is made; the engine makes none (tests/test_world_daily.py holds it)."""
        types = tuple(numba.typeof(arg) for arg in args)  # type: ignore[no-untyped-call]
        failed: list[BaseException] = []

        def load() -> None:
            try:
                self.dispatcher.compile(types)
            except BaseException as error:  # handed to the caller, who raises it
                failed.append(error)

        loading = threading.Thread(target=load, name=f"load {self.dispatcher.__name__}")
        loading.start()
        loading.join()
        if failed:
            raise failed[0]
        self.loaded = True
