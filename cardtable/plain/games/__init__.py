"""Each game read aloud: ``READERS`` by game id."""

from __future__ import annotations

from cardtable.plain.games.flip7 import Flip7Reader
from cardtable.plain.games.pazaak import PazaakReader
from cardtable.plain.games.pazu import PazuReader
from cardtable.plain.games.pixies import PixiesReader
from cardtable.plain.reading import Reader

READERS: dict[str, Reader] = {
    "pazaak": PazaakReader(),
    "pazu-pazaak": PazuReader(),
    "pixies": PixiesReader(),
    "flip7": Flip7Reader(),
}
