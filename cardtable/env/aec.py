"""A PettingZoo AEC environment for any cardtable game, one seat an agent.

An episode is a ``Match``: the reset seed is the game's seed and every step one of its actions,
so ``env.match`` replays exactly and ``save_replay`` writes it for ``cardtable replay``. Agents
see only ``observe(seat)``, flattened by the game's ``Encoder``; the legal moves come as a mask
over the game's versioned numbering, in ``obs["action_mask"]``, ``info["action_mask"]`` and
``action_masks()``. Rewards come at the end: +1 to each winner, -1 to everyone else.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.core.match import Match
from cardtable.env.games import ENV_GAMES, EnvGame
from cardtable.env.seeds import next_seed


class CardtableAEC(AECEnv):
    """Every seat of one game; build it through ``cardtable.env.<game>_v0.env()``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        seats: int | None = None,
        config: Any = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game: EnvGame = ENV_GAMES[game_id]
        self.rules = self.game.rules
        self.config = config if config is not None else self.game.config(seats)
        self.encode = self.game.encoder(self.config)
        self.numbering = self.game.actions(self.config)
        self.metadata = {**self.metadata, "name": f"cardtable_{game_id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        count = self.rules.seat_count(self.rules.new_game(self.config, 0)[0])
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        vector = spaces.Box(-np.inf, np.inf, (self.encode.size,), np.float32)
        mask = spaces.Box(0, 1, (len(self.numbering),), np.int8)
        self._observation_space = spaces.Dict({"observation": vector, "action_mask": mask})
        self._action_space = spaces.Discrete(len(self.numbering))
        self._seeds: random.Random | None = None
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed, self._seeds = next_seed(seed, self._seeds)
        self.match = Match.new(self.rules, self.config, seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        match = self._live()
        seat = self._seat[agent]
        return {
            "observation": self.encode(match.observe(seat)),
            "action_mask": self._mask(seat),
        }

    def action_masks(self) -> np.ndarray:
        """The legal moves of the agent to act (the name MaskablePPO looks for)."""
        return self._mask(self._seat[self.agent_selection])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self._live()
        move = self.numbering.action(int(action))
        match.play(move)  # an illegal move raises IllegalAction with its reason, state untouched
        match.take_chance_steps()  # the next deal is nobody's choice: no agent takes it
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        outcome = match.outcome
        if outcome is not None:
            for name, seat in self._seat.items():
                self.rewards[name] = 1.0 if seat in outcome.winners else -1.0
                self.terminations[name] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """A one-line summary of the table as a spectator sees it."""
        return None if self.match is None else repr(self.match.observe(None))

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def save_replay(self, path: str | Path, names: list[str] | None = None) -> Path:
        """Write this episode as a file ``cardtable replay`` opens."""
        from cardtable.env.replay import save_replay

        return save_replay(self._live(), path, names or list(self.possible_agents))

    def _live(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match

    def _mask(self, seat: int) -> np.ndarray:
        match = self._live()
        legal = match.legal_actions() if match.to_move == seat else ()
        return self.numbering.mask(legal)

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to move, and refresh every agent's info."""
        match = self._live()
        seat = match.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self._seat:
            self.agent_selection = self.possible_agents[0]
        legal = self.numbering.mask(match.legal_actions())
        for agent, index in self._seat.items():
            mask = legal if index == seat else np.zeros_like(legal)
            self.infos[agent] = {"action_mask": mask}


def factories(game_id: str) -> tuple[Any, Any]:
    """The ``env()`` (order-checked, as PettingZoo's own envs are) and ``raw_env()`` of a game."""

    def raw_env(**kwargs: Any) -> CardtableAEC:
        return CardtableAEC(game_id, **kwargs)

    def env(**kwargs: Any) -> Any:
        from pettingzoo.utils import wrappers

        return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))

    return env, raw_env
