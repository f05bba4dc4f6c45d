"""The pazu table screen and its widgets."""
