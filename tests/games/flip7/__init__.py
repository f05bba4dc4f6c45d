"""Flip 7 rules, odds and bots."""
