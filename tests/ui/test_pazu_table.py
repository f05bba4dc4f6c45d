"""Pazu-Pazaak through real keys and clicks: whole games against bots and hot-seat, the bidding
screen's refusals, leaving the table, the layouts at 80×24 and 120×40, and the scenes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import Digits, Static

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.pazu.state import Phase, Status
from cardtable.session import LocalSession, ReplaySession
from cardtable.tools.shots import next_refresh
from cardtable.tools.shots.pazu import (
    SHOTS,
    SPEC,
    bidding,
    config_for,
    preplay,
    seats_for,
    settle,
)
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pazaak.handplay import SignPicker
from cardtable.ui.tables.pazaak.widgets import HandCard
from cardtable.ui.tables.pazu.auction import AuctionPanel
from cardtable.ui.tables.pazu.seats import BotLevelPicker, BotRemover
from cardtable.ui.tables.pazu.table import PazuTable
from cardtable.ui.tables.pazu.widgets import PazuHand, SeatBoard
from cardtable.ui.tablescreens import table_screen
from cardtable.ui.widgets.log import MoveLog
from tests.waits import until


def new_app(seats: tuple[Seat, ...], seed: int, max_sets: int = 2) -> CardtableApp:
    people = tuple(i for i, seat in enumerate(seats) if seat.is_human)
    config = config_for(len(seats), max_sets, people)
    return CardtableApp(lambda app: app.table_for(SPEC, config, seats, seed), bot_pause=0)


def match_app(match: Match, seats: tuple[Seat, ...]) -> CardtableApp:
    return CardtableApp(lambda app: table_screen(LocalSession(SPEC, match, seats)), bot_pause=0)


def find_table(app: CardtableApp) -> PazuTable:
    return next(s for s in app.screen_stack if isinstance(s, PazuTable))


def messages(app: CardtableApp) -> list[str]:
    return [n.message for n in app._notifications]


def text_of(widget: Any) -> str:
    return str(widget.render())


async def click_seen(pilot, selector: str) -> None:
    """Click ``selector`` where a person sees it: on the screen drawn since the last change (a
    box shown a moment ago is laid out only then: clicked sooner, the click lands where it was
    hidden and does nothing, which a busy machine made happen now and then)."""
    await next_refresh(pilot)
    assert await pilot.click(selector), f"the click missed {selector}"


async def type_amount(pilot, amount: int) -> None:
    await pilot.press(*str(amount), "enter")


async def answer(pilot, table: PazuTable, turn: int, clicks: bool) -> str:
    """Make the person's choice by phase: keys mostly, and with ``clicks`` a mouse now and then."""
    view = table.session.match.observe(table.viewer)
    click = clicks and turn % 3 == 0
    if view.phase is Phase.BID:
        if click:
            await click_seen(pilot, "#pz-quick-0")  # pass: bid 0
            return "click"
        await type_amount(pilot, turn % 4)
        return "key"
    if view.phase is Phase.PICK:
        slot = min(table.pickable_slots())
        if click:
            await click_seen(pilot, f"#pz-offer-{slot}")
            return "click"
        await pilot.press(str(slot + 1))
        return "key"
    if view.phase is Phase.ANTE:
        if click:
            await click_seen(pilot, "#pz-quick-1")  # the maximum
            return "click"
        await type_amount(pilot, view.config.ante_min + 3)
        return "key"
    if view.phase is Phase.LEAVE:
        if click:
            await click_seen(pilot, "#pz-stay")
            return "click"
        await pilot.press("n")
        return "key"
    return await play_turn(pilot, table, view, turn, click)


async def play_turn(pilot, table: PazuTable, view: Any, turn: int, click: bool) -> str:
    """A steady player: mend a bust with a hand card if one does, stand on 17–20, else draw on."""
    total = view.totals[table.viewer]
    playable = sorted(table.playable_indices())
    if playable and (total > 20 or turn % 7 == 0):
        if click:
            await click_seen(pilot, f"#hand-{playable[0]}")
        else:
            await pilot.press(str(playable[0] + 1))
        await settle(pilot, rounds=1)
        if isinstance(pilot.app.screen, SignPicker):
            await pilot.press("2" if total > 20 else "1")
        return "card"
    if 17 <= total <= 20:
        if click:
            await click_seen(pilot, "#pz-stand")
            return "click"
        await pilot.press("s")
        return "key"
    await pilot.press("e")
    return "key"


async def play_through(
    pilot, clicks: bool, on_handoff: Callable[[HandOffScreen], None] | None = None
) -> tuple[PazuTable, set[str], int]:
    """Answer every choice, dismiss set results and hand-offs, stop at the final standings."""
    app, used, results = pilot.app, set(), 0
    for turn in range(3000):
        await settle(pilot, rounds=1)
        table, screen = find_table(app), app.screen
        if isinstance(screen, ResultScreen):
            if screen.choices[0][0] == "again":
                return table, used, results
            results += 1
            await pilot.press("enter")
        elif isinstance(screen, HandOffScreen):
            if on_handoff is not None:
                on_handoff(screen)
            await pilot.press("enter")
        elif isinstance(screen, SignPicker):
            await pilot.press("1")
        elif table.my_turn:
            before = len(table.session.match.actions)
            used.add(await answer(pilot, table, turn, clicks))
            await settle(pilot, rounds=1)
            assert len(table.session.match.actions) > before or isinstance(
                app.screen, SignPicker
            ), messages(app)
    pytest.fail("the game did not finish")


async def test_full_game_against_bots_through_keys_and_clicks():
    app = new_app(seats_for(3), seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        table, used, results = await play_through(pilot, clicks=True)
        assert {"key", "click"} <= used
        assert results == 1  # set 1's result; set 2's ends the game
        assert table.session.match.is_over
        verdict = text_of(app.screen.query_one("#verdict"))
        details = text_of(app.screen.query_one("#details"))
        best = int(max(table.session.match.outcome.scores))
        assert f"with {best} chips" in verdict
        assert "after set 2" in details and "1. " in details and "3. " in details


async def test_full_hot_seat_game_hides_the_next_hand_behind_an_opaque_screen():
    seats = (Seat("Ann"), Seat("Bo"), Seat("Revan", "easy"))
    app = new_app(seats, seed=5)
    seen: list[str] = []

    def check(screen: HandOffScreen) -> None:
        table = find_table(app)
        seen.append(screen.player)
        assert not isinstance(screen, ModalScreen)  # nothing of the table shows through
        assert not screen.query(HandCard) and not screen.query(SeatBoard)
        assert table.viewer is None  # behind it the table is drawn for nobody
        hand = table.query_one(PazuHand)
        faces = [c for c in hand.query(HandCard) if c.display and not c.has_class("-back")]
        assert not faces

    async with app.run_test(size=(80, 24)) as pilot:
        table, _, results = await play_through(pilot, clicks=False, on_handoff=check)
        assert results == 1
        assert {"Ann", "Bo"} <= set(seen) and len(seen) > 6
        assert table.session.log_viewer is None  # hot-seat logs are public
        assert table.session.match.is_over


async def test_a_bid_out_of_bounds_is_refused_with_the_reason_and_changes_nothing():
    match = preplay(3, 4, bidding(1, 0))
    app = match_app(match, seats_for(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        state = table.session.match.state
        chips = state.chips[0]
        panel = table.query_one(AuctionPanel)
        for typed, reason in (
            (str(chips + 1), f"you hold {chips} chips, so you cannot bid {chips + 1}"),
            ("-5", "a bid cannot be below zero"),
            ("", "Type a whole number of chips"),
        ):
            await pilot.press(*typed, "enter")
            await settle(pilot)
            assert reason in text_of(panel.query_one("#pz-reason"))
            assert table.session.match.state is state  # nothing changed
            await pilot.press(*["backspace"] * len(typed))
        assert any(f"cannot bid {chips + 1}" in m for m in messages(app))
        await pilot.press("7", "enter")
        await settle(pilot)
        assert table.session.match.state.bids[0] == 7
        assert text_of(panel.query_one("#pz-reason")) == ""


async def test_the_ante_outside_the_limits_is_refused_then_set_by_a_click():
    def my_ante(match: Match) -> bool:
        return match.state.phase is Phase.ANTE

    match = preplay(3, 3, my_ante)
    app = match_app(match, seats_for(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = find_table(app)
        state = table.session.match.state
        await type_amount(pilot, 99)
        await settle(pilot)
        assert "between 5 and 25" in text_of(table.query_one("#pz-reason"))
        assert table.session.match.state is state
        await pilot.click("#pz-quick-0")  # the minimum
        await settle(pilot)
        assert table.session.match.state.ante == 5


async def test_a_taken_card_and_a_second_hand_card_are_refused():
    def my_pick(match: Match) -> bool:
        state = match.state
        return state.phase is Phase.PICK and len(state.revealed) < state.config.seats

    match = preplay(3, 7, my_pick)
    app = match_app(match, seats_for(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        taken = next(i for i in range(3) if i not in table.pickable_slots())
        state = table.session.match.state
        await pilot.press(str(taken + 1))  # by its key: refused, and the refusal says why
        await settle(pilot)
        assert table.session.match.state is state
        assert any("took that card" in m for m in messages(app))
        app._notifications.clear()
        await pilot.click(f"#pz-offer-{taken}")
        await settle(pilot)
        assert table.session.match.state is state
        assert any("took that card" in m for m in messages(app))


async def test_leaving_the_table_ends_the_game_with_standings_by_chips():
    def my_leave(match: Match) -> bool:
        return match.state.phase is Phase.LEAVE

    match = preplay(4, 3, my_leave)
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.check_action("leave", ()) is True
        assert table.check_action("stand", ()) is False  # not a key of this phase
        await pilot.press("L")
        await settle(pilot)
        # leaving is for good: the table asks first, and staying changes nothing
        ask = app.screen
        assert isinstance(ask, ResultScreen) and "ends" in text_of(ask.query_one("#details"))
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table and table.session.match.state.seated[0]
        await pilot.press("L")
        await settle(pilot)
        await pilot.click("#leave")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResultScreen) and screen.choices[0][0] == "again"
        details = text_of(screen.query_one("#details"))
        assert "last person leaves" in details
        assert "left in set" in details
        assert not table.session.match.state.seated[0]


@pytest.mark.parametrize(
    ("players", "size", "density"),
    [(3, (80, 24), "strip"), (6, (80, 24), "line"), (6, (120, 40), "large")],
)
async def test_every_board_fits_the_terminal(players, size, density):
    match = preplay(players, 3, lambda m: m.state.phase is Phase.TURN and m.state.set_number > 1)
    app = match_app(match, seats_for(players))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = find_table(app)
        screen = app.screen.region
        boards = list(table.query(SeatBoard))
        assert len(boards) == players
        for board in boards:
            assert board.density == density
            assert screen.contains_region(board.region), board.region
        hand = table.query_one(PazuHand).region
        assert screen.contains_region(hand)
        for button in ("#pz-stand", "#pz-end"):
            assert screen.contains_region(table.query_one(button).region)


async def test_the_board_says_who_stands_and_who_is_bust_in_words():
    match = preplay(
        5,
        3,
        lambda m: (
            Status.STOOD in m.state.status
            and Status.BUST in m.state.status
            and m.state.phase is Phase.TURN
        ),
    )
    app = match_app(match, seats_for(5))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        boards = [b for b in table.query(SeatBoard) if b.display]
        assert any(b.state_word.startswith("STANDS") and b.has_class("-standing") for b in boards)
        assert any(b.state_word == "BUST" and b.has_class("-bust") for b in boards)
        for board in boards:  # the total in large digits, the word beside it
            total = str(board._pending.board.total) if board._pending.board.cards else ""
            assert board.query_one(Digits).value == total
            assert (
                str(board.query_one(".state", Static).content).split() == board.state_word.split()
            )
        assert "Set Pot" in text_of(table.query_one("#pz-pots"))


@pytest.mark.parametrize("shot", SHOTS, ids=lambda shot: shot.name)
async def test_scenes_render(shot):
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = find_table(app)
        if "bidding" in shot.name or "pick" in shot.name:
            assert table.query_one(AuctionPanel).display
            assert app.screen is table
        elif "result" in shot.name or "final" in shot.name:
            assert isinstance(app.screen, ResultScreen)
        else:
            assert app.screen is table and table.my_turn
            assert table.query_one("#pz-boards").display


# -- between sets: adding and sending away bots --------------------------------------------------


def my_decision(players: int, seed: int = 3) -> Match:
    """Seat 1 (a person) to stay or leave after a set, every seat still at the table."""
    return preplay(
        players,
        seed,
        lambda m: m.state.phase is Phase.LEAVE and all(m.state.seated),
    )


def board_names(table: PazuTable) -> list[str]:
    return [str(b.border_title) for b in table.query(SeatBoard) if b.display]


async def test_a_person_adds_a_bot_between_sets_by_keys_and_it_plays_the_next_set():
    match = my_decision(4)
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.check_action("add_bot", ()) is True
        assert table.query_one("#pz-add").display and not table.query_one("#pz-add").disabled
        between = text_of(table.query_one("#pz-between"))
        assert "At the table: 4 of 6" in between and "Add a bot (a)" in between
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, BotLevelPicker)
        await pilot.press("2")  # hard
        await settle(pilot)
        assert app.screen is table
        assert table.session.match.game.seat_count(table.session.match.state) == 5
        assert table.seats[4] == Seat("Mission", "hard")
        assert any("Mission" in name for name in board_names(table))
        assert len(board_names(table)) == 5
        assert "Mission, a new hard bot, sits down with 200 chips" in log_text(table)
        assert "At the table: 5 of 6" in text_of(table.query_one("#pz-between"))
        # the person is still deciding; the next set deals the new bot in, and it bids
        await pilot.press("n")
        await wait_for(pilot, lambda: table.session.match.state.phase is not Phase.LEAVE, "a deal")
        await wait_for(
            pilot,
            lambda: table.session.match.state.bids[4] is not None or table.my_turn,
            "the new bot's bid",
        )
        panel = table.query_one(AuctionPanel)
        assert "Mission (hard)" in text_of(panel.query_one("#pz-seats"))
        assert sum(1 for s in panel.query(".slot") if s.display) == 5


async def test_a_person_sends_a_bot_away_by_keys_and_it_leaves_with_its_chips():
    match = my_decision(4)
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = find_table(app)
        chips = table.session.match.state.chips[2]
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, BotRemover)
        await pilot.press("2")  # the second bot listed: Bastila, in seat 3
        await settle(pilot)
        state = table.session.match.state
        assert not state.seated[2] and state.chips[2] == chips
        assert f"Bastila is sent away from the table with {chips} chips" in log_text(table)
        left = next(b for b in table.query(SeatBoard) if b.seat == 2)
        assert left.display and left.has_class("-left")  # its last board stays until the next set
        await pilot.press("n")
        await wait_for(pilot, lambda: table.session.match.state.phase is not Phase.LEAVE, "a deal")
        assert 2 not in table.shown and not left.display
        assert len(table.session.match.state.revealed) + len(auction_picks(table)) == 3


async def test_escape_in_the_choosers_changes_nothing():
    match = my_decision(4)
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        state = table.session.match.state
        for key in ("a", "r"):
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is not table
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is table and table.session.match.state is state
        await pilot.click("#pz-add")  # the buttons open the same choosers
        await settle(pilot)
        assert isinstance(app.screen, BotLevelPicker)
        await pilot.click("#level-0")
        await settle(pilot)
        assert table.seats[-1].bot == "easy" and len(table.seats) == 5


async def test_a_full_table_offers_no_adding_and_says_why():
    """Issue 36 item 5: Add bot is not offered at a full table (it was shown, greyed)."""
    match = my_decision(6)
    app = match_app(match, seats_for(6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.check_action("add_bot", ()) is False
        assert not table.query_one("#pz-add").display
        assert "The table is full" in text_of(table.query_one("#pz-between"))
        await pilot.press("a")
        await settle(pilot)
        assert app.screen is table and len(table.seats) == 6
        # sending a bot away makes room
        await pilot.press("r", "1")
        await settle(pilot)
        assert table.check_action("add_bot", ()) is True


async def test_bots_cannot_change_seats_and_the_keys_are_hidden_in_other_phases():
    match = preplay(4, 3, lambda m: m.state.phase is Phase.TURN)
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.check_action("add_bot", ()) is False
        assert table.check_action("remove_bot", ()) is False
        assert not table.query_one("#pz-add").display


async def test_a_grown_table_saves_resumes_and_replays_with_the_same_names(isolated_home):
    from cardtable.persist.records import GameRecord
    from cardtable.persist.saves import SaveStore

    match = my_decision(3)
    app = match_app(match, seats_for(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        await pilot.press("a", "1")
        await settle(pilot)
        await pilot.press("a", "2")
        await settle(pilot)
        seats = table.seats
        assert [s.label for s in seats[3:]] == ["Carth (easy)", "Mission (hard)"]
    saved = SaveStore().latest("pazu-pazaak")
    assert saved is not None and saved.record.seat_list == seats
    assert saved.match.state == table.session.match.state
    # the names come from the log alone: a table given only the opening seats finds them
    resumed = match_app(saved.match, seats_for(3))
    async with resumed.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        again = find_table(resumed)
        assert again.seats[:5] == seats
        assert len(board_names(again)) >= 5
    # a replay holds every seat; stepping back to before they sat down shows the opening three
    record = GameRecord.of(SPEC, saved.match, seats)
    replay = CardtableApp(
        lambda app: table_screen(ReplaySession(SPEC, record.to_match(), record.seat_list)),
        bot_pause=0,
    )
    async with replay.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(replay)
        assert len(board_names(table)) == 3  # a replay opens at the first deal
        await pilot.press("end")
        await settle(pilot)
        assert any("Mission" in name for name in board_names(table))


async def test_play_again_after_bots_sat_down_starts_from_the_opening_seats():
    match = my_decision(3)
    app = match_app(match, seats_for(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        await pilot.press("a", "1")
        await settle(pilot)
        await pilot.press("L")  # the last person leaves: the game is over
        await settle(pilot)
        await pilot.click("#leave")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResultScreen) and table.session.match.is_over
        details = text_of(screen.query_one("#details"))
        assert "Carth (easy)" in details and "last person leaves" in details
        screen.query_one("#again").focus()  # by the keys: a panel finding its place may move
        await pilot.press("enter")
        await settle(pilot)
        fresh = find_table(app)
        assert fresh is table and not fresh.session.is_over and len(fresh.seats) == 3
        assert fresh.session.match.game.seat_count(fresh.session.match.state) == 3
        assert len(board_names(fresh)) == 3  # the added bot's board is gone with its seat


def log_text(table: PazuTable) -> str:
    """The log as one line of words (the narrow log wraps its lines)."""
    from cardtable.ui.widgets.log import MoveLog

    return " ".join(" ".join(strip.text.split()) for strip in table.query_one(MoveLog).lines)


def auction_picks(table: PazuTable) -> list[Any]:
    from cardtable.ui.tables.pazu.story import auction_story

    story = auction_story(table.session.match.events)
    return list(story.picks) if story else []


async def wait_for(pilot, done: Callable[[], bool], what: str) -> None:
    """Let bots move until ``done`` holds (they pause 0 s in tests)."""

    async def done_once_settled() -> bool:
        if not done():
            await settle(pilot, rounds=1)
        return done()

    await until(done_once_settled, what)


async def test_the_log_wraps_its_lines_again_when_it_grows_wider():
    """A line wrapped in a narrow log (80×24) is one line again once the log has the room."""
    match = preplay(3, 5, lambda m: m.state.phase is Phase.TURN and m.state.set_number > 1)
    app = match_app(match, seats_for(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = find_table(app).query_one(MoveLog)
        written = [str(line) for line in log._written]
        narrow = log.scrollable_content_region.width
        await pilot.resize_terminal(200, 50)
        await settle(pilot)
        wide = log.scrollable_content_region.width
        # the lines broken at the narrow width that fit the wider log (it has a maximum width)
        rejoined = [line for line in written if narrow < len(line) <= wide]
        assert rejoined
        shown = [strip.text.rstrip() for strip in log.lines]
        assert all(line in shown for line in rejoined)


@pytest.mark.parametrize("shot", [s for s in SHOTS if s.name in ("pazu-5p", "pazu-3p-80x24")])
async def test_the_hand_caption_stays_clear_of_the_cards(shot):
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        hand = find_table(app).query_one(PazuHand)
        caption = hand.query_one(".caption", Static)
        lines = str(caption.content).splitlines()
        assert "bought, public" in lines[1]
        assert max(len(line) for line in lines) <= caption.content_region.width
        first = min(card.region.x for card in hand.query(HandCard) if card.display)
        assert caption.content_region.right < first  # a blank column between
