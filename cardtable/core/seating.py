"""Seat words and the one place a bot is built from one, for every command that seats players.

A seat is written ``human``, a bot level (``hard``), or ``policy:package.module:function`` for a
policy someone wrote or trained. ``play``, ``sim`` and the online tables all parse seat lists
with ``parse_seat_words`` and build bots with ``make_bot``, so a policy seat works the same
everywhere. A policy is called like a bot's ``choose``: ``act(observation, legal, rng)``, and
must return one of ``legal``; anything else is refused with ``PolicyError``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core.bots import Bot

HUMAN = "human"
POLICY = "policy:"
Policy = Callable[[Any, tuple[Any, ...], random.Random], Any]


class SeatError(ValueError):
    """A seat word that names nothing seatable; the message is one line for the user."""


class PolicyError(Exception):
    """A policy chose a move that is not legal now; the game is left as it was."""


def is_policy(word: str) -> bool:
    return word.startswith(POLICY)


def parse_seat_words(
    game: str, levels: Collection[str], text: str, humans: bool = True
) -> tuple[str, ...]:
    """``"human,hard,policy:pkg.mod:act"`` -> its words, each checked against the game's bot
    ``levels`` (policies loaded)."""
    words = tuple(word.strip() for word in text.split(",") if word.strip())
    for word in words:
        if is_policy(word):
            load_policy(word)
        elif word not in levels and not (humans and word == HUMAN):
            kinds = ([HUMAN] if humans else []) + list(levels)
            raise SeatError(
                f"unknown seat {word!r} for {game}; choose from: {', '.join(kinds)}, "
                "or policy:package.module:function"
            )
    return words


def load_policy(word: str) -> Policy:
    """The function a ``policy:module:function`` word names; SeatError says why it cannot be had."""
    path = word.removeprefix(POLICY)
    module_name, _, attribute = path.partition(":")
    if not module_name or not attribute:
        raise SeatError(f"write a policy seat as policy:package.module:function, not {word!r}")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # a broken policy module fails in any way; report it in one line
        raise SeatError(f"cannot load policy {path}: {type(error).__name__}: {error}") from None
    found = getattr(module, attribute, None)
    if not callable(found):
        raise SeatError(f"cannot load policy {path}: {module_name} has no function {attribute!r}")
    policy: Policy = found
    return policy


@dataclass
class PolicyBot:
    """A bot seat run by a user's policy, held to the same legality as everyone else."""

    level: str
    act: Policy

    def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        action = self.act(observation, legal, rng)
        if action not in legal:
            path = self.level.removeprefix(POLICY)
            raise PolicyError(
                f"policy {path} chose {action!r}, which is not a legal move now; "
                f"legal: {', '.join(map(repr, legal))}"
            )
        return action


def make_bot(bots: Mapping[str, Callable[[], Bot]], word: str) -> Bot:
    """The bot for a seat word: a built-in level from ``bots``, or a loaded policy."""
    if is_policy(word):
        return PolicyBot(word, load_policy(word))
    return bots[word]()
