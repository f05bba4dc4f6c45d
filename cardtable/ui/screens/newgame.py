"""Choose seats, rules options and seed before a match; Enter starts at once with the defaults.

The form is built from the game's pydantic options model (a Literal becomes a ◀ ▶ stepper, a bool a
switch saying on or off, an int a number field), so a new option appears here without screen code.
Seats are added and removed within the game's limits. Games with setup of their own (Pazaak's side
decks) subclass this screen: ``compose_extras``/``extra_options``, and ``seats_changed``.

The seats and the Start button come in the first frame; the option fields, which need pydantic
(a third of a bare Textual app's start-up), are composed right after it (``DeferredFields``).
Start pressed before they are there starts as soon as they are.
"""

from __future__ import annotations

import time
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.lazy import Lazy
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static, Switch

from cardtable.core.seating import is_policy
from cardtable.core.seats import BOT_NAMES, Seat
from cardtable.games.levelratings import level_rating
from cardtable.games.registry import GameSpec
from cardtable.ui.widgets.footer import Footer
from cardtable.ui.widgets.stepper import Stepper

if TYPE_CHECKING:
    from textual import getters

    from cardtable.persist.options import GameOptions
    from cardtable.ui.app import CardtableApp

HUMAN = "human"


def literal_choices(annotation: Any) -> tuple[str, ...] | None:
    """The values of a ``Literal[...]`` annotation, else None."""
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    return None


def bot_label(game_id: str, level: str) -> str:
    """A bot level as a seat's choice, with its rating when measured: "bot: hard ≈ 1,780"."""
    rating = level_rating(game_id, level)
    return f"bot: {level}" if rating is None else f"bot: {level} ≈ {rating:,}"


def on_off(value: bool) -> str:
    return "on" if value else "off"


#: a number option that may be left out
OPTIONAL_INT = int | None


class DeferredFields(Vertical):
    """The form's option and game-specific fields, mounted after the first frame (``Lazy``)."""

    DEFAULT_CSS = "DeferredFields { height: auto; }"

    def __init__(self, form: NewGameScreen) -> None:
        super().__init__(id="deferred-fields")
        self.form = form

    def compose(self) -> ComposeResult:
        yield from self.form.compose_options()
        yield from self.form.compose_extras()

    async def on_mount(self) -> None:
        await self.form.fields_shown()


class NewGameScreen(Screen[None]):
    """The setup form; ``start`` validates it and switches to the table."""

    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    NewGameScreen { align: center top; }
    NewGameScreen #form { width: 78; max-width: 100%; height: 1fr; padding: 0 1; }
    NewGameScreen .heading { text-style: bold; margin-top: 1; color: $primary; }
    NewGameScreen .row { height: 1; margin-bottom: 1; }
    NewGameScreen .row Switch { height: 1; border: none; padding: 0; }
    NewGameScreen .row Label { width: 22; padding: 0 1 0 0; }
    NewGameScreen .row Select { width: 1fr; }
    NewGameScreen .row Stepper { width: 1fr; }
    NewGameScreen .row Input { width: 1fr; }
    NewGameScreen .row Switch { width: 8; background: $panel; }
    NewGameScreen .row Switch > .switch--slider { color: $error 60%; background: $panel; }
    NewGameScreen .row Switch.-on > .switch--slider { color: $success; }
    NewGameScreen .row .on-off { width: auto; padding: 0 1; text-style: bold; }
    NewGameScreen #seat-rows { height: auto; }
    NewGameScreen #seat-buttons { height: 1; margin-bottom: 1; }
    NewGameScreen #seat-buttons Button { margin-right: 2; }
    NewGameScreen #problem { color: $error; height: auto; }
    NewGameScreen #start { margin-top: 1; width: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        # Enter starts from a seat or option stepper too (a field, switch or list takes its own)
        Binding("enter", "start", "Start", show=False),
        Binding("plus", "add_seat", "Add seat", show=False),
        Binding("minus", "remove_seat", "Remove seat", show=False),
        Binding("escape", "app.pop_screen", "Back", show=False),
    ]
    #: option fields the generic form leaves to a subclass (or to their defaults)
    HANDLED_ELSEWHERE: ClassVar[frozenset[str]] = frozenset({"mode"})

    def __init__(
        self, spec: GameSpec, seats: tuple[Seat, ...], options: Any, seed: int | None
    ) -> None:
        super().__init__()
        self.spec = spec
        #: the seats the form opened with; ``seat_count`` rows are shown now
        self.seats = seats
        self.seat_count = len(seats)
        #: the options the form opened with; None: the model's defaults, made with the fields
        self.options = options
        self.seed = seed
        #: the deferred fields are mounted; until then Start waits for them
        self.fields_ready = False
        self.start_pending = False

    # -- form ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static(f"New game of {self.spec.title}", classes="heading")
            yield Static(self.seats_heading(), classes="heading", id="seats-heading")
            with Vertical(id="seat-rows"):
                for i, seat in enumerate(self.seats):
                    yield self.seat_row(i, seat.bot or HUMAN)
            if self.spec.min_seats < self.spec.max_seats:
                with Horizontal(id="seat-buttons"):
                    yield Button("Add a seat (+)", id="add-seat", compact=True)
                    yield Button("Remove a seat (-)", id="remove-seat", compact=True)
            yield Lazy(DeferredFields(self))
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

    @property
    def options_model(self) -> type[GameOptions]:
        from cardtable.persist.options import options_model  # pydantic: after the first frame

        return options_model(self.spec.id)

    def compose_options(self) -> ComposeResult:
        if self.options is None:
            self.options = self.options_model()
        fields = self.options_model.model_fields
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
                    yield Stepper([(c, c) for c in choices], str(value), id=f"opt-{name}")
            elif annotation is bool:
                with Horizontal(classes="row", id=f"row-{name}"):
                    yield label
                    yield Switch(bool(value), id=f"opt-{name}")
                    yield Static(on_off(bool(value)), classes="on-off", id=f"onoff-{name}")
            elif annotation in (int, OPTIONAL_INT):
                # an optional number left empty means none (Pazu-Pazaak's set limit: no limit)
                with Horizontal(classes="row"):
                    yield label
                    yield Input(
                        "" if value is None else str(value),
                        placeholder="none" if annotation == OPTIONAL_INT else "",
                        type="integer",
                        compact=True,
                        id=f"opt-{name}",
                    )

    def compose_extras(self) -> ComposeResult:
        """Game-specific setup fields (none by default)."""
        yield from ()

    async def fields_shown(self) -> None:
        """The deferred fields are mounted: bring them in line with the seats, and start if
        Start was pressed before they came."""
        self.fields_ready = True
        await self.seats_changed(self.seat_count)
        if self.start_pending:
            self.action_start()

    # -- seats -------------------------------------------------------------------------------

    def seats_heading(self) -> str:
        return f"Seats: {self.seat_count} (this game takes {self.spec.seat_range})"

    def seat_row(self, index: int, kind: str) -> Horizontal:
        levels = [(HUMAN, HUMAN)] + [
            (bot_label(self.spec.id, lvl), lvl) for lvl in self.spec.levels
        ]
        # a policy seat given on the command line stays on offer to every seat
        policies = [(s.bot, s.bot) for s in self.seats if s.bot and is_policy(s.bot)]
        choice = Stepper(levels + policies, kind, id=f"seat-{index}")
        return Horizontal(Label(f"Seat {index + 1}"), choice, classes="row", id=f"seat-row-{index}")

    async def action_add_seat(self) -> None:
        if self.seat_count >= self.spec.max_seats:
            self.say(f"{self.spec.title} takes at most {self.spec.max_seats} players.")
            return
        await self.query_one("#seat-rows").mount(
            self.seat_row(self.seat_count, self.spec.levels[-1])
        )
        self.seat_count += 1
        await self.after_seat_change()

    async def action_remove_seat(self) -> None:
        if self.seat_count <= self.spec.min_seats:
            self.say(f"{self.spec.title} takes at least {self.spec.min_seats} players.")
            return
        self.seat_count -= 1
        await self.query_one(f"#seat-row-{self.seat_count}").remove()
        await self.after_seat_change()

    async def after_seat_change(self) -> None:
        self.say("")
        self.query_one("#seats-heading", Static).update(self.seats_heading())
        if self.fields_ready:
            await self.seats_changed(self.seat_count)

    async def seats_changed(self, count: int) -> None:
        """A seat was added or removed, or the deferred fields came (games with per-seat fields
        follow the count here)."""

    def say(self, problem: str) -> None:
        self.query_one("#problem", Static).update(problem)

    def extra_options(self) -> dict[str, Any]:
        """Values of the game-specific fields for the options model."""
        return {}

    def make_config(self, options: Any, seats: tuple[Seat, ...]) -> Any:
        """The core config; ValueError (shown on the form) when the choices don't fit."""
        return options.to_config(len(seats))

    # -- reading the form ----------------------------------------------------------------------

    def chosen_seats(self) -> tuple[Seat, ...]:
        kinds = [self.query_one(f"#seat-{i}", Stepper).value for i in range(self.seat_count)]
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
        for name, field in self.options_model.model_fields.items():
            for widget in self.query(f"#opt-{name}"):
                assert isinstance(widget, Stepper | Switch | Input), "an option field"
                empty = widget.value == "" and field.annotation == OPTIONAL_INT
                values[name] = None if empty else widget.value
        values.update(self.extra_options())
        return self.options_model(**values)

    def action_start(self) -> None:
        from pydantic import ValidationError

        if not self.fields_ready:
            self.start_pending = True
            return
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
        from cardtable.core.codec import encode
        from cardtable.persist.rebuild import slot_name

        slot = slot_name(self.spec.id, encode(config))
        self.start_unless_kept(slot, lambda: self.app.start_match(self.spec, config, seats, seed))

    def start_unless_kept(self, slot: str, start: Callable[[], None]) -> None:
        """One save per game (and mode): a new game would replace the saved one, so ask first."""
        saved = self.app.saves.latest(slot)
        if saved is None:
            start()
            return
        from cardtable.ui.saved import game_title, save_title
        from cardtable.ui.screens.result import ResultScreen

        minutes = max(0, round((time.time() - saved.record.saved_at) / 60))
        ago = "just now" if minutes == 0 else f"{minutes} min ago"
        details = (
            f"Your saved game, {save_title(saved)}, was saved {ago}. A new game replaces it; "
            "to go on with it, keep it and choose it on the home screen."
        )
        choices = (("keep", "Keep the saved game"), ("replace", "Start a new game"))
        verdict = f"Replace your saved {game_title(self.spec, saved.record.config)} game?"
        self.app.push_screen(
            ResultScreen(verdict, details, choices),
            lambda choice: start() if choice == "replace" else None,
        )

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        name = (event.switch.id or "").removeprefix("opt-")
        self.query_one(f"#onoff-{name}", Static).update(on_off(event.value))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            event.stop()
            self.action_start()
        elif event.button.id in ("add-seat", "remove-seat"):
            event.stop()
            await (
                self.action_add_seat()
                if event.button.id == "add-seat"
                else self.action_remove_seat()
            )
