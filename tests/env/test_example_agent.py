"""The worked example trains, and plays a whole race from a policy seat."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from cardtable.core.seating import PolicyBot  # noqa: E402
from cardtable.core.selfplay import play_bots  # noqa: E402
from cardtable.games.flip7.rules import RULES  # noqa: E402
from examples import flip7_solo_agent as agent  # noqa: E402


def test_a_short_training_plays_a_legal_race_as_a_policy_seat(monkeypatch, tmp_path):
    table = agent.train(300, seed=3)
    assert table and all(len(values) == 2 for values in table.values())
    agent.save(table, tmp_path / "q.json")
    learned = agent.load(tmp_path / "q.json")
    assert learned.keys() == {tuple(k) for k in table}
    monkeypatch.setattr(agent, "load", lambda: learned)
    bot = PolicyBot("policy:examples.flip7_solo_agent:act", agent.act)
    outcome = play_bots(RULES, RULES.default_config(1), 5, [bot])
    assert outcome.scores[0] >= 200 and outcome.stats["rounds"] >= 1
