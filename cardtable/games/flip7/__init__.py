"""Flip 7: the solo challenge and the table game, with card-counting bots."""
