"""Pazaak: two players race to 20 over a match of sets, with a single-use hand of side cards."""
