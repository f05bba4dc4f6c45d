"""One table screen per game, all built on ``base.TableScreen``."""
