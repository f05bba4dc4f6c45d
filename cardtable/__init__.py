"""cardtable: card games for the terminal, with a UI-free rules core per game."""

__version__ = "0.1.0"
