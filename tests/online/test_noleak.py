"""No hidden card travels: what a seat is sent cannot tell a position from one with the hidden
cards dealt afresh (``redeal_hidden``), and neither can the events of the next move."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.codec import encode
from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.online.tables import Table


@dataclass
class _Peer:
    seat: int | None
    sent: int
    noted: int = 0


def _table(game: str, match: Match) -> Table:
    seats = tuple(Seat(f"P{i}") for i in range(match.game.seat_count(match.state)))
    return Table("t", GAMES[game], match, seats, [], "AAAAA", "CCCCC")


def _sent(table: Table, seat: int | None) -> str:
    """The update ``seat`` gets for the position now (the history it already has)."""
    return table.update_for(_Peer(seat, len(table.match.events))).decode()


def _told(match: Match, events: tuple[object, ...], seat: int) -> list[object]:
    rules = match.game
    return [(encode(rules.event_for(e, seat)), rules.describe(e, seat)) for e in events]


@pytest.mark.every_game(at=3)
@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120))
def test_a_seat_cannot_tell_the_hidden_cards_apart(
    game_id: str, seats: int, seed: int, moves: int
) -> None:
    game = game_id
    rules = GAMES[game].rules
    match = Match.new(rules, rules.default_config(seats), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.play(pick(match.legal_actions(), rng))
    for seat in range(rules.seat_count(match.state)):
        other = replace(match, state=rules.redeal_hidden(match.state, seat, rng))
        table, twin = _table(game, match), _table(game, other)
        sent = _sent(table, seat)
        assert sent == _sent(twin, seat)
        assert ('"seed":null' in sent) != match.is_over  # the seed is the whole deck order
        if match.is_over or match.to_move == seat:
            continue
        # the next move by someone else: if it shows this seat the same position in both,
        # its events must tell this seat the same things too
        action = pick(match.legal_actions(), rng)
        if not rules.is_legal(other.state, action):
            continue
        after, events = rules.apply(match.state, action)
        after_twin, events_twin = rules.apply(other.state, action)
        if rules.observe(after, seat) == rules.observe(after_twin, seat):
            assert _told(match, events, seat) == _told(other, events_twin, seat)


def test_an_update_is_made_once_per_audience() -> None:
    match = Match.new(GAMES["pazaak"].rules, GAMES["pazaak"].rules.default_config(2), 7)
    table = _table("pazaak", match)
    peers = [_Peer(0, 0), _Peer(None, 0), _Peer(1, 0), _Peer(None, 0), _Peer(None, 3)]
    texts = table.updates_for(peers)
    # the two spectators told as little get one text; each seat its own, as update_for makes it
    assert texts[1] is texts[3] and texts[1] != texts[4]
    assert texts[0].decode() == _fresh(table, 0) and texts[2].decode() == _fresh(table, 1)
    assert texts[0] != texts[2]
    assert {peer.sent for peer in peers} == {len(match.events)}


def _fresh(table: Table, seat: int) -> str:
    """What ``seat`` is told on first sitting down, made for it alone."""
    return table.update_for(_Peer(seat, 0)).decode()
