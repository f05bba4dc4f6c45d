"""Pazu-Pazaak: Pazaak for 3–6 players around a table of chips, bids and two pots."""
