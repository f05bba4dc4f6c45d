"""``cardtable/Flip7Solo-v0``: the Flip 7 solo challenge as a Gymnasium environment.

The challenge asks for 200 points in as few rounds as possible, so by default an episode is one
whole race and every round that ends costs -1: the return is minus the rounds taken. With
``one_round=True`` an episode is one round of a race that carries on across resets (until it
is won or a seed starts a new one), rewarded with the points banked, counted up to the score
still needed, since points past 200 save no round.

The observation is what a card counter keeps in mind: the cards of each kind left in the deck
and in the discard pile (the next deck), the numbers and modifiers in the row, the score still
needed, and the legal-move mask. Action numbering v0: 0 hit, 1 stay. An illegal move (staying
on an empty row) is refused: nothing changes, the reward is 0 and ``info["illegal"]`` says why.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.env.actions import ActionTable, flip7_actions
from cardtable.env.seeds import next_seed
from cardtable.games.flip7.cards import GOAL, LAST_NUMBER, MODIFIERS, TIMES2, Card, copies
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.view import Flip7View

#: the solo deck's kinds: the numbers 0..12, then the six modifiers
KINDS = int(TIMES2) + 1
NUMBERS = int(LAST_NUMBER) + 1
MOST_COPIES = max(copies(Card(kind), False) for kind in range(KINDS))


class Flip7SoloEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat racing to 200; see the module text for episodes and rewards."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, one_round: bool = False, render_mode: str | None = None) -> None:
        self.one_round = one_round
        self.render_mode = render_mode
        self.config = RULES.default_config(1)
        self.numbering = ActionTable(tuple(flip7_actions(self.config))[:2])
        self.action_space = spaces.Discrete(len(self.numbering))
        counts = spaces.Box(0, MOST_COPIES, (KINDS,), np.int64)
        self.observation_space = spaces.Dict(
            {
                "deck": counts,
                "discard": counts,
                "row": spaces.MultiBinary(NUMBERS),
                "modifiers": spaces.MultiBinary(len(MODIFIERS)),
                "needed": spaces.Box(0, GOAL, (1,), np.int64),
                "action_mask": spaces.Box(0, 1, (len(self.numbering),), np.int8),
            }
        )
        self._seeds: random.Random | None = None
        self.match: Match | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        race_on = self.one_round and self.match is not None and not self.match.is_over
        if seed is not None or not race_on:
            game_seed, self._seeds = next_seed(seed, self._seeds)
            self.match = Match.new(RULES, self.config, game_seed)
        return self._observation(), self._info()

    def step(
        self, action: int | np.int64
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        match = self._live()
        before = match.state.table
        try:
            match.play(self.numbering.action(int(action)))
        except IllegalAction as refusal:
            return self._observation(), 0.0, False, False, {**self._info(), "illegal": str(refusal)}
        match.take_chance_steps()  # the next round's deal is nobody's choice
        after = match.state.table
        round_over = after.round != before.round or after.over
        if self.one_round:
            banked = after.banked[0] - before.banked[0]
            reward = float(min(banked, GOAL - before.banked[0]))
            done = round_over
        else:
            reward = -1.0 if round_over else 0.0
            done = after.over
        return self._observation(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal moves now (the name MaskablePPO looks for)."""
        return self.numbering.mask(self._live().legal_actions())

    def render(self) -> str | None:
        view = self.view
        me = view.seats[0]
        row = " ".join(str(int(card)) for card in me.numbers)
        return f"round {view.round}: banked {me.banked}, row [{row}] worth {me.round_score}"

    @property
    def view(self) -> Flip7View:
        """The seat's own view of the race, as the rules core gives it."""
        view: Flip7View = self._live().observe(0)
        return view

    def save_replay(self, path: str | Path, name: str = "agent") -> Path:
        """Write this race as a file ``cardtable replay`` opens."""
        from cardtable.env.replay import save_replay

        return save_replay(self._live(), path, [name])

    def _live(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match

    def _observation(self) -> dict[str, np.ndarray]:
        return solo_observation(self.view, self.action_masks())

    def _info(self) -> dict[str, Any]:
        table = self._live().state.table
        return {"action_mask": self.action_masks(), "round": table.round, "banked": table.banked[0]}


def solo_observation(view: Flip7View, mask: np.ndarray) -> dict[str, np.ndarray]:
    """The env's observation from the seat's view: a policy seat (``cardtable sim --seats
    policy:...``) that gets the view can rebuild exactly what its agent was trained on."""
    me = view.seats[0]
    row = np.zeros(NUMBERS, dtype=np.int8)
    row[[int(card) for card in me.numbers]] = 1
    modifiers = np.array([card in me.modifiers for card in MODIFIERS], dtype=np.int8)
    return {
        "deck": np.array(view.deck_counts[:KINDS], dtype=np.int64),
        "discard": np.array(view.discard_counts[:KINDS], dtype=np.int64),
        "row": row,
        "modifiers": modifiers,
        "needed": np.array([max(0, GOAL - me.banked)], dtype=np.int64),
        "action_mask": mask,
    }
