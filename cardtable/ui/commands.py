"""The command palette's saved games: each one a "Continue …" entry, as on the home screen."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider


class SavedGames(Provider):
    """Every saved game, read once as the palette opens (reading replays each game's moves)."""

    saved: tuple[tuple[str, Any], ...] = ()

    async def startup(self) -> None:
        from cardtable.ui.saved import save_title

        saves = self.app.saves.all()  # type: ignore[attr-defined]
        self.saved = tuple((f"Continue {save_title(saved)}", saved) for saved in saves)

    def _open(self, saved: Any) -> partial[None]:
        return partial(self.app.continue_game, saved)  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        for title, saved in self.saved:
            yield DiscoveryHit(
                title, self._open(saved), help="Pick up a saved game where it was left"
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, saved in self.saved:
            score = matcher.match(title)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(title),
                    self._open(saved),
                    help="Pick up a saved game where it was left",
                )
