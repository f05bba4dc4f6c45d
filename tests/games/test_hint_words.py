"""What a hint says (issue 24): chip figures that count the set's pots and nothing else, offered
cards told apart, a forced move named, and an opponent who has not drawn yet."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from cardtable.core.bots import bot_rng
from cardtable.games.flip7.state import Row
from cardtable.games.hints import hint
from cardtable.games.pazaak.actions import END_TURN
from cardtable.games.pazaak.cards import label
from cardtable.games.pazaak.rules import RULES as PAZAAK
from cardtable.games.pazu.actions import STAND
from cardtable.games.pazu.rules import RULES as PAZU
from cardtable.games.pazu.state import Phase, Status
from cardtable.games.pixies.actions import Take
from cardtable.games.pixies.bots import card_words
from cardtable.games.pixies.rules import RULES as PIXIES
from cardtable.games.registry import GAMES
from tests.games.flip7.stack import n, start, table
from tests.games.pazaak.helpers import position
from tests.games.pazu.helpers import at_turn, board, fresh
from tests.games.pixies.helpers import card, grid, make_state

STOOD = Status.STOOD


def pazu_hint(state):
    legal = PAZU.legal_actions(state)
    return hint("pazu-pazaak", PAZU.observe(state, 0), legal, random.Random(0))


def test_a_sure_pazu_stand_is_worth_the_set_pot_however_many_cards_are_held():
    """The search also counts the hand's worth to later sets; this set's chips leave it out."""
    boards = [board(10, 9), board(10, 7), board(10, 8), board(10, 6)]
    state = at_turn(
        boards,
        status=[Status.ACTIVE, STOOD, STOOD, STOOD],
        stood_at=[0, 1, 2, 3],
        hands=["±4 ±5 ±2 +1", "", "", ""],
        set_pot=40,
    )
    advice = pazu_hint(state)
    assert advice.action == STAND
    assert advice.reason.startswith("Stand: about +40.0 chips from this set")


def test_no_pazu_figure_exceeds_the_pots_issue_24_s_position():
    """Issue 24: on 11, three players drawing and 40 chips in the Set Pot, the hint said
    "Stand: about +64.8 chips expected": the worth of the four cards in hand, not chips."""
    boards = [board(6, 5), board(1), board(7), board(7)]
    state = at_turn(boards, hands=["±4 ±5 ±5 ±2 ±4", "", "", ""], set_pot=40, pazaak_pot=6)
    advice = pazu_hint(state)
    figures = [
        float(word)
        for word in advice.reason.replace(",", " ").split()
        if word[0] in "+-" and word[1:2].isdigit()
    ]
    assert len(figures) == 2 and all(figure <= 40 + 6 for figure in figures)
    assert advice.reason.endswith("(pots won, less bust penalties and hand cards played)")


def test_two_offered_cards_of_one_number_are_named_by_colour_too():
    offered = tuple(card(label) for label in ("Y5", "B5", "R9"))
    assert card_words(offered[0], offered) == "the yellow 5"
    assert card_words(offered[2], offered) == "the 9"
    twins = tuple(card(label) for label in ("Y5", "Y5-2", "Y5★"))
    assert [card_words(c, twins) for c in twins] == [
        "the yellow 5 (no symbols)",
        "the yellow 5 (2 crosses)",
        "the yellow 5 (special)",
    ]


def test_a_pixies_hint_between_a_yellow_and_a_blue_5_names_the_colour():
    state = make_state((grid(), grid()), "Y5 B5", (0, 1))
    legal = PIXIES.legal_actions(state)
    advice = hint("pixies", PIXIES.observe(state, 0), legal, bot_rng(1, 0, 0))
    chosen = "yellow" if advice.action == Take(0) else "blue"
    assert advice.reason.startswith(f"Take the {chosen} 5, face-up on space 5")


def empty_row_at_the_table():
    """A table game where the player to move has nothing in their row: they must hit."""
    state, _ = start(table(2), n(3, 5), dealer=1)
    rows = tuple(Row() if seat == state.turn else row for seat, row in enumerate(state.rows))
    return replace(state, rows=rows)


def one_ante_allowed():
    """Pazu-Pazaak's auction over, on a table whose ante can only be 10."""
    state = fresh(3, ante_min=10, ante_max=10)
    while state.phase is not Phase.ANTE:
        state, _ = PAZU.apply(state, PAZU.legal_actions(state)[0])
    return state


@pytest.mark.parametrize(
    "game, state, words",
    [
        ("flip7", empty_row_at_the_table(), "Hit"),
        ("pazu-pazaak", one_ante_allowed(), "Ante 10"),
        (
            "pixies",
            make_state((grid(), grid()), "R9", (0,)),
            "Take the 9, face-up on space 9",
        ),
    ],
)
def test_a_forced_move_is_named(game, state, words):
    rules = GAMES[game].rules
    seat = rules.to_move(state)
    legal = rules.legal_actions(state)
    assert len(legal) == 1
    advice = hint(game, rules.observe(state, seat), legal, bot_rng(1, seat, 0))
    assert advice.reason == f"{words}: the only move there is"


@pytest.mark.parametrize("game_id", ["pixies", "flip7"])
def test_every_forced_move_of_random_games_is_named(game_id):
    rules, seen = GAMES[game_id].rules, 0
    for seed in range(6):
        state, _ = rules.new_game(rules.default_config(3), seed)  # Flip 7 at a table
        rng = random.Random(seed)
        for _ in range(60):
            seat = rules.to_move(state)
            if seat is None and (step := rules.chance(state)) is not None:
                state, _ = rules.apply(state, step)  # the next deal: no hint is asked for it
                continue
            if seat is None:
                break
            legal = rules.legal_actions(state)
            if len(legal) == 1:
                advice = hint(game_id, rules.observe(state, seat), legal, bot_rng(seed, seat, 0))
                name, _, rest = advice.reason.partition(": ")
                assert name and rest == "the only move there is", advice.reason
                seen += 1
            state, _ = rules.apply(state, legal[int(rng.random() * len(legal))])
    assert seen


def test_an_opponent_who_has_not_drawn_yet_is_said_to_have_yet_to_draw():
    state = position("10 5", "", hands=("+1 -2 ±3 +4", "+1 +2 +3 +4"))
    advice = hint("pazaak", PAZAAK.observe(state, 0), PAZAAK.legal_actions(state), bot_rng(1, 0, 0))
    assert "they have yet to draw" in advice.reason
    assert "drawing on 0" not in advice.reason


#: the words each game's buttons and rules give its moves: a hint's move is named in them
MOVE_WORDS = {
    "pazaak": ("Stand", "End turn", "Play "),
    "pazu-pazaak": ("Bid ", "Pick ", "Ante ", "Stand", "End turn", "Play ", "Next set", "Leave"),
    "flip7": ("Hit", "Stay", "Give the "),
    "pixies": ("Take the ", "Keep it ", "Tuck it ", "Place it "),
}


def hints_of_random_games(game_id: str, seeds: range, every: int):
    """The hints for every ``every``-th decision of random games at three seats (two for
    Pazaak), where the mover has a choice."""
    rules = GAMES[game_id].rules
    for seed in seeds:
        config = rules.default_config(2 if game_id == "pazaak" else 3)
        state, _ = rules.new_game(config, seed)
        rng = random.Random(seed)
        for ply in range(300):
            seat = rules.to_move(state)
            if seat is None and (step := rules.chance(state)) is not None:
                state, _ = rules.apply(state, step)  # the next deal: no hint is asked for it
                continue
            if seat is None:
                break
            legal = rules.legal_actions(state)
            if ply % every == 0 and len(legal) > 1:
                yield hint(game_id, rules.observe(state, seat), legal, bot_rng(seed, seat, ply))
            staying = [a for a in legal if type(a).__name__ not in ("Leave", "SeatBot")]
            state, _ = rules.apply(state, rng.choice(staying or legal))


@pytest.mark.parametrize(
    "game_id, seeds, every",
    [
        ("pazaak", range(2), 9),
        ("pazu-pazaak", range(4), 2),
        ("flip7", range(6), 1),
        ("pixies", range(2), 4),
    ],
)
def test_a_hint_names_its_move_in_the_games_words_and_no_figure_goes_unexplained(
    game_id, seeds, every
):
    """Issue 36: `Pick ±4: it adds most to your hand (0.10)`, `Bid 0: the best gain for the
    card your place gets`, Pazaak's `Draw on` beside an `End turn` button, Flip 7's
    `(+3.9%)` and Pixies' `play-outs end the round +4.0`."""
    kinds = set()
    for advice in hints_of_random_games(game_id, seeds, every):
        move, _, why = advice.reason.partition(": ")
        assert move.startswith(MOVE_WORDS[game_id]) and why, advice.reason
        # a figure alone in brackets says nothing of what it counts
        assert not re.search(r"\(\s*[-+]?\d+(\.\d+)?%?\s*\)", advice.reason), advice.reason
        for jargon in ("Draw on", "draw on", "play-outs", "deep", "best gain", "adds most"):
            assert jargon not in advice.reason, advice.reason
        kinds.add(move.split()[0])
    assert len(kinds) > 1  # more than one kind of move was hinted


def pazu_at(phase: Phase):
    state = fresh(3)
    while state.phase is not phase:
        state, _ = PAZU.apply(state, PAZU.legal_actions(state)[0])
    return state


def test_a_pazu_pick_says_what_the_card_does_and_a_bid_what_it_buys():
    picking = pazu_at(Phase.PICK)
    seat = PAZU.to_move(picking)
    advice = hint(
        "pazu-pazaak", PAZU.observe(picking, seat), PAZU.legal_actions(picking), bot_rng(1, seat, 0)
    )
    assert advice.reason.startswith(f"Pick {label(advice.action.card)}: of the cards on offer")
    assert (
        " it can " in advice.reason
        or " it turns " in advice.reason
        or " it doubles " in advice.reason
    )

    bidding = fresh(3)
    seat = PAZU.to_move(bidding)
    advice = hint(
        "pazu-pazaak", PAZU.observe(bidding, seat), PAZU.legal_actions(bidding), bot_rng(1, seat, 0)
    )
    assert advice.reason.startswith(f"Bid {advice.action.amount}: ")
    assert "pick" in advice.reason and "chips" in advice.reason


def test_a_pazaak_hint_to_end_the_turn_says_end_turn_as_the_button_does():
    state = position("10 4", "8", hands=("+2 ±3", "+1 +2 +3 +4"))
    advice = hint("pazaak", PAZAAK.observe(state, 0), PAZAAK.legal_actions(state), bot_rng(1, 0, 0))
    assert advice.action == END_TURN
    assert advice.reason.startswith("End turn: ")
