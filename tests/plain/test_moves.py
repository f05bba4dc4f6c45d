"""The prompt's moves against the rules, in positions from random play: every listed move is
accepted (by number and by its words), every legal move is listed, nothing unlisted is taken;
and what a seat reads is the same whatever hidden cards the others hold."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.match import Match
from cardtable.core.rng import derive_rng
from cardtable.games.pazaak.actions import PlaySide
from cardtable.games.registry import get
from cardtable.plain.entry import COMMANDS, Chosen, Problem, read_entry
from cardtable.plain.games import READERS

SEATS = {"pazaak": 2, "pazu-pazaak": 3, "pixies": 3, "flip7": 3}
NAMES = ["You", "Revan", "Bastila"]


def position(game: str, seed: int, plies: int) -> Match:
    """A match after up to ``plies`` random legal moves, stopped short of the one that would
    end it, so every example is a position someone is to move in (a set that ended is dealt
    on)."""
    rules = get(game).rules
    config = rules.default_config(SEATS[game])
    rng = random.Random(seed)
    actions: list[Any] = []
    state, _ = rules.new_game(config, seed)
    for _ in range(plies):
        legal = rules.legal_actions(state)
        action = legal[int(rng.random() * len(legal))]
        following, _ = rules.apply(state, action)
        if rules.is_over(following):
            break
        state = following
        actions.append(action)
    match = Match.replay(rules, config, seed, actions)
    match.take_chance_steps()
    return match


def same_play(a: Any, b: Any, hand: Any) -> bool:
    """Two hand cards alike played the same way are one listed choice."""
    return (
        isinstance(a, PlaySide)
        and isinstance(b, PlaySide)
        and hand[a.index] == hand[b.index]
        and a.value == b.value
    )


positions = st.tuples(st.sampled_from(sorted(SEATS)), st.integers(0, 10**6), st.integers(0, 300))


@settings(max_examples=120, deadline=None)
@given(positions)
def test_every_listed_move_is_legal_and_every_legal_move_listed(
    where: tuple[str, int, int],
) -> None:
    game, seed, plies = where
    match = position(game, seed, plies)
    seat = match.to_move
    view, legal = match.observe(seat), match.legal_actions()
    moves = READERS[game].moves(view, legal, NAMES)
    listed = [m.action for m in moves if m.amount is None]
    for move in moves:
        if move.amount is not None:
            amounts = {move.low, move.high, (move.low + move.high) // 2}
            assert all(match.game.is_legal(match.state, move.amount(n)) for n in amounts)
            over = read_entry(f"{move.words.split()[0]} {move.high + 1}", moves, COMMANDS)
            assert isinstance(over, Problem)
    assert all(action in legal for action in listed), "a listed move the rules refuse"
    hand = getattr(view, "hand", None)
    for action in legal:
        covered = any(
            m.amount is not None and m.low <= getattr(action, "amount", -1) <= m.high for m in moves
        )
        assert covered or any(a == action or same_play(a, action, hand) for a in listed)
    for number, move in enumerate(moves, 1):
        by_number = read_entry(str(number), moves, COMMANDS)
        by_words = read_entry(move.words, moves, COMMANDS)
        if move.amount is None:
            assert by_number == Chosen(move.action, move.words)
            assert isinstance(by_words, Chosen) and by_words.action == move.action
        else:
            assert isinstance(by_number, Problem)
    assert isinstance(read_entry(str(len(moves) + 1), moves, COMMANDS), Problem)
    # a move of another kind of turn is no move here
    for words in ("stand", "hit", "take blue 9", "bid 1", "keep the new 5", "send Revan away"):
        entry = read_entry(words, moves, COMMANDS)
        if isinstance(entry, Chosen):
            assert entry.action in legal or match.game.is_legal(match.state, entry.action)


def readings(game: str, state: Any, seat: int) -> list[str]:
    """Everything the plain table tells ``seat`` of a position."""
    rules = get(game).rules
    view, reader = rules.observe(state, seat), READERS[game]
    lines = [*reader.board(view, NAMES), reader.hand(view, NAMES), reader.score(view, NAMES)]
    lines += reader.odds(view, NAMES)
    if rules.to_move(state) == seat:
        lines += [m.words for m in reader.moves(view, rules.legal_actions(state), NAMES)]
    return lines


@settings(max_examples=120, deadline=None)
@given(positions, st.integers(0, 2))
def test_what_a_seat_reads_is_the_same_whatever_the_others_hold(
    where: tuple[str, int, int], seat: int
) -> None:
    game, seed, plies = where
    match = position(game, seed, plies)
    seat %= SEATS[game]
    rules = match.game
    twin = rules.redeal_hidden(match.state, seat, derive_rng(seed, "plain", plies))
    assert readings(game, twin, seat) == readings(game, match.state, seat)
