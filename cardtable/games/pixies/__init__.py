"""Pixies: draft cards into a 3×3 grid, validate numbers, grow colour zones."""
