"""Turns round the table: the automatic draw, a hand card, stand or end the turn, busts, and
how a set is decided (rulings 4–7).

Bust is judged at the end of a turn, for the player whose turn it was and for anyone standing
whom a Flip pushed above 20. A player still drawing whom a Flip pushed above 20 gets their own
turn to mend it.
"""

from __future__ import annotations

from cardtable.games.pazaak.cards import Kind
from cardtable.games.pazaak.events import (
    CardDrawn,
    Doubled,
    Flipped,
    SideCardPlayed,
)
from cardtable.games.pazaak.shared import (
    TARGET,
    Board,
    MainDeck,
    add_main,
    draw,
    last_main,
    mark_standing,
    play_side,
    stand,
)
from cardtable.games.pazu.draft import Draft, with_
from cardtable.games.pazu.events import Busted, DeckEmpty, SetPotCarried, SetWon, WinReason
from cardtable.games.pazu.ranking import decide
from cardtable.games.pazu.state import Phase, Status

_ACTIVE = Status.ACTIVE
_STOOD = Status.STOOD
_BUST = Status.BUST


def begin_turn(d: Draft, seat: int) -> None:
    """A turn opens with its draw (or, if the main deck is empty, the set ends)."""
    d.phase = Phase.TURN
    d.queue = (seat,)
    d.played_side = False
    if d.config.main_deck is MainDeck.TABLETOP and not d.deck:
        _deck_empty(d, seat)
        return
    board = add_main(d.boards[seat], draw(d))
    d.boards = with_(d.boards, seat, board)
    d.events.append(CardDrawn(seat, board.cards[-1].value, board.total))
    _after_placing(d, seat)


def _after_placing(d: Draft, seat: int) -> None:
    """Exactly 20, or a ninth card, stands at once; a full board above 20 cannot be mended
    (no card fits) and busts."""
    board = d.boards[seat]
    if board.full and board.total > TARGET:
        finish_turn(d, seat)
    elif board.full or board.total == TARGET:
        stand(d, seat, auto=True)


def play_hand_card(d: Draft, index: int, value: int) -> None:
    """The mover lays hand card ``index`` as ``value``; a Flip reaches every board in play."""
    seat = d.queue[0]
    hand = d.hands[seat]
    card = hand[index]
    d.hands = with_(d.hands, seat, hand[:index] + hand[index + 1 :])
    bought = d.bought[seat]
    if card in bought:
        at = bought.index(card)
        d.bought = with_(d.bought, seat, bought[:at] + bought[at + 1 :])
    else:
        d.spent = with_(d.spent, seat, (*d.spent[seat], card))
    d.played_side = True
    before = d.boards
    after, _ = play_side(before, seat, card, value)
    # a bust board is out of play: a Flip leaves it as it fell
    d.boards = tuple(
        old if d.status[s] is _BUST else new
        for s, (old, new) in enumerate(zip(before, after, strict=True))
    )
    d.events.append(SideCardPlayed(seat, card, value, tuple(b.total for b in d.boards)))
    if card.kind is Kind.DOUBLE:
        doubled = d.boards[seat].cards[last_main(d.boards[seat])]
        d.events.append(Doubled(seat, doubled.card.amount, doubled.value))
    elif card.kind in (Kind.FLIP_2_4, Kind.FLIP_3_6):
        turned = sum(_turned(old, new) for old, new in zip(before, d.boards, strict=True))
        if turned:
            d.events.append(Flipped(seat, card, turned))
    for other in d.clockwise(seat)[1:]:
        if d.status[other] is _ACTIVE and d.boards[other].total == TARGET:
            mark_standing(d, other, auto=True)
    _after_placing(d, seat)


def _turned(old: Board, new: Board) -> int:
    """How many of ``old``'s cards count differently on ``new``."""
    return sum(1 for a, b in zip(old.cards, new.cards, strict=False) if a.value != b.value)


def finish_turn(d: Draft, seat: int) -> None:
    """Judge busts, the mover first, then pass the turn or decide the set."""
    for s in d.clockwise(seat):
        over = d.boards[s].total > TARGET
        if over and (d.status[s] is _STOOD or (s == seat and d.status[s] is _ACTIVE)):
            _bust(d, s)
    _next(d, seat)


def _deck_empty(d: Draft, seat: int) -> None:
    """No main card is left to draw: everyone still drawing stands where they are, or busts
    if a Flip left them above 20."""
    d.events.append(DeckEmpty(seat))
    for s in d.clockwise(seat):
        if d.status[s] is _ACTIVE:
            if d.boards[s].total > TARGET:
                _bust(d, s)
            else:
                mark_standing(d, s, auto=True)
    _next(d, seat)


def _bust(d: Draft, seat: int) -> None:
    penalty = min(d.chips[seat], d.config.bust_penalty * d.ante)
    d.pay(seat, penalty)
    d.pazaak_pot += penalty
    d.status = with_(d.status, seat, _BUST)
    d.events.append(Busted(seat, d.boards[seat].total, penalty))


def _next(d: Draft, seat: int) -> None:
    """The next player still drawing, clockwise after ``seat``, takes a turn (``seat`` again if
    they are the only one); with nobody drawing, or only one player not bust, the set is over."""
    alive = [s for s in range(d.seats) if d.status[s] is _ACTIVE or d.status[s] is _STOOD]
    if not alive:
        _carry(d)
    elif len(alive) == 1 and d.boards[alive[0]].total <= TARGET:
        _award(d, alive[0], WinReason.OTHERS_BUST)
    else:
        drawing = [s for s in d.clockwise((seat + 1) % d.seats) if d.status[s] is _ACTIVE]
        if drawing:
            begin_turn(d, drawing[0])
        else:
            _award(d, *decide(d.boards, d.stood_at, alive))


def _award(d: Draft, seat: int, reason: WinReason) -> None:
    """The winner takes the Set Pot, and the Pazaak Pot too with a full board."""
    board = d.boards[seat]
    jackpot = d.pazaak_pot if board.full else 0
    d.receive(seat, d.set_pot + jackpot)
    result = SetWon(seat, reason, board.total, d.set_pot, jackpot)
    d.set_pot = 0
    d.pazaak_pot -= jackpot
    _close(d, result)


def _carry(d: Draft) -> None:
    _close(d, SetPotCarried(d.set_pot))


def _close(d: Draft, result: SetWon | SetPotCarried) -> None:
    d.last_set = result
    d.events.append(result)
    d.played_side = False
    d.set_over = True
