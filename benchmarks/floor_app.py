"""The floor of the terminal benchmarks: a minimal Textual app, one ``Static`` showing
``count N``; ``space`` adds one, ``q`` quits."""

from textual.app import App, ComposeResult
from textual.widgets import Static


class Floor(App[None]):
    BINDINGS = [("space", "bump", "bump"), ("q", "quit", "quit")]  # noqa: RUF012

    def compose(self) -> ComposeResult:
        self.count = 0
        yield Static("count 0")

    def action_bump(self) -> None:
        self.count += 1
        self.query_one(Static).update(f"count {self.count}")


if __name__ == "__main__":
    Floor().run()
