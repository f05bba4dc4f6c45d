"""How a Pazaak match moves on: the automatic draw, playing a hand card, the end of a turn, a set
and the match, and the next set's shuffle and opener.

A set that ends leaves the boards as they stand, nobody to move: the next set is dealt by a step
of its own (``deal_next_set``), so every seat sees how the set ended.

Rules work on a ``Draft``, a mutable copy of one state, so an action builds exactly one new state
however many draws, auto-stands and set changes it sets off.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from cardtable.core.rng import derive_rng, randbelow
from cardtable.games.pazaak.cards import FLIP_TARGETS, Kind
from cardtable.games.pazaak.events import (
    Busted,
    CardDrawn,
    Doubled,
    Flipped,
    HandDealt,
    MatchWon,
    SetStarted,
    SetVoid,
    SetWon,
    SideCardPlayed,
    WinReason,
)
from cardtable.games.pazaak.shared import (
    BOARD_SIZE,
    COPIES_PER_RANK,
    EMPTY,
    RANKS,
    TARGET,
    MainDeck,
    add_main,
    draw,
    last_main,
    mark_standing,
    play_side,
    stand,
)
from cardtable.games.pazaak.state import (
    HAND_SIZE,
    SEATS,
    SETS_TO_WIN,
    Opener,
    PazaakConfig,
    PazaakState,
)

T = TypeVar("T")
FULL_DECK = tuple(rank for rank in RANKS for _ in range(COPIES_PER_RANK))
#: the most main cards one set can draw: every board full
_DRAWABLE = BOARD_SIZE * SEATS


class Draft:
    """The state an action is building: ``PazaakState``'s very slots, but writable.

    An action copies the old state's fields in once, the rules write to them, and ``freeze``
    then turns this object itself into the new state by switching its class, which the shared
    slot layout allows. Building a frozen dataclass field by field was a third of every action.
    """

    __slots__ = PazaakState.__slots__

    def __init__(self, s: PazaakState) -> None:
        self.config, self.seed, self.set_number = s.config, s.seed, s.set_number
        self.opener, self.to_move, self.boards = s.opener, s.to_move, s.boards
        self.standing, self.tiebreakers, self.hands = s.standing, s.tiebreakers, s.hands
        self.used, self.played_side, self.deck = s.used, s.played_side, s.deck
        self.draws, self.sets_won, self.void_sets = s.draws, s.sets_won, s.void_sets
        self.last_set = s.last_set
        self.recent: list[Any] = []

    def note(self, event: Any) -> None:
        self.recent.append(event)

    def set_standing(self, seat: int) -> None:
        self.standing = _with(self.standing, seat, True)

    def finish_turn(self, seat: int) -> None:
        _finish_turn(self, seat)

    def freeze(self) -> PazaakState:
        """This draft as the new, immutable state (the draft must not be used afterwards)."""
        # the draft becomes the state in place (no copy of its fields): mypy cannot follow a
        # change of class, nor a list field turned into the state's tuple
        self.recent = tuple(self.recent)  # type: ignore[assignment]
        self.__class__ = PazaakState  # type: ignore[assignment]
        return self  # type: ignore[return-value]


def opening(config: PazaakConfig, seed: int) -> Draft:
    """The match before its first draw: hands dealt, the coin toss made, set 1 under way."""
    rng = derive_rng(seed, "deal")
    hands = tuple(
        tuple(shuffle_front(deck, HAND_SIZE, rng.random)[:HAND_SIZE]) for deck in config.decks
    )
    blank = PazaakState(
        config=config,
        seed=seed,
        set_number=0,
        opener=randbelow(rng, SEATS),
        to_move=None,
        boards=(EMPTY,) * SEATS,
        standing=(False,) * SEATS,
        tiebreakers=(False,) * SEATS,
        hands=hands,
        used=((),) * SEATS,
        played_side=False,
        deck=(),
        draws=0,
        sets_won=(0,) * SEATS,
        void_sets=0,
        last_set=None,
        recent=(),
    )
    draft = Draft(blank)
    draft.recent.extend(HandDealt(seat, len(hand)) for seat, hand in enumerate(hands))
    start_set(draft, draft.opener)
    return draft


def start_set(d: Draft, opener: int) -> None:
    """Clear the boards, shuffle a fresh main deck (tabletop) and let ``opener`` draw."""
    d.set_number += 1
    d.opener = opener
    d.boards = (EMPTY,) * SEATS
    d.standing = (False,) * SEATS
    d.tiebreakers = (False,) * SEATS
    if d.config.main_deck is MainDeck.TABLETOP:
        d.deck = _fresh_deck(d.seed, d.set_number)
    d.recent.append(SetStarted(d.set_number, opener))
    begin_turn(d, opener)


def shuffle_front(items: Sequence[T], count: int, random: Callable[[], float]) -> list[T]:
    """``items`` with its first ``count`` places dealt by a Fisher–Yates shuffle; the rest keep
    no particular order. Built on ``random()`` alone, as core.rng's shuffles are, so replays deal
    the same cards; ``random()`` is below 1, so ``j`` stays in range (inlined, not
    ``randbelow``: dealing was a fifth of a simulated match)."""
    out = list(items)
    size = len(out)
    for i in range(min(count, size)):
        j = i + int(random() * (size - i))
        out[i], out[j] = out[j], out[i]
    return out


def _fresh_deck(seed: int, set_number: int) -> tuple[int, ...]:
    """Ruling 1's fresh shuffle for a set. Only the first 18 places need shuffling: no set
    draws more (nine cards a board)."""
    return tuple(shuffle_front(FULL_DECK, _DRAWABLE, derive_rng(seed, "deck", set_number).random))


def begin_turn(d: Draft, seat: int) -> None:
    """A turn opens with its automatic draw; 20 stands at once, a ninth card ends the set."""
    d.to_move = seat
    d.played_side = False
    rank = draw(d)
    board = add_main(d.boards[seat], rank)
    d.boards = _with(d.boards, seat, board)
    d.recent.append(CardDrawn(seat, rank, board.total))
    if len(board.cards) >= BOARD_SIZE:
        _fill_board(d, seat)
    elif board.total == TARGET:
        stand(d, seat, auto=True)


def play_hand_card(d: Draft, index: int, value: int) -> None:
    """The mover lays hand card ``index`` as ``value``; its effect may reach every board."""
    seat = d.to_move
    assert seat is not None
    hand = d.hands[seat]
    card = hand[index]
    d.hands = _with(d.hands, seat, hand[:index] + hand[index + 1 :])
    d.used = _with(d.used, seat, (*d.used[seat], card))
    d.played_side = True
    if card.kind is Kind.TIEBREAKER:
        d.tiebreakers = _with(d.tiebreakers, seat, True)
    d.boards, changed = play_side(d.boards, seat, card, value)
    d.recent.append(SideCardPlayed(seat, card, value, _totals(d)))
    if card.kind is Kind.DOUBLE:
        doubled = d.boards[seat].cards[last_main(d.boards[seat])]
        d.recent.append(Doubled(seat, doubled.card.amount, doubled.value))
    elif card.kind in FLIP_TARGETS:
        d.recent.append(Flipped(seat, card, changed))
    board = d.boards[seat]
    if len(board.cards) >= BOARD_SIZE:
        _fill_board(d, seat)
        return
    other = 1 - seat
    if not d.standing[other] and d.boards[other].total == TARGET:
        mark_standing(d, other, auto=True)  # a flip brought them to 20
    if board.total == TARGET:
        stand(d, seat, auto=True)


def _fill_board(d: Draft, seat: int) -> None:
    """Ruling 5: a ninth card at 20 or less wins the set at once; above 20 it is a bust."""
    if d.boards[seat].total <= TARGET:
        _win_set(d, seat, WinReason.FULL_BOARD)
    else:
        _bust(d, seat)


def _finish_turn(d: Draft, seat: int) -> None:
    """Ruling 4: bust is judged now, the mover first; then the set ends or the next turn opens."""
    other = 1 - seat
    if d.boards[seat].total > TARGET:
        _bust(d, seat)
    elif d.standing[other] and d.boards[other].total > TARGET:
        _bust(d, other)
    elif d.standing[seat] and d.standing[other]:
        _settle(d)
    else:
        begin_turn(d, seat if d.standing[other] else other)


def _bust(d: Draft, seat: int) -> None:
    d.recent.append(Busted(seat, d.boards[seat].total))
    _win_set(d, 1 - seat, WinReason.BUST)


def _settle(d: Draft) -> None:
    """Both stand: the higher total wins; a tie goes to a lone Tiebreaker, else it is void."""
    first, second = _totals(d)
    if first != second:
        _win_set(d, 0 if first > second else 1, WinReason.HIGHER)
    elif d.tiebreakers[0] != d.tiebreakers[1]:
        _win_set(d, d.tiebreakers.index(True), WinReason.TIEBREAKER)
    else:
        d.void_sets += 1
        d.last_set = SetVoid(_totals(d))
        d.recent.append(d.last_set)
        _set_over(d)


def _win_set(d: Draft, seat: int, reason: WinReason) -> None:
    d.sets_won = _with(d.sets_won, seat, d.sets_won[seat] + 1)
    d.last_set = SetWon(seat, reason, _totals(d), d.sets_won)
    d.recent.append(d.last_set)
    if d.sets_won[seat] >= SETS_TO_WIN:
        d.recent.append(MatchWon(seat, d.sets_won))
    _set_over(d)


def _set_over(d: Draft) -> None:
    """The set has ended: nobody moves until the next set is dealt (or ever, the match won)."""
    d.to_move = None
    d.played_side = False


def deal_next_set(d: Draft) -> None:
    """Ruling 8: after a void set the opener alternates; after a won set it alternates, or with
    the loser-opens option the loser opens."""
    last = d.last_set
    if isinstance(last, SetWon) and d.config.opener is Opener.LOSER:
        start_set(d, 1 - last.seat)
    else:
        start_set(d, 1 - d.opener)


def _totals(d: Draft) -> tuple[int, ...]:
    return (d.boards[0].total, d.boards[1].total)


def _with(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` with one seat's entry replaced."""
    return (value, values[1]) if seat == 0 else (values[0], value)
