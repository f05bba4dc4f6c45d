"""Flip 7's words and small drawings: card faces, status words, score sums, bars and the climb chart.

Kept apart from the widgets as plain functions of plain values, so the table, the round
summary and the end screen say things the same way, and tests can read them without an app.
Styles name theme variables only; every colour comes with a word, a sign or a shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from textual.content import Content

from cardtable.games.flip7.cards import FLIP_SEVEN, FLIP_SEVEN_BONUS, PLUS_VALUE, Card, is_number
from cardtable.games.flip7.state import Status
from cardtable.ui.tables.flip7.cards import band

#: how long a flipped card shows its back before its face (when animations are on)
BEAT = 0.25

#: status word and its style; the word carries the meaning, the colour only helps
STATUS_STYLE = {
    Status.ACTIVE: "$foreground",
    Status.STAYED: "bold $stand",
    Status.FROZEN: "bold $card-plus",
    Status.BUST: "bold $bust",
}


def card_face(card: Card) -> tuple[str, str]:
    """Label and kind: numbers by value band, + cards with their sign, ×2, Second Chance."""
    if is_number(card):
        return str(int(card)), band(int(card))
    if card in PLUS_VALUE:
        return f"+{PLUS_VALUE[card]}", "mod"
    if card is Card.TIMES2:
        return "×2", "mod"
    return "2nd Chance", "action"


def number_faces(numbers: Sequence[Card], bust: bool) -> list[tuple[str, str]]:
    """Faces of a row's numbers; the duplicate that bust the row is marked with a "!"."""
    faces = [card_face(card) for card in numbers]
    if bust and faces:
        faces[-1] = (faces[-1][0] + "!", "bust")
    return faces


def status_word(status: Status, to_move: bool, you: bool) -> str:
    if status is Status.ACTIVE:
        if to_move:
            return "your turn" if you else "to play"
        return "in play"
    return status.value.upper()


def breakdown(numbers: Sequence[Card], modifiers: Sequence[Card]) -> str:
    """How the row's score is made: ``(12+3+7)×2 +4``, with the Flip 7 bonus when it is there."""
    parts = "+".join(str(int(n)) for n in numbers) or "0"
    doubled = Card.TIMES2 in modifiers
    text = (f"({parts})" if len(numbers) > 1 else parts) + ("×2" if doubled else "")
    plus = " ".join(f"+{PLUS_VALUE[m]}" for m in modifiers if m in PLUS_VALUE)
    bonus = f" +{FLIP_SEVEN_BONUS} Flip 7" if len(numbers) == FLIP_SEVEN else ""
    return text + (f" {plus}" if plus else "") + bonus


def progress_bar(total: int, goal: int, cells: int = 10) -> str:
    """A bar of ``cells`` toward the goal: solid for done, shaded for still to go."""
    done = max(0, min(cells, total * cells // goal))
    return "█" * done + "░" * (cells - done)


def row_text(
    numbers: Sequence[Card], modifiers: Sequence[Card], status: Status, hide_last: bool = False
) -> Content:
    """A row as one line of text, for the round summary: ``12 3 7 7!  +4 ×2``.

    ``hide_last`` shows the newest number face down, for the beat before it turns over.
    """
    faces = number_faces(numbers, status is Status.BUST)
    if hide_last and faces:
        faces[-1] = ("▒▒", "back")
    parts: list[tuple[str, str] | str] = []
    for i, (label, kind) in enumerate(faces):
        parts.append(" " if i else "")
        parts.append((f"{label:>3}", "bold $bust" if kind == "bust" else "bold"))
    if modifiers:
        parts.append("  ")
        parts.append((" ".join(card_face(m)[0] for m in modifiers), "bold $card-plus"))
    return Content.assemble(*parts) if parts else Content("(no cards)")


# -- the climb chart ---------------------------------------------------------------------------

EIGHTHS = " ▁▂▃▄▅▆▇█"


def climb_chart(totals: Sequence[int], goal: int, height: int = 8, width: int = 3) -> list[str]:
    """Columns of block characters, one per round, rising to each round's total; a goal line on top.

    The y axis is labelled with the goal and half of it, the x axis with round numbers, so the
    chart reads without colour.
    """
    top = max([goal, *totals]) if totals else goal
    rows = []
    for level in range(height, 0, -1):
        cells = []
        for total in totals:
            eighths = round(total * height * 8 / top) - (level - 1) * 8
            cells.append(EIGHTHS[max(0, min(8, eighths))] * (width - 1) + " ")
        label = _axis_label(level, height, top, goal)
        rows.append(f"{label:>4} ┤" + "".join(cells))
    rows.append("   0 └" + "─" * (width * len(totals)))
    rows.append("round " + _round_axis(len(totals), width))
    if width >= 4:
        rows.append("total " + "".join(f"{total:<{width}d}" for total in totals))
    return rows


def pace(totals: Sequence[int], goal: int) -> str:
    """How the climb is going: the mean a round so far, and the rounds it would still take."""
    rounds, total = len(totals), totals[-1]
    taken = f"{rounds} round{'s' if rounds > 1 else ''}"
    if total >= goal:
        return f"{total} in {taken}"
    if not total:
        return f"nothing banked in {taken} yet"
    mean = total / rounds
    more = math.ceil((goal - total) / mean)
    return f"{total} in {taken}, {mean:.0f} a round: about {more} more at this pace"


def chart_width(rounds: int, room: int) -> int:
    """Columns per round: wide enough to print each total under its bar when they fit."""
    for width in range(12, 1, -1):
        if 6 + width * rounds <= room:
            return width
    return 1


def _round_axis(rounds: int, width: int) -> str:
    """Round numbers under their columns: the first, then every fifth, where they fit."""
    axis = [" "] * (width * rounds + 2)
    for n in range(1, rounds + 1):
        if n == 1 or n % 5 == 0 or width >= 3:
            at = (n - 1) * width
            if all(c == " " for c in axis[max(0, at - 1) : at + len(str(n))]):
                axis[at : at + len(str(n))] = str(n)
    return "".join(axis).rstrip()


def _axis_label(level: int, height: int, top: int, goal: int) -> str:
    """The goal beside the row it falls in, and half the goal beside its row."""
    for mark in (goal, goal // 2):
        if round(mark * height / top) == level:
            return str(mark)
    return ""
