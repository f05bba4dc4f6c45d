"""What a Pazu-Pazaak set and game come to, in words: which rule decided the set, who took which
pot, and the final standings by chips."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.pazu.events import (
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
    SetPotCarried,
    SetWon,
    WinReason,
)
from cardtable.games.pazu.ranking import finish_key, side_cards
from cardtable.games.pazu.state import Status
from cardtable.games.pazu.view import PazuView
from cardtable.ui.screens.resultpanel import MATCH_CHOICES, ResultPanel

#: the verdict's few words for each of ruling 6's rules
SHORT = {
    WinReason.OTHERS_BUST: "as everyone else bust",
    WinReason.FULL_BOARD: "with a full board",
    WinReason.HIGHER_TOTAL: "with the highest total",
    WinReason.TIEBREAKER: "on the Tiebreaker card",
    WinReason.MORE_CARDS: "with more cards on the board",
    WinReason.FEWER_SIDE_CARDS: "with fewer hand cards played",
    WinReason.STOOD_FIRST: "for standing first",
}
LEAVING = {
    LeaveReason.CHOSE: "left",
    LeaveReason.CANNOT_PAY: "could not pay the ante",
    LeaveReason.BROKE: "could not cover an ante",
    LeaveReason.REMOVED: "was sent away",
    LeaveReason.GAVE_SEAT: "gave its place to a newcomer",
}


#: the seat name the person at the table goes by
YOU = "You"


def verb(who: str, third: str, second: str) -> str:
    """Subject and verb that agree: "Revan takes", "You take"."""
    return f"{who} {second if who == YOU else third}"


def whose(name: str) -> str:
    """The possessive of a seat's name: "Revan's", "your"."""
    return "your" if name == YOU else f"{name}'s"


def listed(names: Sequence[str]) -> str:
    """Names as the object of a sentence: "Carth", "you and Carth", "Carth, Revan and you"."""
    words = ["you" if name == YOU else name for name in names]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def tied_with(view: PazuView, winner: int) -> list[int]:
    """The other players who stood on the winner's total: everyone the tie rules split."""
    total = view.totals[winner]
    return [
        s
        for s, status in enumerate(view.status)
        if s != winner and status is Status.STOOD and view.totals[s] == total
    ]


def runner_up(view: PazuView, winner: int) -> int | None:
    """The best of the other players who stood at 20 or less: whom the deciding rule beat."""
    rivals = [
        s
        for s, status in enumerate(view.status)
        if s != winner and status is Status.STOOD and view.totals[s] <= 20
    ]
    if not rivals:
        return None
    return max(rivals, key=lambda s: finish_key(view.boards[s], view.stood_at[s]))


def decided_by(event: SetWon, view: PazuView, names: Sequence[str]) -> str:
    """The rule that split the winner from the runner-up, with the numbers that show it."""
    won = event.seat
    other = runner_up(view, won)
    reason = event.reason
    if reason is WinReason.OTHERS_BUST or other is None:
        return "Decided by: everyone else bust."
    them, mine = view.boards[other], view.boards[won]
    rival = names[other]
    if reason is WinReason.FULL_BOARD:
        return (
            f"Decided by: a full board (nine cards, not over 20) beats {whose(rival)} {them.total}."
        )
    if reason is WinReason.HIGHER_TOTAL:
        what = "20, Pure Pazaak" if mine.total == 20 else "the highest total"
        return f"Decided by: {what}: {mine.total} against {whose(rival)} {them.total}."
    tie = f"Tied with {listed([names[s] for s in tied_with(view, won)] or [rival])} on {mine.total}"
    if reason is WinReason.TIEBREAKER:
        return f"{tie}; decided by the Tiebreaker card."
    if reason is WinReason.MORE_CARDS:
        return f"{tie}; decided by most cards: {len(mine.cards)} against {len(them.cards)}."
    if reason is WinReason.FEWER_SIDE_CARDS:
        return (
            f"{tie} with {len(mine.cards)} cards each; decided by fewest hand cards played: "
            f"{side_cards(mine)} against {side_cards(them)}."
        )
    return f"{tie} in total, cards and hand cards; decided by who stood first."


def board_line(view: PazuView, names: Sequence[str], winner: int | None) -> str:
    parts = []
    for seat, name in enumerate(names):
        status = view.status[seat]
        if status is Status.OUT:
            continue
        total = view.totals[seat]
        word = " BUST" if status is Status.BUST else " (won)" if seat == winner else ""
        parts.append(f"{name} {total}{word}")
    return "Boards: " + " · ".join(parts)


def chips_line(view: PazuView, names: Sequence[str]) -> str:
    """The chips of everyone still at the table (leavers are named on lines of their own)."""
    return "Chips: " + " · ".join(
        f"{name} {chips}"
        for name, chips, here in zip(names, view.chips, view.seated, strict=True)
        if here
    )


def leavers(events: Sequence[Any], names: Sequence[str]) -> list[str]:
    return [
        f"{left_words(names[e.seat], e.reason)} and left with {e.chips} chips."
        for e in events
        if isinstance(e, LeftTable)
    ]


def left_words(name: str, reason: LeaveReason) -> str:
    """Why a seat left, its verb agreeing with the name: "You were sent away"."""
    words = LEAVING[reason]
    return f"{name} {words.replace('was ', 'were ', 1) if name == YOU else words}"


def set_summary(
    result: SetWon | SetPotCarried, number: int, view: PazuView, names: Sequence[str]
) -> tuple[str, list[str]]:
    """The verdict and the lines under it for the set that just ended."""
    if isinstance(result, SetPotCarried):
        verdict = f"Everybody bust: nobody wins set {number}"
        lines = [f"The Set Pot ({result.amount}) carries over to the next set."]
        return verdict, [*lines, board_line(view, names, None)]
    who = names[result.seat]
    verdict = f"{who} won set {number} on {result.total} {SHORT[result.reason]}"
    takes = f"{verb(who, 'takes', 'take')} the Set Pot: {result.set_pot} chips"
    if result.pazaak_pot:
        takes += f", and the Pazaak Pot: {result.pazaak_pot} chips for the full board."
    else:
        takes += f". The Pazaak Pot ({view.pazaak_pot}) waits for a full board."
    lines = [decided_by(result, view, names), takes, board_line(view, names, result.seat)]
    return verdict, lines


def set_result(
    events: Sequence[Any], number: int, view: PazuView, names: Sequence[str]
) -> ResultPanel | None:
    """The screen between sets, if ``events`` ended one."""
    result = next((e for e in events if isinstance(e, SetWon | SetPotCarried)), None)
    if result is None:
        return None
    verdict, lines = set_summary(result, number, view, names)
    lines += [chips_line(view, names), *leavers(events, names)]
    return ResultPanel(verdict, "\n".join(lines), (("next", "Continue"),))


def standings(
    chips: Sequence[int], names: Sequence[str], left: dict[int, tuple[int, Any]]
) -> list[str]:
    """Every seat by chips, most first, with when and why a seat left."""
    order = sorted(range(len(chips)), key=lambda s: -chips[s])
    width = max(len(name) for name in names)
    lines = []
    for place, seat in enumerate(order, 1):
        line = f"{place}. {names[seat]:<{width}} {chips[seat]:>6} chips"
        if seat in left:
            number, reason = left[seat]
            line += f" · {LEAVING[reason]} in set {number}"
        lines.append(line)
    return lines


def final_screen(
    chips: Sequence[int],
    names: Sequence[str],
    left: dict[int, tuple[int, Any]],
    why: str,
    last_set: list[str],
) -> ResultPanel:
    """Final standings by chips; everyone on the most chips shares the win."""
    best = max(chips)
    winners = [names[s] for s, c in enumerate(chips) if c == best]
    if len(winners) > 1:
        verdict = f"{' and '.join(winners)} share the win with {best} chips"
    elif winners[0] == "You":
        verdict = f"You won with {best} chips!"
    else:
        verdict = f"{winners[0]} won with {best} chips"
    details = [why, *last_set, "", *standings(chips, names, left)]
    return ResultPanel(verdict, "\n".join(details), MATCH_CHOICES)


def ending(events: Sequence[Any], sets: int) -> str:
    """Why the game ended, from its last events."""
    end = next((e for e in events if isinstance(e, GameEnded)), None)
    if end is not None and end.reason is EndReason.MAX_SETS:
        return f"The game ended after set {sets}, the table's last."
    if end is not None and end.reason is EndReason.PEOPLE_LEFT:
        return f"The game ends as the last person leaves the table (set {sets})."
    return f"The game ended in set {sets}: too few players were left at the table."
