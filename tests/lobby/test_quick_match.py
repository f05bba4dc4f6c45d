"""Quick match on a real server on 127.0.0.1 with real keys: seeking, matching, sitting down,
rated games and their ratings, leaderboards, listings, and the refusals."""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from cardtable.games.levelratings import level_rating
from cardtable.online import protocol as wire
from cardtable.online.botclient import BotSeat
from cardtable.online.identity import Identity, load_or_create, tag
from cardtable.online.lobbyclient import LobbyClient, LobbyError, seat_session
from cardtable.online.ratedgames import ABANDONED, DAILY_LIMIT
from cardtable.online.ratings import PAIR_GAMES_PER_DAY
from cardtable.online.remote import RemoteSession
from cardtable.online.seeker import matched, play_matched, seek_games
from cardtable.online.server import Limits
from cardtable.session.base import Refused
from cardtable.ui import lobbywords
from tests.online.conftest import PATIENCE, Running, until


@pytest.fixture
def keys(tmp_path: Path) -> list[Identity]:
    return [load_or_create(tmp_path / f"key{n}") for n in range(8)]


async def lobby(server: Running, key: Identity | None, name: str = "P") -> LobbyClient:
    client = await LobbyClient.open(server.url, name, key)
    return client


async def test_two_seekers_are_paired_in_one_wave_play_and_see_their_ratings_change(
    server: Running, keys: list[Identity]
) -> None:
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    assert ann.you is not None and ann.you.player == keys[0].player and ann.you.tag
    games = await asyncio.gather(
        seek_games(ann, "pazaak", True, None, "easy", 1),
        seek_games(bo, "pazaak", True, None, "easy", 1),
    )
    (ann_game,), (bo_game,) = games
    assert ann_game.matched.invite == bo_game.matched.invite
    rated = ann_game.rated
    assert rated is not None and rated.counted
    by_player = {change.player: change for change in rated.changes}
    assert set(by_player) == {keys[0].player, keys[1].player}
    winner = ann_game.session.outcome.winners[0]  # type: ignore[union-attr]
    winner_id = [keys[0].player, keys[1].player][
        [ann_game.matched.seat, bo_game.matched.seat].index(winner)
    ]
    assert by_player[winner_id].after.display > 1500
    assert by_player[winner_id].text.startswith("1,500? → 1,5")
    you = await ann.whoami()
    assert you.ratings["pazaak"].games == 1 and you.finish_rate == 1.0
    everyone = await bo.everyone("pazaak")
    assert sorted(row.player for row in everyone) == sorted([keys[0].player, keys[1].player])
    assert all(row.rank is None and row.rating.provisional for row in everyone)
    await ann.close()
    await bo.close()


async def test_a_fourth_rated_game_in_a_day_between_two_players_says_why_it_did_not_count(
    server: Running, keys: list[Identity]
) -> None:
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    games = await asyncio.gather(
        seek_games(ann, "pazaak", True, None, "easy", PAIR_GAMES_PER_DAY + 1),
        seek_games(bo, "pazaak", True, None, "easy", PAIR_GAMES_PER_DAY + 1),
    )
    rated = [game.rated for game in games[0]]
    assert all(r is not None and r.counted and r.reason is None for r in rated[:-1])
    last = rated[-1]
    assert last is not None and not last.counted and last.changes == []
    assert last.reason == DAILY_LIMIT
    assert (await ann.whoami()).ratings["pazaak"].games == PAIR_GAMES_PER_DAY
    await ann.close()
    await bo.close()


async def test_seven_pazu_seekers_of_3_to_6_and_3_to_4_are_seated_at_legal_tables(
    server: Running, keys: list[Identity]
) -> None:
    clients = [await lobby(server, key, f"P{n}") for n, key in enumerate(keys[:7])]
    # four 3–4 seekers are a table's worth at once; the three after them wait for a wave
    ranges = [(3, 4)] * 5 + [(3, 6)] * 2
    for client, seats in zip(clients, ranges, strict=True):
        await client.seek("pazu-pazaak", True, seats)
    news = [await matched(client, PATIENCE) for client in clients]
    tables: dict[str, list[int]] = {}
    for n, match in enumerate(news):
        tables.setdefault(match.invite, []).append(n)
    for members in tables.values():
        assert all(ranges[n][0] <= len(members) <= ranges[n][1] for n in members)
    assert sorted(len(m) for m in tables.values()) == [3, 4]
    # each takes the seat it was given, at the table it was given
    sessions = [seat_session(server.url, match) for match in news]
    for session in sessions:
        session.start()
    for session, match in zip(sessions, news, strict=True):
        await asyncio.wait_for(session.ready.wait(), PATIENCE)
        assert session.viewer == match.seat and session.invite == match.invite
        session.close()
    for client in clients:
        await client.close()


async def test_a_seeker_dropped_during_confirmation_returns_the_other_to_the_front(
    server: Running, keys: list[Identity]
) -> None:
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    await ann.seek("pazaak", True)
    await bo.seek("pazaak", True)
    bo_match = await matched(bo, PATIENCE)
    await matched(ann, PATIENCE)
    bo_seat = seat_session(server.url, bo_match)
    bo_seat.start()
    await asyncio.wait_for(bo_seat.ready.wait(), PATIENCE)
    await until(
        lambda: (
            bo_match.match not in server.game.quick.lobby.by_match
            or server.game.quick.lobby.pools.matchmaker.matches[bo_match.match].confirmed
        ),
        "Bo's seat confirmed",
    )  # type: ignore[union-attr]
    await ann.close()  # Ann's line drops before she sits down
    called_off = await bo.next_news(PATIENCE)
    while not isinstance(called_off, wire.CalledOff):
        called_off = await bo.next_news(PATIENCE)
    assert called_off.requeued
    status = await bo.next_news(PATIENCE)
    assert isinstance(status, wire.Seeking) and status.rated
    # and the first to come along is matched with Bo
    cy = await lobby(server, keys[2], "Cy")
    await cy.seek("pazaak", True)
    assert (await matched(cy, PATIENCE)).invite == (await matched(bo, PATIENCE)).invite
    bo_seat.close()
    await bo.close()
    await cy.close()


async def signed(url: str, key: Identity, host: str, nonce: bytes) -> str:
    signature = base64.b64encode(key.sign(host, nonce)).decode()
    return json.dumps({"type": "sign_in", "key": key.public, "signature": signature})


async def test_a_forged_or_replayed_signature_is_refused(
    server: Running, keys: list[Identity]
) -> None:
    hello = json.dumps({"type": "lobby", "version": wire.PROTOCOL, "name": "Eve"})
    async with connect(server.url) as first:
        host = first.request.headers["Host"]  # type: ignore[union-attr]
        await first.send(hello)
        nonce = base64.b64decode(json.loads(await first.recv())["nonce"])
        good = await signed(server.url, keys[0], host, nonce)
        await first.send(good)
        assert json.loads(await first.recv())["player"] == keys[0].player
        # the same answer again, on this connection (signed in once, with no new challenge)
        # and on another: refused
        await first.send(good)
        assert "signed in already" in json.loads(await first.recv())["message"]
        await first.send(json.dumps({"type": "whoami"}))
        assert json.loads(await first.recv())["player"] == keys[0].player
        async with connect(server.url) as second:
            await second.send(hello)
            await second.recv()
            await second.send(good)
            refused = json.loads(await second.recv())
            assert refused["code"] == "sign_in" and "does not match" in refused["message"]
            # a key signing for another: refused too
            fresh = json.loads(await second.recv())
            assert fresh["type"] == "challenge"
            forged = await signed(server.url, keys[1], host, base64.b64decode(fresh["nonce"]))
            claim = json.loads(forged) | {"key": keys[0].public}
            await second.send(json.dumps(claim))
            assert json.loads(await second.recv())["code"] == "sign_in"
            assert json.loads(await second.recv())["type"] == "challenge"
            await second.send(json.dumps({"type": "whoami"}))
            assert json.loads(await second.recv())["player"] is None


async def test_a_hundred_seeks_from_one_key_make_one_ticket(
    server: Running, keys: list[Identity]
) -> None:
    clients = [await lobby(server, keys[0], "Ann") for _ in range(4)]
    for _ in range(25):
        for client in clients:
            await client.seek("pazaak", True)
    pools = server.game.quick.lobby.pools  # type: ignore[union-attr]
    assert list(pools.matchmaker.waiting) == [keys[0].player]
    for client in clients[:-1]:  # the older connections were told
        news = await client.next_news(PATIENCE)
        assert isinstance(news, wire.Cancelled | wire.Seeking)
    for client in clients:
        await client.close()


async def test_one_key_is_never_at_two_quick_match_tables(
    server: Running, keys: list[Identity]
) -> None:
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    await ann.seek("pazaak", True)
    await bo.seek("pazaak", True)
    await matched(ann, PATIENCE)
    ann_again = await lobby(server, keys[0], "Ann")
    with pytest.raises(LobbyError, match="already at a quick-match table"):
        await ann_again.seek("pixies", True)
    for client in (ann, bo, ann_again):
        await client.close()


async def test_listings_carry_no_token_and_no_hidden_card(
    server: Running, keys: list[Identity]
) -> None:
    watcher = await lobby(server, None, "Watcher")
    assert await watcher.subscribe() == {}
    host = await server.seated(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"], "listed": True}
    )
    news = await watcher.next_news(PATIENCE)
    assert isinstance(news, wire.Listed)
    row = news.table
    assert (row.invite, row.watch, row.taken, row.seats) == (host.invite, host.watch, 1, 2)
    text = news.model_dump_json()
    assert host.token is not None and host.token not in text
    assert "observation" not in text and "hand" not in text.lower()
    # a friend table (not listed) never shows
    await server.seated("pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "easy"]})
    guest = await server.seated("pazaak", {"type": "join", "code": host.invite, "name": "Bo"})
    full = await watcher.next_news(PATIENCE)
    assert isinstance(full, wire.Listed) and full.table.invite is None and full.table.taken == 2
    assert guest.token is not None and guest.token not in full.model_dump_json()
    assert list(watcher.tables) == [host.watch]
    await watcher.close()


async def listed_where(
    watcher: LobbyClient, fits: Callable[[wire.ListedTable], bool]
) -> wire.ListedTable:
    """The first row the watcher is told of (listed, or changed) that ``fits``."""
    while True:
        news = await watcher.next_news(PATIENCE)
        if isinstance(news, wire.Listed) and fits(news.table):
            return news.table


async def test_a_listed_table_shows_signed_in_players_with_tag_and_rating(
    server: Running, keys: list[Identity]
) -> None:
    watcher = await lobby(server, None, "Watcher")
    await watcher.subscribe()
    host = server.session(
        "pazaak",
        {"type": "create", "game": "pazaak", "seats": ["human", "human"], "listed": True},
    )
    host.identify(keys[0])
    host.start()
    row = await listed_where(watcher, lambda row: row.players[0].tag is not None)
    # the host hears it is signed in on its own connection: no earlier than the watcher
    you = await until(lambda: host.you, "the host's sign-in")
    assert you.player == keys[0].player
    ann = row.players[0]
    assert (ann.name, ann.tag, ann.rating) == ("Host", tag(keys[0].player), "1,500?")
    guest = await server.seated("pazaak", {"type": "join", "code": host.invite, "name": "Bo"})
    full = await listed_where(watcher, lambda row: row.taken == 2)
    bo = full.players[1]
    assert (bo.name, bo.tag, bo.rating, bo.finish_rate) == ("Bo", None, None, None)
    assert full.players[0] == ann  # the host stays known
    text = full.model_dump_json()
    for token in (host.token, guest.token):
        assert token is not None and token not in text
    assert keys[0].public.split()[1] not in text  # nor the key itself
    host.close()
    guest.close()
    await watcher.close()


@dataclass(frozen=True)
class Forger(Identity):
    """Names one player's key but signs with its own."""

    named: Identity

    @property
    def public(self) -> str:
        return self.named.public


async def test_a_bot_at_a_listed_table_shows_with_its_levels_rating(server: Running) -> None:
    """Issue 39 item 4: a built-in bot's seat in a lobby row carries its level's place on the
    rating scale (measured by self-play), marked as an estimate; a person's bare name has none."""
    watcher = await lobby(server, None, "Watcher")
    await watcher.subscribe()
    create = {"type": "create", "game": "pazaak", "seats": ["human", "hard"], "listed": True}
    host = await server.seated("pazaak", create)
    row = await listed_where(watcher, lambda row: row.watch == host.watch)
    person, bot = row.players
    assert (person.name, person.rating, person.bot) == ("Host", None, False)
    hard = level_rating("pazaak", "hard")
    assert hard is not None
    assert (bot.name, bot.rating, bot.bot) == ("Bot 2", f"≈ {hard:,}", True)
    assert lobbywords.person(bot) == f"Bot 2 ≈ {hard:,} (bot)"  # as the Lobby screen shows it
    await watcher.close()


async def test_a_seat_that_signs_with_a_forged_signature_stays_anonymous(
    server: Running, keys: list[Identity]
) -> None:
    host = server.session(
        "pazaak",
        {"type": "create", "game": "pazaak", "seats": ["human", "human"], "listed": True},
    )
    host.identify(Forger(keys[1].key, named=keys[0]))
    refused: list[str] = []
    host.connect(
        lambda change: refused.append(change.reason) if isinstance(change, Refused) else None,
        lambda callback: callback(),
    )
    host.start()
    await until(lambda: bool(refused), "the forged sign-in refused")
    assert "not signed in" in refused[0] and host.you is None
    watcher = await lobby(server, None, "Watcher")
    (row,) = (await watcher.subscribe()).values()
    assert row.players[0].tag is None
    host.close()
    await watcher.close()


async def test_a_quick_match_table_is_listed_while_it_plays(
    server: Running, keys: list[Identity]
) -> None:
    watcher = await lobby(server, None, "Watcher")
    await watcher.subscribe()
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    games = asyncio.gather(
        seek_games(ann, "pazaak", True, None, "easy", 1),
        seek_games(bo, "pazaak", True, None, "easy", 1),
    )
    row = await listed_where(watcher, lambda row: row.rated)
    assert (row.invite, row.taken, row.seats) == (None, 2, 2)
    assert {p.tag for p in row.players} == {tag(keys[0].player), tag(keys[1].player)}
    assert all(p.rating == "1,500?" for p in row.players)
    (ann_game,), _ = await games
    assert row.watch == ann_game.session.watch
    while (news := await watcher.next_news(PATIENCE)) != wire.Unlisted(
        type="unlisted", watch=row.watch
    ):
        assert not isinstance(news, wire.Listed) or news.table.watch == row.watch
    assert row.watch not in watcher.tables
    for client in (watcher, ann, bo):
        await client.close()


async def test_a_leaver_ranks_last_though_a_bot_plays_the_seat_out(
    server: Running, keys: list[Identity]
) -> None:
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    await ann.seek("pazaak", True)
    await bo.seek("pazaak", True)
    ann_match, bo_match = await matched(ann, PATIENCE), await matched(bo, PATIENCE)
    ann_seat = seat_session(server.url, ann_match)
    ann_bot = BotSeat(ann_seat, "hard")
    ann_task = asyncio.create_task(ann_bot.play(PATIENCE))
    bo_game = asyncio.create_task(play_matched(bo, bo_match, "easy"))
    game = server.game
    assert game is not None
    await until(
        lambda: any(len(seats) == 2 for seats in game.quick.moved.values()), "both players moving"
    )
    ann_task.cancel()
    ann_seat.close()  # Ann leaves; after the grace a bot plays her seat to the end
    played = await bo_game
    rated = played.rated
    assert rated is not None and rated.counted
    change = {c.player: c for c in rated.changes}
    assert change[keys[0].player].after.mu < change[keys[0].player].before.mu
    assert change[keys[1].player].after.mu > change[keys[1].player].before.mu
    you = await ann.whoami()
    assert you.finish_rate == 0.0
    await ann.close()
    await bo.close()


async def test_an_anonymous_visitor_may_seek_casual_play_only(server: Running) -> None:
    anon = await lobby(server, None, "Anon")
    assert anon.you is not None and anon.you.player is None
    with pytest.raises(LobbyError, match="signed in"):
        await anon.seek("pazaak", True)
    status = await anon.seek("pazaak", False)
    assert status.seeking == 1 and not status.rated
    await anon.close()


async def seated_rated_pazaak(
    server: Running, keys: list[Identity]
) -> tuple[LobbyClient, LobbyClient, list[wire.Matched], list[RemoteSession]]:
    """Ann and Bo signed in, matched for rated Pazaak and seated: their lobby clients, the
    match news and the two seats' sessions, each ready."""
    ann, bo = await lobby(server, keys[0], "Ann"), await lobby(server, keys[1], "Bo")
    await ann.seek("pazaak", True)
    await bo.seek("pazaak", True)
    news = [await matched(ann, PATIENCE), await matched(bo, PATIENCE)]
    seats = [seat_session(server.url, match) for match in news]
    for session in seats:
        session.start()
    for session in seats:
        await asyncio.wait_for(session.ready.wait(), PATIENCE)
    return ann, bo, news, seats


async def test_a_rated_quick_match_table_stays_rated_across_a_server_restart(
    tmp_path: Path, keys: list[Identity]
) -> None:
    """A server restarted mid-game rebuilds a quick-match table from its record as rated,
    with the seats that had moved: the game played on after the restart is rated."""
    # a long grace: nobody is stood in for while the clients dial the restarted server
    server = Running(tmp_path / "server.sqlite3", Limits(grace=PATIENCE, bot_pause=0.0))
    await server.start()
    ann, bo, news, seats = await seated_rated_pazaak(server, keys)
    # each seat moves once before the restart (the game is not abandoned)
    for ply in (0, 1):
        mover = await until(
            lambda ply=ply: next((s for s in seats if s.my_turn and s.ply == ply), None), "a turn"
        )
        mover.submit(mover.playable()[0])
    await until(lambda: all(s.ply >= 2 for s in seats), "both first moves")
    await ann.close()
    await bo.close()
    await server.stop()
    game = await server.start()  # the same port and store: the seats come back by tokens
    table = game.tables.by_code[news[0].invite]
    assert game.quick.moved[table] == {0, 1}  # both had moved: not an abandoned game
    played = await asyncio.gather(*(BotSeat(s, "easy").play(PATIENCE) for s in seats))
    for session in played:
        rated = await until(lambda s=session: s.rated, "the rated message")
        assert rated.counted and rated.reason is None
        assert {c.player for c in rated.changes} == {keys[0].player, keys[1].player}
        session.close()
    check = await lobby(server, keys[0], "Ann")
    assert (await check.whoami()).ratings["pazaak"].games == 1
    await check.close()
    await server.stop()


async def test_a_stand_in_s_moves_are_not_the_seat_s_own_after_a_restart(
    tmp_path: Path, keys: list[Identity], caplog: pytest.LogCaptureFixture
) -> None:
    """A player who left before their first move: the bot standing in for them moves, the
    server restarts, the game is played out. The journal tells the stand-in's moves from the
    seat's own, so the game is still one abandoned before every player moved: not rated.
    The stopped server plays no more (the connections it cut bring no stand-in)."""
    server = Running(tmp_path / "server.sqlite3", Limits(grace=0.3, bot_pause=0.0))
    await server.start()
    ann, bo, news, seats = await seated_rated_pazaak(server, keys)
    stayer = await until(lambda: next((s for s in seats if s.my_turn), None), "the first turn")
    leaver = next(s for s in seats if s is not stayer)
    stayer.submit(stayer.playable()[0])
    await until(lambda: stayer.ply >= 1, "the first move kept")
    leaver.close()  # gone before their first move, and never back
    assert server.game is not None
    table = server.game.tables.by_code[news[0].invite]
    await until(lambda: table.by_stand_in and stayer.my_turn, "a stand-in to move for them")
    await ann.close()
    await bo.close()
    await server.stop()
    game = await server.start()
    table = game.tables.by_code[news[0].invite]
    stayer_seat = seats.index(stayer)
    assert game.quick.moved[table] == {news[stayer_seat].seat}  # the stand-in's are not the seat's
    await BotSeat(stayer, "easy").play(PATIENCE)
    rated = await until(lambda: stayer.rated, "the rated message")
    assert not rated.counted and rated.reason == ABANDONED
    stayer.close()
    await server.stop()
    assert "could not be committed" not in caplog.text
