"""Every registered game through one suite: the protocol's promises, checked by random play."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core.bots import Advisor
from cardtable.core.codec import Decoder, encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.rng import derive_rng, pick
from cardtable.games.registry import GAMES

SEEDS = range(12)
MAX_PLIES = 20_000
#: bots think slowly: they play this many actions of a game at most
BOT_PLIES = 2_000
#: the opening actions of a game in which the hidden-card properties are checked at each step
REDEAL_PLIES = 150


def random_match(game_id: str, seats: int, seed: int):
    """Play a game to its end by uniform random legal actions; return the match."""
    rules = GAMES[game_id].rules
    match = Match.new(rules, rules.default_config(seats), seed)
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):
        if match.is_over:
            return match
        match.play(pick(match.legal_actions(), rng))
    pytest.fail(f"{game_id} did not end within {MAX_PLIES} actions")


@pytest.mark.every_game
def test_random_play_ends_with_an_outcome(game_id, seats):
    rules = GAMES[game_id].rules
    for seed in SEEDS:
        match = random_match(game_id, seats, seed)
        assert rules.legal_actions(match.state) == ()
        outcome = match.outcome
        assert outcome is not None
        assert len(outcome.scores) == seats == rules.seat_count(match.state)
        assert all(0 <= w < seats for w in outcome.winners)


@pytest.mark.every_game
def test_to_move_matches_legal_actions(game_id, seats):
    """Until the game is over a seat is to move with a legal action, or nobody is and a chance
    step (the next deal) is due: then that step is the one legal action, of a type a save can
    keep, and every seat is refused a move of its own."""
    rules = GAMES[game_id].rules
    for seed in SEEDS[:4]:
        match = Match.new(rules, rules.default_config(seats), seed)
        rng = random.Random(seed)
        while not match.is_over:
            assert match.outcome is None
            step = match.chance
            if step is None:
                assert 0 <= match.to_move < seats
                assert match.legal_actions(), "a seat to move must have a legal action"
                assert match.chance is None
            else:
                assert match.to_move is None, "nobody moves while a chance step is due"
                assert match.legal_actions() == (step,)
                assert isinstance(step, rules.action_types)
            match.play(pick(match.legal_actions(), rng))
        assert match.chance is None and match.to_move is None


@pytest.mark.every_game
def test_illegal_actions_refused_and_state_unchanged(game_id, seats):
    """Actions legal somewhere else in the game are refused here with a reason."""
    rules = GAMES[game_id].rules
    seen: list = []
    for seed in SEEDS[:4]:
        for actions in (random_match(game_id, seats, seed).actions,):
            seen.extend(a for a in actions if a not in seen)
    match = Match.new(rules, rules.default_config(seats), 99)
    rng = random.Random(99)
    refused = 0
    while not match.is_over:
        legal = match.legal_actions()
        before = match.state
        for action in seen:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as refusal:
                rules.apply(before, action)
            assert refusal.value.reason.strip()
            assert match.state == before
            refused += 1
        match.play(pick(legal, rng))
    # once the game is over every action is refused (a solo game may refuse none before)
    for action in seen:
        with pytest.raises(IllegalAction):
            rules.apply(match.state, action)
        refused += 1
    assert refused > len(seen) or seats == 1


@pytest.mark.every_game
def test_same_seed_and_actions_give_same_states_and_events(game_id, seats):
    rules = GAMES[game_id].rules
    for seed in SEEDS[:4]:
        original = random_match(game_id, seats, seed)
        again = Match.replay(rules, original.config, seed, original.actions)
        assert again.state == original.state
        assert again.events == original.events


@pytest.mark.every_game
def test_different_seeds_deal_differently(game_id, seats):
    rules = GAMES[game_id].rules
    config = rules.default_config(seats)
    openings = {repr(rules.new_game(config, seed)[0]) for seed in SEEDS}
    assert len(openings) > 1


@pytest.mark.every_game
def test_save_and_load_round_trip_through_json(game_id, seats):
    """Actions survive JSON (as saves and replays store them) and replay to the same game."""
    rules = GAMES[game_id].rules
    decoder = Decoder(rules.action_types)
    for seed in SEEDS[:3]:
        original = random_match(game_id, seats, seed)
        text = json.dumps([encode(a) for a in original.actions])
        actions = [decoder.decode(a) for a in json.loads(text)]
        assert actions == original.actions
        assert Match.replay(rules, original.config, seed, actions).state == original.state


@pytest.mark.every_game
def test_events_encode_and_decode(game_id, seats):
    rules = GAMES[game_id].rules
    decoder = Decoder(rules.event_types)
    match = random_match(game_id, seats, 5)
    for events in match.events:
        for event in events:
            assert decoder.decode(json.loads(json.dumps(encode(event)))) == event


@pytest.mark.every_game
def test_observations_leak_no_hidden_card(game_id, seats):
    """A seat's view is the same whatever the cards it cannot see turn out to be."""
    rules = GAMES[game_id].rules
    for seed in SEEDS[:3]:
        match = Match.new(rules, rules.default_config(seats), seed)
        rng = random.Random(seed)
        ply = 0
        while not match.is_over:
            for seat in range(seats):
                twin = rules.redeal_hidden(match.state, seat, derive_rng(seed, "twin", ply))
                assert rules.observe(twin, seat) == rules.observe(match.state, seat)
                assert rules.observe(twin, None) == rules.observe(match.state, None)
                assert rules.legal_actions(twin) == rules.legal_actions(match.state) or (
                    rules.to_move(match.state) != seat
                )
            match.play(pick(match.legal_actions(), rng))
            ply += 1


@pytest.mark.every_game
def test_redeal_reshuffles_the_hidden_main_deck(game_id, seats):
    """A search bot samples futures with ``redeal_hidden``: a redeal that kept the deck's order
    would show it the real draws to come. The deck keeps its size; its order is drawn anew (and
    where other hidden cards share the deck's pool, as Pixies' face-down cards do, its cards)."""
    rules = GAMES[game_id].rules
    checked = 0
    for seed in SEEDS[:3]:
        match = Match.new(rules, rules.default_config(seats), seed)
        rng = random.Random(seed)
        for ply in range(REDEAL_PLIES):
            if match.is_over:
                break
            deck = match.state.deck
            if len(deck) >= 5 and len(set(deck)) > 1:
                seat = ply % seats
                twins = [
                    rules.redeal_hidden(match.state, seat, derive_rng(seed, f"deck{k}", ply)).deck
                    for k in range(4)
                ]
                assert all(len(twin) == len(deck) for twin in twins)
                assert any(twin != deck for twin in twins), "the redeal kept the deck's order"
                checked += 1
            match.play(pick(match.legal_actions(), rng))
    assert checked > 0


@pytest.mark.every_game
def test_redeal_reseeds_every_shuffle_still_to_come(game_id, seats):
    """Every game draws its later deals (the next set, round or reshuffle) from the state's
    ``seed``: a redeal that kept it would let a search bot play past the deal it is in and meet
    the real cards to come."""
    rules = GAMES[game_id].rules
    for seed in SEEDS[:3]:
        match = Match.new(rules, rules.default_config(seats), seed)
        rng = random.Random(seed)
        for ply in range(0, REDEAL_PLIES):
            if match.is_over:
                break
            seat = ply % seats
            twin = rules.redeal_hidden(match.state, seat, derive_rng(seed, "reseed", ply))
            assert twin.seed != match.state.seed, f"ply {ply}: the redeal kept the seed"
            match.play(pick(match.legal_actions(), rng))


@pytest.mark.every_game
def test_redeals_draw_their_seeds_from_the_generator_they_are_given(game_id, seats):
    """A search bot samples many futures: each redeal must draw its own seed, from a range as
    wide as the deals (a fixed seed, or one of a few hundred, would give every sample the same
    or a guessable set of later deals)."""
    rules = GAMES[game_id].rules
    state = Match.new(rules, rules.default_config(seats), 1).state
    seeds = [rules.redeal_hidden(state, 0, derive_rng(1, "twins", k)).seed for k in range(32)]
    assert all(type(seed) is int for seed in seeds), seeds
    assert len(set(seeds)) == len(seeds), "two redeals drew the same seed"
    assert max(seeds) > 2**40, "the seeds come from a narrow range"


@pytest.mark.every_game
def test_public_log_lines_are_the_same_whatever_is_hidden(game_id, seats):
    """Spectator log lines (hot-seat log, toasts, title) never depend on hidden cards: the same
    action from a state with the hidden cards dealt afresh, leading to the same public view,
    must read the same."""
    rules = GAMES[game_id].rules
    compared = 0
    for seed in SEEDS[:3]:
        match = Match.new(rules, rules.default_config(seats), seed)
        rng = random.Random(seed)
        for ply in range(REDEAL_PLIES):
            if match.is_over:
                break
            action = pick(match.legal_actions(), rng)
            # a chance step (the next deal) is nobody's: the cards hidden from some seat
            seat = match.to_move if match.to_move is not None else ply % seats
            twin = rules.redeal_hidden(match.state, seat, derive_rng(seed, "log", ply))
            twin_after, twin_events = rules.apply(twin, action)
            events = match.play(action)
            if rules.observe(twin_after, None) != rules.observe(match.state, None):
                continue  # a hidden card came to light differently (a draw): nothing to compare
            lines = [rules.describe(event, None) for event in events]
            assert [rules.describe(event, None) for event in twin_events] == lines
            compared += 1
    assert compared > 0


@pytest.mark.every_game
def test_every_bot_move_is_legal(game_id, seats):
    spec = GAMES[game_id]
    rules = spec.rules
    for level, factory in spec.bots.items():
        bots = [factory() for _ in range(seats)]
        match = Match.new(rules, rules.default_config(seats), 11)
        ply = 0
        while not match.is_over and ply < BOT_PLIES:
            seat = match.to_move
            legal = match.legal_actions()
            action = bots[seat].choose(match.observe(seat), legal, derive_rng(11, level, ply))
            assert action in legal, f"{level} bot chose {action!r}"
            match.play(action)
            match.take_chance_steps()  # the next deal: no bot is asked
            ply += 1
        # a Pazu-Pazaak table has no set limit and may outlast this; random play checks the end
        assert match.is_over or ply == BOT_PLIES


def fresh_python_prints(*lines: str) -> str:
    """What a new interpreter prints running ``lines``: only it shows which modules they import."""
    import subprocess
    import sys

    code = "\n".join(("import sys", *lines))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return out.stdout.strip()


def test_rules_core_imports_no_ui_or_pydantic():
    printed = fresh_python_prints(
        "from cardtable.games.registry import GAMES",
        "for spec in GAMES.values():",
        "    spec.rules; spec.bots",
        "bad = [m for m in ('textual', 'rich', 'pydantic') if m in sys.modules]",
        "print(','.join(bad))",
    )
    assert printed == ""


def test_the_registry_states_each_games_seat_limits_and_bot_levels_as_its_rules_do():
    for spec in GAMES.values():
        assert spec.seat_limits == (spec.rules.min_seats, spec.rules.max_seats), spec.id
        assert spec.levels == tuple(spec.bots), spec.id
        if spec.hint_level is not None:  # the hint key's bot can say why it chose
            assert isinstance(spec.bots[spec.hint_level](), Advisor), spec.id


def test_the_new_game_forms_first_frame_needs_no_pydantic_nor_the_games_modules():
    """``cardtable play GAME`` opens its form before loading pydantic (a third of a bare Textual
    app's start-up) or the game's rules and bots (a tenth): the option fields that need them
    come one frame later, and the seats read the registry. Measured by ``cardtable bench
    startup``; this pins the imports that would undo it."""
    printed = fresh_python_prints(
        "from cardtable.cli import build_parser",
        "from cardtable.tools.launch import first_screen_for",
        "from cardtable.games.registry import GAMES",
        "import cardtable.ui.app",
        "for game in GAMES:",
        "    first_screen_for(build_parser().parse_args(['play', game]))()(None)",
        "games = [m for m in sys.modules if m.startswith('cardtable.games.') and m.count('.') > 2]",
        "print('pydantic' in sys.modules, games)",
    )
    assert printed == "False []"
