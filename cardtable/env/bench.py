"""Environment steps per second for each env, random legal moves on one core (a measure, not a test):
``Flip7Solo-v0``, then each registered game's v0 PettingZoo env, named by its game id.

    python -m cardtable.env.bench [--seconds 3] [--json]

A step here is what a learner pays per move: the observation and mask of the agent to act,
then ``step``. Compare with ``cardtable bench`` (the rules core alone) to see the env's cost.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from cardtable.env.aec import factories
from cardtable.env.flip7_solo import Flip7SoloEnv
from cardtable.env.games import ENV_GAMES


def aec_steps_per_second(game_id: str, seconds: float) -> float:
    env = factories(game_id)[0]()
    rng = np.random.default_rng(0)
    steps, episode, started = 0, 0, time.perf_counter()
    env.reset(seed=episode)
    while (elapsed := time.perf_counter() - started) < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            episode += 1
            env.reset(seed=episode)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps / elapsed


def solo_steps_per_second(seconds: float) -> float:
    env = Flip7SoloEnv()
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    steps, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, _ = env.step(action)
        steps += 1
        if terminated or truncated:
            observation, _ = env.reset(seed=steps)
    return steps / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="cardtable env steps per second")
    parser.add_argument("--seconds", type=float, default=3.0, help="per env (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rates = {"Flip7Solo-v0": solo_steps_per_second(args.seconds)}
    for game_id in ENV_GAMES:
        rates[game_id] = aec_steps_per_second(game_id, args.seconds)
    if args.json:
        print(json.dumps({name: round(rate, 1) for name, rate in rates.items()}))
    else:
        for name, rate in rates.items():
            print(f"{name:<14} {rate:>10,.0f} steps/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
