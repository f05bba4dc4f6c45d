"""Ruling 10: a person from outside sits down between sets, in a bot's place or a free one; the
rules accept it only then, and a replay of the actions rebuilds the table with them."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core.codec import Decoder, encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.games.pazaak.events import HandDealt
from cardtable.games.pazu.actions import Bid, Leave, SeatBot, SitDown, Stay
from cardtable.games.pazu.describe import describe
from cardtable.games.pazu.events import (
    CardsRevealed,
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
    PersonSeated,
)
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import MAX_SEATINGS, Phase
from tests.games.pazu.helpers import config, fresh, of_type, play
from tests.games.pazu.test_seats import between_sets


def test_a_newcomer_takes_the_first_bots_place_with_the_start_chips():
    state = between_sets()  # a person in seat 0, bots in 1-3
    arrival = RULES.arrival(state)
    assert arrival == SitDown(1)
    chips_of_bot = state.chips[1]
    state, events = play(state, arrival)
    assert of_type(events, LeftTable) == [LeftTable(1, chips_of_bot, LeaveReason.GAVE_SEAT)]
    assert of_type(events, PersonSeated) == [PersonSeated(4, 200)]
    assert HandDealt(4, 4) in events
    assert state.seated == (True, False, True, True, True)
    assert state.people == (0, 4) and state.chips[4] == 200
    # nobody's decision was taken: seat 0 still decides, and the bot no longer does
    assert RULES.to_move(state) == 0 and 1 not in state.queue and 4 not in state.queue


def test_the_newcomer_plays_the_next_set_after_the_highest_seat():
    state, _ = play(between_sets(), SitDown(1), Stay(), Stay(), Stay())
    assert state.phase is Phase.BID and state.set_number == 2
    assert state.queue == (0, 2, 3, 4)


def test_replacing_the_last_bot_to_decide_opens_the_next_set_at_once():
    state, _ = play(between_sets(), Stay(), Stay(), Stay())
    assert state.queue == (3,)
    state, events = play(state, SitDown(3))
    assert of_type(events, CardsRevealed)[0].number == 2
    assert state.queue == (0, 1, 2, 4)


def test_with_no_bot_at_the_table_a_newcomer_takes_a_free_place():
    state = between_sets(people=(0, 1, 2, 3))
    assert RULES.arrival(state) == SitDown(None)
    state, _ = play(state, SitDown(None))
    assert sum(state.seated) == 5 and state.people == (0, 1, 2, 3, 4)


def test_the_newcomer_is_a_person_who_may_change_the_bots_and_keeps_the_game_going():
    state, _ = play(between_sets(), SitDown(1), Stay(), Stay(), Stay())
    # play on to the next break, then the first person leaves and the newcomer stays
    match = Match(RULES, state.config, state.seed, state)
    rng = random.Random(5)
    for _ in range(2000):
        if match.state.phase is Phase.LEAVE:
            break
        legal = match.legal_actions()
        match.play(Bid(0) if Bid(0) in legal else pick(legal, rng))
    state = match.state
    assert state.phase is Phase.LEAVE and state.seated[0] and state.seated[4]
    while RULES.to_move(state) != 4:
        seat = RULES.to_move(state)
        state, _ = play(state, Leave() if seat == 0 else Stay())
    assert SeatBot("easy") in RULES.legal_actions(state)
    assert not RULES.is_over(state)
    state, events = play(state, Leave())
    assert of_type(events, GameEnded)[0].reason is EndReason.PEOPLE_LEFT


def test_nobody_sits_down_while_a_set_is_played():
    state = fresh(4, people=(0,))
    assert state.phase is Phase.BID
    with pytest.raises(
        IllegalAction, match="set 1 is being played: newcomers sit down between sets, so join again"
    ):
        RULES.arrival(state)
    with pytest.raises(IllegalAction, match="set 1 is being played"):
        RULES.apply(state, SitDown(1))


@pytest.mark.parametrize(
    ("state", "action", "reason"),
    [
        (between_sets(6, people=(0, 1, 2, 3, 4, 5)), SitDown(None), "the table is full"),
        (between_sets(4, people=()), SitDown(1), "a table of bots alone takes no newcomers"),
        (between_sets(), SitDown(0), "Player 1 is a person"),
        (between_sets(), SitDown(9), "there is no seat 9"),
        (between_sets(), SitDown("1"), "there is no seat '1'"),  # type: ignore[arg-type]
    ],
)
def test_an_arrival_without_a_place_is_refused_with_the_reason(state, action, reason):
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply(state, action)
    assert not RULES.is_legal(state, action)


def test_a_bot_that_left_gives_no_place_and_sittings_are_bounded():
    state, _ = play(between_sets(), SitDown(1))
    with pytest.raises(IllegalAction, match="Player 2 has already left"):
        RULES.apply(state, SitDown(1))
    for _ in range(MAX_SEATINGS):
        try:
            state, _ = play(state, RULES.arrival(state))
        except IllegalAction as refusal:
            assert "the table is full" in refusal.reason or "12 players" in refusal.reason
            break
    else:
        pytest.fail("arrivals never stopped")
    assert len(state.seated) <= MAX_SEATINGS


def test_an_arrival_is_no_seated_players_choice():
    state = between_sets()
    assert not any(isinstance(a, SitDown) for a in RULES.legal_actions(state))


def test_the_log_says_who_sat_down_and_whose_place_they_took():
    assert describe(PersonSeated(4, 200), 0) == "Player 5 sits down at the table with 200 chips"
    assert describe(PersonSeated(4, 200), 4) == "You sit down at the table with 200 chips"
    assert describe(LeftTable(1, 180, LeaveReason.GAVE_SEAT), None) == (
        "Player 2 gives its place to a newcomer and leaves the table with 180 chips"
    )


def test_the_view_names_the_people_now_at_the_table():
    state, _ = play(between_sets(), SitDown(1))
    assert RULES.observe(state, 4).config.people == (0, 4)
    assert RULES.observe(state, 4).hand == state.hands[4]


def test_arrivals_survive_json_and_replay_to_the_same_game():
    match = Match.new(RULES, config(4, people=(0,)), 3)
    rng = random.Random(3)
    arrived = 0
    for _ in range(3000):
        if match.is_over or arrived == 2:
            break
        if match.state.phase is Phase.LEAVE and RULES.to_move(match.state) == 0:
            match.play(RULES.arrival(match.state))
            arrived += 1
        legal = match.legal_actions()
        staying = [a for a in legal if not isinstance(a, Leave | SeatBot)]
        match.play(Bid(0) if Bid(0) in legal else pick(staying, rng))
    assert arrived == 2
    text = json.dumps(encode(match.actions))
    actions = [Decoder(RULES.action_types).decode(a) for a in json.loads(text)]
    again = Match.replay(RULES, match.config, match.seed, actions)
    assert again.state == match.state and again.events == match.events


def test_the_rules_doc_states_the_arrival_ruling_as_the_core_plays_it():
    from pathlib import Path

    import cardtable
    from cardtable.games.registry import GAMES

    doc = (Path(cardtable.__file__).parent / GAMES["pazu-pazaak"].rules_doc).read_text()
    ruling = " ".join(doc[doc.index("10. **Sitting down at an online table**") :].split())
    assert "**between sets only**" in ruling
    assert "**takes the place of a bot** if one is at the table (the first in seat order)" in ruling
    assert "**free place** if the table has room" in ruling
    assert "**While a set is being played, a join is refused**" in ruling
    assert "new seat after the highest-numbered one" in ruling and "start chips" in ruling
    # as the core plays it: the first bot gives way, and mid-set the join is refused
    assert RULES.arrival(between_sets()) == SitDown(1)
    with pytest.raises(IllegalAction, match="is being played"):
        RULES.arrival(fresh(4, people=(0,)))
