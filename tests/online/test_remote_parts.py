"""The parts a remote session keeps apart from its connection: updates held after a set's end,
a seat's rematch ask, and who is away, read from updates as the server sends them."""

from __future__ import annotations

from cardtable.core.codec import encode
from cardtable.games.pazaak.events import SetStarted
from cardtable.games.registry import GAMES
from cardtable.online.holding import HeldUpdates
from cardtable.online.presence import away_from, table_note
from cardtable.online.protocol import Played, RematchExpired, SeatInfo, Update
from cardtable.online.rematching import Rematching, others_asked
from cardtable.online.tables import wire_decoder
from cardtable.online.told import Told


def update(
    game: str = "g1",
    ply: int = 0,
    seats: list[SeatInfo] | None = None,
    fresh: bool = False,
    moves: list[Played] | None = None,
    notes: list[str] | None = None,
) -> Update:
    return Update(
        type="update",
        game_id=game,
        ply=ply,
        fresh=fresh,
        to_move=0,
        seats=seats or [SeatInfo(name="Ann", connected=True), SeatInfo(name="Bob", connected=True)],
        waiting=False,
        observation={},
        legal=[],
        moves=moves or [],
        notes=notes or [],
    )


def test_updates_are_held_only_from_a_sets_end_until_released_in_order():
    held = HeldUpdates()
    assert not held.keep(update(ply=1))  # nothing held: taken in at once
    held.hold()
    assert held.keep(update(ply=2)) and held.keep(update(ply=3))
    assert [u.ply for u in held.release()] == [2, 3]
    assert held.release() == [] and not held.keep(update(ply=4))


def test_a_rematch_ask_waits_for_the_next_game_not_more_of_the_finished_one():
    ask = Rematching()
    assert not ask.asked and ask.begins("g1")  # a first game: nobody waits on an ask
    ask.ask("g1")
    assert ask.asked and not ask.begins("g1")  # the finished game again (a reconnect)
    assert ask.begins("g2") and not ask.asked


def test_only_this_seats_expired_offer_ends_its_wait():
    ask = Rematching()
    ask.ask("g1")
    line, mine = ask.expired(
        RematchExpired(type="rematch_expired", seat=1, name="Bob\x1b[2J", after=30), 0
    )
    assert (
        not mine and ask.asked and line == "Bob's rematch offer expired."
    )  # the escape goes whole
    line, mine = ask.expired(
        RematchExpired(type="rematch_expired", seat=0, name="Ann", after=30), 0
    )
    assert mine and not ask.asked and "within 30 s" in line


def test_who_asked_again_and_who_is_away():
    seats = [
        SeatInfo(name="Ann", connected=True),
        SeatInfo(name="Bob", again=True),
        SeatInfo(name="Cy", bot="easy"),
        SeatInfo(name="Di", stand_in=True),
    ]
    now = update(seats=seats)
    ask = Rematching()
    assert ask.asked_again(now, 0) == {1} and not others_asked(now, 0)
    ask.ask("g1")
    assert ask.asked_again(now, 0) == {0, 1}
    assert [s.name for s in away_from(now, 0)] == ["Bob", "Di"]
    assert table_note(now, 0, "K7", rematching=False) == (
        "Bob is away; Di is away (a bot plays for now); Bob would like to play again"
    )
    assert (
        table_note(now, 0, "K7", rematching=True) == "Bob is away; Di is away (a bot plays for now)"
    )
    done = update(
        seats=[
            SeatInfo(name="Ann", connected=True),
            SeatInfo(name="Bob", connected=True, again=True),
        ]
    )
    assert others_asked(done, 0) and table_note(done, 1, "", rematching=True) is None


def played(n: int) -> Played:
    return Played(events=[encode(SetStarted(n, 0))], lines=[f"Set {n} begins."])


def test_what_a_seat_is_told_is_news_only_once():
    told, decoder = Told(), wire_decoder(GAMES["pazaak"])
    news = told.take(update(moves=[played(1)], fresh=True), decoder)
    assert news.new_game and [m.lines for m in news.moved] == [("Set 1 begins.",)]
    news = told.take(update(ply=1, moves=[played(2)], notes=["Bob is away."]), decoder)
    assert not news.new_game and news.notes == ("Bob is away.",)
    assert [m.events for m in news.moved] == [(SetStarted(2, 0),)]
    # a reconnect tells the whole game again, fresh: nothing in it is news
    again = update(ply=1, moves=[played(1), played(2)], notes=["Bob is away."], fresh=True)
    news = told.take(again, decoder)
    assert news == type(news)(False, (), ())
    assert told.lines == ["Set 1 begins.", "Set 2 begins.", "Bob is away."]
    # back again after more was played: a note told last before heads the next move's lines
    note = Played(events=[encode(SetStarted(3, 0))], lines=["Bob is away.", "Set 3 begins."])
    later = update(ply=2, moves=[played(1), played(2), note], notes=["Bob is back."], fresh=True)
    news = told.take(later, decoder)
    assert [m.lines for m in news.moved] == [("Set 3 begins.",)]
    assert news.notes == ("Bob is back.",)
    # a rematch: another game, told from its start
    news = told.take(update(game="g2", moves=[played(1)], fresh=True), decoder)
    assert news.new_game and len(news.moved) == 1 and told.events == [(SetStarted(1, 0),)]


async def test_a_rematch_wait_ends_gone_when_the_server_cannot_be_reached():
    from cardtable.games.registry import GAMES
    from cardtable.online.remote import RemoteSession

    session = RemoteSession(GAMES["pazaak"], "ws://127.0.0.1:9", {"type": "join", "code": "K"})
    session.given_up()  # as the link says after its last try
    assert await session.settled() == "gone"
    assert "Cannot play: the server cannot be reached" in session.waiting_text()
