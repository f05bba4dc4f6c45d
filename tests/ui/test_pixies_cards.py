"""The Pixies table's pure parts: how cards and spaces are drawn, the layout, derived views."""

from __future__ import annotations

import random

import pytest

from cardtable.core.match import Match
from cardtable.games.pixies.actions import Take
from cardtable.games.pixies.cards import DECK, Colour
from cardtable.games.pixies.events import CardPlaced, CardTaken, RoundEnded
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import Phase
from cardtable.games.pixies.view import CellView
from cardtable.tools.shots.pixies import every_choice_ends, preplay
from cardtable.ui.tables.pixies.cards import (
    COMPACT,
    HUGE,
    LARGE,
    TINY,
    ZONE_MAT,
    Mark,
    block_width,
    board_rows,
    face_lines,
    join,
    space_rows,
)
from cardtable.ui.tables.pixies.layout import choose_layout, take_hint
from cardtable.ui.tables.pixies.prompt import ask
from cardtable.ui.tables.pixies.widgets import GridBoard, OfferStrip, score_lines


def card(colour: Colour, number: int, **marks: object):
    return next(
        c
        for c in DECK
        if c.colour is colour
        and c.number == number
        and all(getattr(c, k) == v for k, v in marks.items())
    )


def text(rows) -> list[str]:
    return str(join(rows).plain).split("\n")


@pytest.mark.parametrize("size", [COMPACT, LARGE, HUGE], ids=["compact", "large", "huge"])
def test_every_card_face_says_number_colour_and_symbols_in_its_width(size):
    for c in DECK:
        lines = face_lines(c, size)
        assert len(lines) == size.rows and all(len(line) == size.width for line in lines)
        assert lines[0].split()[0] == str(c.number) and lines[0].rstrip().endswith(c.colour.letter)
        if c.special:
            assert "★" in lines[1] and c.colour.letter in lines[1]
        else:
            counts = lines[1].split()
            assert (f"@×{c.spirals}" in counts) == bool(c.spirals)
            assert (f"✗×{c.crosses}" in counts) == bool(c.crosses)
            assert len(counts) == bool(c.spirals) + bool(c.crosses)  # a count, never a row of marks


def test_a_tucked_card_peeks_out_under_a_validated_space():
    green_five = card(Colour.GREEN, 5, spirals=0, crosses=0, special=False)
    rows = text(space_rows(CellView(5, green_five, True), Mark(zone=True), COMPACT))
    assert len(rows) == COMPACT.rows + 1 and all(len(r) == block_width(COMPACT) for r in rows)
    assert rows[0][0] == "5" and rows[1][0] == "✓" and rows[2][0] == "◆"
    assert (rows[0][-1], rows[1][-1]) == ("▄", "█")  # the back's right edge, half a row lower
    assert rows[2] == "◆ " + "▀" * (COMPACT.width)  # and its bottom edge under the face


def test_at_one_line_a_card_a_tucked_card_still_shows_as_the_edge_of_a_back():
    green_five = card(Colour.GREEN, 5, spirals=0, crosses=0, special=False)
    (tucked,) = text(space_rows(CellView(5, green_five, True), Mark(), TINY))
    (alone,) = text(space_rows(CellView(5, green_five, False), Mark(), TINY))
    assert len(tucked) == len(alone) == block_width(TINY)
    assert tucked.endswith("╳╳") and "╳" not in alone  # two columns of the back's own pattern
    assert tucked.startswith("5 5G") and alone.startswith("5 5G")


def test_the_largest_zone_lies_on_one_mat_joined_between_its_spaces():
    """Spaces 1, 2 and 5 make the zone: their lanes and the gap between 1 and 2 are on the mat;
    the gap between 2 and 3 and every lane of space 3 are not."""
    green = card(Colour.GREEN, 5, spirals=0, crosses=0, special=False)
    cells = [CellView(n, green if n in (1, 2, 5) else None, False) for n in range(1, 10)]
    marks = [Mark(zone=n in (1, 2, 5)) for n in range(1, 10)]
    rows = board_rows(cells, marks, COMPACT)
    step = block_width(COMPACT) + 1

    def ground(line: int, column: int) -> bool:
        at = 0
        for chars, style in rows[line]:
            if at <= column < at + len(chars):
                return ZONE_MAT in style
            at += len(chars)
        raise IndexError(column)

    edge = COMPACT.rows  # the lane row under the first row of spaces
    assert ground(1, 0) and ground(1, step - 2) and ground(1, step - 1)  # space 1, gap 1|2
    assert ground(edge, 3) and ground(edge, step + 3)  # under spaces 1 and 2
    assert not ground(1, 2 * step - 1) and not ground(1, 2 * step)  # gap 2|3, space 3
    assert ground(COMPACT.pitch + 1, step) and not ground(COMPACT.pitch + 1, 0)  # 5 yes, 4 no
    assert "◆" in text(rows)[2]


def test_a_face_down_card_alone_is_a_whole_back_with_its_space_and_a_lit_space_says_so():
    back = text(space_rows(CellView(4, None, True), Mark(), COMPACT))
    assert " 4 " in back[0] and "╳" in back[0] and "✓" not in back[1]
    lit = text(space_rows(CellView(7, None, False), Mark(lit=True), COMPACT))
    assert "» 7 «" in lit[0] and "here" in lit[1]
    empty = text(space_rows(CellView(7, None, False), Mark(), COMPACT))
    assert empty[0].strip() == "7"


def test_layouts_fit_two_players_in_80x24_and_five_in_120x40():
    small = choose_layout(2, 80, 24)
    assert not small.large and small.columns == 2 and small.log_span == (2, 1)
    roomy = choose_layout(2, 120, 40)  # the biggest cards; the log and scores under the grids
    assert roomy.card == HUGE and roomy.columns == 2 and roomy.board_span == 1
    four = choose_layout(4, 120, 40)  # two rows of big grids, the log down the right
    assert four.card == LARGE and four.columns == 3 and four.log_span == (1, 2)
    assert four.log_after == 2  # after the first row's grids, so it takes the right column
    five = choose_layout(5, 120, 40)
    assert not five.large and five.columns == 3 and five.log_span == (1, 1)


def test_a_hidden_log_gives_its_room_to_the_grids():
    assert choose_layout(2, 120, 30).card == LARGE  # the log fits only beside them
    hidden = choose_layout(2, 120, 30, log=False)
    assert hidden.card == HUGE and hidden.board_span == 0


def test_clicks_find_the_space_and_the_card_they_landed_on():
    board = GridBoard(0)
    for size in (TINY, COMPACT, LARGE, HUGE):
        board.size_now = size
        for space in range(1, 10):
            at = board.offset_of(space)
            assert board.space_at(at.x, at.y) == space
    strip = OfferStrip()
    four = tuple((c, str(i + 1), "", False) for i, c in enumerate(DECK[:4]))
    strip.revealed, strip.pending = four[:3], four[:2]
    for choice in (0, 1, 2, "new", "old"):
        assert strip.choice_at(strip.offset_of(choice).x) == choice
    assert strip.choice_at(strip.offset_of(2).x + 8) is None  # the gap before the pending cards


def core_hint(state, events, seat) -> str:
    """What the core's own answer to a take says, as the hint should put it."""
    placed = next((e for e in events if isinstance(e, CardPlaced)), None)
    if placed is not None:
        return (
            f"→{placed.space} ✓+{placed.card.number}" if placed.validated else f"→{placed.space} up"
        )
    taken = next(e for e in events if isinstance(e, CardTaken))
    if RULES.observe(state, seat).phase is Phase.KEEP:
        return f"→{taken.card.number} n/o"
    return "↓ down"


def test_take_hints_agree_with_the_core_answer_to_each_take():
    """The hints are worked out from the view alone; the core must agree for every card."""
    checked = 0
    for seed in range(40):
        match = Match.new(RULES, RULES.default_config(2), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if match.is_over:
                break
            match.play(rng.choice(match.legal_actions()))
        if match.is_over or match.observe(None).phase is not Phase.PICK:
            continue
        seat = match.to_move
        view = match.observe(seat)
        for index in range(len(view.revealed)):
            state, events = RULES.apply(match.state, Take(index))
            assert take_hint(view, index) == core_hint(state, events, seat)
            checked += 1
    assert checked > 50


def test_prompts_come_from_the_view():
    match = Match.new(RULES, RULES.default_config(2), 3)
    view = match.observe(match.to_move)
    assert ask(view, ["You", "Revan"]).startswith("Take a card: 1–4")


def test_the_table_at_a_round_s_end_shows_the_last_placement_and_the_round_s_scores():
    """The round's end is a state the session gives the table: the grids hold the card that
    ended it, scored at that round's zone value, and nobody is to move."""
    match = preplay(2, 3, every_choice_ends(RoundEnded))
    before = match.observe(0)
    events = match.play(match.legal_actions()[0])
    ended = next(e for e in events if isinstance(e, RoundEnded))
    view = match.observe(0)
    assert view.to_move is None and match.chance is not None and view.round == ended.round
    assert view.round_scores[-1] == ended.scores
    assert [g.score for g in view.grids] == list(ended.scores)
    changed = [
        (a, b)
        for g0, g1 in zip(before.grids, view.grids, strict=True)
        for a, b in zip(g0.cells, g1.cells, strict=True)
        if a != b
    ]
    assert len(changed) == 1  # exactly the last card laid


def test_score_lines_spell_out_every_part():
    match = preplay(2, 3, every_choice_ends(RoundEnded))
    scores = match.observe(0).grids[0].score
    first, second = score_lines(scores).split("\n")
    assert first.startswith(f"✓ {scores.validated}") and "@" in first and "★" in first
    assert second.startswith("◆ zone")
