"""A client of the cardtable server written from docs/PROTOCOL.md alone, as an outside developer
would write one, and the tests that play with it: if the document is wrong or silent, these are
where it shows."""
