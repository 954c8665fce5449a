"""The line mode's commands run for the full screen: what a command prints goes to the screen's
log a line at a time, and its y/N questions become the screen's dialog, so every command, its
guards and its words are the line mode's own (cli/voyage/screen.py), run on a worker thread
while the screen stays live."""

from __future__ import annotations

import io
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import redirect_stdout

ASKED_WITH = 6  # the lines a question's dialog shows above it, of what the command said


class LogStream(io.TextIOBase):
    """A stdout that hands each finished line to `write_line`, and keeps the unfinished one
    (a question printed without its newline, awaiting its answer)."""

    def __init__(self, write_line: Callable[[str], None]) -> None:
        self._write_line = write_line
        self.partial = ""
        self.said: list[str] = []  # the lines of the command at work

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        lines = (self.partial + text).split("\n")
        self.partial = lines.pop()
        for line in lines:
            self.said.append(line)
            self._write_line(line)
        return len(text)

    def take_partial(self) -> str:
        said, self.partial = self.partial, ""
        return said


class Bridge:
    """Runs `command(text, read_line)` with its printing sent to `write_line` and each line it
    reads asked of `ask(question)` (which the screen answers on its own thread)."""

    def __init__(
        self,
        write_line: Callable[[str], None],
        ask: Callable[[str, Future[str]], None],
    ) -> None:
        self.stream = LogStream(write_line)
        self._ask = ask

    def read_line(self) -> str:
        """The answer to the question printed last, asked of the screen with what the command
        said before it (what the act costs), and waited for here."""
        answered: Future[str] = Future()
        said = [line.strip() for line in self.stream.said[-ASKED_WITH:]]
        self._ask("\n".join([*said, self.stream.take_partial().strip()]), answered)
        self.stream.said.clear()
        return answered.result() + "\n"

    def run(self, command: Callable[[str, Callable[[], str]], bool], text: str) -> bool:
        self.stream.said.clear()
        with redirect_stdout(self.stream):
            quitting = command(text, self.read_line)
        if self.stream.partial:
            self.stream.write("\n")
        return quitting
