"""War in every layer but the rules: its options model, table screen, blurb and progress line,
cues, screenshot scene and learning environment, each in the form that layer's registry takes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from cardtable.core.seats import Seat
from cardtable.env.encode import Layout
from cardtable.env.games import ENV_GAMES, EnvGame
from cardtable.games.registry import GAMES, GameSpec
from cardtable.persist.options import OPTIONS, GameOptions, rules_default
from cardtable.plain.games import READERS
from cardtable.plain.reading import Move, Reader
from cardtable.session import LocalSession
from cardtable.tools.shots import GAME_SHOTS, Shot, settle
from cardtable.ui.cues import CueReaders, lands
from cardtable.ui.games import GAME_UIS, GameUi
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tablescreens import TABLE_SCREENS, TableScreens, table_screen
from cardtable.ui.widgets.log import MoveLog
from tests.fifth_game.rules import (
    BOTS,
    MAX_SEATS,
    RULES,
    CardPlayed,
    Play,
    WarConfig,
    WarView,
    card_name,
)
from tests.fifth_game.rules import (
    card_words as war_card_words,
)

SPEC = GameSpec(
    "war",
    "War",
    (RULES.min_seats, RULES.max_seats),
    tuple(BOTS),
    lambda: RULES,
    lambda: BOTS,
    str(Path(__file__).with_name("rules.md")),
)


class WarOptions(GameOptions):
    hand_size: int = Field(
        default=rules_default(WarConfig, "hand_size"), description="Cards dealt to each player."
    )

    def to_config(self, seats: int) -> WarConfig:
        return WarConfig(seats, self.hand_size)


class WarTable(TableScreen):
    """The trick on the table, the person's hand numbered for the keys 1 to 9, and the log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(str(n), f"play({n - 1})", f"Play card {n}", show=n == 1) for n in range(1, 10)
    ]

    def compose_table(self) -> ComposeResult:
        yield Static(id="war-scores", markup=False)
        yield Static(id="war-trick", markup=False)
        yield Static(id="war-hand", markup=False)
        yield MoveLog()

    def show(self, observation: WarView) -> None:
        scores = ", ".join(
            f"{self.seat_name(seat)} {n}" for seat, n in enumerate(observation.tricks)
        )
        trick = " ".join(card_name(card) for card in observation.trick) or "(empty)"
        hand = observation.hand or ()
        self.query_one("#war-scores", Static).update(f"Tricks: {scores}")
        self.query_one("#war-trick", Static).update(f"Trick: {trick}")
        self.query_one("#war-hand", Static).update(
            "Hand: " + "  ".join(f"{n}:{card_name(card)}" for n, card in enumerate(hand, 1))
        )

    def action_play(self, index: int) -> None:
        hand = self.session.observe().hand
        if hand and 0 <= index < len(hand):
            self.play_human(Play(hand[index]))


def _cues() -> CueReaders:
    return {CardPlayed: lands}


def _progress(view: WarView) -> str:
    return f"{sum(view.tricks)} tricks played"


def table_app(seed: int = 3) -> Any:
    """The app on a table of War: the person against the easy bot."""
    from cardtable.ui.app import CardtableApp

    seats = (Seat("You"), Seat("Revan", "easy"))
    session = LocalSession.new(SPEC, RULES.default_config(2), seats, seed)
    return CardtableApp(lambda app: table_screen(session), bot_pause=0)


def _shots() -> tuple[Shot, ...]:
    return (Shot("war-table", table_app, settle, size=(80, 24)),)


def _layout(config: WarConfig) -> Layout:
    caps = {"hand": config.hand_size, "hand_counts": MAX_SEATS, "trick": MAX_SEATS}
    return Layout(caps | {"tricks": MAX_SEATS})


class WarReader(Reader):
    """War read aloud: cards as "queen of hearts", the trick and the tricks taken."""

    def card_words(self, token: str) -> str | None:
        return war_card_words(token)

    def moves(self, view: Any, legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
        return [Move(f"play {war_card_words(card_name(play.card))}", play) for play in legal]

    def board(self, view: Any, names: Sequence[str]) -> list[str]:
        trick = ", ".join(war_card_words(card_name(card)) or "" for card in view.trick)
        return [f"On the table: {trick or 'nothing yet'}.", self.score(view, names)]

    def hand(self, view: Any, names: Sequence[str]) -> str:
        cards = [war_card_words(card_name(card)) or "" for card in view.hand or ()]
        return f"Your hand: {', '.join(cards) or 'empty'}."

    def score(self, view: Any, names: Sequence[str]) -> str:
        return "Tricks: " + ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.tricks)) + "."


def _numbering(config: WarConfig) -> tuple[Play, ...]:
    return tuple(Play(card) for card in range(52))


@contextmanager
def registered_everywhere() -> Iterator[None]:
    """War in every layer's registry for the ``with`` block, and in none after it."""
    with ExitStack() as stack:
        stack.enter_context(GAMES.registered("war", SPEC))
        stack.enter_context(OPTIONS.registered("war", lambda: WarOptions))
        stack.enter_context(
            GAME_UIS.registered(
                "war", GameUi("2–4 players · high card takes the trick", _progress, _cues)
            )
        )
        stack.enter_context(TABLE_SCREENS.registered("war", TableScreens(lambda: WarTable)))
        stack.enter_context(GAME_SHOTS.registered("war", _shots))
        stack.enter_context(
            ENV_GAMES.registered("war", EnvGame("war", WarView, _layout, _numbering, 2))
        )
        stack.enter_context(READERS.registered("war", WarReader()))
        yield
