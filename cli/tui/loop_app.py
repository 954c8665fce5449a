"""A line-mode game on a full screen, for any mode: its own loop (the line mode's `run`) plays
on a worker thread, what it prints goes to the log, and each line it reads is asked of the
screen: a `[y/N]` question as a dialog, anything else from the command line or a key that
stands for a line. Beside the log, the game's own drawing (a duel's hex board, the table as the
seat sees it) and its panels, drawn afresh each time the game waits for the person; a game's
loop is told not to print its drawing, which the screen shows instead. So the duel and the
tabletop on a full screen are the line mode's games exactly: the same session, rules, words
and saves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from contextlib import redirect_stdout
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, RichLog, Static

from privateer.cli.tui.bridge import LogStream
from privateer.cli.tui.question import Question

Lines = Callable[[], list[str]]
Drawing = Callable[[str], list[str]]
"""The game drawn, given what it asks now (a table drawn for the seat to play, or the cover
while the table is passed to the next person)."""
ReadLine = Callable[[], str]


@dataclass(frozen=True)
class Key:
    """A key that types a line (and what the footer calls it; no words: not shown there)."""

    key: str
    line: str
    words: str = ""


@dataclass(frozen=True)
class Panel:
    title: str
    lines: Lines


class LoopApp(App[str]):
    """`loop(read_line)` played on a full screen; `main` draws the game, `panels` beside it;
    `exit` returns the last line the game printed (its closing words)."""

    CSS = """
    #top { height: 1fr; }
    #main { width: auto; max-width: 100%; height: 100%; border: round $primary; }
    #drawing { width: auto; }
    #side { width: 1fr; min-width: 24; }
    .panel { border: round $secondary; height: auto; }
    #log { height: 30%; min-height: 5; border: round $secondary; }
    #side #log { height: 1fr; }
    #command { border: none; height: 1; padding: 0 1; }
    #question { width: 76; height: auto; border: thick $warning; background: $surface;
                padding: 0 1; }
    #question Horizontal { height: auto; }
    Question { align: center middle; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("colon,tab", "command", "command")]

    def __init__(
        self,
        title: str,
        loop: Callable[[ReadLine], None],
        main: Drawing,
        panels: Sequence[Panel] = (),
        keys: Sequence[Key] = (),
        opening: Sequence[str] = (),
        *,
        log_beside: bool = False,
        last_lines_first: bool = False,
    ) -> None:
        """`log_beside`: the log under the panels, beside the drawing (a tall drawing: the
        duel's board), not under it; `last_lines_first`: a drawing taller than the screen is
        scrolled to its end (the tabletop's plays, under its table and hand)."""
        super().__init__()
        self.log_beside, self.last_lines_first = log_beside, last_lines_first
        self.title = title
        self.loop, self.main, self.panels = loop, main, tuple(panels)
        self.opening = list(opening)
        self.stream = LogStream(self._write_from_thread)
        self.waiting: Future[str | None] | None = None
        self.asking: Future[str | None] | None = None  # the line the game waits for
        self.closing = False
        self.said: list[str] = []
        for key in keys:
            self.bind(key.key, f"line({key.line!r})", description=key.words, show=bool(key.words))

    def compose(self) -> ComposeResult:
        log = RichLog(id="log", wrap=True, markup=False)
        with Horizontal(id="top"):
            with VerticalScroll(id="main"):
                yield Static(id="drawing")
            if self.panels or self.log_beside:
                with Vertical(id="side"):
                    for i, _ in enumerate(self.panels):
                        yield Static(id=f"panel{i}", classes="panel")
                    if self.log_beside:
                        yield log
        if not self.log_beside:
            yield log
        yield Input(placeholder="", id="command")
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.opening:
            log.write(line)
        self.query_one("#main").focus()
        self._play()

    @work(thread=True, exclusive=True)
    def _play(self) -> None:
        with redirect_stdout(self.stream):  # the game's printing, to the log
            self.loop(self._read_line)
        if self.stream.partial:
            self.stream.write("\n")
        closing = next((line.strip() for line in reversed(self.said) if line.strip()), "")
        self.call_from_thread(self.exit, closing)

    # --- what the game asks -------------------------------------------------------------

    def _read_line(self) -> str:
        """The line the game reads: asked of the screen, waited for on the game's thread; the
        end of input ("") once the screen is closing, so the game's loop ends as piped input's
        end ends it (the game stays saved)."""
        asked = self.stream.take_partial().strip()
        answered: Future[str | None] = Future()
        self.asking = answered
        if self.closing:
            return ""
        self.call_from_thread(self._ask, asked, answered)
        said = answered.result()
        return "" if said is None else said + "\n"

    def on_unmount(self) -> None:
        self.closing = True
        if self.asking is not None and not self.asking.done():
            self.asking.set_result(None)

    def _ask(self, asked: str, answered: Future[str | None]) -> None:
        self.refresh_panels(asked)
        if asked.endswith("[y/N]"):
            before = [line.strip() for line in self.said[-6:]]
            self.push_screen(
                Question("\n".join([*before, asked])), lambda said: answered.set_result(said or "n")
            )
            return
        self.waiting = answered
        self.query_one("#command", Input).placeholder = f"{asked}  (`:` to type; Escape: keys)"

    def _answer(self, line: str) -> None:
        waiting, self.waiting = self.waiting, None
        if waiting is None:
            self.notify("the game is at work: a moment", timeout=1)
            return
        self.query_one("#log", RichLog).write(Text(f"> {line}", style="bold"))
        self.query_one("#command", Input).placeholder = ""
        waiting.set_result(line)

    def refresh_panels(self, asked: str = "") -> None:
        self.query_one("#drawing", Static).update(Text("\n".join(self.main(asked))))
        if self.last_lines_first:  # once the drawing is laid out at its new height
            main = self.query_one("#main", VerticalScroll)
            self.call_after_refresh(main.scroll_end, animate=False)
        for i, panel in enumerate(self.panels):
            widget = self.query_one(f"#panel{i}", Static)
            widget.update(Text("\n".join(line.rstrip() for line in panel.lines())))
            widget.border_title = panel.title

    # --- keys and the command line ----------------------------------------------------------

    def action_line(self, line: str) -> None:
        self._answer(line)

    def action_command(self) -> None:
        self.query_one("#command", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        event.input.value = ""
        self._answer(line)

    def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.focused is self.query_one("#command", Input):
            self.query_one("#main").focus()
            event.stop()

    def _write_from_thread(self, line: str) -> None:
        self.said.append(line)
        self.call_from_thread(self.query_one("#log", RichLog).write, line)
