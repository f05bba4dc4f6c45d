"""The plain mode's registry: each game read aloud, ``READERS`` by game id.

A game registers its ``Reader`` here once (``READERS.register``); a completeness test holds this
list equal to the rules'.
"""

from __future__ import annotations

from cardtable.core.registry import Registry
from cardtable.plain.games.flip7 import Flip7Reader
from cardtable.plain.games.pazaak import PazaakReader
from cardtable.plain.games.pazu import PazuReader
from cardtable.plain.games.pixies import PixiesReader
from cardtable.plain.reading import Reader

READERS: Registry[Reader] = Registry("a plain-text reader")
READERS.register("pazaak", PazaakReader())
READERS.register("pazu-pazaak", PazuReader())
READERS.register("pixies", PixiesReader())
READERS.register("flip7", Flip7Reader())
