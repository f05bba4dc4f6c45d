"""A bot standing in for a player who left is told in every log, and its moves are marked as
the bot's, not the player's (issue 36: Bob came back to "You play ±1/2 as +1 → 20", moves he
never made). A real server on 127.0.0.1, two players and a spectator."""

from __future__ import annotations

from typing import Any

from cardtable.online.remote import RemoteSession
from cardtable.online.tables import BOT_MARK
from tests.online.conftest import Running, until

AWAY = "Player 2 is away: a bot plays for them"
BACK = "Player 2 is back"


def _marked(session: RemoteSession) -> list[str]:
    return [line for line in session.log_lines() if line.startswith(f"{BOT_MARK} ")]


def _described(events: list[tuple[Any, ...]], rules: Any, seat: int | None) -> list[str]:
    return [line for group in events for e in group if (line := rules.describe(e, seat))]


async def test_every_log_tells_of_the_stand_in_and_marks_its_moves(server: Running) -> None:
    ann, bob = await server.table("pazaak", ["human", "human"])
    watcher = await server.seated("pazaak", {"type": "watch", "code": ann.watch})
    token = bob.token
    bob.close()
    await until(lambda: AWAY in ann.log_lines(), "Ann's log to say Bob is away")
    await until(lambda: AWAY in watcher.log_lines(), "the spectator's log to say so")
    asked = [-1]

    def stand_in_moved_twice() -> bool:
        """Ann plays her turns (whatever comes first) until the bot has played two of Bob's."""
        if ann.my_turn and ann.ply != asked[0]:
            asked[0] = ann.ply
            ann.submit(ann.playable()[0])
        return len(_marked(ann)) >= 2 or ann.is_over

    await until(stand_in_moved_twice, "two moves of the stand-in")
    back = await server.seated("pazaak", {"type": "resume", "token": token})
    assert server.game is not None
    table = next(iter(server.game.tables.values()))
    moves = len(table.by_stand_in)  # the stand-in may have moved again until Bob sat down
    assert moves >= 1
    await until(lambda: BACK in ann.log_lines(), "Ann's log to say Bob is back")
    await until(lambda: BACK in watcher.log_lines(), "the spectator's log to say so")

    # Bob's own log, rebuilt as he sits down again: his absence, the bot's moves, his return
    said = back.log_lines()
    away = said.index("You were away: a bot played for you from here")
    returned = said.index(
        f"A bot played for you while you were away: {moves} move{'s' * (moves > 1)}, "
        f"each marked {BOT_MARK!r}"
    )
    bots = [i for i, line in enumerate(said) if line.startswith(f"{BOT_MARK} You ")]
    assert bots and away < min(bots) and max(bots) < returned
    assert not any(line.startswith(f"{BOT_MARK} Player 1") for line in said)
    # the others read the same story in the third person, in the same order
    for other in (ann, watcher):
        lines = other.log_lines()
        theirs = [i for i, line in enumerate(lines) if line.startswith(f"{BOT_MARK} Player 2 ")]
        assert theirs and lines.index(AWAY) < min(theirs) and max(theirs) < lines.index(BACK)

    # apart from the notes and the marks, each reads exactly what the rules tell its seat:
    # nothing a seat may not see rode in with them
    notes = {AWAY, BACK, said[away], said[returned]}
    everyone = (back, ann, watcher)
    await until(lambda: all(s.ply == len(table.match.actions) for s in everyone), "the last move")
    rules = table.match.game
    for session, seat in zip(everyone, (1, 0, None), strict=True):
        told = [
            line.removeprefix(f"{BOT_MARK} ") for line in session.log_lines() if line not in notes
        ]
        assert told == _described(table.match.events, rules, seat)
