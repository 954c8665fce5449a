"""A yes/no question as a dialog over any full screen: what the act costs, then the question;
y or Yes takes it, n, No or Escape does not."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label


class Question(ModalScreen[str]):
    """A y/N guard (or "did you mean ...?") as a dialog: y or Enter on Yes, n or Escape no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('y')", "yes"),
        Binding("n", "answer('n')", "no"),
        Binding("escape", "answer('n')", "no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Label(self.question or "Are you sure?")
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="warning")
                yield Button("No (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("y" if event.button.id == "yes" else "n")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
