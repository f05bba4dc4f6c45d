"""Hand-built Pazu-Pazaak positions: boards from card lists, tables at a chosen moment."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.games.pazaak.cards import Card, parse_all
from cardtable.games.pazaak.shared import EMPTY, Board, add_main, play_side
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import PazuConfig, PazuState, Phase, Status


def board(*items: int | tuple[str, int]) -> Board:
    """A board from main ranks (ints) and side cards (``("±3", -3)``: label, value played)."""
    boards: tuple[Board, ...] = (EMPTY,)
    for item in items:
        if isinstance(item, int):
            boards = (add_main(boards[0], item),)
        else:
            (card,) = parse_all(item[0])
            boards = play_side(boards, 0, card, item[1])[0]
    return boards[0]


def cards(text: str) -> tuple[Card, ...]:
    return parse_all(text)


def config(seats: int = 3, **options: Any) -> PazuConfig:
    return PazuConfig.with_decks(("balanced",) * seats, **options)


def fresh(seats: int = 3, seed: int = 1, **options: Any) -> PazuState:
    """A new game, bidding about to open."""
    return RULES.new_game(config(seats, **options), seed)[0]


def at_turn(
    boards: list[Board],
    *,
    mover: int = 0,
    status: list[Status] | None = None,
    deck: tuple[int, ...] = (),
    hands: list[str] | None = None,
    ante: int = 10,
    chips: list[int] | None = None,
    set_pot: int | None = None,
    pazaak_pot: int = 0,
    stood_at: list[int] | None = None,
    **options: Any,
) -> PazuState:
    """The table in the middle of a set, ``mover`` to play after their draw.

    Chips default to 200 less the ante each; the Set Pot to the antes of the players in the set.
    """
    seats = len(boards)
    status = status or [Status.ACTIVE] * seats
    playing = sum(1 for s in status if s is not Status.OUT)
    base = fresh(seats, **options)
    hands_cards = tuple(cards(h) for h in hands) if hands else ((),) * seats
    return replace(
        base,
        set_number=1,
        phase=Phase.TURN,
        queue=(mover,),
        first=mover,
        chips=tuple(chips) if chips else (base.config.start_chips - ante,) * seats,
        set_pot=ante * playing if set_pot is None else set_pot,
        pazaak_pot=pazaak_pot,
        hands=hands_cards,
        bought=((),) * seats,
        spent=((),) * seats,
        ante=ante,
        bids=(0,) * seats,
        revealed=(),
        boards=tuple(boards),
        status=tuple(status),
        stood_at=tuple(stood_at) if stood_at else (0,) * seats,
        played_side=False,
        deck=deck,
    )


def play(state: PazuState, *actions: Any) -> tuple[PazuState, list[Any]]:
    """Apply ``actions`` in turn; the state after them and every event they made."""
    events: list[Any] = []
    for action in actions:
        state, made = RULES.apply(state, action)
        events.extend(made)
    return state, events


def of_type(events: list[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]
