"""The plain line mode (``--plain``): a game played on standard input and output alone.

For screen readers, braille displays, ``ssh`` and pipes: one event per line, only when new, from
the same per-viewer log lines the screens show; a numbered list of the legal moves before each of
the player's turns; no escape sequence, box drawing or colour anywhere. It drives the same
sessions as the full-screen tables (``cardtable.session``, ``cardtable.online.remote``) and
imports neither Textual nor Rich.
"""
