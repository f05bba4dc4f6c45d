"""How a Pixies game moves: reveals, picks and their placement scenarios, round and game ends.

Every function takes a state already known to allow the step and returns the next state with
the events it made; legality is checked once, in rules.py.
"""

from __future__ import annotations

from dataclasses import replace

from cardtable.core.rng import derive_rng, randbelow, shuffled
from cardtable.games.pixies.cards import DECK, DECK_SIZE, NUMBER
from cardtable.games.pixies.events import (
    CardPlaced,
    CardsRevealed,
    CardTaken,
    DuplicateSettled,
    GameEnded,
    GridFilled,
    PlacedFaceDown,
    RoundEnd,
    RoundEnded,
    RoundStarted,
)
from cardtable.games.pixies.scoring import ZONE_VALUES, ScoreBreakdown, breakdown
from cardtable.games.pixies.state import (
    EMPTY_GRID,
    ROUNDS,
    Grid,
    Phase,
    PixiesConfig,
    PixiesState,
)

Events = list[object]
Step = tuple[PixiesState, tuple[object, ...]]


def new_game(config: PixiesConfig, seed: int) -> Step:
    """Round 1, led by a seat drawn from the seed."""
    leader = randbelow(derive_rng(seed, "leader"), config.seats)
    events: Events = []
    return _start_round(config, seed, leader, (), events), tuple(events)


def turn_order(seats: int, leader: int) -> tuple[int, ...]:
    """Who picks this turn: F,S,F,S with two players, else once each in seat order."""
    if seats == 2:
        return (leader, 1 - leader, leader, 1 - leader)
    return tuple((leader + i) % seats for i in range(seats))


def take(state: PixiesState, index: int) -> Step:
    """Take a revealed card; scenario 1 places it at once, scenarios 2 and 3 wait for a choice."""
    card = state.revealed[index]
    revealed = state.revealed[:index] + state.revealed[index + 1 :]
    seat = state.order[0]
    grid = state.grids[seat]
    cell = NUMBER[card] - 1
    face = DECK[card]
    events: Events = [CardTaken(seat, face)]
    if grid.up[cell] is None:
        events.append(CardPlaced(seat, face, cell + 1, grid.down[cell] is not None))
        placed = Grid(_put(grid.up, cell, card), grid.down, grid.occupied | 1 << cell)
        return _finish_pick(state, revealed, placed, events)
    phase = Phase.FACE_DOWN if grid.down[cell] is not None else Phase.KEEP
    return _waiting(state, phase, revealed, card), tuple(events)


def keep(state: PixiesState, keep_new: bool) -> Step:
    """Scenario 2: one of the two same-number cards stays up, the other is tucked under it."""
    seat, card = state.order[0], state.pending
    assert card is not None
    grid = state.grids[seat]
    cell = NUMBER[card] - 1
    old = grid.up[cell]
    top, tucked = (card, old) if keep_new else (old, card)
    assert top is not None
    new_grid = Grid(_put(grid.up, cell, top), _put(grid.down, cell, tucked), grid.occupied)
    events: Events = [DuplicateSettled(seat, cell + 1, DECK[top], keep_new)]
    return _finish_pick(state, state.revealed, new_grid, events)


def place_face_down(state: PixiesState, space: int) -> Step:
    """Scenario 3: the pending card goes face-down on an empty space."""
    seat = state.order[0]
    grid = state.grids[seat]
    cell = space - 1
    new_grid = Grid(grid.up, _put(grid.down, cell, state.pending), grid.occupied | 1 << cell)
    return _finish_pick(state, state.revealed, new_grid, [PlacedFaceDown(seat, space)])


def _put(cells: tuple[int | None, ...], cell: int, card: int | None) -> tuple[int | None, ...]:
    return cells[:cell] + (card,) + cells[cell + 1 :]


def _waiting(state: PixiesState, phase: Phase, revealed: tuple[int, ...], card: int) -> PixiesState:
    """The same seat still to decide where ``card`` goes."""
    s = state
    return PixiesState(
        s.config, s.seed, phase, s.leader, s.order, s.deck, revealed, card, s.grids, s.history
    )


def _finish_pick(state: PixiesState, revealed: tuple[int, ...], grid: Grid, events: Events) -> Step:
    """Store the placed card, then end the round, pass the pick on, or reveal the next turn.

    Whoever made the round's or the turn's last pick leads the next one.
    """
    s, seat = state, state.order[0]
    grids = s.grids[:seat] + (grid,) + s.grids[seat + 1 :]
    if grid.is_full():
        events.append(GridFilled(seat))
    order = s.order[1:]
    over = _round_over(s.config.seats, order, grids)
    if not (order or over) and len(s.deck) >= s.config.reveal_size:
        return _reveal(s.config, s.seed, s.deck, grids, seat, s.history, events), tuple(events)
    nxt = PixiesState(
        s.config, s.seed, Phase.PICK, s.leader, order, s.deck, revealed, None, grids, s.history
    )
    if order and not over:
        return nxt, tuple(events)
    return _end_round(nxt, seat, RoundEnd.GRID_FULL if over else RoundEnd.DECK_OUT, events)


def _round_over(seats: int, order: tuple[int, ...], grids: tuple[Grid, ...]) -> bool:
    """Whether a full grid ends the round now.

    With 3+ players the turn is played out. With two (pixies.md §7) the round ends as soon as
    both have placed as many cards as each other, which is when an even number of picks remain.
    """
    if order and (seats > 2 or len(order) % 2):
        return False
    return any(g.is_full() for g in grids)


def _start_round(
    config: PixiesConfig,
    seed: int,
    leader: int,
    history: tuple[tuple[ScoreBreakdown, ...], ...],
    events: Events,
) -> PixiesState:
    """All 70 cards reshuffled, grids emptied, and the first reveal."""
    number = len(history) + 1
    deck = shuffled(range(DECK_SIZE), derive_rng(seed, "deck", number))
    events.append(RoundStarted(number, ZONE_VALUES[number - 1], leader))
    return _reveal(config, seed, deck, (EMPTY_GRID,) * config.seats, leader, history, events)


def _reveal(
    config: PixiesConfig,
    seed: int,
    deck: tuple[int, ...],
    grids: tuple[Grid, ...],
    leader: int,
    history: tuple[tuple[ScoreBreakdown, ...], ...],
    events: Events,
) -> PixiesState:
    """``leader`` turns up this turn's cards; the caller made sure the deck holds enough."""
    size = config.reveal_size
    cards = deck[:size]
    events.append(CardsRevealed(leader, tuple(DECK[c] for c in cards), len(deck) - size))
    order = turn_order(config.seats, leader)
    return PixiesState(
        config, seed, Phase.PICK, leader, order, deck[size:], cards, None, grids, history
    )


def deal_next_round(state: PixiesState) -> Step:
    """The round that ended is cleared away and the next one dealt, led by its last picker."""
    events: Events = []
    return _start_round(state.config, state.seed, state.leader, state.history, events), tuple(
        events
    )


def _end_round(state: PixiesState, last: int, reason: RoundEnd, events: Events) -> Step:
    """Score every grid, ending the game or the round: the grids stay as they ended, nobody
    picks, and the next round (led by the last picker) waits for ``deal_next_round``."""
    s = state
    counts_itself = s.config.special_counts_itself
    number = len(s.history) + 1  # the round being scored (nobody is left to pick in it)
    value = ZONE_VALUES[number - 1]
    scores = tuple(breakdown(g.up, g.down, value, counts_itself) for g in s.grids)
    history = s.history + (scores,)
    totals = tuple(sum(r[seat].total for r in history) for seat in range(s.config.seats))
    events.append(RoundEnded(number, reason, scores, totals))
    if len(history) < ROUNDS:
        return replace(s, order=(), leader=last, history=history), tuple(events)
    best = max(totals)
    events.append(GameEnded(tuple(i for i, t in enumerate(totals) if t == best), totals))
    return replace(s, phase=Phase.OVER, order=(), history=history), tuple(events)
