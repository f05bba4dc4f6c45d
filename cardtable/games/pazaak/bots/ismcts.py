"""Information-set Monte Carlo tree search for Pazaak while both players still draw.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration deals one world
the bot cannot tell from the real one (the unseen main cards shuffled, the opponent's hand drawn
from ``Belief``), then walks one tree of what the bot can see: its own turns, each draw, and the
opponent's turns, where the opponent picks its reply by the same bandit rule from its own side
of the value. A reply the dealt hand cannot make is not offered in that world, and counts of how
often each move was on offer stand in for the parent's visits (the paper's availability counts).
The bandit only explores the turns that draw on: a turn that ends in a stand is weighed at the
exact value of the chase after it, in that world (see ``Search._select``).

A move in the tree is a whole turn: a hand card or none, then stand or end the turn. Once
either player stands the rest of the set is a chase against the main deck alone, which
``Chase`` solves exactly, so the walk stops there and takes the exact value; a finished set is
priced in match equity (sets won, hands left). New nodes are valued by a quick casual play-out
up to the first stand, then by the same exact chase.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, play
from cardtable.games.pazaak.bots.belief import Belief
from cardtable.games.pazaak.bots.equity import match_equity
from cardtable.games.pazaak.bots.leaf import LeafChase, cards, number
from cardtable.games.pazaak.bots.rollout import FLIPS, LOSE, VOID, WIN, Tuning, flippable_sums, lay
from cardtable.games.pazaak.cards import VALUED, Card, Kind, side_values
from cardtable.games.pazaak.shared import BOARD_SIZE, TARGET, Board
from cardtable.games.pazaak.view import PazaakView

#: a whole turn: the hand card laid (None for none) and the value it was played as, then stand
Turn = tuple[Card | None, int, bool]
#: the play-outs' casual players stand on this total or more
CASUAL_STAND = 18


@dataclass(frozen=True)
class SearchTuning:
    """The search's knobs, in one place so simulations can compare settings."""

    #: worlds per decision, each searched from every move at the root: the search budget
    iterations: int = 120
    #: the exploration constant of the bandit rule (values are match-win chances, 0–1)
    exploration: float = 0.35
    #: weighted guesses at the opponent's hand the worlds are drawn from
    guesses: int = 12
    #: a player never stands on this total or less while the other still draws
    always_draw: int = 13
    #: while both draw, a hand card is only laid short of 20 if it lands on this or more
    card_floor: int = 15
    #: hand-card worth in cards and an unseen card's worth, as the equity model counts them
    worth: Tuning = Tuning()


class Edge:
    """One move's statistics at a node, from the mover's side of the value."""

    __slots__ = ("visits", "total", "offered")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.offered = 0


class Node:
    """An information set of the bot: the moves tried from it and where each draw led."""

    __slots__ = ("edges", "children")

    def __init__(self) -> None:
        self.edges: dict[Turn, Edge] = {}
        self.children: dict[tuple[Turn, int], Node] = {}


class World:
    """One dealt world, played forward in place: index 0 is the bot, 1 the opponent."""

    __slots__ = (
        "totals",
        "counts",
        "standing",
        "tiebreakers",
        "hands",
        "sums",
        "last_draw",
        "deck",
        "drawn",
    )

    def __init__(self, root: Root, their_hand: tuple[Card, ...], deck: list[int]) -> None:
        self.totals = list(root.totals)
        self.counts = list(root.counts)
        self.standing = [False, False]
        self.tiebreakers = list(root.tiebreakers)
        self.hands = [root.hand, their_hand]
        self.sums = [list(root.sums[0]), list(root.sums[1])]
        self.last_draw = list(root.last_draw)
        self.deck = deck
        self.drawn = 0

    def copy(self) -> World:
        """The same world, to play a turn forward without touching this one."""
        twin = object.__new__(World)
        twin.totals, twin.counts = self.totals[:], self.counts[:]
        twin.standing, twin.tiebreakers = self.standing[:], self.tiebreakers[:]
        twin.hands, twin.sums = self.hands[:], [self.sums[0][:], self.sums[1][:]]
        twin.last_draw, twin.deck, twin.drawn = self.last_draw[:], self.deck, self.drawn
        return twin

    def draw(self, p: int) -> int:
        """Player ``p``'s turn opens with the next main card."""
        rank = self.deck[self.drawn]
        self.drawn += 1
        self.totals[p] += rank
        self.counts[p] += 1
        self.last_draw[p] = rank
        lay(self.sums[p], rank)
        return rank

    def lay(self, p: int, card: Card, value: int) -> None:
        """Player ``p`` lays ``card`` as ``value`` (a Flip turns both boards)."""
        hand = self.hands[p]
        at = hand.index(card)
        self.hands[p] = hand[:at] + hand[at + 1 :]
        self.counts[p] += 1
        kind = card.kind
        if kind in VALUED:
            self.totals[p] += value
            lay(self.sums[p], value)
            if kind is Kind.TIEBREAKER:
                self.tiebreakers[p] = True
        elif kind is Kind.DOUBLE:
            rank = self.last_draw[p]
            self.totals[p] += rank
            lay(self.sums[p], -rank)
            lay(self.sums[p], 2 * rank)
        else:
            slot = FLIPS.index(kind)
            for q in (0, 1):
                self.totals[q] -= 2 * self.sums[q][slot]
                self.sums[q][slot] = -self.sums[q][slot]


@dataclass(frozen=True)
class Root:
    """The position searched, from the observation: index 0 is the bot."""

    totals: tuple[int, int]
    counts: tuple[int, int]
    tiebreakers: tuple[bool, bool]
    hand: tuple[Card, ...]
    sums: tuple[tuple[int, int], tuple[int, int]]
    last_draw: tuple[int, int]
    played_side: bool


def root_of(view: PazaakView) -> Root:
    assert view.seat is not None and view.hand is not None
    seats = (view.seat, 1 - view.seat)
    boards = [view.boards[s] for s in seats]
    sums = [flippable_sums([placed.value for placed in board.cards]) for board in boards]
    return Root(
        totals=(boards[0].total, boards[1].total),
        counts=(len(boards[0].cards), len(boards[1].cards)),
        tiebreakers=(view.tiebreakers[seats[0]], view.tiebreakers[seats[1]]),
        hand=view.hand,
        sums=((sums[0][0], sums[0][1]), (sums[1][0], sums[1][1])),
        last_draw=(_last_draw(boards[0]), _last_draw(boards[1])),
        played_side=view.played_side,
    )


def _last_draw(board: Board) -> int:
    """What the last main card on ``board`` counts for now (what a Double doubles)."""
    for placed in reversed(board.cards):
        if placed.card.kind is Kind.MAIN:
            return placed.value
    return 0


class Search:
    """One decision's search from ``view`` (the bot to move, the opponent still drawing)."""

    def __init__(self, view: PazaakView, tuning: SearchTuning, rng: random.Random) -> None:
        assert view.seat is not None and view.hand is not None
        self.tuning, self.rng = tuning, rng
        other = 1 - view.seat
        self.root = root_of(view)
        self.sets = (view.sets_won[view.seat], view.sets_won[other])
        self.unseen = view.unseen
        self.deck = [r for r, n in enumerate(view.unseen or (), start=1) for _ in range(n)]
        self.belief = Belief(
            view.used[other],
            view.hand_counts[other],
            view.boards[other],
            view.standing[other],
            tuning.guesses,
            rng,
        )
        self.tree = Node()
        self.chases: dict[tuple[Any, ...], LeafChase] = {}

    # -- the walk -------------------------------------------------------------------------------

    def run(self) -> dict[Turn, Edge]:
        """Every move at the root is walked in every world (common random numbers: the moves
        are compared on the same deals, so their differences are not sampling noise); below
        the root the bandit rule picks."""
        edges = self.tree.edges
        # the bot's own moves do not hang on the world: its hand and both boards are seen
        offered = self.turns(World(self.root, (), []), 0, self.root.played_side, True)
        for turn in offered:
            edges[turn] = Edge()
        if len(offered) == 1:
            return edges
        for _ in range(self.tuning.iterations):
            hand, deck = self.belief.draw(self.rng), self._deck()
            for turn in offered:
                edge = edges[turn]
                edge.offered += 1
                self.walk(World(self.root, hand, deck), turn, edge)
        return edges

    def walk(self, world: World, turn: Turn, edge: Edge) -> None:
        """One walk down the tree from the root move ``turn``, then the value back up it."""
        node = self.tree
        path: list[tuple[Edge, int]] = [(edge, 0)]
        p, fresh = 0, False
        while True:
            value, nxt = self._turn(world, p, turn)
            if value is None:
                rank = world.draw(nxt)
                value = self._opened(world, nxt)
                if value is None:
                    key = (turn, rank)
                    child = node.children.get(key)
                    if fresh or child is None:
                        if child is None:
                            node.children[key] = Node()
                        value = self._play_out(world, nxt)
                    else:
                        node, p = child, nxt
                        turn, edge, fresh = self._select(node, world, p, False)
                        path.append((edge, p))
                        continue
            break
        for edge, mover in path:
            edge.visits += 1
            edge.total += value if mover == 0 else 1.0 - value

    def _select(self, node: Node, world: World, p: int, played: bool) -> tuple[Turn, Edge, bool]:
        """``p``'s turn in this world; True if it is new. A turn that ends in a stand is worth
        the exact chase that follows it (``p`` knows its hand and the deck's counts), so the
        best of them is weighed as it is; the bandit rule only explores the turns that draw on.
        Exploring a stand would price the other player's move against an opponent who now and
        then stands on a losing total: a draw made that way looked better than it is."""
        offered = self.turns(world, p, played, wide=False)
        edges = node.edges
        for turn in offered:
            edge = edges.get(turn)
            if edge is None:
                edge = edges[turn] = Edge()
            edge.offered += 1
        draws_on = [turn for turn in offered if not turn[2]]
        untried = [turn for turn in draws_on if edges[turn].visits == 0]
        if untried:
            turn = untried[int(self.rng.random() * len(untried))]
            return turn, edges[turn], True
        best: tuple[float, Turn] | None = None
        for turn in offered:
            if turn[2]:
                score = self._stand_value(world, p, turn)
            else:
                edge = edges[turn]
                score = edge.total / edge.visits + self.tuning.exploration * math.sqrt(
                    math.log(edge.offered) / edge.visits
                )
            if best is None or score > best[0]:
                best = (score, turn)
        assert best is not None
        return best[1], edges[best[1]], False

    def _stand_value(self, world: World, p: int, turn: Turn) -> float:
        """What a turn that ends in ``p``'s stand is worth to ``p`` in this world."""
        value, _ = self._turn(world.copy(), p, turn)
        assert value is not None
        return value if p == 0 else 1.0 - value

    def turns(self, world: World, p: int, played: bool, wide: bool) -> list[Turn]:
        """The turns worth searching for ``p`` now; ``wide`` (the bot's root) also lays a card
        short of 20 and draws on."""
        total = world.totals[p]
        out: list[Turn] = [(None, 0, False)]
        if total <= TARGET and total > self.tuning.always_draw:
            out.append((None, 0, True))
        if played or world.counts[p] >= BOARD_SIZE:
            return out
        seen: set[tuple[Card, int]] = set()
        for card in world.hands[p]:
            for value in side_values(card):
                if (card, value) in seen:
                    continue
                seen.add((card, value))
                landing = self._landing(world, p, card, value)
                if landing > TARGET:
                    continue
                save = total > TARGET
                if not save and landing < self.tuning.card_floor:
                    continue
                out.append((card, value, True))
                if landing < TARGET and (save or wide):
                    out.append((card, value, False))
        return out

    @staticmethod
    def _landing(world: World, p: int, card: Card, value: int) -> int:
        """``p``'s total once ``card`` is laid as ``value``."""
        kind = card.kind
        if kind in VALUED:
            return world.totals[p] + value
        if kind is Kind.DOUBLE:
            return world.totals[p] + world.last_draw[p]
        return world.totals[p] - 2 * world.sums[p][FLIPS.index(kind)]

    # -- the rules, as far as the search needs them ---------------------------------------------

    def _turn(self, world: World, p: int, turn: Turn) -> tuple[float | None, int]:
        """Play ``turn`` for ``p``; the value if the walk ends here, else None and who draws."""
        card, value, stands = turn
        q = 1 - p
        if card is not None:
            world.lay(p, card, value)
            if world.counts[p] >= BOARD_SIZE:
                return self._ended(world, WIN if world.totals[p] <= TARGET else LOSE, p), q
            if world.totals[q] == TARGET:
                world.standing[q] = True
        if stands or world.totals[p] == TARGET:
            world.standing[p] = True
        return self._finish(world, p)

    def _finish(self, world: World, p: int) -> tuple[float | None, int]:
        """Ruling 4 at the end of ``p``'s turn: busts, a settled set, or the next draw."""
        q = 1 - p
        totals, standing = world.totals, world.standing
        if totals[p] > TARGET:
            return self._ended(world, LOSE, p), q
        if standing[q] and totals[q] > TARGET:
            return self._ended(world, WIN, p), q
        if standing[p] and standing[q]:
            return self._settled(world), q
        if standing[p] or standing[q]:
            return self._chase(world), q
        return None, q

    def _opened(self, world: World, p: int) -> float | None:
        """After ``p``'s draw: a ninth card or 20 ends the turn at once."""
        if world.counts[p] >= BOARD_SIZE:
            return self._ended(world, WIN if world.totals[p] <= TARGET else LOSE, p)
        if world.totals[p] == TARGET:
            world.standing[p] = True
            value, _ = self._finish(world, p)
            return value
        return None

    def _ended(self, world: World, result: int, p: int) -> float:
        """The bot's match equity once the set ends ``result`` for ``p``."""
        mine = self._worth(world.hands[0])
        return self._equity(result if p == 0 else -result, mine, len(world.hands[1]))

    def _settled(self, world: World) -> float:
        mine, theirs = world.totals
        if mine != theirs:
            result = WIN if mine > theirs else LOSE
        elif world.tiebreakers[0] == world.tiebreakers[1]:
            result = VOID
        else:
            result = WIN if world.tiebreakers[0] else LOSE
        return self._equity(result, self._worth(world.hands[0]), len(world.hands[1]))

    def _worth(self, hand: tuple[Card, ...]) -> float:
        worth = self.tuning.worth.worth
        return sum(worth[card.kind] for card in hand)

    def _equity(self, result: int, mine: float, their_cards: int) -> float:
        won, lost = self.sets
        return match_equity(
            won + (result == WIN),
            lost + (result == LOSE),
            mine,
            their_cards * self.tuning.worth.unknown_worth,
        )

    def _chase(self, world: World) -> float:
        """One player stands, the other draws on: the exact value of the rest of the set."""
        t, tb, hands = world.totals, world.tiebreakers, world.hands
        if world.standing[1]:
            chase = self._chaser(0, tb[1], len(hands[1]))
            return chase.next_draw(t[0], t[1], number(hands[0]), tb[0])
        chase = self._chaser(1, tb[0], number(hands[0]))
        return 1.0 - chase.next_draw(t[1], t[0], number(hands[1]), tb[1])

    def _chaser(self, chaser: int, their_tiebreaker: bool, other: Any) -> LeafChase:
        """The exact chase for ``chaser``, shared by every world with the same standing side."""
        key = (chaser, their_tiebreaker, other)
        found = self.chases.get(key)
        if found is None:
            pricing = (chaser, self.sets, other)
            worth = self._card_worth if chaser == 0 else _one_card
            found = self.chases[key] = LeafChase(
                their_tiebreaker, pricing, self._pricer(chaser, other), worth
            )
        return found

    def _pricer(self, chaser: int, other: Any) -> Any:
        """The chaser's match equity from a set result and the worth of its hand left;
        ``other`` is the other player's hand (numbered) or, for the opponent, its size."""
        if chaser == 0:
            return lambda result, worth: self._equity(result, worth, other)
        mine = self._worth(cards(other))
        return lambda result, worth: 1.0 - self._equity(-result, mine, round(worth))

    def _card_worth(self, card: Card) -> float:
        """A card's worth to the bot; an opponent's hand is counted in cards."""
        return self.tuning.worth.worth[card.kind]

    # -- play-outs ------------------------------------------------------------------------------

    def _play_out(self, world: World, p: int) -> float:
        """Both play casually from ``p``'s opened turn until a stand, a bust or a full board."""
        while True:
            total = world.totals[p]
            pick = _casual_card(world.hands[p], total)
            if pick is not None:
                world.lay(p, pick[0], pick[1])
                if world.counts[p] >= BOARD_SIZE:
                    return self._ended(world, WIN if world.totals[p] <= TARGET else LOSE, p)
                total = world.totals[p]
            if total >= CASUAL_STAND:
                world.standing[p] = True
            value, q = self._finish(world, p)
            if value is not None:
                return value
            world.draw(q)
            value = self._opened(world, q)
            if value is not None:
                return value
            p = q

    def _deck(self) -> list[int]:
        """The main cards to come in this world (a fresh guess each time)."""
        rand = self.rng.random
        if not self.deck:
            return [1 + int(rand() * 10) for _ in range(2 * BOARD_SIZE)]
        deck = self.deck[:]
        size = len(deck)
        for i in range(min(2 * BOARD_SIZE, size)):
            j = i + int(rand() * (size - i))
            deck[i], deck[j] = deck[j], deck[i]
        return deck


def _casual_card(hand: tuple[Card, ...], total: int) -> tuple[Card, int] | None:
    """A casual player's hand card: one that makes 20, else the save that keeps the most."""
    best: tuple[int, Card, int] | None = None
    for card in hand:
        if card.kind not in VALUED:
            continue
        for value in side_values(card):
            landing = total + value
            if landing == TARGET:
                return card, value
            if total > TARGET and landing <= TARGET and (best is None or landing > best[0]):
                best = (landing, card, value)
    return (best[1], best[2]) if best else None


def _one_card(card: Card) -> float:
    """The opponent's hand is counted in cards (``_equity`` prices an unseen card)."""
    return 1.0


def first_action(turn: Turn, hand: tuple[Card, ...]) -> Any:
    """The action that starts ``turn`` from the real hand."""
    card, value, stands = turn
    if card is None:
        return STAND if stands else END_TURN
    return play(hand.index(card), value)
