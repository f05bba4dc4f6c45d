"""How the table moves on between sets: sitting down, who leaves, when the game is over (ruling 8).

A player who ends a set with less than the smallest ante cannot pay for another and leaves at
once; everyone else decides in turn to stay or leave, and a person whose turn it is to decide
may first add bots in new seats or send bots away. Meanwhile a person from outside may sit
down, in a new seat or in a bot's place. The game ends when fewer than two players are left,
when the last person leaves, or after the table's last set if it has a limit.
"""

from __future__ import annotations

from cardtable.core.rng import derive_rng, randbelow, shuffled
from cardtable.games.pazaak.events import HandDealt
from cardtable.games.pazaak.shared import EMPTY
from cardtable.games.pazu.auction import start_set
from cardtable.games.pazu.draft import Draft
from cardtable.games.pazu.events import BotSeated, EndReason, LeaveReason, PersonSeated, Stayed
from cardtable.games.pazu.state import HAND_SIZE, PazuConfig, PazuState, Phase, Status, deck_of
from cardtable.games.pazu.turns import finish_turn


def opening(config: PazuConfig, seed: int) -> Draft:
    """Everyone sits down with a hand of four from their own side deck; a seeded draw picks who
    bids first in set 1, and the first set opens."""
    rng = derive_rng(seed, "deal")
    hands = tuple(shuffled(deck, rng)[:HAND_SIZE] for deck in config.decks)
    n = config.seats
    blank = PazuState(
        config=config,
        seed=seed,
        set_number=0,
        phase=Phase.BID,
        queue=(),
        first=randbelow(rng, n),
        seated=(True,) * n,
        people=config.people,
        chips=(config.start_chips,) * n,
        set_pot=0,
        pazaak_pot=0,
        hands=hands,
        bought=((),) * n,
        spent=((),) * n,
        ante=0,
        bids=(None,) * n,
        revealed=(),
        boards=(EMPTY,) * n,
        status=(Status.OUT,) * n,
        stood_at=(0,) * n,
        played_side=False,
        deck=(),
        draws=0,
        last_set=None,
    )
    d = Draft(blank, finish_turn)
    d.events.extend(HandDealt(seat, len(hand)) for seat, hand in enumerate(hands))
    start_set(d)
    return d


def close_set(d: Draft) -> None:
    """After a set is decided: the broke leave, then the game ends or the stay-or-leave round
    begins (the boards stay on show until the next set)."""
    for seat in d.clockwise(d.first):
        if d.seated[seat] and d.chips[seat] < d.config.ante_min:
            d.leave(seat, LeaveReason.BROKE)
    if d.people_gone:
        d.end_game(EndReason.PEOPLE_LEFT)
    elif sum(d.seated) < 2:
        d.end_game(EndReason.FEW_PLAYERS)
    elif d.config.max_sets is not None and d.set_number >= d.config.max_sets:
        d.end_game(EndReason.MAX_SETS)
    else:
        d.phase = Phase.LEAVE
        d.queue = tuple(seat for seat in d.clockwise(d.first) if d.seated[seat])


def stay(d: Draft) -> None:
    d.events.append(Stayed(d.queue[0]))
    _decided(d)


def leave(d: Draft) -> None:
    """The game ends at once when the last person leaves, or when one player is left: nobody
    is asked to stay at a table of one (ruling 8)."""
    d.leave(d.queue[0], LeaveReason.CHOSE)
    if d.people_gone:
        d.end_game(EndReason.PEOPLE_LEFT)
    elif sum(d.seated) < 2:
        d.end_game(EndReason.FEW_PLAYERS)
    else:
        _decided(d)


def seat_bot(d: Draft, level: str) -> None:
    """A bot sits down in a new seat (``_new_seat``); the person goes on deciding."""
    seat, chips = _new_seat(d)
    d.events.append(BotSeated(seat, level, chips))
    d.events.append(HandDealt(seat, len(d.hands[seat])))


def sit_down(d: Draft, replacing: int | None) -> None:
    """A person from outside sits down in a new seat (``_new_seat``), after the bot they
    replace, if any, has left with its chips. If that bot was the last still to decide, the
    next set opens at once; otherwise the others go on deciding."""
    if replacing is not None:
        d.leave(replacing, LeaveReason.GAVE_SEAT)
        d.queue = tuple(s for s in d.queue if s != replacing)
    seat, chips = _new_seat(d)
    d.people += (seat,)
    d.events.append(PersonSeated(seat, chips))
    d.events.append(HandDealt(seat, len(d.hands[seat])))
    if not d.queue:
        start_set(d)


def _new_seat(d: Draft) -> tuple[int, int]:
    """A new seat after every seat there has been (so it plays after the highest-numbered seat,
    before seat 1), bought in with the start chips and dealt a hand of four from the newcomers'
    deck. It joins the next set. Returns the seat and its chips."""
    seat = d.seats
    hand = shuffled(deck_of(d.config, seat), derive_rng(d.seed, "sit", seat))[:HAND_SIZE]
    chips = d.config.start_chips
    d.seated += (True,)
    d.chips += (chips,)
    d.hands += (hand,)
    d.bought += ((),)
    d.spent += ((),)
    d.bids += (None,)
    d.boards += (EMPTY,)
    d.status += (Status.OUT,)
    d.stood_at += (0,)
    return seat, chips


def unseat_bot(d: Draft, seat: int) -> None:
    """The bot leaves with its chips, as a player who chose to leave; if it had still to
    decide, it no longer does."""
    d.leave(seat, LeaveReason.REMOVED)
    d.queue = tuple(s for s in d.queue if s != seat)


def _decided(d: Draft) -> None:
    """Once everyone has decided, the next set opens (a table of one has ended already)."""
    d.queue = d.queue[1:]
    if not d.queue:
        start_set(d)
