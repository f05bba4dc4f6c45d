"""The environments' registry: what each needs to know of its game (its view type, the caps of
its view's tuples, the fields left out of the vector, its action numbering and a default table).

A game registers here once (``register``) and plays as ``factories(game_id)`` in
``cardtable.env.aec``; a completeness test holds this list equal to the rules'."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardtable.core.registry import Registry
from cardtable.env.actions import (
    ActionTable,
    flip7_actions,
    pazaak_actions,
    pazu_actions,
    pazu_hand,
    pixies_actions,
)
from cardtable.env.encode import Encoder, Layout
from cardtable.games.flip7.state import MAX_TABLE_SEATS
from cardtable.games.flip7.view import Flip7View
from cardtable.games.pazaak.cards import SIDE_DECK_SIZE
from cardtable.games.pazaak.shared import BOARD_SIZE
from cardtable.games.pazaak.state import HAND_SIZE, SEATS
from cardtable.games.pazaak.view import PazaakView
from cardtable.games.pazu.state import MAX_SEATINGS, MAX_SEATS
from cardtable.games.pazu.view import PazuView
from cardtable.games.pixies.state import MAX_SEATS as PIXIES_SEATS
from cardtable.games.pixies.state import ROUNDS
from cardtable.games.pixies.view import PixiesObservation
from cardtable.games.registry import get

#: events and results of the set before: their facts already show on the boards and scores
_EVENTS = frozenset({"recent", "last_set"})
RANKS = 10
FLIP7_KINDS = 22


def _pazaak(config: Any) -> Layout:
    per_seat = {name: SEATS for name in ("sets_won", "boards", "totals", "standing")}
    per_seat |= {"tiebreakers": SEATS, "hand_counts": SEATS, "used": SEATS}
    caps = per_seat | {"cards": BOARD_SIZE, "hand": HAND_SIZE, "used[]": HAND_SIZE}
    return Layout(caps | {"unseen": RANKS}, _EVENTS)


def _pazu(config: Any) -> Layout:
    names = ("queue", "seated", "chips", "bids", "boards", "totals", "status", "stood_at")
    caps = {name: MAX_SEATINGS for name in (*names, "hand_counts", "bought", "spent")}
    caps |= {"revealed": MAX_SEATS, "cards": BOARD_SIZE, "hand": pazu_hand(config)}
    caps |= {"bought[]": config.max_sets, "spent[]": SIDE_DECK_SIZE, "unseen": RANKS}
    return Layout(caps, _EVENTS | {"config"})


def _pixies(config: Any) -> Layout:
    caps = {"revealed": PIXIES_SEATS, "pickers": PIXIES_SEATS, "grids": PIXIES_SEATS}
    caps |= {"cells": 9, "zone_cells": 9, "round_scores": ROUNDS, "round_scores[]": PIXIES_SEATS}
    return Layout(caps | {"totals": PIXIES_SEATS})


def _flip7(config: Any) -> Layout:
    caps = {"seats": MAX_TABLE_SEATS, "numbers": 8, "modifiers": 6, "options": MAX_TABLE_SEATS}
    caps |= {"flip_three": 3, "set_aside": 9, "deck_counts": FLIP7_KINDS}
    return Layout(caps | {"discard_counts": FLIP7_KINDS})


@dataclass(frozen=True)
class EnvGame:
    """One game as the environments see it."""

    game_id: str
    view_type: type
    layout: Callable[[Any], Layout]
    #: the versioned action numbering for a config (``cardtable.env.actions``)
    numbering: Callable[[Any], Sequence[Any]]
    default_seats: int
    #: rules options a fixed-size encoding needs: a Pazu-Pazaak table has no set limit by
    #: default, but its hands (four dealt, one bought a set) must fit the layout
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def rules(self) -> Any:
        return get(self.game_id).rules

    def config(self, seats: int | None) -> Any:
        return replace(self.rules.default_config(seats or self.default_seats), **dict(self.options))

    def encoder(self, config: Any) -> Encoder:
        return Encoder(self.view_type, self.layout(config))

    def actions(self, config: Any) -> ActionTable:
        return ActionTable(tuple(self.numbering(config)))


#: game id -> its environment, in menu order
ENV_GAMES: Registry[EnvGame] = Registry("an environment")


def register(game: EnvGame) -> EnvGame:
    return ENV_GAMES.register(game.game_id, game)


register(EnvGame("pazaak", PazaakView, _pazaak, pazaak_actions, 2))
register(EnvGame("pazu-pazaak", PazuView, _pazu, pazu_actions, 3, (("max_sets", 30),)))
register(EnvGame("pixies", PixiesObservation, _pixies, pixies_actions, 2))
register(EnvGame("flip7", Flip7View, _flip7, flip7_actions, 2))
