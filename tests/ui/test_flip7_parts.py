"""The Flip 7 table's plain parts: a round's summary from the table it left, words, sums and
the chart."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.match import Match
from cardtable.core.rng import derive_rng, pick
from cardtable.games.flip7.cards import KINDS, Card
from cardtable.games.flip7.describe import second_person
from cardtable.games.flip7.events import Reshuffled, RoundEnded, RoundStarted
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Flip7Config, Mode, Status
from cardtable.ui.tables.flip7.cards import band, chips, framed
from cardtable.ui.tables.flip7.events import climb, fresh_flips, round_result, settled
from cardtable.ui.tables.flip7.text import (
    breakdown,
    climb_chart,
    pace,
    progress_bar,
)


def configs() -> st.SearchStrategy[Flip7Config]:
    solo = st.just(Flip7Config(1, Mode.SOLO, action_cards=False))
    table = st.builds(
        lambda n, actions: Flip7Config(n, Mode.TABLE, action_cards=actions),
        st.integers(2, 8),
        st.booleans(),
    )
    return st.one_of(solo, table)


@settings(max_examples=40, deadline=None)
@given(config=configs(), seed=st.integers(0, 10**6), moves=st.integers(1, 120))
def test_a_round_read_from_the_table_it_left_is_the_round_the_rules_banked(config, seed, moves):
    """A round that ends leaves its rows in the view: the summary read from that view and the
    move's events has the rules' rows and scores; a move that ends no round turns over as
    many cards as it added to each row."""
    match = Match.new(RULES, config, seed)
    rng = derive_rng(seed, "test")
    for _ in range(moves):
        if match.is_over:
            break
        before = match.observe(None).seats
        events = match.play(pick(match.legal_actions(), rng))
        after = match.observe(None).seats
        result = round_result(match.observe(None), events)
        if result is None:
            fresh = fresh_flips(events)
            dealt = any(isinstance(e, RoundStarted) for e in events)  # from empty rows
            for seat, (was, now) in enumerate(zip(before, after, strict=True)):
                held = 0 if dealt else len(was.numbers) + len(was.modifiers)
                new = len(now.numbers) + len(now.modifiers) - held
                assert sum(1 for f in fresh if f.seat == seat) == new
            continue
        assert match.to_move is None, "a round's end is a state of its own"
        assert [(tuple(r.numbers), tuple(r.modifiers), r.status) for r in result.rows] == [
            (s.numbers, s.modifiers, s.status) for s in after
        ]
        assert result.scores == tuple(s.round_score for s in after)
        for row in result.rows:
            if row.status is Status.BUST:
                assert result.scores[row.seat] == 0 and len(set(row.numbers)) < len(row.numbers)
        assert any(row.flip_seven for row in result.rows) == any(
            len(row.numbers) == 7 and row.status is not Status.BUST for row in result.rows
        )


@settings(max_examples=30, deadline=None)
@given(config=configs(), seed=st.integers(0, 10**6))
def test_the_ended_round_counts_every_card_it_drew(config, seed):
    """The table at a round's end holds the whole deck: the card that ended it (a bust's
    duplicate, a Flip 7's seventh) has left the deck for its row; the totals under it read
    "before → after"."""
    match = Match.new(RULES, config, seed)
    rng = derive_rng(seed, "test")
    full = [config.deck.count(card) for card in KINDS]
    while not match.is_over:
        before = match.observe(None)
        events = match.play(pick(match.legal_actions(), rng))
        if not any(isinstance(e, RoundEnded) for e in events):
            continue
        view = match.observe(None)
        on_rows = [0] * len(KINDS)
        for seat in view.seats:
            for card in (*seat.numbers, *seat.modifiers):
                on_rows[card] += 1
            on_rows[Card.SECOND_CHANCE] += seat.second_chance
        held = list(map(sum, zip(view.deck_counts, view.discard_counts, on_rows, strict=True)))
        assert held == full
        assert view.deck_count == sum(view.deck_counts) <= before.deck_count or any(
            isinstance(e, Reshuffled) for e in events
        )
        ended = next(e for e in events if isinstance(e, RoundEnded))
        shown = settled(view).seats
        assert [s.banked + s.round_score for s in shown] == list(ended.totals)
    final = settled(match.observe(None))
    assert [s.banked + s.round_score for s in final.seats] == list(match.outcome.scores)


def test_the_climb_is_every_round_end_total():
    match = Match.new(RULES, Flip7Config(1, Mode.SOLO, action_cards=False), 5)
    rng = derive_rng(5, "test")
    while not match.is_over:
        match.play(pick(match.legal_actions(), rng))
    totals = climb(match.events)
    assert totals == sorted(totals) and totals[-1] >= 200
    assert len(totals) == match.outcome.stats["rounds"]


def test_breakdown_shows_how_a_row_adds_up():
    row = (Card.TWELVE, Card.THREE, Card.SEVEN, Card.ZERO)
    assert breakdown(row, (Card.TIMES2, Card.PLUS4)) == "(12+3+7+0)×2 +4"
    assert breakdown((Card.FIVE,), ()) == "5"
    seven = tuple(Card(n) for n in range(1, 8))
    assert breakdown(seven, ()).endswith("+15 Flip 7")


def test_log_lines_speak_to_you():
    assert second_person("You hits: 7.") == "You hit: 7."
    assert second_person("You busts on a second 7 and scores 0 this round.") == (
        "You bust on a second 7 and score 0 this round."
    )
    assert second_person("Revan freezes You, who banks 10.") == "Revan freezes you, who banks 10."
    assert second_person("You freezes themselves and banks 4.") == "You freeze yourself and bank 4."
    assert second_person("You's Flip Three is done.") == "Your Flip Three is done."
    assert second_person("Round 2 over: You +0 (26).") == "Round 2 over: You +0 (26)."


def test_the_pace_says_how_many_rounds_are_left_at_the_mean_so_far():
    assert pace([26, 26, 57, 57, 77], 200) == (
        "77 in 5 rounds, 15 a round: about 8 more at this pace"
    )
    assert pace([0], 200) == "nothing banked in 1 round yet"
    assert pace([120, 208], 200) == "208 in 2 rounds"


def test_progress_bar_and_chart_read_without_colour():
    assert progress_bar(0, 200) == "░" * 10
    assert progress_bar(150, 200) == "█" * 7 + "░" * 3
    assert progress_bar(260, 200) == "█" * 10
    chart = climb_chart([26, 57, 120, 208], 200, height=4, width=4)
    assert chart[0].startswith(" 200 ┤") and chart[-3].startswith("   0 └")
    assert chart[-2].split() == ["round", "1", "2", "3", "4"]
    assert chart[-1].split() == ["total", "26", "57", "120", "208"]
    tops = [len([row for row in chart[:-3] if row[6 + 4 * i] != " "]) for i in range(4)]
    assert tops == sorted(tops) and tops[-1] == 4


def test_cards_keep_their_kind_in_the_frame_not_only_the_colour():
    lines = framed([("12", "high"), ("+4", "mod"), ("7!", "bust"), ("2nd", "action"), ("", "back")])
    top, middle, bottom = lines.plain.split("\n")
    assert top == "╭───╮┏━━━┓╔═══╗╒═══╕╭───╮"
    assert middle == "│12 │┃+4 ┃║ 7!║│2nd││▒▒▒│"
    assert len(bottom) == len(top)
    assert (
        chips([("12", "high"), ("", "back"), ("2nd Chance", "action"), ("", "slot")]).plain
        == " 12   ▒▒   2nd Chance   ·· "
    )


def test_a_large_card_prints_its_number_in_the_corners_and_large_in_the_middle():
    rows = framed([("9", "high"), ("", "slot")], "full").plain.split("\n")
    assert rows == [
        "╭─────╮ ╭╌╌╌╌╌╮",
        "│9    │ ╎     ╎",
        "│  9  │ ╎  ·  ╎",
        "│    9│ ╎     ╎",
        "╰─────╯ ╰╌╌╌╌╌╯",
    ]
    assert [band(n) for n in (0, 4, 5, 8, 9, 12)] == ["low", "low", "mid", "mid", "high", "high"]
