"""Widgets shared by the screens: cards, the move log, and the new-game form's ◀ ▶ stepper."""
