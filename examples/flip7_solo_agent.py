"""A tabular Q-learning agent for the Flip 7 solo race, trained on ``cardtable/Flip7Solo-v0``.

It learns when to stay from four things a card counter keeps in mind: the row's score, how many
numbers it holds, the chance that the next card busts it (counted from the cards left), and
whether the row already covers the score still needed. It trains on one-round episodes, each
paying the points banked (counted up to the score still needed), a few minutes on one core:

    python examples/flip7_solo_agent.py train --episodes 200000
    python examples/flip7_solo_agent.py evaluate --races 2000

and then plays in cardtable's own seats, so ``cardtable sim`` compares it with the built-in bots:

    PYTHONPATH=. cardtable sim flip7 --solo --seats policy:examples.flip7_solo_agent:act
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

import cardtable.env  # noqa: F401  (registers cardtable/Flip7Solo-v0)
from cardtable.env.flip7_solo import solo_observation
from cardtable.games.flip7.actions import HIT, STAY
from cardtable.games.flip7.cards import MODIFIERS, Card, row_score

TABLE = Path(__file__).with_suffix(".json")
HIT_N, STAY_N = 0, 1


def features(obs: dict[str, np.ndarray]) -> tuple[int, int, int, int]:
    """The state key: score (by 2s), numbers held, bust chance (by 5%), row covers the goal."""
    numbers = tuple(Card(int(n)) for n in np.flatnonzero(obs["row"]))
    modifiers = tuple(card for card, held in zip(MODIFIERS, obs["modifiers"], strict=True) if held)
    score = row_score(numbers, modifiers)
    deck = obs["deck"] if obs["deck"].sum() else obs["discard"]
    busting = sum(int(deck[int(n)]) for n in numbers)
    chance = busting / max(int(deck.sum()), 1)
    return min(score, 120) // 2, len(numbers), round(chance * 20), int(score >= obs["needed"][0])


def best(q: dict[Any, list[float]], key: Any, mask: np.ndarray) -> int:
    values = q[key]
    return STAY_N if mask[STAY_N] and values[STAY_N] >= values[HIT_N] else HIT_N


def train(episodes: int, seed: int) -> dict[Any, list[float]]:
    """Q-learning with a visit-count step size and an exploration rate that fades."""
    env = gym.make("cardtable/Flip7Solo-v0", one_round=True)
    q: dict[Any, list[float]] = defaultdict(lambda: [0.0, 0.0])
    visits: dict[Any, list[int]] = defaultdict(lambda: [0, 0])
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    for episode in range(episodes):
        explore = max(0.02, 0.3 * (1 - episode / episodes))
        done = False
        while not done:
            key, mask = features(obs), obs["action_mask"]
            action = best(q, key, mask)
            if mask[STAY_N] and rng.random() < explore:
                action = rng.choice((HIT_N, STAY_N))
            obs, reward, done, truncated, _ = env.step(action)
            done = done or truncated
            target = reward if done else max(q[features(obs)][a] for a in legal(obs))
            visits[key][action] += 1
            q[key][action] += (target - q[key][action]) / visits[key][action]
        obs, _ = env.reset()
    return dict(q)


def legal(obs: dict[str, np.ndarray]) -> list[int]:
    return [int(n) for n in np.flatnonzero(obs["action_mask"])]


def save(q: dict[Any, list[float]], path: Path) -> None:
    rows = [[*key, *values] for key, values in q.items()]
    path.write_text(json.dumps(rows), encoding="utf-8")


@cache
def load(path: Path = TABLE) -> dict[tuple[int, ...], list[float]]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    return {tuple(int(v) for v in row[:4]): [float(row[4]), float(row[5])] for row in rows}


def choose(q: dict[Any, list[float]], obs: dict[str, np.ndarray]) -> int:
    """The learned move; a state never seen in training stays from 20 points on."""
    key = features(obs)
    if key not in q:
        return STAY_N if obs["action_mask"][STAY_N] and key[0] >= 10 else HIT_N
    return best(q, key, obs["action_mask"])


def act(view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
    """The policy seat: ``--seats policy:examples.flip7_solo_agent:act``."""
    mask = np.array([HIT in legal_moves, STAY in legal_moves], dtype=np.int8)
    return (HIT, STAY)[choose(load(), solo_observation(view, mask))]


def evaluate(races: int, seed: int) -> tuple[float, float, float]:
    """Mean rounds to 200 over ``races`` whole races, with its 95% interval."""
    env = gym.make("cardtable/Flip7Solo-v0")
    q = load()
    rounds = []
    for race in range(races):
        obs, _ = env.reset(seed=seed + race)
        done, total = False, 0.0
        while not done:
            obs, reward, terminated, truncated, _ = env.step(choose(q, obs))
            total += reward
            done = terminated or truncated
        rounds.append(-total)
    mean = sum(rounds) / races
    sd = math.sqrt(sum((r - mean) ** 2 for r in rounds) / (races - 1))
    spread = 1.96 * sd / math.sqrt(races)
    return mean, mean - spread, mean + spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("train", "evaluate"))
    parser.add_argument("--episodes", type=int, default=200_000, help="training rounds")
    parser.add_argument("--races", type=int, default=2_000, help="evaluation races")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    if args.command == "train":
        q = train(args.episodes, args.seed)
        save(q, TABLE)
        print(f"{len(q)} states learned in {time.perf_counter() - started:.0f} s -> {TABLE}")
    else:
        mean, low, high = evaluate(args.races, args.seed)
        print(f"mean rounds to 200 over {args.races} races: {mean:.2f} (95% {low:.2f}-{high:.2f})")


if __name__ == "__main__":
    main()
