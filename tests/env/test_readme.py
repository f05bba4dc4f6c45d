"""The README's reinforcement-learning example runs as written and its replays open."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from cardtable.persist.records import GameRecord  # noqa: E402
from cardtable.persist.replays import load_replay  # noqa: E402

README = Path(__file__).resolve().parents[2] / "README.md"


def rl_example() -> str:
    section = README.read_text(encoding="utf-8").split("## Reinforcement learning", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_example_runs_and_saves_replays(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    exec(compile(rl_example(), str(README), "exec"), {})  # our own README, not user data
    assert "rounds to 200:" in capsys.readouterr().out
    for name in ("race.json", "pixies.json"):
        record = load_replay(tmp_path / name)
        assert isinstance(record, GameRecord) and record.to_match().is_over
