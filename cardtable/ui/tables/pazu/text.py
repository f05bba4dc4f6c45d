"""The Pazu-Pazaak table's one-line texts: the pots line and the key hints of each phase."""

from __future__ import annotations

from cardtable.games.pazu.state import Phase
from cardtable.games.pazu.view import PazuView

#: what the person to act can press, by phase (the status line's tail)
HINTS = {
    Phase.BID: "type your bid, Enter",
    Phase.PICK: "1–{cards} or a click picks a card",
    Phase.ANTE: "type the ante, Enter",
    Phase.TURN: "a card's key plays it · s stand · e end turn",
    Phase.LEAVE: "n next set · L leave the table",
}
#: the hint between sets when the person may also change the bots
SEATS_HINT = "n next set · L leave · a add a bot · r send a bot away"


def pots_line(view: PazuView, first: str, seed: int | None, width: int) -> str:
    """The pots, the ante and who goes first (``first``: who opened the bidding while bids come
    in, the highest bidder after); shortened to fit a terminal ``width`` columns wide."""
    config = view.config
    limits = f"{config.ante_min}–{config.ante_max}"
    bidding = view.phase is Phase.BID
    bids = "bid" if first == "You" else "bids"
    ante = f"ante {view.ante} ({limits})" if view.ante else f"ante ? ({limits})"
    deck = "endless deck" if view.unseen is None else f"{sum(view.unseen)} main cards unseen"
    limit = config.max_sets
    wide = [
        f"Set {view.set_number}" + (f" of {limit}" if limit else ""),
        f"Set Pot {view.set_pot}",
        f"Pazaak Pot {view.pazaak_pot}",
        ante,
        f"{first} {bids} first" if bidding else f"★ first: {first}",
        deck,
        f"{sum(view.seated)} at the table",
        *([] if seed is None else [f"seed {seed}"]),  # an online game's seed is a secret
    ]
    text = " · ".join(wide)
    if len(text) + 2 <= width:
        return text
    narrow = [f"Set {view.set_number}" + (f"/{limit}" if limit else ""), *wide[1:4]]
    narrow.append(f"{first} {bids} 1st" if bidding else f"★ {first}")
    return " · ".join(narrow)
