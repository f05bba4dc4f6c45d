"""What a match position is worth: the chance of winning from a set score and the hands left.

Hand cards decide Pazaak sets: with four dual cards each, most sets end 20–20 and void, and the
player who runs short of cards first starts losing. This model prices that in. Per set it takes
the chance of a void, of a win and the chance each player spends a card from how many cards each
holds, fitted to thousands of simulated sets between casual players with dual decks (where a set
won for a card is worth about as much as the card). The match value then follows by recursion
over set scores and hand sizes, with fractional hands (a weaker card counts less) interpolated.

With the default Gold decks the sets go otherwise (issue 39, ``python -m
tests.games.pazaak.setstats --matches 3000 --seed 60001``, hard against hard): four cards each
void 21% of sets where this model says 73%, and the side with more cards wins more of the rest
(4 v 3: 48% won, 33% lost). A model fitted to those sets, spends of two cards included, moved
few prices (a set won for a card at 0-0: +0.047 of match equity where this model says +0.016)
and no results: hard pricing with it won 49.5% (47%-52%) of 200 mirrored pairs against hard,
50.0% with kinds priced from how often their holders won (tuning seed 60101). It stays as it is.
"""

from __future__ import annotations

from functools import cache

from cardtable.games.pazaak.state import HAND_SIZE, SETS_TO_WIN

#: how strongly a bigger hand wins a decided set: odds (mine + 1)^k : (theirs + 1)^k
_HAND_POWER = 1.8


def set_odds(mine: int, theirs: int) -> tuple[float, float, float]:
    """(win, void, loss) for the next set from the two hand sizes."""
    void = 0.09 + 0.16 * min(mine, theirs) + 0.02 * abs(mine - theirs)
    strong, weak = (mine + 1) ** _HAND_POWER, (theirs + 1) ** _HAND_POWER
    win = (1 - void) * strong / (strong + weak)
    return win, void, 1 - void - win


def spend_chance(cards: int, result: int) -> float:
    """The chance a player holding ``cards`` spends one in a set they win (1), void (0) or lose."""
    if cards == 0:
        return 0.0
    if result > 0:
        return 0.27 + 0.14 * cards
    if result == 0:
        return 0.5 + 0.09 * cards
    return 0.35 + 0.02 * cards


@cache
def _value(mine: int, theirs: int, my_cards: int, their_cards: int) -> float:
    """The chance of winning the match from sets ``mine``:``theirs`` with whole hands."""
    if mine >= SETS_TO_WIN:
        return 1.0
    if theirs >= SETS_TO_WIN:
        return 0.0
    here = (mine, theirs, my_cards, their_cards)
    total = stay = 0.0
    for result, p in zip((1, 0, -1), set_odds(my_cards, their_cards), strict=True):
        me, them = spend_chance(my_cards, result), spend_chance(their_cards, -result)
        for spent_mine, p_mine in ((1, me), (0, 1 - me)):
            for spent_theirs, p_theirs in ((1, them), (0, 1 - them)):
                q = p * p_mine * p_theirs
                if q == 0:
                    continue
                nxt = (
                    mine + (result > 0),
                    theirs + (result < 0),
                    my_cards - spent_mine,
                    their_cards - spent_theirs,
                )
                if nxt == here:
                    stay += q
                else:
                    total += q * _value(*nxt)
    return total / (1 - stay)


def match_equity(mine: int, theirs: int, my_hand: float, their_hand: float) -> float:
    """The chance of winning the match from sets ``mine``:``theirs``, hands measured in cards
    (fractions allowed: the value is interpolated between whole hand sizes)."""
    if mine >= SETS_TO_WIN or theirs >= SETS_TO_WIN:
        return 1.0 if mine >= SETS_TO_WIN else 0.0
    a, fa = _split(my_hand)
    b, fb = _split(their_hand)
    low = (
        _value(mine, theirs, a, b) * (1 - fb) + _value(mine, theirs, a, min(b + 1, HAND_SIZE)) * fb
    )
    high_a = min(a + 1, HAND_SIZE)
    high = (
        _value(mine, theirs, high_a, b) * (1 - fb)
        + _value(mine, theirs, high_a, min(b + 1, HAND_SIZE)) * fb
    )
    return low * (1 - fa) + high * fa


def _split(hand: float) -> tuple[int, float]:
    """A hand size as its whole part (0–4) and the fraction above it."""
    hand = min(max(hand, 0.0), float(HAND_SIZE))
    whole = min(int(hand), HAND_SIZE)
    return whole, hand - whole
