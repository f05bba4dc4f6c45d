"""The Flip 7 solo env: Gymnasium's checker, rewards that count rounds, masks, replays."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import cardtable.env  # noqa: E402, F401  (registers the env)
from cardtable.core.match import Match  # noqa: E402
from cardtable.core.rng import derive_rng  # noqa: E402
from cardtable.env.flip7_solo import Flip7SoloEnv  # noqa: E402
from cardtable.persist.replays import load_replay  # noqa: E402

MAX_STEPS = 3_000


def stay_at(threshold: int):
    """A simple policy: hit until the row's numbers add up to ``threshold``."""

    def act(observation) -> int:
        row_sum = int(np.flatnonzero(observation["row"]).sum())
        if not observation["action_mask"][1] or row_sum < threshold:
            return 0
        return 1

    return act


def race(env, seed: int, act) -> tuple[float, int]:
    """One episode; the return and the number of steps."""
    observation, _ = env.reset(seed=seed)
    total = 0.0
    for step in range(1, MAX_STEPS + 1):
        observation, reward, terminated, truncated, info = env.step(act(observation))
        total += reward
        if terminated or truncated:
            return total, step
    pytest.fail("the race did not end")


@pytest.mark.parametrize("one_round", [False, True])
def test_gymnasium_check_env(one_round):
    with pytest.warns(UserWarning):  # no render fps and no spec outside make(): both expected
        check_env(Flip7SoloEnv(one_round=one_round))


def test_made_by_name_and_the_return_is_minus_the_rounds():
    env = gym.make("cardtable/Flip7Solo-v0")
    total, _ = race(env, 4, stay_at(20))
    match = env.unwrapped.match
    assert match.is_over
    assert total == -match.outcome.stats["rounds"]
    assert match.state.table.banked[0] >= 200


def test_one_round_episodes_carry_the_race_on_and_pay_the_points():
    env = Flip7SoloEnv(one_round=True)
    observation, _ = env.reset(seed=9)
    banked = 0
    for _ in range(3):
        total = 0.0
        for _ in range(MAX_STEPS):
            observation, reward, terminated, _, _ = env.step(stay_at(15)(observation))
            total += reward
            if terminated:
                break
        assert total == env.match.state.table.banked[0] - banked
        banked = env.match.state.table.banked[0]
        observation, _ = env.reset()
    assert env.match.state.table.round == 4 and env.match.seed == 9


def test_masks_equal_legal_actions_and_illegal_moves_change_nothing():
    env = Flip7SoloEnv()
    observation, info = env.reset(seed=2)
    assert observation["action_mask"].tolist() == [1, 0]  # nothing to bank yet: hit only
    before = env.match.state
    _, reward, terminated, _, info = env.step(1)
    assert env.match.state == before and reward == 0.0 and not terminated
    assert "bank" in info["illegal"]
    for _ in range(200):
        legal = env.match.legal_actions()
        mask = env.action_masks()
        assert {env.numbering.action(int(n)) for n in np.flatnonzero(mask)} == set(legal)
        assert np.array_equal(mask, info["action_mask"])
        observation, _, terminated, _, info = env.step(stay_at(18)(observation))
        if terminated:
            break


def test_the_observation_is_unchanged_when_the_deck_is_reshuffled_unseen():
    env = Flip7SoloEnv()
    observation, _ = env.reset(seed=6)
    rules = env.match.game
    for ply in range(150):
        twin = rules.redeal_hidden(env.match.state, 0, derive_rng(3, "twin", ply))
        shadow = Flip7SoloEnv()
        shadow.match = Match(rules, env.match.config, env.match.seed, twin)
        for key, value in shadow._observation().items():
            assert np.array_equal(value, observation[key]), key
        observation, _, terminated, _, _ = env.step(stay_at(20)(observation))
        if terminated:
            break


def test_a_race_replays_and_saves_as_a_replay_file(tmp_path):
    env = Flip7SoloEnv()
    race(env, 12, stay_at(22))
    match = env.match
    assert Match.replay(match.game, match.config, 12, match.actions).state == match.state
    record = load_replay(env.save_replay(tmp_path / "race.json"))
    assert record.to_match().state == match.state
