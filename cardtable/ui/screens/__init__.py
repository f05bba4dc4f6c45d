"""Screens shared by every game: home, hand-off, results, rules."""
