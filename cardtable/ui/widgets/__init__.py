"""Widgets shared by the tables: cards, the move log."""
