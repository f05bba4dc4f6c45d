"""Log lines for Flip 7 events: the same for every reader, since every card is flipped face up."""

from __future__ import annotations

import re

from cardtable.games.flip7.cards import GOAL, label
from cardtable.games.flip7.events import (
    ActionDiscarded,
    ActionSetAside,
    Busted,
    CardFlipped,
    FlipSeven,
    FlipThreeEnded,
    FlipThreeStarted,
    Frozen,
    GameEnded,
    PlayOn,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SecondChanceGiven,
    SecondChanceKept,
    SecondChanceUsed,
    Stayed,
    Why,
)


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _names(seats: tuple[int, ...]) -> str:
    return ", ".join(seat_name(s) for s in seats)


_FLIP_REASON = {Why.DEAL: "is dealt", Why.HIT: "hits:", Why.FLIP_THREE: "flips (Flip Three):"}


def describe(event: object) -> str | None:
    """The log line for ``event``; the same for every viewer, since nothing is hidden."""
    match event:
        case RoundStarted(round=r, dealer=d):
            return f"Round {r} begins; {seat_name(d)} deals."
        case CardFlipped(seat=s, card=c, why=w):
            return f"{seat_name(s)} {_FLIP_REASON[w]} {label(c)}."
        case Busted(seat=s, card=c):
            return f"{seat_name(s)} busts on a second {label(c)} and scores 0 this round."
        case SecondChanceUsed(seat=s, card=c):
            return f"{seat_name(s)} spends a Second Chance to discard the second {label(c)}."
        case SecondChanceKept(seat=s):
            return f"{seat_name(s)} keeps the Second Chance."
        case SecondChanceGiven(giver=g, seat=s):
            return f"{seat_name(g)} gives a Second Chance to {seat_name(s)}."
        case ActionDiscarded(seat=s, card=c):
            return f"{seat_name(s)}'s {label(c)} is discarded unused."
        case Frozen(seat=s, by=b, score=p) if b == s:
            return f"{seat_name(s)} freezes themselves and banks {p}."
        case Frozen(seat=s, by=b, score=p):
            return f"{seat_name(b)} freezes {seat_name(s)}, who banks {p}."
        case FlipThreeStarted(seat=s, by=b) if b == s:
            return f"{seat_name(s)} takes the Flip Three themselves."
        case FlipThreeStarted(seat=s, by=b):
            return f"{seat_name(b)} makes {seat_name(s)} Flip Three."
        case ActionSetAside(seat=s, card=c):
            return f"{seat_name(s)} sets the {label(c)} aside until the Flip Three is done."
        case FlipThreeEnded(seat=s):
            return f"{seat_name(s)}'s Flip Three is done."
        case Stayed(seat=s, score=p):
            return f"{seat_name(s)} stays on {p}."
        case FlipSeven(seat=s):
            return f"{seat_name(s)} makes a Flip 7: +15 and the round ends!"
        case Reshuffled(cards=n):
            return f"The deck is empty: the discard pile is shuffled into a new deck of {n}."
        case RoundEnded(round=r, scores=sc, totals=t):
            parts = ", ".join(f"{seat_name(i)} +{p} ({t[i]})" for i, p in enumerate(sc))
            return f"Round {r} over: {parts}."
        case PlayOn(seats=ss):
            return f"{_names(ss)} tie for the lead at {GOAL} or more: play on."
        case GameEnded(winners=w, rounds=r):
            return f"{_names(w)} wins after {r} rounds."
    return None


#: the log says "Player 1 hits"; with "You" swapped in (by whoever reads it), the verb follows
YOU_VERBS = {
    "hits": "hit",
    "busts": "bust",
    "stays": "stay",
    "is": "are",
    "deals": "deal",
    "keeps": "keep",
    "spends": "spend",
    "gives": "give",
    "makes": "make",
    "flips": "flip",
    "sets": "set",
    "wins": "win",
    "freezes": "freeze",
    "takes": "take",
}
YOU_VERB = re.compile(r"\bYou (\w+)")


def second_person(line: str) -> str:
    """``You hits: 7.`` -> ``You hit: 7.``; ``You's`` -> ``Your``."""
    line = YOU_VERB.sub(lambda m: "You " + YOU_VERBS.get(m.group(1), m.group(1)), line)
    line = re.sub(r"(\b[a-z]+,?) You\b", r"\1 you", line)
    if line.startswith("You "):
        line = line.replace(" and scores ", " and score ")
        line = line.replace("themselves and banks", "yourself and bank")
        line = line.replace("Flip Three themselves", "Flip Three yourself")
    return line.replace("You's", "Your")


def seen_by(line: str, viewer: int | None) -> str:
    """``line`` as ``viewer`` reads it: their own seat is "You", with its verb (every line is
    otherwise the same for everyone, since nothing is hidden)."""
    if viewer is None:
        return line
    return second_person(re.sub(rf"\bPlayer {viewer + 1}\b", "You", line))


def for_reader(line: str, solo: bool) -> str:
    """A line with the seats' names swapped in, as its reader reads it: "You" with its own
    verb, and no dealer named in the solo challenge, where there is nobody else."""
    line = second_person(line)
    return line.replace("; You deal.", ".") if solo else line
