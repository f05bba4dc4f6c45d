"""Choose seats, rules options and seed before a match; Enter starts at once with the defaults.

The form is built from the game's pydantic options model (a Literal becomes a choice, a bool a
switch), so a new option appears here without screen code. Games with setup of their own (Pazaak's
side decks) subclass this screen and add fields through ``compose_extras``/``extra_options``.
"""

from __future__ import annotations

import typing
from typing import Any, ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from cardtable.core.seating import is_policy
from cardtable.core.seats import BOT_NAMES, Seat
from cardtable.games.registry import GameSpec

HUMAN = "human"


def literal_choices(annotation: Any) -> tuple[str, ...] | None:
    """The values of a ``Literal[...]`` annotation, else None."""
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    return None


class NewGameScreen(Screen[None]):
    """The setup form; ``start`` validates it and switches to the table."""

    DEFAULT_CSS = """
    NewGameScreen { align: center top; }
    NewGameScreen #form { width: 78; max-width: 100%; height: 1fr; padding: 0 1; }
    NewGameScreen .heading { text-style: bold; margin-top: 1; color: $primary; }
    NewGameScreen .row { height: 1; margin-bottom: 1; }
    NewGameScreen .row Switch { height: 1; border: none; padding: 0; }
    NewGameScreen .row Label { width: 22; padding: 0 1 0 0; }
    NewGameScreen .row Select { width: 1fr; }
    NewGameScreen .row Input { width: 1fr; }
    NewGameScreen #problem { color: $error; height: auto; }
    NewGameScreen #start { margin-top: 1; width: 100%; }
    """
    BINDINGS: ClassVar[list[Binding]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "app.pop_screen", "Back", show=False),
    ]
    #: option fields the generic form leaves to a subclass (or to their defaults)
    HANDLED_ELSEWHERE: ClassVar[frozenset[str]] = frozenset({"mode"})

    def __init__(
        self, spec: GameSpec, seats: tuple[Seat, ...], options: Any, seed: int | None
    ) -> None:
        super().__init__()
        self.spec = spec
        self.seats = seats
        self.options = options
        self.seed = seed

    # -- form ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static(f"New game of {self.spec.title}", classes="heading")
            yield Static("Seats", classes="heading")
            levels = [(HUMAN, HUMAN)] + [(f"bot: {lvl}", lvl) for lvl in self.spec.bots]
            policies = [(s.bot, s.bot) for s in self.seats if s.bot and is_policy(s.bot)]
            for i, seat in enumerate(self.seats):
                with Horizontal(classes="row"):
                    yield Label(f"Seat {i + 1}")
                    yield Select(
                        levels + policies,
                        value=seat.bot or HUMAN,
                        allow_blank=False,
                        compact=True,
                        id=f"seat-{i}",
                    )
            yield from self.compose_options()
            yield from self.compose_extras()
            with Horizontal(classes="row"):
                yield Label("Seed (blank: random)")
                yield Input(
                    "" if self.seed is None else str(self.seed),
                    type="integer",
                    compact=True,
                    id="seed",
                )
            yield Static(id="problem", markup=False)
            yield Button("Start (Enter)", id="start", variant="primary")
        yield Footer()

    def compose_options(self) -> ComposeResult:
        fields = self.spec.options_model.model_fields
        shown = [n for n in fields if n not in self.HANDLED_ELSEWHERE]
        if shown:
            yield Static("Rules options", classes="heading")
        for name in shown:
            annotation, value = fields[name].annotation, getattr(self.options, name)
            choices = literal_choices(annotation)
            label = Label(name.replace("_", " "))
            if choices:
                with Horizontal(classes="row"):
                    yield label
                    yield Select(
                        [(c, c) for c in choices],
                        value=str(value),
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{name}",
                    )
            elif annotation is bool:
                with Horizontal(classes="row"):
                    yield label
                    yield Switch(bool(value), id=f"opt-{name}")

    def compose_extras(self) -> ComposeResult:
        """Game-specific setup fields (none by default)."""
        yield from ()

    def extra_options(self) -> dict[str, Any]:
        """Values of the game-specific fields for the options model."""
        return {}

    def make_config(self, options: Any, seats: tuple[Seat, ...]) -> Any:
        """The core config; ValueError (shown on the form) when the choices don't fit."""
        return options.to_config(len(seats))

    # -- reading the form ----------------------------------------------------------------------

    def chosen_seats(self) -> tuple[Seat, ...]:
        kinds = [self.query_one(f"#seat-{i}", Select).value for i in range(len(self.seats))]
        humans = sum(1 for k in kinds if k == HUMAN)
        seats, bot_index = [], 0
        for i, kind in enumerate(kinds):
            if kind == HUMAN:
                seats.append(Seat("You" if humans == 1 else f"Player {i + 1}"))
            else:
                seats.append(Seat(BOT_NAMES[bot_index % len(BOT_NAMES)], str(kind)))
                bot_index += 1
        return tuple(seats)

    def chosen_options(self) -> Any:
        values = self.options.model_dump()
        for name in self.spec.options_model.model_fields:
            for widget in self.query(f"#opt-{name}"):
                values[name] = widget.value
        values.update(self.extra_options())
        return self.spec.options_model(**values)

    def action_start(self) -> None:
        problem = self.query_one("#problem", Static)
        seats = self.chosen_seats()
        if not any(s.is_human for s in seats):
            problem.update("At least one seat must be a person (bots-only games: 'cardtable sim').")
            return
        try:
            options = self.chosen_options()
            config = self.make_config(options, seats)
        except ValidationError as error:
            first = error.errors()[0]
            problem.update(f"{'.'.join(map(str, first['loc'])) or 'options'}: {first['msg']}")
            return
        except ValueError as error:
            problem.update(str(error))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        self.app.start_match(self.spec, config, seats, seed)  # type: ignore[attr-defined]

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            event.stop()
            self.action_start()
