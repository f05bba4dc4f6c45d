"""A seat's side deck is its own: nobody at the table hears another's before the game is over.

The welcome once carried the whole config, every seat's side deck in it, to every joiner and
spectator. Now a game whose rules say its config holds secrets sends none until the end.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
from typing import Any

import pytest
from websockets.asyncio.client import connect

from cardtable.games.registry import GAMES
from cardtable.online.protocol import PROTOCOL
from cardtable.persist.options import options_model
from tests.online.conftest import PATIENCE, Running, play_out

#: per game: the seats, and two deck options that differ only in a seat the viewer is not
DECKS = {
    "pazaak": (["human", "human"], "gold,balanced", "gold,beginner"),
    "pazu-pazaak": (["human", "human", "human"], "gold,gold,balanced", "gold,gold,beginner"),
}


#: what differs from table to table whatever the decks: codes, token, the table's id
RANDOM = {"token", "invite", "watch", "game_id"}


async def _first_words(server: Running, game: str, decks: str) -> list[dict[str, Any]]:
    """What the host and a spectator are told on sitting down, random codes left out."""
    seats, _, _ = DECKS[game]
    create = {"type": "create", "version": PROTOCOL, "game": game, "seats": seats}
    heard: list[dict[str, Any]] = []

    async def hear(ws: Any) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))
        heard.append({k: v for k, v in message.items() if k not in RANDOM})
        return message

    async with connect(server.url) as host:
        await host.send(json.dumps(create | {"options": {"decks": decks}}))
        welcome = await hear(host)
        await hear(host)
        async with connect(server.url) as spectator:
            await spectator.send(
                json.dumps({"type": "watch", "version": PROTOCOL, "code": welcome["watch"]})
            )
            await hear(spectator)
            await hear(spectator)
    return heard


@pytest.mark.parametrize("game", list(DECKS))
async def test_nothing_told_before_the_end_depends_on_another_seats_deck(
    server: Running, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda _: 424242)  # the same shuffle twice
    _, one, other = DECKS[game]
    first = await _first_words(server, game, one)
    second = await _first_words(server, game, other)
    assert [m["type"] for m in first] == ["welcome", "update", "welcome", "update"]
    assert first == second
    assert all(m.get("config") is None for m in first)


async def test_the_whole_config_comes_with_the_seed_at_the_end(server: Running) -> None:
    players = await server.table("pazaak", ["human", "human"], decks="gold,beginner")
    assert all(p.config is None for p in players)
    await play_out(players)
    decks = options_model("pazaak")(decks="gold,beginner").to_config(2).decks
    for player in players:
        assert player.is_over and player.config.decks == decks
        assert player.match is not None  # and the game rebuilt from it, to keep as a replay


def test_every_game_whose_options_hold_side_decks_keeps_them_secret() -> None:
    for spec in GAMES.values():
        config = spec.rules.default_config(spec.min_seats)
        if "decks" in {field.name for field in dataclasses.fields(config)}:
            assert spec.rules.secret_config, spec.id
