"""The odds panel's words: what ``odds`` figures mean for a row, said once for every reader.

The full-screen panel styles these parts and lays the counts out in a grid; the plain line mode
reads the same words out in sentences. Neither words the figures on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.bots import percent
from cardtable.games.flip7.bots.odds import Odds, next_counts
from cardtable.games.flip7.cards import ACTIONS, LAST_NUMBER, MODIFIERS, label
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import Flip7View, SeatView

#: an action card's name where the panel's grid has little room
SHORT = {"Freeze": "Freeze", "Flip Three": "Flip Three", "Second Chance": "2nd Chance"}
NONE_LEFT = "none left"
#: what the mark under a number in your row means
IN_YOUR_ROW = "in your row: busts you"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "should I hit?" in parts: each reader joins and styles them its own way."""

    #: the chance the next card hurts, or why the question does not arise now
    risk: str
    #: how loud the risk is: "" (covered, or no risk), "strong", or "danger" (30% or more)
    weight: str
    #: both expectations ("hit: 18.2 expected  stay: 15"); empty when there is nothing to weigh
    weighing: str
    #: "hit" or "stay"; empty when the row is out of the round
    advice: str
    #: the Flip 7 chance and a reshuffle ahead, when they apply
    notes: tuple[str, ...] = ()


def verdict(view: Flip7View, seat: SeatView, chances: Odds) -> Verdict:
    """Bust chance, both expectations and a recommendation for ``seat``'s row."""
    if seat.status is not Status.ACTIVE:
        return Verdict(f"You are out of this round: {seat.status.value.upper()}", "", "", "")
    if not seat.numbers and not seat.modifiers:
        return Verdict("Nothing to bank yet and a first card can't bust you", "", "", "hit")
    counts = next_counts(view)
    total = sum(counts)
    bad = sum(counts[n] for n in set(seat.numbers) if n <= LAST_NUMBER)
    if seat.second_chance:
        risk = f"next card: {percent(chances.duplicate)} duplicate, your Second Chance covers it"
        weight = ""
    else:
        risk = f"next card busts you: {percent(chances.bust)} ({bad} of {total})"
        weight = "danger" if chances.bust >= 0.3 else "strong"
    notes = []
    if chances.flip_seven:
        notes.append(f"Flip 7 chance {percent(chances.flip_seven)}")
    if chances.reshuffle:
        notes.append("(deck empty: drawing from the reshuffled discard)")
    weighing = f"hit: {chances.hit:.1f} expected  stay: {chances.stay:g}"
    advice = "hit" if chances.hit >= chances.stay else "stay"
    return Verdict(risk, weight, weighing, advice, tuple(notes))


def modifiers_left(counts: tuple[int, ...]) -> str:
    """The modifier cards still to come, by their faces, or "none left"."""
    return " ".join(label(card) for card in MODIFIERS if counts[card]) or NONE_LEFT


def actions_left(counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """Each action card's short name with how many are still to come."""
    return tuple((SHORT[label(card)], counts[card]) for card in ACTIONS)
