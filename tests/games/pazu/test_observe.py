"""What each seat sees, the hidden-card redeal, and the log lines."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from cardtable.games.pazaak.cards import parse
from cardtable.games.pazaak.events import HandDealt
from cardtable.games.pazu.actions import Bid
from cardtable.games.pazu.events import (
    AnteSet,
    AntesPaid,
    BidMade,
    Busted,
    CardPicked,
    CardsRevealed,
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
    SetPotCarried,
    SetWon,
    WinReason,
)
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import PazuConfig, Phase
from tests.games.pazu.helpers import at_turn, board, cards, fresh, play


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    state = fresh(4)
    view = RULES.observe(state, 2)
    assert view.hand == state.hands[2] and view.hand_counts == (4, 4, 4, 4)
    assert RULES.observe(state, None).hand is None


def test_the_view_shows_the_auction_as_it_goes():
    state, _ = play(fresh(3), Bid(4))
    view = RULES.observe(state, 0)
    assert view.phase is Phase.BID and view.to_move == state.queue[0]
    assert view.bids[state.first] == 4 and view.pazaak_pot == 4
    assert view.revealed == state.revealed and view.queue == state.queue
    assert view.chips == state.chips and view.config == state.config.terms


def test_no_seat_sees_a_side_deck_not_even_through_the_config():
    # ruling 9: each player's 10-card side deck is hidden; the view carries the table's terms
    state = RULES.new_game(PazuConfig.with_decks(("balanced", "gold", "beginner")), 4)[0]
    other_decks = PazuConfig.with_decks(("cautious", "balanced", "gold"))
    swapped = replace(state, config=other_decks)
    for seat in (0, 1, 2, None):
        view = RULES.observe(state, seat)
        assert view == RULES.observe(swapped, seat)
        assert not hasattr(view.config, "decks") and not hasattr(view.config, "newcomer_deck")
    terms = RULES.observe(state, 0).config
    assert (terms.ante_min, terms.ante_max, terms.start_chips, terms.max_sets) == (5, 25, 200, None)


def test_the_view_shows_boards_totals_standing_pots_and_ante():
    state = at_turn([board(10, 9), board(4), board(6)], ante=12, pazaak_pot=33)
    view = RULES.observe(state, 1)
    assert view.totals == (19, 4, 6) and view.boards == state.boards
    assert view.status == state.status and view.ante == 12
    assert view.set_pot == 36 and view.pazaak_pot == 33
    assert sum(view.unseen) == 40 - 4 and view.unseen[9] == 3


def test_bought_cards_stay_public_and_survive_a_redeal():
    state = replace(fresh(3), bought=((), (parse("+9"),), ()))
    state = replace(state, hands=(state.hands[0], (*state.hands[1], parse("+9")), state.hands[2]))
    assert RULES.observe(state, 0).bought[1] == (parse("+9"),)
    twin = RULES.redeal_hidden(state, 0, random.Random(3))
    assert twin.hands[0] == state.hands[0]
    assert parse("+9") in twin.hands[1] and len(twin.hands[1]) == 5
    assert RULES.observe(twin, 0) == RULES.observe(state, 0)


def test_a_redeal_deals_every_other_hand_afresh_and_keeps_the_viewer_s():
    # a search bot for seat 0 must not see the real cards in the other hands
    state = fresh(3)
    twins = [RULES.redeal_hidden(state, 0, random.Random(seed)) for seed in range(6)]
    assert all(twin.hands[0] == state.hands[0] for twin in twins)
    for other in (1, 2):
        assert any(Counter(twin.hands[other]) != Counter(state.hands[other]) for twin in twins)


def test_a_redeal_draws_unseen_cards_from_the_unplayed_side_deck():
    state = replace(fresh(3), spent=((), cards("±6 ±5 ±5 ±4 ±4 ±3"), ()))
    state = replace(state, hands=(state.hands[0], cards("±1 ±2 ±2 ±3"), state.hands[2]))
    for seed in range(5):
        twin = RULES.redeal_hidden(state, 0, random.Random(seed))
        assert sorted(twin.hands[1], key=str) == sorted(cards("±1 ±2 ±2 ±3"), key=str)


def test_log_lines_read_naturally():
    say = RULES.describe
    assert say(HandDealt(0, 4), 0) == "You take a hand of 4 side cards"
    assert say(CardsRevealed(2, cards("+8 ±3 D"), 1), None) == (
        "Set 2: on offer +8 ±3 D; Player 2 bids first"
    )
    assert say(BidMade(1, 6, 10), 1) == "You bid 6 (Pazaak Pot 10)"
    assert say(CardPicked(2, parse("-9"), True), 0) == "Player 3 takes the last card, -9"
    assert say(AnteSet(0, 15), 0) == "You go first and set the ante at 15"
    assert say(AnteSet(1, 15), 0) == "Player 2 goes first and sets the ante at 15"
    assert say(AntesPaid((1, 2, 0), 15, 45), 0) == (
        "Ante 15 paid by Player 2, Player 3, you: Set Pot 45"
    )
    assert say(LeftTable(1, 3, LeaveReason.CANNOT_PAY), None) == (
        "Player 2 cannot pay the ante and leaves the table with 3 chips"
    )
    assert say(Busted(0, 23, 30), 0) == "You bust with 23: 30 to the Pazaak Pot"
    assert say(SetWon(3, WinReason.FULL_BOARD, 17, 60, 41), None) == (
        "Player 4 wins on 17 with a full board: the Set Pot (60) and the Pazaak Pot (41)"
    )
    assert say(SetWon(0, WinReason.STOOD_FIRST, 18, 60, 0), 0) == (
        "You win on 18 for standing first: the Set Pot (60)"
    )
    assert say(SetPotCarried(40), None) == "Everyone bust: the Set Pot (40) carries over"
    assert say(GameEnded((1, 2, 3), EndReason.MAX_SETS), None) == (
        "Game over, the last set is over: chips 1 – 2 – 3"
    )


def test_every_win_reason_has_a_log_line():
    for reason in WinReason:
        assert RULES.describe(SetWon(0, reason, 20, 1, 0), None)
