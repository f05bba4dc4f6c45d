"""A game rebuilt from what its file holds (rules version, seed, config, actions, seats).

Kept apart from the pydantic record (``records``) so that a file pydantic has already checked
elsewhere, in the helper ``cardtable resume`` forks (``tools.ahead``), rebuilds here without
importing pydantic: the table's first frame does not wait for that import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.codec import Decoder
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.seating import is_policy
from cardtable.core.seats import Seat
from cardtable.games.registry import GameSpec


def slot_name(game: str, config: dict[str, Any]) -> str:
    """Which save a game goes in: one per game, and one per mode of a game that has modes
    (Flip 7's solo challenge and table game are saved apart)."""
    mode = config.get("mode")
    return f"{game}-{mode}" if isinstance(mode, str) else game


def rebuild_match(
    spec: GameSpec,
    rules_version: int,
    seed: int,
    config: dict[str, Any],
    actions: Sequence[dict[str, Any]],
    seats: Sequence[Seat],
) -> Match:
    """Replay a game; ValueError says what does not fit (bad action, other rules). A game kept
    under an older rules version that these rules still read is brought up to them as it
    replays (``core.match.Match.replay``)."""
    rules = spec.rules
    if not rules.replays_version(rules_version):
        raise ValueError(
            f"made with {spec.title} rules version {rules_version}, "
            f"this cardtable plays version {rules.rules_version}"
        )
    for seat in seats:
        if seat.bot is not None and seat.bot not in spec.levels and not is_policy(seat.bot):
            raise ValueError(f"unknown bot level {seat.bot!r}")
    try:
        decoded = Decoder((rules.config_type,)).decode(config)
        moves = Decoder(rules.action_types)
        match = Match.replay(
            rules, decoded, seed, [moves.decode(a) for a in actions], rules_version
        )
    except IllegalAction as refusal:
        raise ValueError(f"an action does not replay: {refusal.reason}") from refusal
    except (TypeError, KeyError) as error:
        raise ValueError(f"the config does not fit: {error}") from error
    if rules.seat_count(match.state) != len(seats):
        raise ValueError("the seats do not match the game")
    return match
