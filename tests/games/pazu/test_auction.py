"""Rulings 1–3: sitting down, the auction of shared side cards, and the ante."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pazaak.actions import EndTurn
from cardtable.games.pazaak.cards import Kind, label, parse
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazu.actions import Bid, Pick, SetAnte
from cardtable.games.pazu.auction import bidding_deck, start_set
from cardtable.games.pazu.cards import SHARED_DECK
from cardtable.games.pazu.draft import Draft
from cardtable.games.pazu.events import (
    AntesPaid,
    BidMade,
    CardPicked,
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
)
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import Phase, Status
from cardtable.games.pazu.turns import finish_turn
from tests.games.pazu.helpers import cards, fresh, of_type, play


def auction(seats: int = 3, offer: str = "+1 ±4 -7", first: int = 0, **options):
    """A game at its first auction with ``offer`` on the table and ``first`` bidding first."""
    state = fresh(seats, **options)
    order = tuple((first + k) % seats for k in range(seats))
    return replace(state, revealed=cards(offer), first=first, queue=order)


def test_shared_deck_holds_two_of_every_card():
    counts = Counter(SHARED_DECK)
    assert len(SHARED_DECK) == 62
    assert set(counts.values()) == {2}
    amounts = {card.amount for card in counts if card.kind is Kind.PLUS}
    assert amounts == set(range(1, 11))
    assert {card.amount for card in counts if card.kind is Kind.MINUS} == set(range(1, 11))
    assert {card.amount for card in counts if card.kind is Kind.DUAL} == set(range(1, 7))
    specials = {Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE, Kind.TIEBREAKER, Kind.VARIABLE}
    assert {card.kind for card in counts} - {Kind.PLUS, Kind.MINUS, Kind.DUAL} == specials


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_sitting_down_deals_four_from_each_own_deck_and_reveals_one_card_each(seats):
    state = fresh(seats, seed=seats)
    assert state.phase is Phase.BID and state.set_number == 1
    assert len(state.revealed) == seats
    assert state.chips == (200,) * seats
    for seat, hand in enumerate(state.hands):
        assert len(hand) == 4
        assert not Counter(hand) - Counter(state.config.decks[seat])
    assert state.queue[0] == state.first
    assert sorted(state.queue) == list(range(seats))


def test_a_bid_is_paid_into_the_pazaak_pot_at_once():
    state, events = play(auction(), Bid(7))
    assert state.chips[0] == 193 and state.pazaak_pot == 7
    assert state.bids == (7, None, None)
    assert of_type(events, BidMade) == [BidMade(0, 7, 7)]
    assert RULES.to_move(state) == 1


def test_bids_run_from_nothing_to_every_chip():
    state = replace(auction(), chips=(12, 200, 200))
    assert RULES.legal_actions(state) == tuple(Bid(n) for n in range(13))


def test_a_bid_above_your_chips_is_refused_with_the_reason():
    state = replace(auction(), chips=(12, 200, 200))
    with pytest.raises(IllegalAction, match="you hold 12 chips, so you cannot bid 13"):
        RULES.apply(state, Bid(13))


def test_a_bid_below_zero_is_refused_with_the_reason():
    with pytest.raises(IllegalAction, match="below zero"):
        RULES.apply(auction(), Bid(-1))


def test_picks_go_by_bid_highest_first_and_equal_bids_by_bidding_order():
    state, _ = play(auction(first=1), Bid(3), Bid(5), Bid(3))  # seats 1, 2, 0 bid
    assert state.phase is Phase.PICK
    assert state.queue == (2, 1, 0)
    assert state.first == 2


def test_the_highest_bidder_picks_first_and_names_the_ante():
    state, events = play(auction(), Bid(0), Bid(4), Bid(0), Pick(parse("-7")), Pick(parse("±4")))
    picked = of_type(events, CardPicked)
    assert picked == [
        CardPicked(1, parse("-7"), False),
        CardPicked(0, parse("±4"), False),
        CardPicked(2, parse("+1"), True),
    ]
    assert state.phase is Phase.ANTE and RULES.to_move(state) == 1
    assert state.hands[1][-1] == parse("-7") and state.bought[1] == (parse("-7"),)


def test_equal_cards_on_offer_are_one_choice_and_alike_leftovers_are_handed_out():
    state, events = play(auction(offer="+2 +2 ±5"), Bid(0), Bid(0), Bid(0))
    assert RULES.legal_actions(state) == (Pick(parse("+2")), Pick(parse("±5")))
    state, events = play(state, Pick(parse("±5")))
    assert [event.auto for event in of_type(events, CardPicked)] == [False, True, True]
    assert state.phase is Phase.ANTE


def test_a_card_not_on_offer_is_refused_with_the_reason():
    state, _ = play(auction(), Bid(0), Bid(0), Bid(0))
    with pytest.raises(IllegalAction, match=r"\+9 is not on offer; the cards left are \+1 ±4 -7"):
        RULES.apply(state, Pick(parse("+9")))


def test_the_ante_is_chosen_within_the_table_limits():
    state, _ = play(auction(), Bid(0), Bid(0), Bid(0), Pick(parse("±4")), Pick(parse("-7")))
    assert RULES.legal_actions(state) == tuple(SetAnte(n) for n in range(5, 26))
    for amount in (4, 26):
        with pytest.raises(IllegalAction, match=f"between 5 and 25 chips, not {amount}"):
            RULES.apply(state, SetAnte(amount))


def test_the_ante_limits_are_rules_options():
    state, _ = play(
        auction(ante_min=2, ante_max=3),
        Bid(0),
        Bid(0),
        Bid(0),
        Pick(parse("±4")),
        Pick(parse("-7")),
    )
    assert RULES.legal_actions(state) == (SetAnte(2), SetAnte(3))


def test_everyone_pays_the_ante_into_the_set_pot_and_the_first_player_draws():
    state, _ = play(auction(), Bid(0), Bid(2), Bid(0), Pick(parse("±4")), Pick(parse("-7")))
    state, events = play(state, SetAnte(10))
    assert of_type(events, AntesPaid) == [AntesPaid((1, 2, 0), 10, 30)]
    assert state.chips == (190, 188, 190) and state.set_pot == 30 and state.pazaak_pot == 2
    assert state.phase is Phase.TURN and RULES.to_move(state) == 1
    assert len(state.boards[1].cards) == 1
    assert state.status == (Status.ACTIVE,) * 3


def test_who_cannot_pay_the_ante_leaves_the_table_with_what_they_have():
    state = replace(auction(seats=4, offer="+1 ±4 -7 D"), chips=(200, 200, 200, 9))
    state, _ = play(state, Bid(0), Bid(0), Bid(0), Bid(0))
    while state.phase is Phase.PICK:
        state, _ = play(state, RULES.legal_actions(state)[0])
    state, events = play(state, SetAnte(10))
    assert of_type(events, LeftTable) == [LeftTable(3, 9, LeaveReason.CANNOT_PAY)]
    assert state.seated == (True, True, True, False) and state.chips[3] == 9
    assert state.status[3] is Status.OUT and state.set_pot == 30


def test_the_game_ends_without_an_ante_when_fewer_than_two_can_pay():
    state = replace(auction(), chips=(200, 8, 9))
    state, _ = play(state, Bid(0), Bid(0), Bid(0), Pick(parse("±4")), Pick(parse("-7")))
    state, events = play(state, SetAnte(10))
    assert len(of_type(events, LeftTable)) == 2
    assert of_type(events, GameEnded) == [GameEnded((200, 8, 9), EndReason.FEW_PLAYERS)]
    assert state.set_pot == 0 and RULES.is_over(state)


def test_bidding_a_pick_before_the_auction_is_over_is_refused_with_the_phase():
    with pytest.raises(IllegalAction, match="has to bid for the auction cards"):
        RULES.apply(auction(), Pick(parse("+1")))
    # the refusal names who is to bid: seat 1 opens this auction
    refusal = RULES.explain_illegal(auction(first=1), Pick(parse("+1")))
    assert refusal == "Player 2 has to bid for the auction cards now"


def test_a_pick_of_something_not_a_card_is_refused_by_its_repr():
    state, _ = play(auction(), Bid(0), Bid(0), Bid(0))
    refusal = RULES.explain_illegal(state, Pick("±9"))  # type: ignore[arg-type]
    assert refusal == "'±9' is not on offer; the cards left are +1 ±4 -7"


def test_who_bids_first_in_set_1_is_drawn_by_lot():
    assert len({fresh(4, seed=seed).first for seed in range(20)}) == 4


def test_a_first_player_who_cannot_pay_their_own_ante_leaves_and_the_next_player_opens():
    state = replace(auction(), chips=(200, 20, 200))
    state, _ = play(state, Bid(0), Bid(20), Bid(0), Pick(parse("±4")), Pick(parse("-7")))
    state, events = play(state, SetAnte(5))
    assert of_type(events, LeftTable) == [LeftTable(1, 0, LeaveReason.CANNOT_PAY)]
    assert of_type(events, AntesPaid) == [AntesPaid((2, 0), 5, 10)]
    assert RULES.to_move(state) == 2


def test_a_player_holding_exactly_the_ante_pays_it_and_plays():
    state = replace(auction(seats=4, offer="+1 ±4 -7 D"), chips=(200, 200, 200, 10))
    state, _ = play(state, Bid(0), Bid(0), Bid(0), Bid(0))
    while state.phase is Phase.PICK:
        state, _ = play(state, RULES.legal_actions(state)[0])
    state, events = play(state, SetAnte(10))
    assert of_type(events, LeftTable) == []
    assert of_type(events, AntesPaid) == [AntesPaid((0, 1, 2, 3), 10, 40)]
    assert state.chips[3] == 0 and state.status[3] is Status.ACTIVE


def test_the_auction_never_offers_a_third_copy_of_a_card():
    # RULINGS 2 and 9: two of each card in all, counting copies bought and still held
    held = ((parse("+9"), parse("+9")), (parse("D"),), (parse("D"),))
    deck = bidding_deck(held)
    assert len(deck) == len(SHARED_DECK) - 4
    assert parse("+9") not in deck and parse("D") not in deck
    assert Counter(deck)[parse("-9")] == 2
    assert Counter(bidding_deck((held[0][:1], (), ())))[parse("+9")] == 1


def test_the_auction_cards_are_dealt_from_the_game_seed_and_the_set_number():
    # pinned: an old save replays only if every set reveals the same cards
    state = fresh(3, seed=1)
    assert " ".join(label(card) for card in state.revealed) == "+3 +1 -8"
    draft = Draft(state, finish_turn)
    start_set(draft)
    assert draft.set_number == 2 and " ".join(label(card) for card in draft.revealed) == "±3 -6 ±4"


def test_the_hands_the_first_bidder_and_endless_draws_are_pinned_to_the_seed():
    state = fresh(3, seed=1)
    assert [" ".join(label(card) for card in hand) for hand in state.hands] == [
        "±6 ±3 ±4 ±4",
        "±2 ±6 ±1 ±3",
        "±2 ±4 ±6 ±4",
    ]
    assert state.first == 2 and state.draws == 0
    endless = fresh(3, seed=1, main_deck=MainDeck.ENDLESS)
    while endless.phase is not Phase.TURN:
        endless, _ = play(endless, RULES.legal_actions(endless)[0])
    ranks = []
    for _ in range(5):
        ranks.append(endless.boards[endless.queue[0]].cards[-1].value)
        endless, _ = play(endless, EndTurn())
    assert ranks == [3, 8, 6, 1, 4] and endless.draws == 6


def test_the_tabletop_main_deck_is_shuffled_from_the_game_seed_and_the_set_number():
    # pinned like the auction: an old save replays only if every set draws the same main cards
    state = fresh(3, seed=1)
    assert state.deck[:12] == (8, 4, 2, 6, 4, 8, 7, 7, 9, 10, 5, 3) and len(state.deck) == 40
    draft = Draft(state, finish_turn)
    start_set(draft)
    assert draft.deck[:12] == (9, 6, 9, 7, 5, 2, 8, 6, 3, 5, 7, 2) and len(draft.deck) == 40


def test_a_person_who_cannot_pay_the_ante_ends_the_game_as_the_people_left():
    state = replace(auction(people=(1,)), chips=(200, 8, 200))
    state, _ = play(state, Bid(0), Bid(0), Bid(0), Pick(parse("±4")), Pick(parse("-7")))
    state, events = play(state, SetAnte(10))
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.PEOPLE_LEFT)]


def test_a_new_set_offers_no_card_held_twice():
    # every +N and -N is bought twice and still held: only the 22 other cards can come round
    plain = tuple(card for card in SHARED_DECK if card.kind in (Kind.PLUS, Kind.MINUS))
    for seed in range(10):
        state = fresh(6, seed=seed)
        bought = (plain[:20], plain[20:], (), (), (), ())
        hands = tuple((*hand, *extra) for hand, extra in zip(state.hands, bought, strict=True))
        draft = Draft(replace(state, bought=bought, hands=hands), finish_turn)
        start_set(draft)
        assert len(draft.revealed) == 6
        assert not {card.kind for card in draft.revealed} & {Kind.PLUS, Kind.MINUS}


def test_when_fewer_cards_than_bidders_are_left_the_lowest_bidders_go_without():
    state = replace(auction(offer="+1 ±4"), chips=(200, 200, 200))
    state, events = play(state, Bid(0), Bid(3), Bid(1))
    assert state.phase is Phase.PICK and state.queue == (1, 2)
    state, events = play(state, Pick(parse("+1")))
    assert of_type(events, CardPicked) == [
        CardPicked(1, parse("+1"), False),
        CardPicked(2, parse("±4"), True),
    ]
    assert state.phase is Phase.ANTE and state.hands[0] == fresh(3).hands[0]
