"""`privateer play` as a full screen (Textual): the chart round her (pan and zoom by key), her
status, her ship, what is in sight and what waits on her, the log, and a command line with the
line mode's commands and completion of their words and the places' names. Keys act when the
command line is not in use (`:` or Tab opens it, Escape leaves it): `s` sails a day, `g` sails
on, digits keep cards in a fight and answer what is asked, `a`/`p` attack or let pass, `?` is
help, `q` saves and quits. Every act goes through the same session and commands as the line
mode, so the run is the same run on any front end."""

from __future__ import annotations

import re
from concurrent.futures import Future
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, RichLog, Static

from privateer.cli.chart_frames import seen_picture
from privateer.cli.tui.bridge import Bridge
from privateer.cli.tui.chart import Window, chart_rows, key_text
from privateer.cli.tui.question import Question
from privateer.cli.voyage import screen as line_screen
from privateer.cli.voyage import turn as voyage_turn
from privateer.cli.voyage.help import ALIASES, COMMANDS
from privateer.cli.voyage.session import VoyageSession
from privateer.engine.fight import CREW, SHIPS, UPGRADES
from privateer.engine.voyage import IllegalVoyageAction

PAN = 6  # cells a key pans the chart
COLUMNS = re.compile(r"\s{3,}")


class Chart(Static, can_focus=True):
    """The chart panel: it holds the focus while keys act (the command line holds it while
    typing)."""


class VoyageApp(App[str]):
    """The voyage on a full screen; `exit` returns the line the line mode would end with."""

    CSS = """
    #top { height: 1fr; }
    #chart { width: 1fr; height: 100%; min-width: 30; border: round $primary; }
    #side { width: 40%; max-width: 48; }
    #status, #waits, #ship, #sight { border: round $secondary; height: auto; }
    #ship, #sight { max-height: 14; }
    #log { height: 25%; min-height: 5; border: round $secondary; }
    #command { border: none; height: 1; padding: 0 1; }
    #question { width: 76; height: auto; border: thick $warning; background: $surface;
                padding: 0 1; }
    #question Horizontal { height: auto; }
    Question { align: center middle; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "send('sail')", "sail"),
        Binding("g", "send('go')", "go on"),
        Binding("a", "send('attack')", "attack", show=False),
        Binding("p", "send('pass')", "let pass", show=False),
        Binding("question_mark", "send('help')", "help"),
        Binding("colon,tab", "command", "command"),
        Binding("plus,equals_sign", "zoom(-1)", "zoom in", show=False),
        Binding("minus", "zoom(1)", "zoom out", show=False),
        Binding("left,h", "pan(-1, 0)", "pan", show=False),
        Binding("right,l", "pan(1, 0)", "pan", show=False),
        Binding("up,k", "pan(0, -1)", "pan", show=False),
        Binding("down,j", "pan(0, 1)", "pan", show=False),
        Binding("c", "centre", "centre", show=False),
        Binding("q,ctrl+c", "send('quit')", "save & quit"),
        *(Binding(str(d), f"digit({d})", show=False) for d in range(1, 10)),
    ]

    def __init__(self, session: VoyageSession, opening: list[str] | None = None) -> None:
        super().__init__()
        self.session = session
        self.opening = opening or []
        self.window: Window | None = None
        self.land: Any = None  # read on a worker once the screen is up
        self._clouds_at: tuple[Any, list[int]] = (None, [])
        self.digits = ""
        self.busy = False
        self.bridge = Bridge(self._write_from_thread, self._ask_from_thread)

    # --- the screen ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Chart(id="chart")
            with Vertical(id="side"):
                yield Static(id="status")
                yield Static(id="waits")
                yield Static(id="ship")
                yield Static(id="sight")
        yield RichLog(id="log", wrap=True, markup=False)
        yield Input(
            placeholder="a command (`help`); Escape: back to the keys",
            id="command",
            suggester=SuggestFromList(self._words(), case_sensitive=False),
        )
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"privateer: run {self.session.run_id}"
        log = self.query_one("#log", RichLog)
        for line in self.opening:
            log.write(line)
        self.call_after_refresh(self.refresh_panels)  # the chart drawn to its laid-out size
        self.query_one("#chart").focus()
        self._read_land()

    @work(thread=True, group="land")
    def _read_land(self) -> None:
        from privateer.cli.tui.land import load_land
        from privateer.db import open_database
        from privateer.db.world_read import world_source

        engine = open_database(self.session.store.path, read_only=True, notify=lambda _: None)
        with engine.connect() as conn:
            source = world_source(conn)
        engine.dispose()
        land = load_land(source)
        self.call_from_thread(self._land_read, land)

    def _land_read(self, land: Any) -> None:
        self.land = land
        self.refresh_panels()

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_panels)

    def refresh_panels(self) -> None:
        session = self.session
        view = session.game.observe(session.state)
        if self.window is None:
            self.window = Window(view["lon"], view["lat"])
        self._chart(view)
        status = [voyage_turn.prompt_text(session), voyage_turn.here(session)]
        self.query_one("#status", Static).update(Text("\n".join(status)))
        self.query_one("#status", Static).border_title = "status"
        waits = voyage_turn.context_lines(session) or ["nothing waits on you"]
        waits = [COLUMNS.sub("  ", line.strip()) for line in waits]  # a column's padding, narrowed
        self.query_one("#waits", Static).update(Text("\n".join(waits)))
        self.query_one("#waits", Static).border_title = voyage_turn.context(session)
        self._panel("#ship", "sheet", "ship")
        self._panel("#sight", "sight", "in sight")

    def _panel(self, widget: str, verb: str, title: str) -> None:
        lines = [line.rstrip() for line in voyage_turn.view_lines(self.session, verb)]
        panel = self.query_one(widget, Static)
        panel.update(Text("\n".join(line for line in lines if line.strip())))
        panel.border_title = title

    def _chart(self, view: dict[str, Any]) -> None:
        panel = self.query_one("#chart", Chart)
        width = max(10, panel.size.width - 2)
        height = max(4, panel.size.height - 2)
        assert self.window is not None
        self.window = self.window.following(view["lon"], view["lat"], width, height)
        rows = chart_rows(
            self.session.world, view, self.window, width, height, self.land, self._clouds()
        )
        panel.update(Text("\n").join(rows))
        panel.border_title = f"chart: {self.window.degrees:g} deg a column"
        panel.border_subtitle = key_text()[: max(0, width - 2)]

    def _clouds(self) -> list[int]:
        """Where the ships she has word of may be now: each live rumor's search area, as the
        browser's chart and `chart --run --day` draw it; worked out once a day and word, not
        again for every pan or zoom of the chart."""
        state = self.session.state
        key = (state.day, repr(state.rumors))
        if self._clouds_at[0] != key:
            picture = seen_picture(self.session.world, state, self.session.run_id)
            nodes = [node for ring in picture.rumors for node, _ in ring.search]
            self._clouds_at = (key, nodes)
        return self._clouds_at[1]

    def _words(self) -> list[str]:
        """What the command line completes: every command, a course to each port by name,
        and the yard's and the bar's goods by theirs (Right takes the completion)."""
        places = [p.name for p in self.session.world.ports]
        goods = [
            *(f"hire {hand}" for hand in CREW),
            *(f"upgrade {refit}" for refit in UPGRADES),
            *(f"buy {ship}" for ship in SHIPS),
        ]
        return [*COMMANDS, *ALIASES, *(f"course {p}" for p in places), *goods]

    # --- keys ---------------------------------------------------------------------------

    def action_command(self) -> None:
        self.query_one("#command", Input).focus()

    def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.focused is self.query_one("#command", Input):
            self.query_one("#chart").focus()
            event.stop()

    def action_zoom(self, step: int) -> None:
        if self.window is not None:
            self.window = self.window.zoomed(step)
            self.refresh_panels()

    def action_pan(self, columns: int, rows: int) -> None:
        if self.window is not None:
            self.window = self.window.panned(columns * PAN, rows * PAN // 2 or rows)
            self.refresh_panels()

    def action_centre(self) -> None:
        self.window = None
        self.refresh_panels()

    def action_digit(self, digit: int) -> None:
        """A digit answers what waits: two make a fight's keep (`12`), one the rest."""
        if voyage_turn.context(self.session) == "fight":
            self.digits += str(digit)
            if len(self.digits) < 2:
                self.query_one("#waits", Static).border_title = f"fight: keep {digit} and ..."
                return
            text, self.digits = self.digits, ""
            self.action_send(text)
            return
        self.action_send(str(digit))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.action_send(text)

    # --- doing ----------------------------------------------------------------------------

    def action_send(self, text: str) -> None:
        if self.busy:
            self.notify("still at it", timeout=1)
            return
        self.busy = True
        self.query_one("#log", RichLog).write(Text(f"> {text}", style="bold"))
        self._run(text)

    @work(thread=True, exclusive=True)
    def _run(self, text: str) -> None:
        session = self.session
        try:
            quitting = self.bridge.run(partial(line_screen.command, session), text)
        except IllegalVoyageAction as error:  # a refusal, said as the line mode says it
            self._write_from_thread(f"  not now: {error}")
            quitting = False
        self.call_from_thread(self._done, quitting)

    def _done(self, quitting: bool) -> None:
        self.busy = False
        session = self.session
        if quitting:
            self.exit(
                f"run {session.run_id} is saved on day {session.state.day}; "
                "`privateer play --resume` picks it up"
            )
            return
        self.refresh_panels()
        if session.over:
            outcome = session.state.outcome.replace("_", " ")
            self.exit(
                f"the voyage is over ({outcome}) on day {session.state.day}, run {session.run_id}"
            )

    def _write_from_thread(self, line: str) -> None:
        self.call_from_thread(self.query_one("#log", RichLog).write, line)

    def _ask_from_thread(self, question: str, answered: Future[str]) -> None:
        def show() -> None:
            self.push_screen(Question(question), lambda said: answered.set_result(said or "n"))

        self.call_from_thread(show)
