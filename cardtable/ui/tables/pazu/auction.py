"""The bidding screen: the cards on offer, every seat's open bid, the pick order as it resolves,
and an entry for your bid or, if you bid highest, the ante.

The panel is told what to show (``AuctionSlice``) and posts intents (``OfferChosen``,
``AmountEntered``); the table turns them into ``Pick``, ``Bid`` and ``SetAnte`` and the core
refuses anything out of bounds with its reason, which the panel then shows under the entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from cardtable.games.pazaak.cards import label
from cardtable.games.pazu.state import MAX_SEATS, Phase
from cardtable.games.pazu.view import PazuView
from cardtable.ui.tables.pazaak.widgets import hand_kind
from cardtable.ui.tables.pazu.story import Story, pick_order
from cardtable.ui.tables.pazu.widgets import ordinal
from cardtable.ui.widgets.card import CardView

NAME_WIDTH = 18
RULES_NOTE = (
    "How it works: everyone makes one open bid, paid at once into the Pazaak Pot (only a full "
    "board wins that pot). The highest bid picks first, plays first this set and names the "
    "ante; equal bids pick in the order they were made. Keep enough chips for the ante."
)


@dataclass(frozen=True)
class Entry:
    """The amount box, when the person at the keyboard has to name one."""

    prompt: str
    submit: str
    #: one-click amounts: (button label, amount)
    quick: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class AuctionSlice:
    heading: str
    #: per offer slot: (face, frame, caption under it, still on offer)
    offer: tuple[tuple[str, str, str, bool], ...]
    table: str
    order: str
    #: what the person should do now, or whom we are waiting for
    prompt: str
    entry: Entry | None
    #: offer slots the person may pick now (keys 1–6 and clicks)
    pickable: frozenset[int]
    #: how the auction works, where there is room for it
    rules: str


def _short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def seat_table(view: PazuView, story: Story, names: tuple[str, ...]) -> str:
    """One line per seat in bidding order: chips, bid, place in the pick order, card taken."""
    order, final = pick_order(view, story)
    bidders = [seat for seat, _ in story.bids]
    if view.phase is Phase.BID:
        bidders += [seat for seat in view.queue if seat not in bidders]
    others = [s for s in range(len(names)) if s not in bidders]
    if len(bidders) + len(others) > MAX_SEATS:  # room for who is at the table, not every leaver
        others = [s for s in others if view.seated[s]]
    rows = bidders + others
    took = {seat: label(card) for seat, card, _auto in story.picks}
    head = "Pick" if final else "Pick?"
    lines = [f"  {'Player':<{NAME_WIDTH}} {'Chips':>6} {'Bid':>5} {head:>5}  Took"]
    for seat in rows:
        mark = "▶ " if view.to_move == seat else "  "
        name = _short(names[seat], NAME_WIDTH)
        if not view.seated[seat]:
            lines.append(f"{mark}{name:<{NAME_WIDTH}} {view.chips[seat]:>6}   left the table")
            continue
        bid = view.bids[seat]
        bid_text = "·" if bid is None else str(bid)
        place = ordinal(order.index(seat) + 1) if seat in order else "·"
        lines.append(
            f"{mark}{name:<{NAME_WIDTH}} {view.chips[seat]:>6} {bid_text:>5} {place:>5}  "
            f"{took.get(seat, '')}"
        )
    return "\n".join(lines)


def order_line(view: PazuView, story: Story, names: tuple[str, ...]) -> str:
    """``Pick order: Revan took ±4 → You pick now → Bastila``; ``so far`` while bids come in."""
    order, final = pick_order(view, story)
    if not order:
        return "Pick order: highest bid first; equal bids, who bid first"
    took = {seat: label(card) for seat, card, _auto in story.picks}
    parts = []
    for seat in order:
        if seat in took:
            parts.append(f"{names[seat]} took {took[seat]}")
        elif view.phase is Phase.PICK and view.to_move == seat:
            parts.append(f"{names[seat]} (now)")
        else:
            parts.append(names[seat])
    return ("Pick order: " if final else "Pick order so far: ") + " → ".join(parts)


def offer_faces(story: Story, names: tuple[str, ...]) -> tuple[tuple[str, str, str, bool], ...]:
    """Each revealed card with its key while on offer, or the name of whoever took it."""
    faces = []
    for slot, card in enumerate(story.offer):
        taker = story.takers[slot]
        caption = f"[{slot + 1}]" if taker is None else _short(names[taker], 8)
        faces.append((label(card), hand_kind(card), caption, taker is None))
    return tuple(faces)


def entry_for(view: PazuView) -> Entry | None:
    """The amount box for a bid or the ante; None when the phase asks for no amount."""
    seat = view.to_move
    if view.phase is Phase.BID and seat is not None:
        return Entry(f"Bid (0–{view.chips[seat]}):", "Bid", (("Pass: bid 0", 0),))
    if view.phase is Phase.ANTE:
        low, high = view.config.ante_min, view.config.ante_max
        return Entry(
            f"Ante ({low}–{high}):", "Set ante", ((f"Min {low}", low), (f"Max {high}", high))
        )
    return None


def prompt_for(view: PazuView, names: tuple[str, ...], mine: bool, slots: int) -> str:
    """What the person should do now, or whom the table is waiting for."""
    seat = view.to_move
    if seat is None:
        return ""
    who = names[seat]
    if view.phase is Phase.BID:
        if mine:
            return "Your bid for an early pick: type a number of chips and press Enter."
        return f"Waiting for {who} to bid."
    if view.phase is Phase.PICK:
        if mine:
            return f"Your pick: press 1–{slots} or click a card on offer."
        return f"Waiting for {who} to pick a card."
    if mine:
        return "You bid highest: you go first. Name the ante everyone pays into the Set Pot."
    return f"Waiting for {who}, the highest bidder, to name the ante."


def auction_slice(
    view: PazuView, story: Story, names: tuple[str, ...], labels: tuple[str, ...], mine: bool
) -> AuctionSlice:
    """Everything the bidding screen shows, cut from the observation and the set's events:
    ``labels`` (names with bot levels) head the table, ``names`` fill the sentences."""
    pot = f"Pazaak Pot {view.pazaak_pot}"
    heading = f"Set {story.number}: open bids for an early pick; every bid goes to the {pot}."
    pickable = frozenset(
        slot
        for slot, taker in enumerate(story.takers)
        if taker is None and mine and view.phase is Phase.PICK
    )
    return AuctionSlice(
        heading=heading,
        offer=offer_faces(story, names),
        table=seat_table(view, story, labels),
        order=order_line(view, story, names),
        prompt=prompt_for(view, names, mine, len(story.offer)),
        entry=entry_for(view) if mine else None,
        pickable=pickable,
        rules=RULES_NOTE,
    )


class OfferChosen(Message):
    """A click on a revealed card."""

    def __init__(self, slot: int) -> None:
        super().__init__()
        self.slot = slot


class AmountEntered(Message):
    """The text of the amount box (typed and submitted, or a one-click amount)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class OfferCard(CardView):
    def __init__(self, slot: int) -> None:
        super().__init__(id=f"pz-offer-{slot}")
        self.slot = slot

    def on_click(self) -> None:
        self.post_message(OfferChosen(self.slot))


class AmountInput(Input):
    """The chips box: a number goes in, and every other key stays the table's (Home, Rules,
    Hint), so the footer keeps showing them while the box has the cursor."""

    #: what a number is typed with (a minus too, so a negative bid is refused with the reason)
    TYPED = frozenset("0123456789-")

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in self.TYPED

    async def _on_key(self, event: events.Key) -> None:
        # Textual runs each class's handler, this one first: a letter stops Input's from
        # swallowing it, and the table's binding for it acts instead
        if event.is_printable and event.character not in self.TYPED:
            event.prevent_default()


class AuctionPanel(Vertical):
    """Shown in place of the boards while a set's cards are bid for, picked and the ante named."""

    DEFAULT_CSS = """
    AuctionPanel { height: 1fr; padding: 0 1; border: round $highlight 60%;
        border-title-color: $highlight; border-title-style: bold; background: $felt; }
    AuctionPanel .heading { height: auto; color: $foreground 85%; }
    AuctionPanel #pz-offer { height: 4; width: 100%; margin-top: 1; }
    AuctionPanel .slot { width: 9; height: 4; }
    AuctionPanel OfferCard { width: 8; }
    AuctionPanel .caption { width: 8; height: 1; content-align: center middle;
        color: $foreground 85%; }
    AuctionPanel #pz-seats { height: auto; margin-top: 1; }
    AuctionPanel #pz-order { height: auto; margin-top: 1; color: $foreground 85%; }
    AuctionPanel #pz-prompt { height: auto; margin-top: 1; text-style: bold; }
    AuctionPanel #pz-entry { height: auto; width: 100%; }
    AuctionPanel #pz-entry Label { padding: 1 1 0 0; }
    AuctionPanel #pz-amount { width: 12; }
    AuctionPanel #pz-entry Button { margin-left: 1; min-width: 8; }
    AuctionPanel #pz-reason { height: auto; color: $error; }
    AuctionPanel #pz-rules { height: auto; margin-top: 1; color: $foreground 70%; }
    AuctionPanel.-small #pz-rules { display: none; }
    AuctionPanel.-small { border: none; padding: 0; }
    AuctionPanel.-small #pz-offer { margin-top: 0; }
    AuctionPanel.-small .slot { width: 7; }
    AuctionPanel.-small OfferCard, AuctionPanel.-small .caption { width: 6; }
    AuctionPanel.-small #pz-seats, AuctionPanel.-small #pz-order,
    AuctionPanel.-small #pz-prompt { margin-top: 0; }
    AuctionPanel.-small #pz-entry Label { padding: 0 1 0 0; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: the one-click amounts on show, by button id (what the buttons say, not game state)
        self._quick: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield Static(classes="heading", markup=False)
        with Horizontal(id="pz-offer"):
            for slot in range(MAX_SEATS):
                with Vertical(classes="slot", id=f"pz-slot-{slot}"):
                    yield OfferCard(slot)
                    yield Static(classes="caption", markup=False)
        yield Static(id="pz-seats", markup=False)
        yield Static(id="pz-order", markup=False)
        yield Static(id="pz-prompt", markup=False)
        with Horizontal(id="pz-entry"):
            yield Label("", id="pz-entry-label")
            yield AmountInput(type="integer", id="pz-amount", placeholder="chips")
            yield Button("Bid", id="pz-submit", variant="primary")
            yield Button("", id="pz-quick-0")
            yield Button("", id="pz-quick-1")
        yield Static(id="pz-reason", markup=False)
        yield Static(id="pz-rules", markup=False)

    def on_mount(self) -> None:
        self.set_small(self.has_class("-small"))

    def set_small(self, small: bool) -> None:
        """Layout only: one-line buttons and box on a small terminal. A table opened from the
        online lobby sizes itself before the panel has its widgets: ``on_mount`` sees to them."""
        self.set_class(small, "-small")
        for widget in (*self.query(Button), *self.query(Input)):
            widget.compact = small

    def show(self, part: AuctionSlice) -> None:
        self.query_one(".heading", Static).update(part.heading)
        for slot in range(MAX_SEATS):
            holder = self.query_one(f"#pz-slot-{slot}")
            holder.display = slot < len(part.offer)
            if slot < len(part.offer):
                face, kind, caption, open_ = part.offer[slot]
                card = self.query_one(f"#pz-offer-{slot}", OfferCard)
                card.show(face, kind, dim=not open_)
                holder.query_one(".caption", Static).update(caption)
        self.query_one("#pz-seats", Static).update(part.table)
        self.query_one("#pz-order", Static).update(part.order)
        self.query_one("#pz-prompt", Static).update(part.prompt)
        self._show_entry(part.entry)
        self.query_one("#pz-rules", Static).update(part.rules)

    def _show_entry(self, entry: Entry | None) -> None:
        box = self.query_one("#pz-entry")
        box.display = entry is not None
        if entry is None:
            return
        self.query_one("#pz-entry-label", Label).update(entry.prompt)
        self.query_one("#pz-submit", Button).label = entry.submit
        for i in range(2):
            button = self.query_one(f"#pz-quick-{i}", Button)
            button.display = i < len(entry.quick)
            if i < len(entry.quick):
                button.label = entry.quick[i][0]
        self._quick = {f"pz-quick-{i}": amount for i, (_, amount) in enumerate(entry.quick)}

    def reset_entry(self, focus: bool) -> None:
        """A new question: an empty box, no old reason, and the cursor in the box."""
        amount = self.query_one("#pz-amount", Input)
        amount.value = ""
        self.say("")
        if focus:
            amount.focus()

    def say(self, reason: str) -> None:
        self.query_one("#pz-reason", Static).update(reason)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(AmountEntered(event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "pz-submit":
            self.post_message(AmountEntered(self.query_one("#pz-amount", Input).value))
        elif event.button.id in self._quick:
            self.post_message(AmountEntered(str(self._quick[event.button.id])))
