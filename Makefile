# The checks CI cares about, in one place: `make check` (.ci/run runs the same list).
.PHONY: check lint test quick screenshots bench mutate

check: lint test

lint:
	ruff check cardtable tests
	ruff format --check cardtable tests
	mypy
	lint-imports

test:
	python -m pytest -n 2

# everything but the tests marked slow (the UI fuzz: about two and a half minutes of the run)
quick:
	python -m pytest -n 2 -m "not slow"

screenshots:
	cardtable screenshots

bench:
	cardtable bench

# Mutation testing of the rules cores (a developer tool, not part of `test`): one game at a time
# on a small machine, e.g. `make mutate GAME=pazu`; then `mutmut browse` or `mutmut show NAME`.
GAME ?= *
mutate:
	mutmut run --max-children 2 "cardtable.games.$(GAME).*"
	mutmut results
