"""The PettingZoo games: the library's own checks, masks, hidden cards and replays."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardtable.core.errors import IllegalAction  # noqa: E402
from cardtable.core.match import Match  # noqa: E402
from cardtable.core.rng import derive_rng  # noqa: E402
from cardtable.env import flip7_v0, pazaak_v0, pazu_v0, pixies_v0  # noqa: E402
from cardtable.env.aec import factories  # noqa: E402
from cardtable.persist.replays import load_replay  # noqa: E402

MAX_STEPS = 5_000


def env_of(game_id):
    """The game's ``env()`` (order-checked), as ``cardtable.env.<game>_v0.env`` is."""
    return factories(game_id)[0]


def play_out(env, seed: int, each_step=None):
    """Play one episode by random legal moves (bounded); return the env at its end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(MAX_STEPS):
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if each_step is not None:
            each_step(env, agent, observation, info)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return env


@pytest.mark.every_game(fewest=2, middle=False)
def test_pettingzoo_api_and_seed_tests(game_id, seats):
    with warnings.catch_warnings():
        # Dict observations with an action mask are what PettingZoo's own card games use
        warnings.simplefilter("ignore")
        api_test(env_of(game_id)(seats=seats), num_cycles=20)
        seed_test(lambda: env_of(game_id)(seats=seats), num_cycles=20)


@pytest.mark.every_game(fewest=2, middle=False)
def test_masks_equal_legal_actions_everywhere(game_id, seats):
    def check(env, agent, observation, info):
        match = env.unwrapped.match
        legal = match.legal_actions()
        numbering = env.unwrapped.numbering
        moves = {numbering.action(int(n)) for n in np.flatnonzero(observation["action_mask"])}
        assert moves == set(legal)
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        assert np.array_equal(env.unwrapped.action_masks(), observation["action_mask"])
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()

    for seed in range(3):
        play_out(env_of(game_id)(seats=seats), seed, check)


@pytest.mark.every_game(fewest=2, middle=False)
def test_observations_leak_no_hidden_card(game_id, seats):
    """Dealing the hidden cards afresh leaves every seat's observation vector unchanged."""

    def check(env, agent, observation, info):
        raw = env.unwrapped
        match, rules = raw.match, raw.rules
        for seat, name in enumerate(raw.possible_agents):
            twin = rules.redeal_hidden(match.state, seat, derive_rng(7, "twin", len(match.actions)))
            seen = raw.encode(rules.observe(twin, seat))
            assert np.array_equal(seen, raw.observe(name)["observation"])

    for seed in range(2):
        play_out(env_of(game_id)(seats=seats), seed, check)


@pytest.mark.every_game(fewest=2, middle=False)
def test_an_episode_replays_as_the_identical_match(game_id, seats, tmp_path):
    env = play_out(env_of(game_id)(seats=seats), 11)
    match = env.unwrapped.match
    assert match.is_over
    again = Match.replay(match.game, match.config, 11, match.actions)
    assert again.state == match.state
    assert again.events == match.events
    record = load_replay(env.unwrapped.save_replay(tmp_path / "episode.json"))
    assert not isinstance(record, Exception) and hasattr(record, "to_match")
    assert record.to_match().state == match.state


def test_an_illegal_move_is_refused_and_changes_nothing():
    env = pazaak_v0.env()
    env.reset(seed=3)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.unwrapped.match.state
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.unwrapped.match.state == before


def test_the_action_numbering_is_stable():
    """v0 is a contract: these numbers must never change meaning."""
    from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
    from cardtable.games.pazaak.actions import END_TURN, STAND, play
    from cardtable.games.pixies.actions import KeepOld, PlaceFaceDown, Take

    flip7 = flip7_v0.raw_env().numbering
    assert [flip7.number(a) for a in (HIT, STAY, ChooseTarget(3))] == [0, 1, 5]
    pazaak = pazaak_v0.raw_env().numbering
    assert [pazaak.number(a) for a in (play(0, -6), play(1, 2), STAND, END_TURN)] == [0, 21, 52, 53]
    pixies = pixies_v0.raw_env().numbering
    assert [pixies.number(a) for a in (Take(4), KeepOld(), PlaceFaceDown(9))] == [4, 6, 15]
    assert len(pazu_v0.raw_env().numbering) == 3185


def test_seeded_resets_repeat_and_unseeded_ones_follow_the_stream():
    first, second = pixies_v0.env(), pixies_v0.env()
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.unwrapped.match.seed == 5
    first.reset()
    second.reset()
    assert first.unwrapped.match.seed == second.unwrapped.match.seed != 5
