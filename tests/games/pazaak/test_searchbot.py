"""The searching bot: its tree search while both draw, its belief about the hidden hand, the
light chase at its leaves, and the rule it lives by: it reads its own seat's observation only."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.seating import load_policy
from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.bots.belief import PASSES_UP_20, Belief, likelihood, turn_totals
from cardtable.games.pazaak.bots.chase import Chase
from cardtable.games.pazaak.bots.ismcts import Node, Search, SearchTuning, World
from cardtable.games.pazaak.bots.leaf import LeafChase, number
from cardtable.games.pazaak.bots.rollout import LOSE, VOID, WIN
from cardtable.games.pazaak.bots.searchbot import SearchBot, SearchBotTuning
from cardtable.games.pazaak.cards import parse_all
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.state import PazaakConfig
from tests.games.pazaak.helpers import board, position

#: a smaller budget keeps the tests quick; the choices tested do not hang on it
QUICK = SearchBotTuning(SearchTuning(iterations=120))


def search(state, seat=0, seed=0):
    bot = SearchBot(QUICK)
    return bot.advise(RULES.observe(state, seat), RULES.legal_actions(state), random.Random(seed))


def test_it_saves_a_bust_rather_than_ending_the_turn_over_20():
    state = position("10 9 6", "10 2", hands=("-5 ±2 +1", "±1 ±2"))
    assert search(state).action == PlaySide(0, -5)  # 25 less 5 is 20


def test_it_stands_on_19_while_they_draw_far_behind():
    state = position("10 9", "4", hands=("±1 ±2", "±1 ±3"))
    assert search(state).action == STAND


def test_it_draws_on_a_low_total():
    state = position("3 4", "10 5", hands=("±2 ±3 ±4 ±5", "±1 ±2"))
    assert search(state).action == END_TURN


def test_against_a_standing_total_it_plays_the_exact_chase():
    state = position("10 5", "10 9", hands=("±5 ±2", "±1 ±3"), standing=(False, True))
    advice = search(state)
    assert advice.action == PlaySide(0, 5)
    assert advice.reason.startswith("Play ±5 as +5: they stand on 19")


def test_its_reason_is_one_plain_line_quoting_the_chances_it_compared():
    state = position("10 6", "10 3", hands=("±2 ±3 ±4", "±1 ±2"))
    reason = search(state).reason
    assert "they are still drawing on 13" in reason and "you win the match" in reason
    assert reason.count("%") == 2 and "\n" not in reason


def test_inside_the_tree_a_stand_is_weighed_at_its_exact_value_never_tried_at_random():
    """Issue 39's finding: a player in the tree tried every stand in turn, the losing ones too,
    and the other player's draws were priced against that careless player. Now it takes the
    best of its stands in the world at hand (each is worth the exact chase after it), or draws
    on; only drawing on is explored."""
    state = position("10 7", "10 5", hands=("±1 ±2 ±3 ±4", "±1 ±2"))
    search = Search(RULES.observe(state, 0), QUICK.search, random.Random(3))
    world = World(search.root, parse_all("±1 ±2 ±3 ±4"), search._deck())
    stands = [turn for turn in search.turns(world, 1, False, wide=False) if turn[2]]
    values = {turn: search._stand_value(world, 1, turn) for turn in stands}
    best = max(stands, key=values.__getitem__)
    assert len(set(values.values())) > 1  # the stands are not all worth the same
    node, chosen = Node(), set()
    for _ in range(60):
        turn, edge, _ = search._select(node, world, 1, False)
        chosen.add(turn)
        edge.visits, edge.total = edge.visits + 1, edge.total + 0.3  # what a walk brings back
    assert best in chosen and (None, 0, False) in chosen
    assert all(not turn[2] for turn in chosen - {best})


@pytest.mark.parametrize("seed", range(4))
def test_its_choice_does_not_change_when_the_hidden_cards_are_redealt(seed):
    """Their hand and the order of the main deck are dealt afresh: the choice and its reason
    stay the same, as the bot reads only what its seat may see."""
    match = Match.new(RULES, PazaakConfig.with_decks("gold", "gold"), seed)
    rng = random.Random(seed)
    for _ in range(2 + seed):  # a few moves in, so boards and hands differ between cases
        match.play(rng.choice(match.legal_actions()))
        if match.is_over:
            return
    seat = match.to_move
    state = match.state
    twin = RULES.redeal_hidden(state, seat, random.Random(100 + seed))
    assert twin.hands[1 - seat] != state.hands[1 - seat] or twin.deck != state.deck
    advice = [search(s, seat, seed) for s in (state, twin)]
    assert advice[0] == advice[1]


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**20),
    decks=st.sampled_from([("gold", "cautious"), ("balanced", "gold"), ("beginner", "gold")]),
)
def test_it_only_ever_chooses_legal_actions(seed, decks):
    match = Match.new(RULES, PazaakConfig.with_decks(*decks), seed)
    bot = SearchBot(SearchBotTuning(SearchTuning(iterations=30)))
    ply = 0
    while not match.is_over:
        seat = match.to_move
        legal = match.legal_actions()
        action = bot.choose(match.observe(seat), legal, bot_rng(seed, seat, ply))
        assert action in legal
        match.play(action)
        match.take_chance_steps()
        ply += 1


def test_turns_are_read_off_the_board_with_the_card_laid_in_each():
    assert turn_totals(board("10 5 +3 2")) == [(10, False), (18, True), (20, False)]


def test_a_hand_that_would_have_made_20_on_a_passed_turn_is_less_likely():
    turns = [(10, False), (16, False)]  # they ended the turn on 16 without laying a card
    assert likelihood(parse_all("+4 -2"), turns) == pytest.approx(PASSES_UP_20)
    assert likelihood(parse_all("±3 -2"), turns) == 1.0
    assert likelihood(parse_all("+4 -2"), [(10, False), (16, True)]) == 1.0


def test_worlds_are_drawn_from_decks_that_hold_the_cards_they_played():
    belief = Belief(parse_all("+5"), 3, board("4 +5"), False, 40, random.Random(2))
    beginner = parse_all("+1 +2 +3 +4 -1 -2 -3 -4 -5")
    for _ in range(20):
        hand = belief.draw(random.Random(_))
        assert len(hand) == 3 and all(card in beginner for card in hand)


def test_the_leaf_chase_agrees_with_the_exact_chase_without_hand_cards():
    """With no hand cards and too few cards to fill a board, the two chases are one game."""

    def price(result, hand):
        return {WIN: 1.0, VOID: 0.4, LOSE: 0.0}[result]

    leaf = LeafChase(False, "test", lambda result, worth: price(result, ()), lambda card: 1.0)
    exact = Chase(0, False, None, price)
    for mine, theirs in [(15, 17), (14, 19), (17, 18), (14, 18)]:  # 7 more cards bust from 14
        got = leaf.next_draw(mine, theirs, number(()), False)
        want = exact._end(mine, 2, theirs, (), False, (0, 0, 0, 0))
        assert got == pytest.approx(want)


def test_the_leaf_chase_lays_a_card_for_20():
    def price(result, worth):
        return {WIN: 1.0, VOID: 0.4, LOSE: 0.0}[result] + 0.01 * worth

    with_card = LeafChase(False, "test-card", price, lambda card: 1.0)
    bare = LeafChase(False, "test-bare", price, lambda card: 1.0)
    assert (
        with_card.next_draw(14, 19, number(parse_all("±3")), False)
        > bare.next_draw(14, 19, number(()), False) + 0.05
    )


def test_sim_seats_it_as_a_policy():
    act = load_policy("policy:cardtable.games.pazaak.bots.searchbot:act")
    state = position("10 9", "4", hands=("±1 ±2", "±1 ±3"))
    assert act(RULES.observe(state, 0), RULES.legal_actions(state), random.Random(0)) == STAND
