"""What a typed line means at the prompt: a listed move (by number, words or an unambiguous
prefix of them), a command, or a problem said in one plain line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.plain.reading import Move
from cardtable.plain.words import listed

#: the commands at every prompt, in the order help lists them
COMMANDS = ("hand", "board", "score", "log", "hint", "odds", "help", "quit")
#: only where there are other people to talk to
SAY = "say"
#: how many lines ``log`` reads back when not told
LOG_LINES = 5


@dataclass(frozen=True, slots=True)
class Chosen:
    """A listed move, ready to play."""

    action: Any
    words: str


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    #: the words after it: a number for ``log``, the line for ``say``
    rest: str = ""


@dataclass(frozen=True, slots=True)
class Problem:
    why: str


Entry = Chosen | Command | Problem | None


def _plain(words: str) -> str:
    """Words as they are compared: lower case, without commas or brackets."""
    for mark in ",()":
        words = words.replace(mark, " ")
    return " ".join(words.lower().split())


def _matches(typed: list[str], words: str) -> bool:
    """Every typed word begins the listed word in its place: "p pl 3" for "play plus 3"."""
    listed_words = _plain(words).split()
    return len(typed) <= len(listed_words) and all(
        w.startswith(t) for t, w in zip(typed, listed_words, strict=False)
    )


def _amount(typed: list[str], moves: Sequence[Move]) -> Entry:
    """ "bid 12": a move that takes an amount, with its amount checked."""
    if len(typed) < 2 or not typed[-1].isdigit():
        return None
    for move in moves:
        if move.amount is not None and _matches(typed[:-1], move.words.split()[0]):
            n = int(typed[-1])
            verb = move.words.split()[0]
            if not move.low <= n <= move.high:
                return Problem(f"{verb} takes {move.low} to {move.high}, not {n}.")
            return Chosen(move.amount(n), f"{verb} {n}")
    return None


def read_entry(line: str, moves: Sequence[Move], commands: Sequence[str]) -> Entry:
    """What ``line`` asks for; None: an empty line (the prompt again, without complaint)."""
    text = " ".join(line.split())
    if not text:
        return None
    typed = _plain(text).split()
    count = len(moves)
    if typed[0].isdigit() and len(typed) == 1:
        n = int(typed[0])
        if not 1 <= n <= count:
            return Problem(f"There is no move {n}: choose 1 to {count}.")
        move = moves[n - 1]
        if move.amount is None:
            return Chosen(move.action, move.words)
        verb = move.words.split()[0]
        return Problem(
            f"Move {n} takes an amount: type {verb} and a number, e.g. {verb} {move.low}."
        )
    head, _, rest = text.partition(" ")
    if SAY in commands and head.lower() == SAY:
        return Command(SAY, rest)
    exact = [m for m in moves if m.amount is None and _plain(m.words) == " ".join(typed)]
    if exact:
        return Chosen(exact[0].action, exact[0].words)
    amount = _amount(typed, moves)
    if amount is not None:
        return amount
    if head.lower() == "log" and (not rest or rest.isdigit()):
        return Command("log", rest)
    found = [m.words for m in moves if m.amount is None and _matches(typed, m.words)]
    found += [c for c in commands if len(typed) == 1 and c.startswith(typed[0])]
    if len(found) == 1:
        chosen = next((m for m in moves if m.words == found[0]), None)
        return Command(found[0]) if chosen is None else Chosen(chosen.action, chosen.words)
    if found:
        return Problem(f"'{text}' could be {listed(found, 'or')}: type more of it.")
    choose = f"a number from 1 to {count}" if count > 1 else "1"
    return Problem(f"'{text}' is not a move now. Type {choose}, or help.")


def help_lines(commands: Sequence[str]) -> list[str]:
    """What every command does, one line each."""
    said = {
        "hand": "hand: the cards you hold.",
        "board": "board: the whole table as you may see it.",
        "score": "score: where the game stands.",
        "log": f"log, or log N: the last {LOG_LINES}, or N, events again.",
        "hint": "hint: the strongest bot's move for you, and why.",
        "odds": "odds: the chances of your next card (Flip 7).",
        "help": "help: this list.",
        "quit": "quit: leave the table.",
        SAY: "say TEXT: a line to everyone at the table.",
    }
    return [
        "On your turn, type a move's number, its words, or the start of them "
        "(e.g. 2, stand, st); an empty line lists the moves again. Anytime:",
        *(said[c] for c in commands),
    ]
