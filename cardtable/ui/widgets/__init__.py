"""Widgets shared by the screens: cards, the move log, the key footer, and the new-game form's
◀ ▶ stepper."""
