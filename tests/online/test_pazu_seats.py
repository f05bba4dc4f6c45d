"""Online Pazu-Pazaak is played continuously: with the invite code a person sits down between
sets in a bot's place, a person at the table leaves at a set's end, everyone sees both, a join
while a set is played is refused with the reason, and a restarted server replays it all."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

from cardtable.games.pazaak.events import CardDrawn
from cardtable.games.pazu.actions import LEAVE, STAND, STAY, Bid, Pick, SeatBot, SetAnte
from cardtable.games.pazu.state import Phase
from cardtable.games.registry import get
from cardtable.online.remote import RemoteSession
from cardtable.online.tables import Table
from cardtable.session.base import Refused
from tests.online.conftest import PATIENCE, Running, until

GAME = "pazu-pazaak"
#: the most moves a scripted person makes in one call of ``play_until``
MOST_MOVES = 400


def cheapest(session: RemoteSession) -> Any:
    """A quick, legal move that keeps the person at the table: bid nothing, take the first
    card, name the smallest ante, stand at once, stay between sets."""
    view, legal = session.observe(), session.playable()
    if view.phase is Phase.BID:
        return Bid(0)
    if view.phase is Phase.PICK:
        return next(a for a in legal if isinstance(a, Pick))
    if view.phase is Phase.ANTE:
        return SetAnte(view.config.ante_min)
    return STAND if view.phase is Phase.TURN else STAY


async def play_until(stop: Any, *people: RemoteSession) -> None:
    """The ``people`` play ``cheapest`` moves until ``stop()`` holds (the bots move by
    themselves on the server); bounded in moves and in time."""
    # a whole set at six seats, each move drawn by two apps: about 6 s on a quiet machine, over
    # 30 s under a load of 14 (one loaded run); each move's own wait is bounded by PATIENCE
    async with asyncio.timeout(3 * PATIENCE):
        for _ in range(MOST_MOVES):
            await until(lambda: stop() or any(p.my_turn for p in people), f"{stop} or a turn")
            if stop():
                return
            mover = next(p for p in people if p.my_turn)
            ply = mover.ply
            mover.submit(cheapest(mover))
            await until(lambda m=mover, ply=ply: m.ply > ply, "the move to be played")
    raise AssertionError(f"{stop} did not hold within {MOST_MOVES} moves")


def deciding(session: RemoteSession) -> bool:
    """It is this person's turn to stay or leave between sets."""
    return session.my_turn and session.observe().phase is Phase.LEAVE


async def watching(server: Running, host: RemoteSession) -> RemoteSession:
    return await server.seated(GAME, {"type": "watch", "code": host.watch})


async def host_table(server: Running, seats: list[str]) -> RemoteSession:
    hello = {"type": "create", "game": GAME, "seats": seats, "name": "Ann"}
    return await server.seated(GAME, hello)


async def joined(server: Running, host: RemoteSession, name: str) -> RemoteSession:
    return await server.seated(GAME, {"type": "join", "code": host.invite, "name": name})


async def refused_join(server: Running, host: RemoteSession) -> str:
    """A join that the server turns down: the reason the joiner is shown."""
    late = server.session(GAME, {"type": "join", "code": host.invite, "name": "Late"})
    late.start()
    await asyncio.wait_for(late.ready.wait(), PATIENCE)
    assert late.problem is not None and late.viewer is None
    return late.problem


def server_table(server: Running) -> Table:
    assert server.game is not None
    (table,) = server.game.tables.values()
    return table


async def test_a_join_while_a_set_is_played_is_refused_with_the_reason(server: Running) -> None:
    host = await host_table(server, ["human", "easy", "easy"])
    assert host.observe().phase is not Phase.LEAVE
    problem = await refused_join(server, host)
    assert problem == (
        "set 1 is being played: newcomers sit down between sets, so join again when it ends "
        f"(the watch code {host.watch} lets you look on)"
    )
    table = server_table(server)
    assert len(table.seats) == 3 and table.match.game.seat_count(table.match.state) == 3


async def test_a_person_joins_between_sets_in_a_bots_place_and_plays_the_next_set(
    server: Running,
) -> None:
    host = await host_table(server, ["human", "easy", "easy"])
    spectator = await watching(server, host)
    await play_until(lambda: deciding(host), host)
    bob = await joined(server, host, "Bob")
    assert bob.viewer == 3
    assert [s.name for s in bob.seats] == ["Ann", "Bot 2", "Bot 3", "You"]  # his own: "You"
    assert [s.bot for s in bob.seats] == [None, "easy", "easy", None]
    for other in (host, spectator):
        await until(lambda o=other: len(o.seats) == 4, "the others to see the newcomer")
        assert other.seats[3].name == "Bob" and other.observe().seated == (True, False, True, True)
    bot_chips = host.observe().chips[1]
    gave = f"Player 2 gives its place to a newcomer and leaves the table with {bot_chips} chips"
    for other in (host, spectator):
        assert other.log_lines()[-3:] == (
            gave,
            "Player 4 sits down at the table with 200 chips",
            "Player 4 takes a hand of 4 side cards",
        )
    assert "You sit down at the table with 200 chips" in bob.log_lines()
    # the newcomer sees its own hand of four, and of the others only how many cards they hold
    view = bob.observe()
    assert view.hand is not None and len(view.hand) == 4 and view.seat == 3
    # the host decides; the next set opens with Bob in it, and he plays it
    await play_until(lambda: host.observe().set_number == 2, host, bob)
    await play_until(lambda: deciding(host) or deciding(bob), host, bob)
    drew = [e for move in bob.history() for e in move if isinstance(e, CardDrawn) and e.seat == 3]
    assert drew, "Bob drew no card in set 2"
    assert host.observe().set_number == 2


async def test_a_newcomer_is_told_nothing_hidden_of_the_other_seats(server: Running) -> None:
    host = await host_table(server, ["human", "easy", "easy"])
    await play_until(lambda: deciding(host), host)
    await joined(server, host, "Bob")
    table = server_table(server)
    rules = table.match.game
    rng = random.Random(4)
    for _ in range(8):
        # what Bob is sent on sitting down, made again with every other hand dealt afresh
        twin_match = replace(table.match, state=rules.redeal_hidden(table.match.state, 3, rng))
        twin = Table(table.id, table.spec, twin_match, table.seats, [], "AAAAA", "CCCCC")
        twin.peers, twin.claimed = table.peers, table.claimed
        assert twin.update_for(_Fresh(3)) == table.update_for(_Fresh(3))
    hands = table.match.state.hands
    sent = table.update_for(_Fresh(3)).decode()
    assert '"hand_counts"' in sent and sent.count('"hand":') == 1
    assert len(hands[0]) >= 4  # Ann never plays a hand card: she holds hidden cards to leak


class _Fresh:
    """A connection that has been told nothing yet, in ``seat``."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.sent = self.noted = 0


async def test_a_person_leaves_at_a_sets_end_and_the_others_see_it(server: Running) -> None:
    host = await host_table(server, ["human", "human", "easy"])
    guest = await joined(server, host, "Cid")
    spectator = await watching(server, host)
    await play_until(lambda: deciding(guest), host, guest)
    chips = guest.observe().chips[1]
    guest.submit(LEAVE)
    left = f"Player 2 leaves the table with {chips} chips"
    for other in (host, spectator):
        await until(lambda o=other: left in o.log_lines(), "the others to see the leaver go")
        assert other.observe().seated[1] is False
    assert f"You leave the table with {chips} chips" in guest.log_lines()
    guest.close()
    # gone for good, not away: nobody is told to wait for Cid, and play goes on without him
    seats = lambda: host._update.seats  # type: ignore[union-attr]  # noqa: E731
    await until(lambda: not seats()[1].connected, "the server to see Cid hang up")
    assert seats()[1].left
    await play_until(lambda: host.observe().set_number == 2, host)
    assert "Cid" not in (host.connection or "")
    assert host.observe().seated == (True, False, True) and not host.is_over
    # his place is free for a newcomer at the next break: the bot's, as bots give way first
    await play_until(lambda: deciding(host), host)
    dee = await joined(server, host, "Dee")
    assert dee.viewer == 3 and host.observe().seated == (True, False, False, True)


async def test_a_restarted_server_replays_the_sit_downs_and_leaves(server: Running) -> None:
    host = await host_table(server, ["human", "human", "easy"])
    guest = await joined(server, host, "Cid")
    await play_until(lambda: deciding(guest), host, guest)
    guest.submit(LEAVE)
    await until(lambda: host.observe().seated[1] is False, "the leave")
    await play_until(lambda: deciding(host), host)
    bob = await joined(server, host, "Bob")
    before = server_table(server)
    state, seats, tokens = before.match.state, before.seats, list(before.tokens)
    await server.stop()
    await server.start()
    after = server_table(server)
    assert after.match.state == state and after.seats == seats and after.tokens == tokens
    kept = server.game.store.actions(after.id)  # type: ignore[union-attr]
    assert [a["type"] for a in kept].count("SitDown") == 1 and {"type": "Leave"} in kept
    # Bob's token still seats him, and his game goes on where it was
    await until(lambda: bob.connection is None and bob.link.connected, "Bob back")
    assert bob.viewer == 3 and bob.observe().hand == state.hands[3]
    await play_until(lambda: host.observe().set_number == 3, host, bob)


async def test_a_person_who_left_joins_again_from_the_same_machine_as_a_newcomer(
    server: Running,
) -> None:
    """The token kept from their first visit names a seat that has left: the server says so,
    and the client joins with the invite code instead, taking a new place."""
    host = await host_table(server, ["human", "human", "easy"])
    guest = await joined(server, host, "Cid")
    await play_until(lambda: deciding(guest), host, guest)
    guest.submit(LEAVE)
    await until(lambda: host.observe().seated[1] is False, "the leave")
    guest.close()
    await play_until(lambda: deciding(host), host)
    hello = {"type": "join", "code": host.invite, "name": "Cid"}
    again = RemoteSession(get(GAME), server.url, hello, kept=guest.token)
    server.sessions.append(again)
    again.start()
    await asyncio.wait_for(again.ready.wait(), PATIENCE)
    assert again.problem is None and again.viewer == 3 and again.token != guest.token
    assert host.observe().seated == (True, False, False, True)


def _now(callback: Any) -> None:
    callback()


async def short_table(server: Running) -> RemoteSession:
    """Ann and two bots, for two sets."""
    hello = {
        "type": "create",
        "game": GAME,
        "seats": ["human", "easy", "easy"],
        "name": "Ann",
        "options": {"max_sets": "2"},
    }
    return await server.seated(GAME, hello)


async def test_play_again_starts_with_the_opening_seats_and_waits_out_newcomers(
    server: Running,
) -> None:
    """A bot Ann added drops out of the next game; while a newcomer sits at the table, the
    next game is refused, as it would have no seat for them."""
    host = await short_table(server)
    await play_until(lambda: deciding(host), host)
    host.submit(SeatBot("easy"))
    await until(lambda: len(host.seats) == 4, "the added bot")
    await play_until(lambda: host.is_over, host)
    assert host.again() is host
    await until(lambda: host.ready.is_set() and not host.is_over, "the next game")
    assert [s.name for s in host.seats] == ["You", "Bot 2", "Bot 3"]
    assert len(host.observe().seated) == 3

    await play_until(lambda: deciding(host), host)
    bob = await joined(server, host, "Bob")
    await play_until(lambda: host.is_over, host, bob)
    refusals: list[str] = []
    host.connect(lambda c: refusals.append(c.reason) if isinstance(c, Refused) else None, _now)
    host.again()
    await until(lambda: bool(refusals), "the refusal")
    assert refusals[-1] == (
        "Bob sat down during this game and a new one starts with the opening seats only: "
        "open a new table to play on together"
    )
