"""Pazaak as a PettingZoo AEC environment, action numbering v0: ``env(seats=..., config=...)``."""

from cardtable.env.aec import factories

env, raw_env = factories("pazaak")
