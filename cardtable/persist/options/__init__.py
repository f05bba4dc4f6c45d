"""Pydantic models of each game's rules options, one module per game (named ``Options``)."""
