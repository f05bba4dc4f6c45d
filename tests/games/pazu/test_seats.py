"""Ruling 8's other half: between sets the people at the table add bots in new seats or send
bots away; saves and replays rebuild the grown table from the seed and the actions alone."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.core.codec import Decoder, encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.rng import derive_rng, pick
from cardtable.core.seats import Seat
from cardtable.games.pazaak.cards import deck_named, label
from cardtable.games.pazaak.events import HandDealt
from cardtable.games.pazu.actions import (
    BOT_LEVELS,
    Bid,
    Leave,
    SeatBot,
    Stay,
    UnseatBot,
)
from cardtable.games.pazu.bots import BOTS
from cardtable.games.pazu.describe import describe
from cardtable.games.pazu.events import (
    BotSeated,
    CardsRevealed,
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
)
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import MAX_SEATINGS, MAX_SEATS, PazuConfig, Phase, Status
from cardtable.games.registry import GAMES
from cardtable.persist.records import GameRecord
from tests.games.pazu.helpers import config, of_type, play
from tests.games.pazu.test_table import set_just_won

EASY, HARD = SeatBot("easy"), SeatBot("hard")
#: the hand a bot seated fifth in the game of seed 1 is dealt
NEW_BOT_HAND = "±2 ±4 ±5 ±1"


def between_sets(seats: int = 4, people: tuple[int, ...] = (0,), **options):
    """Seat 0 (a person) has just won set 1 and decides first."""
    state, _ = set_just_won(seats, people=people, **options)
    assert state.phase is Phase.LEAVE and state.queue[0] == 0
    return state


def test_a_person_deciding_between_sets_may_add_or_remove_bots():
    state = between_sets()
    assert RULES.legal_actions(state) == (
        Stay(),
        Leave(),
        EASY,
        HARD,
        UnseatBot(1),
        UnseatBot(2),
        UnseatBot(3),
    )


def test_a_bot_deciding_between_sets_only_stays_or_leaves():
    state, _ = play(between_sets(), Stay())
    assert RULES.to_move(state) == 1
    assert RULES.legal_actions(state) == (Stay(), Leave())
    with pytest.raises(IllegalAction, match="only the people at the table add or remove bots"):
        RULES.apply(state, EASY)
    refusal = "only the people at the table add or remove bots, and Player 2 is a bot"
    assert RULES.explain_illegal(state, UnseatBot(3)) == refusal
    assert not RULES.is_legal(state, UnseatBot(3))


def test_without_people_nobody_changes_the_seats():
    """A bots-only table (the simulator's) has no one to add or remove bots."""
    state, _ = set_just_won(4)
    assert RULES.legal_actions(state) == (Stay(), Leave())


def test_a_new_bot_takes_a_new_seat_with_the_start_chips_and_a_hand_of_four():
    state = between_sets(start_chips=150)
    before = state.chips
    state, events = play(state, HARD)
    assert RULES.seat_count(state) == 5 and len(state.boards) == 5
    assert state.chips == (*before, 150) and state.seated[4]
    assert events == [BotSeated(4, "hard", 150), HandDealt(4, 4)]
    hand = state.hands[4]
    assert len(hand) == 4 and not Counter(hand) - Counter(deck_named("balanced").cards)
    assert state.bought[4] == () and state.status[4] is Status.OUT and state.bids[4] is None
    # the person is still deciding: they may add another, or go on
    assert RULES.to_move(state) == 0 and state.queue == (0, 1, 2, 3)


def test_a_new_bots_hand_is_dealt_from_the_game_seed_and_its_seat():
    # pinned: an old save replays only if the same seat of the same game gets the same hand
    hands = []
    for seed in (1, 2):
        state, _ = play(between_sets(seed=seed), EASY, EASY)
        assert len(state.stood_at) == 6 and state.stood_at[4:] == (0, 0)
        hands.append(state.hands[4:])
    assert hands[0][0] != hands[1][0] and hands[0][0] != hands[0][1]
    assert " ".join(label(card) for card in hands[0][0]) == NEW_BOT_HAND


def test_the_new_bot_joins_the_next_set_after_the_highest_seat():
    state, events = play(between_sets(), EASY, Stay(), Stay(), Stay(), Stay())
    (opening,) = of_type(events, CardsRevealed)
    assert state.phase is Phase.BID and opening.number == 2
    assert len(opening.cards) == 5 and state.queue == (0, 1, 2, 3, 4)


def test_a_new_bot_sits_between_the_last_seat_and_seat_1():
    state, _ = set_just_won(4, people=(2,))
    state = _with_first(state, 2)
    state, events = play(state, SeatBot("easy"))
    state, events = play(state, *[Stay()] * 4)
    (opening,) = of_type(events, CardsRevealed)
    assert opening.bids_first == 2 and state.queue == (2, 3, 4, 0, 1)


def _with_first(state, first):
    """The same table with ``first`` deciding first (and bidding first next set)."""
    from dataclasses import replace

    order = tuple((first + k) % 4 for k in range(4))
    return replace(state, first=first, queue=order)


def test_a_removed_bot_leaves_with_its_chips_and_no_longer_decides():
    state = between_sets()
    state, events = play(state, UnseatBot(2))
    assert events == [LeftTable(2, state.chips[2], LeaveReason.REMOVED)]
    assert not state.seated[2] and state.chips[2] == 190
    assert state.queue == (0, 1, 3) and RULES.to_move(state) == 0
    state, events = play(state, Stay(), Stay(), Stay())
    (opening,) = of_type(events, CardsRevealed)
    assert len(opening.cards) == 3 and 2 not in state.queue


def test_a_bot_that_already_stayed_can_still_be_removed_by_a_later_person():
    state = _with_first(set_just_won(4, people=(3,))[0], 1)
    state, _ = play(state, Stay(), Stay())  # seats 1 and 2 stay
    assert RULES.to_move(state) == 3
    state, events = play(state, UnseatBot(1), Stay(), Stay())  # then seats 3 and 0 stay
    assert LeftTable(1, 190, LeaveReason.REMOVED) in events
    # seat 1 would have bid first: the next player round the table takes its place
    assert state.phase is Phase.BID and state.queue == (2, 3, 0)


def test_at_most_six_at_the_table():
    state = between_sets(seats=5)
    state, _ = play(state, EASY)
    assert sum(state.seated) == MAX_SEATS
    assert EASY not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="the table is full: 6 players at most"):
        RULES.apply(state, HARD)
    # sending one away makes room again
    state, _ = play(state, UnseatBot(1))
    assert HARD in RULES.legal_actions(state)


def test_at_most_twelve_sit_down_in_one_game():
    state = between_sets(seats=6)
    for _ in range(MAX_SEATINGS - 6):
        state, _ = play(state, UnseatBot(len(state.chips) - 1), EASY)
    assert len(state.chips) == MAX_SEATINGS
    state, _ = play(state, UnseatBot(1))
    with pytest.raises(IllegalAction, match="12 players have sat down in this game"):
        RULES.apply(state, EASY)
    assert not any(isinstance(a, SeatBot) for a in RULES.legal_actions(state))


def test_bots_cannot_be_sent_away_below_two_players():
    state = between_sets(seats=3)
    state, _ = play(state, UnseatBot(1))
    assert not any(isinstance(a, UnseatBot) for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match="the table needs 2 players"):
        RULES.apply(state, UnseatBot(2))
    refusal = "the table needs 2 players: Player 3 cannot be sent away"
    assert RULES.explain_illegal(state, UnseatBot(2)) == refusal


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (UnseatBot(0), "Player 1 is a person, not a bot"),
        (UnseatBot(1), "Player 2 is a person, not a bot"),
        (UnseatBot(9), "there is no seat 9"),
        (UnseatBot(4), "there is no seat 4 at the table"),
        (UnseatBot(-1), "there is no seat -1"),
        (SeatBot("medium"), "there is no bot level 'medium': choose easy or hard"),
    ],
)
def test_bad_seat_changes_are_refused_with_the_reason_and_change_nothing(action, reason):
    state = between_sets(people=(0, 1))
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply(state, action)


def test_a_bot_that_left_cannot_be_removed_again():
    state, _ = play(between_sets(), UnseatBot(3))
    with pytest.raises(IllegalAction, match="Player 4 has already left the table"):
        RULES.apply(state, UnseatBot(3))


def test_seats_change_only_between_sets():
    state = RULES.new_game(config(3, people=(0,)), 1)[0]
    while RULES.to_move(state) != 0:
        state, _ = RULES.apply(state, Bid(0))
    with pytest.raises(IllegalAction, match="has to bid"):
        RULES.apply(state, EASY)


def test_the_game_ends_when_the_last_person_leaves():
    state, events = play(between_sets(), Leave())
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.PEOPLE_LEFT)]
    assert RULES.is_over(state)


def test_in_hot_seat_the_game_goes_on_until_every_person_has_left():
    state, _ = play(between_sets(people=(0, 2)), Leave())
    assert not RULES.is_over(state) and RULES.to_move(state) == 1
    state, _ = play(state, Stay())
    assert EASY in RULES.legal_actions(state)  # the other person may change the seats too
    state, events = play(state, Leave())
    assert of_type(events, GameEnded)[0].reason is EndReason.PEOPLE_LEFT


def test_a_person_who_goes_broke_ends_the_game():
    state, events = set_just_won(4, people=(2,), chips=[190, 190, 4, 190])
    assert LeftTable(2, 4, LeaveReason.BROKE) in events
    assert of_type(events, GameEnded)[0].reason is EndReason.PEOPLE_LEFT


def test_the_log_names_the_new_bot_and_the_removal():
    assert describe(BotSeated(4, "hard", 200), 0) == (
        "Player 5, a new hard bot, sits down with 200 chips"
    )
    assert describe(LeftTable(2, 180, LeaveReason.REMOVED), 0) == (
        "Player 3 is sent away from the table with 180 chips"
    )
    assert "last person has left" in describe(GameEnded((1, 2, 3), EndReason.PEOPLE_LEFT), None)


def test_the_people_must_be_seats_of_the_table():
    with pytest.raises(ValueError, match="people's seats"):
        config(3, people=(3,))
    with pytest.raises(ValueError, match="people's seats"):
        config(3, people=(1, 0))
    assert isinstance(config(3, people=(0, 2)), PazuConfig)


def test_the_levels_a_person_may_add_are_the_bots_there_are():
    assert BOT_LEVELS == tuple(BOTS)


# -- whole games with seat changes: the protocol's promises hold as the table grows ------------


def changing_game(seed: int, seats: int = 3, people: tuple[int, ...] = (0,)) -> Match:
    """Random play where the people add and remove bots often and seldom leave."""
    match = Match.new(RULES, config(seats, people=people, max_sets=12), seed)
    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        changes = [a for a in legal if isinstance(a, SeatBot | UnseatBot)]
        if changes and rng.random() < 0.6:
            action = pick(changes, rng)
        elif match.state.phase is Phase.LEAVE:
            action = Stay() if rng.random() < 0.95 else Leave()
        elif match.state.phase is Phase.BID:
            action = legal[min(len(legal) - 1, int(rng.random() * 6))]
        else:
            action = pick(legal, rng)
        match.play(action)
    return match


def test_random_games_with_seat_changes_keep_the_protocol():
    grew = 0
    for seed in range(10):
        match = changing_game(seed)
        state = match.state
        count = RULES.seat_count(state)
        grew += count > 3
        outcome = match.outcome
        assert outcome is not None and len(outcome.scores) == count
        assert all(0 <= w < count for w in outcome.winners)
        # every action was legal for the seat to move, and the seats never went past the limits
        again = Match.new(RULES, match.config, match.seed)
        for action in match.actions:
            assert action in again.legal_actions()
            assert 0 <= again.to_move < RULES.seat_count(again.state)
            again.play(action)
            assert sum(again.state.seated) <= MAX_SEATS
            assert RULES.seat_count(again.state) <= MAX_SEATINGS
        assert again.state == state and again.events == match.events
    assert grew >= 5


def test_seat_changes_survive_json_and_replay_to_the_same_game():
    decoder = Decoder(RULES.action_types)
    events = Decoder(RULES.event_types)
    for seed in range(4):
        match = changing_game(seed)
        text = json.dumps({"config": encode(match.config), "actions": encode(match.actions)})
        data = json.loads(text)
        config_again = Decoder((PazuConfig,)).decode(data["config"])
        actions = [decoder.decode(a) for a in data["actions"]]
        assert config_again == match.config and actions == match.actions
        assert Match.replay(RULES, config_again, seed, actions).state == match.state
        for made in match.events:
            for event in made:
                assert events.decode(json.loads(json.dumps(encode(event)))) == event


def test_a_save_of_a_grown_table_resumes():
    """The save holds every seat there has been; it replays to the same position."""
    spec = GAMES["pazu-pazaak"]
    match = Match.new(RULES, config(3, people=(0,)), 2)
    rng = random.Random(2)
    while RULES.seat_count(match.state) < 5:
        legal = match.legal_actions()
        seat_bots = [a for a in legal if isinstance(a, SeatBot)]
        cheap = legal[0] if match.state.phase in (Phase.BID, Phase.ANTE) else None
        staying = [a for a in legal if not isinstance(a, Leave)]
        match.play(seat_bots[0] if seat_bots else cheap or pick(staying, rng))
    seats = (Seat("You"), Seat("Revan", "hard"), Seat("Bastila", "hard"))
    seats += (Seat("Carth", "easy"), Seat("Mission", "easy"))
    record = GameRecord.model_validate_json(GameRecord.of(spec, match, seats).model_dump_json())
    assert record.to_match().state == match.state
    assert record.seat_list == seats
    short = GameRecord.of(spec, match, seats[:3])
    with pytest.raises(ValueError, match="the seats do not match"):
        short.to_match()


def test_observations_of_a_grown_table_leak_no_hidden_card():
    for seed in range(3):
        match = changing_game(seed)
        replay = Match.new(RULES, match.config, seed)
        for ply, action in enumerate(match.actions):
            state = replay.state
            for seat in range(RULES.seat_count(state)):
                twin = RULES.redeal_hidden(state, seat, derive_rng(seed, "twin", ply))
                assert RULES.observe(twin, seat) == RULES.observe(state, seat)
                assert RULES.observe(twin, None) == RULES.observe(state, None)
            replay.play(action)


def test_every_bot_move_is_legal_at_a_grown_table():
    """Bots play every seat but the person's, who adds a bot whenever there is room."""
    for level, factory in BOTS.items():
        match = Match.new(RULES, config(3, people=(0,), max_sets=8), 7)
        bots: dict[int, object] = {}
        while not match.is_over:
            seat, legal = match.to_move, match.legal_actions()
            if seat == 0:
                adds = [a for a in legal if isinstance(a, SeatBot)]
                action = adds[0] if adds else legal[0]
            else:
                bot = bots.setdefault(seat, factory())
                rng = derive_rng(7, level, len(match.actions))
                action = bot.choose(match.observe(seat), legal, rng)  # type: ignore[attr-defined]
            assert action in legal, f"{level} bot chose {action!r}"
            match.play(action)
        assert RULES.seat_count(match.state) > 3


def test_the_rules_doc_states_the_seat_ruling_as_the_core_plays_it():
    from pathlib import Path

    import cardtable
    from cardtable.games.pazu.rules import MIN_AFTER_REMOVAL

    doc = (Path(cardtable.__file__).parent / GAMES["pazu-pazaak"].rules_doc).read_text()
    ruling = doc[doc.index("9. **Adding and removing bots**") :]
    assert f"at most **{MAX_SEATS} players**" in ruling
    assert f"at most **{MAX_SEATINGS} players may sit down in one game**" in ruling
    assert f"not below **{MIN_AFTER_REMOVAL} players**" in ruling
    assert deck_named("balanced").title in ruling and "start chips" in ruling
    assert config(3).newcomer_deck == deck_named("balanced").cards
