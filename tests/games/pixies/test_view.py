"""What seats see: face-down cards as backs only, the live score, and public log lines."""

from __future__ import annotations

import random

from cardtable.core.rng import derive_rng, pick
from cardtable.games.pixies.actions import KeepNew, Take
from cardtable.games.pixies.cards import DECK
from cardtable.games.pixies.events import PlacedFaceDown
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import Phase, PixiesConfig

from .helpers import card, cid, grid, make_state

EMPTY = grid()


def test_face_down_cards_show_as_backs_to_everyone_including_their_owner():
    mine = grid(up={5: "G5"}, down={5: "R5", 7: "B9-6"})
    state = make_state((mine, EMPTY), "Y2+2", (0, 1))
    for viewer in (0, 1, None):
        cells = RULES.observe(state, viewer).grids[0].cells
        assert cells[4].up == card("G5") and cells[4].down and cells[4].validated
        assert cells[6].up is None and cells[6].down and not cells[6].validated
        assert cells[0].empty
        assert "B9-6" not in repr(RULES.observe(state, viewer))
        assert "R5" not in repr(RULES.observe(state, viewer).grids)


def test_redeal_changes_hidden_cards_but_not_what_anyone_sees():
    mine = grid(up={5: "G5"}, down={5: "R5", 7: "B9-6"})
    state = make_state((mine, EMPTY), "Y2+2", (0, 1))
    twins = [RULES.redeal_hidden(state, 0, derive_rng(1, "t", i)) for i in range(5)]
    assert any(t.grids[0].down != state.grids[0].down for t in twins)
    assert any(t.deck != state.deck for t in twins)
    for twin in twins:
        assert RULES.observe(twin, 0) == RULES.observe(state, 0)
        # which spaces are taken (and so where a card may go) is public: a search bot plays on
        assert [g.occupied for g in twin.grids] == [g.occupied for g in state.grids]
        assert RULES.legal_actions(twin) == RULES.legal_actions(state)
        hidden = sorted(twin.deck + tuple(c for c in twin.grids[0].down if c is not None))
        assert hidden == sorted(state.deck + (cid("R5"), cid("B9-6")))


def test_observation_reports_turn_round_deck_and_the_pending_choice():
    mine = grid(up={5: "R5"})
    state, _ = RULES.apply(make_state((mine, EMPTY), "G5 B1+6", (0, 1), round_number=2), Take(0))
    seen = RULES.observe(state, 1)
    assert (seen.seat, seen.seats, seen.round, seen.rounds, seen.zone_value) == (1, 2, 2, 3, 3)
    assert seen.phase is Phase.KEEP and seen.pending == card("G5")
    assert seen.to_move == 0 and seen.pickers == (0, 1) and seen.leader == 0
    assert seen.revealed == (card("B1+6"),)
    assert seen.deck_count == 70 - 3
    assert len(seen.round_scores) == 1 and seen.totals == (0, 0)
    assert seen.grids[0].score.total == seen.grids[0].score.zone == 0


def test_live_score_breakdown_shows_the_zone_to_outline():
    mine = grid(up={1: "B1+6", 2: "B2+4", 4: "B4★"})
    seen = RULES.observe(make_state((mine, EMPTY), "G5", (0, 1)), None)
    score = seen.grids[0].score
    assert score.zone_cells == (1, 2, 4) and score.zone == 6
    assert (score.spirals, score.specials, score.total) == (10, 2, 18)


def test_log_lines_for_a_whole_game_never_name_a_face_down_card():
    """A placement line names the space only; the card was named when it was taken."""
    state, opening = RULES.new_game(PixiesConfig(3), 5)
    rng = random.Random(5)
    lines = [RULES.describe(e, None) for e in opening]
    while not RULES.is_over(state):
        action = pick(RULES.legal_actions(state), rng)
        state, events = RULES.apply(state, action)
        for event in events:
            line = RULES.describe(event, None)
            assert line
            if isinstance(event, PlacedFaceDown):
                assert not any(c.label in line for c in DECK)
            lines.append(line)
    assert any("validated" in line for line in lines)
    assert lines[-1].startswith("Game over")


def test_log_lines_speak_to_the_viewer():
    mine = grid(up={5: "R5"})
    waiting, events = RULES.apply(make_state((mine, EMPTY), "G5", (0, 1)), Take(0))
    assert RULES.describe(events[0], 0) == "You take G5."
    assert RULES.describe(events[0], 1) == "Player 1 takes G5."
    _, settled = RULES.apply(waiting, KeepNew())
    assert "validated" in RULES.describe(settled[0], None)


def test_in_app_rules_cover_every_ruling_and_the_option():
    from pathlib import Path

    import cardtable

    text = (Path(cardtable.__file__).parent / "docs/rules/pixies.md").read_text(encoding="utf-8")
    rulings = text[text.index("## Rulings") :]
    for number in range(1, 8):
        assert f"\n{number}. **" in rulings
    assert "special counts itself" in rulings


def test_taking_a_card_not_on_offer_is_refused_with_how_many_are():
    state = RULES.new_game(RULES.default_config(2), 1)[0]
    assert state.phase is Phase.PICK and len(state.revealed) == 4
    assert RULES.explain_illegal(state, Take(7)) == "there is no card 7 on offer: 4 are, from 0"
