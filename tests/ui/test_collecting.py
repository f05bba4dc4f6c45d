"""Issue 36 item 7: the cycle collector's full pass over what a match left runs while the
match's result is read, not in the middle of the next game's first frame; what lives on is
kept out of later passes until the next match's end, which collects what died meanwhile."""

from __future__ import annotations

import gc
import weakref

from cardtable.ui.tables.collecting import collect_and_freeze
from tests.ui.test_result_panels import app_for, play_again, result_up
from tests.waits import until


class Knot:
    """An object in a cycle with itself: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def frozen(thing: object) -> bool:
    """Kept out of the collector's passes (``gc.get_objects`` leaves frozen objects out)."""
    return not any(tracked is thing for tracked in gc.get_objects())


async def test_the_full_pass_runs_once_a_match_result_is_on_the_screen() -> None:
    app = app_for("pazaak", final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, "pazaak", final=True)
        # the table and its result live on: the pass leaves them out of the passes to come
        await until(lambda: frozen(table) and frozen(panel), "the pass", pilot=pilot)
        assert app.screen is panel and panel.query_one("#again").has_focus


def test_what_dies_after_the_pass_is_collected_at_the_next() -> None:
    knot = Knot()
    gone = weakref.ref(knot)
    collect_and_freeze()
    assert frozen(knot)
    del knot
    gc.collect()
    assert gone() is not None, "a frozen cycle waits for the next match's end"
    collect_and_freeze()
    assert gone() is None


async def test_what_lives_as_the_next_game_is_taken_is_left_out_of_its_first_passes() -> None:
    """The collector's own full passes walked all that was made since the match's end, one
    in the middle of most rematches' first frame: as Play again draws the next game, what
    lives is kept out of them as well (with no pass)."""
    app = app_for("pazaak", final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, "pazaak", final=True)
        await until(lambda: frozen(table) and frozen(panel), "the match's pass", pilot=pilot)
        knot = Knot()  # made while the result is read, after the match's pass
        assert not frozen(knot)
        await play_again(pilot, table)
        assert frozen(knot)
